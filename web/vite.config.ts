import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  // The SSR bundle (`vite build --ssr`) is loaded by the Node server: the shared workspace is
  // TypeScript source, so it is bundled in; real npm packages stay external.
  ssr: { noExternal: ['@folio/shared'] },
  build: { outDir: 'dist', sourcemap: true },
});
