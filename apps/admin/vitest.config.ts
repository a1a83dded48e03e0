import { defineConfig, mergeConfig } from 'vitest/config';
import { jsdomTestSettings } from '../../vitest.jsdom.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...jsdomTestSettings,
      // antd renders slowly under jsdom; on a busy 2-core CI machine a whole-page test takes up to a minute.
      testTimeout: 90_000,
    },
  }),
);
