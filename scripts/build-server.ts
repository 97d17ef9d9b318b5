/**
 * Compiles the API for `npm start` (issue 19: under tsx the server idled at 176 MiB, compiling TypeScript
 * at every start). One esbuild bundle of api/main.ts, plus the whisper.cpp host that the local
 * transcription provider forks (host-process.ts looks for host.js next to itself in a compiled build).
 * Packages stay in node_modules (native addons cannot be bundled). The output folder sits one level below
 * the repository, where api/app.ts expects its own folder to be, so dist/web is found as in development.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist-server');

/**
 * Packages compiled into the bundle instead of loaded from node_modules: pure ESM whose package entry
 * re-exports everything, so an external `import { format } from 'date-fns'` loads all of date-fns (~860
 * files) and `from 'kysely'` all of Kysely (~970) into every server, idle or not (issue 19, idle RSS). Only
 * packages no external package imports too: a second copy of a library with classes (zod) would break
 * instanceof.
 */
const BUNDLED = new Set(['date-fns', '@date-fns/tz', 'kysely']);

/** Every other package stays external (native addons cannot be bundled). */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./#]/ }, (args) => {
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      return BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

await build({
  entryPoints: {
    main: path.join(root, 'api', 'main.ts'),
    // `node dist-server/worker.js`: a process that only runs jobs (PostgreSQL; docs/architecture-jobs.md).
    worker: path.join(root, 'api', 'worker.ts'),
    host: path.join(root, 'api', 'providers', 'transcription', 'whisper-cpp', 'host.ts'),
    // The notes extractor's worker thread (embedded.ts starts ./worker-bootstrap.mjs with ./embedded-worker.js).
    'embedded-worker': path.join(root, 'api', 'providers', 'notes', 'embedded-worker.ts'),
  },
  outdir,
  // `#shared/…` is the repository's shared/ folder (package.json imports for Node and tsx, tsconfig.base.json paths for tsc).
  alias: { '#shared': path.join(root, 'shared') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
fs.copyFileSync(
  path.join(root, 'api', 'providers', 'notes', 'worker-bootstrap.mjs'),
  path.join(outdir, 'worker-bootstrap.mjs'),
);
console.log(`server compiled to ${path.relative(process.cwd(), outdir)}/main.js`);
