import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { earlyEntry } from './vite/early-entry';
import { publicTheme } from './vite/public-theme-css';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    publicTheme(),
    // The page's first script: it starts the home section's lazy images once the page is parsed,
    // and the main script once the first paint is on screen.
    earlyEntry('page-start', 'src/page-start.ts'),
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
  // The SSR bundle (`vite build --ssr`) is loaded by the Node server. Everything it imports is
  // bundled in, tree-shaken and in React's production build: left external, Node would load every
  // module of @fluentui/react-icons (tens of MB of source held in memory) and React's development
  // build, which took the server's start-up to seconds and its idle memory past 250 MB.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  // The SSR bundle is minified too: Node keeps a module's source text in memory for its lifetime.
  // One stylesheet for the whole app (the CSS modules of every chunk): the server inlines it in
  // each public page, so a server-rendered page is styled at first paint, lazy chunks included.
  build: { outDir: 'dist', sourcemap: true, cssCodeSplit: false, ...(isSsrBuild ? { minify: true } : {}) },
}));
