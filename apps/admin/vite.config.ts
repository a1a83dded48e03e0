import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The operator console: its own build, served by the server at /admin/ (nothing of it is part of the
 * player app). No inline scripts in the HTML, so a strict script-src CSP holds.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
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
