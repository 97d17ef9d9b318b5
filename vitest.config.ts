import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Three projects: pure logic (fast), the API over real HTTP against SQLite and PostgreSQL, and the
 * built PWA in real Chromium. `npm test` runs them all.
 */
export default defineConfig({
  // `#shared/…` is the repository's shared/ folder (package.json imports for Node and tsx, tsconfig.base.json paths for tsc); each project extends this.
  resolve: { alias: { '#shared': path.join(repoRoot, 'shared') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: on a 2-core CI machine that is one
          // file at a time and about half the machine idle while a file waits on its server or child.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Most API files wait on a server, a database or a child process: two at a time (see unit).
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time like the other projects: a browser test mostly waits on its page, server and
          // Chromium's own processes; the tests wait on conditions, never on fixed timeouts.
          maxWorkers: 2,
        },
      },
    ],
  },
});
