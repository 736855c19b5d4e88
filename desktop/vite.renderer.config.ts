import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The desktop renderer: one static bundle that Electron loads from file:// (hence the relative
 * `base`) and the Playwright harness serves over http. It imports the admin feature of web/ as
 * source, so both programs show the very same screens.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // CodeMirror and mermaid are large; they are split per screen by the admin's lazy imports.
    chunkSizeWarningLimit: 2048,
  },
});
