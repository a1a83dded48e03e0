import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.ts';
import { fileURLToPath } from 'node:url';
import { preloadChunks } from '../../scripts/preloadChunks.ts';
import { firstScreenChunk } from '../../scripts/firstScreenChunk.ts';

/** The sign-in screen and the default language's texts (its own and antd's): a signed-in operator needs neither, the first visit both. */
const FIRST_SCREEN = [/\/features\/auth\/components\/LoginPage\.tsx$/, /\/i18n\/locales\/zh-CN\.json$/, /\/antd\/(es\/)?locale\/zh_CN\.js$/];

/**
 * In the production build, the styles of the console's antd components for its theme, generated once
 * at build time (build/antdStyles.ts) and linked from the page as they are (not through Vite's CSS
 * pipeline, whose minifier rewrites antd's logical properties and selector lists into a stylesheet
 * twice the size). Under the dev server and in tests antd generates them at run time, as it always can.
 */
function antdStaticStyles(): Plugin {
  let base = '/';
  let sheet: { fileName: string; css: string } | undefined;
  return {
    name: 'console-antd-styles',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    async buildStart() {
      const { antdStyles } = await import('./build/antdStyles.ts');
      const { css, failed } = antdStyles();
      // A development build's class names would not match the production bundle's: nothing would be used.
      if (css.includes('css-dev-only')) this.error('antd styles were generated in development mode (set NODE_ENV=production)');
      for (const f of failed) this.warn(`antd styles: not generated at build time, left to run time: ${f}`);
      sheet = { fileName: `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`, css };
    },
    generateBundle() {
      if (sheet) this.emitFile({ type: 'asset', fileName: sheet.fileName, source: sheet.css });
    },
    transformIndexHtml: () =>
      sheet ? [{ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${sheet.fileName}` }, injectTo: 'head-prepend' }] : [],
  };
}

/**
 * The operator console: its own build, served by the server at /admin/ (nothing of it is part of the
 * player app). No inline scripts in the HTML, so a strict script-src CSP holds.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    antdStaticStyles(),
    // The first screen in one chunk with the entry's code, loaded with the page, not after it.
    firstScreenChunk('sign-in', fileURLToPath(import.meta.url), FIRST_SCREEN),
    preloadChunks('console-preload-sign-in', FIRST_SCREEN),
    precompress(),
  ],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    // `npm run dev -w apps/admin` next to a running server (API_TARGET overrides the default port).
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 1500,
  },
});
