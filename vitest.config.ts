import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure logic (fast), the API over real HTTP against SQLite and PostgreSQL, and the
 * built PWA in real Chromium. `npm test` runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
