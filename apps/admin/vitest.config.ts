import { defineConfig, mergeConfig } from 'vitest/config';
import { jsdomTestSettings } from '../../vitest.jsdom.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...jsdomTestSettings,
      // A whole console page in jsdom takes seconds on a busy 2-core CI machine (docs/testing.md, component tests).
      testTimeout: 60_000,
    },
  }),
);
