import { defineConfig, mergeConfig } from 'vitest/config';
import { jsdomTestSettings } from '../../vitest.jsdom.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...jsdomTestSettings,
      // Screen tests drive whole forms; on a busy 2-core machine some take several seconds.
      testTimeout: 15_000,
      server: {
        // antd-mobile ships CSS imports inside its modules: let Vite process it.
        deps: { inline: [/antd-mobile/] },
      },
    },
  }),
);
