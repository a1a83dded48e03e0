import { defineConfig } from 'vitest/config';

/** `npm run test:import`: the importer's suite, against MariaDB (the source) and the test database (docs/testing.md). */
export default defineConfig({
  test: {
    include: ['test/import/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
