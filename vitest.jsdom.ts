/**
 * The component-test settings the two front-ends share (apps/admin, apps/web): jsdom, the app's own
 * setup file, its src/ tests, no CSS processing. Each app's vitest.config.ts adds its own timeout.
 */
export const jsdomTestSettings = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
  css: false,
};
