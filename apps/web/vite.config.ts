import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The player app. The root package.json overrides antd-mobile's React ≤18 peer range so the
 * monorepo holds a single React 19; `dedupe` keeps it that way for any linked package.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    // `npm run dev -w apps/web` next to a running server (API_TARGET overrides the default port).
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 600,
  },
});
