import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web; the server (src/server) serves dist/web and injects runtime config
// from flows/ into index.html, so texts change without a rebuild.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
});
