import { defineConfig } from 'vitest/config';

/**
 * Benchmarks that need minutes of a quiet machine (the 30-minute farm recording): not part of `npm test`
 * (issue 14: the suite must not depend on an idle CPU). `npm run bench:transcribe-long` runs them.
 */
export default defineConfig({
  test: {
    include: ['tests/bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60 * 60_000,
    hookTimeout: 20 * 60_000,
  },
});
