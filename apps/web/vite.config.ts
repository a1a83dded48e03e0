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
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 600,
  },
});
