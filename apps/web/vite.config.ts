import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractMessages } from './build/contract-messages';
import { precompress } from './build/precompress';
import { slimImports } from './build/slim-imports';

export default defineConfig({
  plugins: [react(), contractMessages(), slimImports(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/socket.io': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    // XR_SOURCEMAP=1 adds source maps and the manifest, to see what a page's first load is made of (docs/perf.md)
    sourcemap: !!process.env.XR_SOURCEMAP,
    manifest: !!process.env.XR_SOURCEMAP,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Pages stay lazy chunks of their own; what every page needs comes in few files instead of dozens:
        // the libraries the entry imports (React, router, query, i18next, antd's core) in `vendor`, the app's
        // shell in `shell`, and the public layout with its antd parts in `public`. Editors and viewers
        // (three.js, Photo Sphere Viewer) match none of these and keep their own lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 20 },
            { name: 'shell', tags: ['$initial'], priority: 10 },
            { name: 'public', test: /layouts[\\/]public-layout/, priority: 5 },
          ],
        },
      },
    },
  },
});
