import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text formats worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ttf|ico)$/i;
/** Below this a compressed copy saves less than a packet's worth. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` and `file.gz` next to every text asset of the build (issue 19: a farm phone on
 * cellular pays for every byte). Done once at build time at maximum quality, so the server only picks
 * the variant the browser accepts (serveStatic's `precompressed`) and never compresses static files.
 */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; brotli: number }> {
  const totals = { files: 0, raw: 0, brotli: 0 };
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  for (const file of files) {
    const raw = await fs.readFile(file);
    if (raw.length < MIN_BYTES) continue;
    const [gz, br] = await Promise.all([
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ]);
    // A variant that is not smaller would only cost the client decoding time.
    if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
    if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
    totals.files += 1;
    totals.raw += raw.length;
    totals.brotli += Math.min(br.length, raw.length);
  }
  return totals;
}

/** The Vite plugin: runs after everything else has written (the service worker included). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'veldvet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const totals = await precompressDir(outDir);
        this.info(
          `precompressed ${totals.files} files: ${(totals.raw / 1024).toFixed(0)} KiB → ` +
            `${(totals.brotli / 1024).toFixed(0)} KiB brotli`,
        );
      },
    },
  };
}
