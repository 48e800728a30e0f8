import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const ssrBuild = {
  outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
  emptyOutDir: true,
  sourcemap: false,
  target: 'node20',
  copyPublicDir: false,
  rolldownOptions: { input: path.resolve(import.meta.dirname, 'src/web/ssr/render-page.tsx'), output: { codeSplitting: false } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  // The server's renderer of pages (src/web/ssr/render-page.tsx, ADR 094): one self-contained file for
  // Node, React and the rest bundled in, so the server needs none of the web app's packages installed.
  ssr: { noExternal: true },
  // React picks its build by NODE_ENV when it runs; the server often has none set, and React's
  // development build served profile pages at half the rate. The renderer is built in the web app's mode.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV || 'production') } : {},
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        sourcemap: false,
        // .vite/manifest.json: the server reads which chunks a page needs, to name them in its HTML (ADR 076).
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          output: {
            // Rolldown split what the entry imports statically into ten files (React DOM, the JSX runtime,
            // TanStack Query's hooks... each shared with some page): one file, loaded at once. Pages keep
            // Rolldown's automatic chunks (a shared icons chunk saved files but put the landing page over
            // its 150 KB budget, e2e/platform).
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'], priority: 2 }],
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
}));
