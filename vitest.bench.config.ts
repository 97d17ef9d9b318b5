import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Benchmarks that need minutes of a quiet machine (the 30-minute farm recording): not part of `npm test`
 * (issue 14: the suite must not depend on an idle CPU). `npm run bench:transcribe-long` runs them.
 */
export default defineConfig({
  // `#shared/…` is the repository's shared/ folder (package.json imports for Node and tsx, tsconfig.base.json paths for tsc).
  resolve: { alias: { '#shared': path.join(path.dirname(fileURLToPath(import.meta.url)), 'shared') } },
  test: {
    include: ['tests/bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60 * 60_000,
    hookTimeout: 20 * 60_000,
  },
});
