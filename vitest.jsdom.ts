/**
 * The component-test settings the two front-ends share (apps/admin, apps/web): jsdom, the app's own
 * setup file, its src/ tests, no CSS processing. Each app's vitest.config.ts adds its own timeout.
 */
export const jsdomTestSettings = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
  css: false,
  // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine. The screen
  // tests keep both cores busy instead (about half the suite's wall time there).
  maxWorkers: 2,
};
