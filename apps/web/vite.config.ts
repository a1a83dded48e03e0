import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sharedNamesOnly } from './build/sharedNamesOnly.ts';
import { precompress } from '../../scripts/precompress.ts';
import { preloadChunks } from '../../scripts/preloadChunks.ts';
import { firstScreenChunk } from '../../scripts/firstScreenChunk.ts';

/** Home, where a visit lands, its guest button and the default language's texts (the app's and the shared catalogue's names). */
const FIRST_SCREEN = [
  /\/app\/screens\/HomeRoute\.tsx$/,
  /\/features\/auth\/components\/TryAsGuest\.tsx$/,
  /\/i18n\/locales\/zh-TW\.json$/,
  /\/messages\/tw\.json\?names$/,
];

/**
 * The player app. The root package.json overrides antd-mobile's React ≤18 peer range so the
 * monorepo holds a single React 19; `dedupe` keeps it that way for any linked package.
 */
export default defineConfig({
  plugins: [
    react(),
    sharedNamesOnly(),
    // The first screen in one chunk with the entry's code, loaded with the page, not after it.
    firstScreenChunk('home', fileURLToPath(import.meta.url), FIRST_SCREEN),
    preloadChunks('player-preload-home', FIRST_SCREEN),
    precompress(),
  ],
  resolve: {
    dedupe: ['react', 'react-dom'],
    // antd-mobile's default imperative renderer, replaced at start-up by `installAntdRender`: a
    // createRoot-only stand-in keeps rc-util's legacy fallback and Babel's async runtime out of
    // the first screen's JavaScript (docs/design.md#performance-budgets).
    alias: [
      { find: /^rc-util\/lib\/React\/render$/, replacement: fileURLToPath(new URL('./src/lib/antdDefaultRender.ts', import.meta.url)) },
      // antd-mobile's fallback locale (used only until ours is set at start) is its zh-CN; ours is the app's
      // default language, zh-TW, which the first screen loads anyway — so the fallback costs nothing extra.
      { find: /^\.\.\/\.\.\/locales\/zh-CN$/, replacement: 'antd-mobile/es/locales/zh-TW' },
    ],
  },
  server: {
    // `npm run dev -w apps/web` next to a running server (API_TARGET overrides the default port).
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 600,
  },
});
