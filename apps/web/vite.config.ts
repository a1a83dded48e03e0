import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The player app. `react`/`react-dom` are deduplicated: antd-mobile's react-spring declares a
 * React ≤18 peer range, so npm hoists a React 18 copy to the root for it; every import must resolve
 * to this app's React 19 instead, or hooks break at runtime.
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
