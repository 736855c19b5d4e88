import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Built assets are compressed once here (brotli and gzip beside each file); the server sends
    // the smaller file as it is, so no visitor waits for compression. The SSR bundle stays plain.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            exclude: [/\.map$/, /\.(png|jpe?g|gif|webp)$/],
            threshold: 1024,
          }),
        ]),
  ],
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
}));
