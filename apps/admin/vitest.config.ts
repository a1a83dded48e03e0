import { defineConfig, mergeConfig } from 'vitest/config';
import { jsdomTestSettings } from '../../vitest.jsdom.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...jsdomTestSettings,
      testTimeout: 30_000,
    },
  }),
);
