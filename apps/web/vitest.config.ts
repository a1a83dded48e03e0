import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const local = (name: string) => fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url));
const fromRoot = (name: string) => fileURLToPath(new URL(`../../node_modules/${name}`, import.meta.url));

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      // Libraries' ES module builds, so that their `react` imports go through the aliases below
      // (Vitest's default picks CommonJS entries, which Node resolves on its own).
      mainFields: ['module', 'main'],
      conditions: ['module', 'browser', 'development'],
      // A React 18 copy is hoisted to the repository root for antd-mobile's react-spring (see
      // vite.config.ts); tests must use this app's React 19 everywhere, including inside libraries.
      alias: [
        { find: /^react$/, replacement: local('react/index.js') },
        { find: /^react\/(.*)$/, replacement: `${local('react')}/$1` },
        { find: /^react-dom$/, replacement: local('react-dom/index.js') },
        { find: /^react-dom\/(.*)$/, replacement: `${local('react-dom')}/$1` },
        // Their CommonJS entries (picked under Node's conditions) would require the root React 18;
        // their ES module builds go through the aliases above.
        { find: /^@testing-library\/react$/, replacement: fromRoot('@testing-library/react/dist/@testing-library/react.esm.js') },
        { find: /^react-router$/, replacement: fromRoot('react-router/dist/development/index.mjs') },
        { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/test/useSyncExternalStoreShim.ts', import.meta.url)) },
      ],
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      server: {
        deps: {
          // Libraries that import React go through Vite so the aliases above apply to them.
          inline: [/antd-mobile/, /@testing-library\/react/, /@tanstack/, /react-i18next/, /react-router/, /zustand/, /rc-/, /ahooks/, /@react-spring/, /@use-gesture/, /qrcode\.react/],
        },
      },
    },
  }),
);
