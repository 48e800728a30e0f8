import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Rolldown's automatic chunking gave a chunk per combination of pages sharing a module:
        // a profile loaded 78 files, most under 2 KB. What the entry needs statically is one file,
        // and the icons (a few hundred bytes each) are one file shared by every page.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // /api/docs is this page of the web app (served by the API server's front door once built).
      '/api': { target: 'http://localhost:3000', changeOrigin: false, bypass: (req) => (req.url?.split('?')[0] === '/api/docs' ? '/api-docs.html' : undefined) },
    },
  },
});
