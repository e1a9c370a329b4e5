import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const shim = (file: string) =>
  fileURLToPath(new URL(`src/engine/form/shims/${file}`, import.meta.url));

// The web app lives in src/web; the server (src/server) serves dist/web and injects runtime config
// from flows/ into index.html, so texts change without a rebuild.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  resolve: {
    // Two RJSF dependencies we do not need in full on every form page (see the shims' comments).
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: shim('markdown.tsx') },
      { find: /^fast-uri$/, replacement: shim('uri.ts') },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
});
