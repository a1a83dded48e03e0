import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The importer's suite needs MariaDB: `npm run test:import` (vitest.import.config.ts).
    exclude: ['test/import/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The migrated PGlite database every file's databases are copied from, made once before the files run.
    globalSetup: ['test/globalSetup.ts'],
    // The files of a worker share one module graph: each file no longer imports the app, the schemas and
    // PGlite's WebAssembly afresh (about a quarter of the suite's CPU). Per-file state is reset in the setup file.
    isolate: false,
    setupFiles: ['test/beforeEachFile.ts'],
    // PGlite instances are heavy; two cores on CI.
    maxWorkers: 2,
  },
});
