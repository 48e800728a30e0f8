import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The API reference page (/api/docs) is built on its own, after the app, into the same dist/web:
 * its viewer (Swagger UI, about 1.5 MB) shares no chunk with the app's pages, whose JavaScript
 * has a budget (e2e/platform.e2e.ts), and the app's build is exactly what it was without it.
 * In `npm run dev` the app's Vite server serves the page too (see the /api proxy in vite.config.ts).
 */
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: { input: path.resolve(import.meta.dirname, 'src/web/api-docs.html') },
    // Swagger UI comes as one minified bundle; splitting it would gain nothing.
    chunkSizeWarningLimit: 1700,
  },
});
