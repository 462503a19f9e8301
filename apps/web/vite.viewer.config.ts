import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractMessages } from './build/contract-messages';
import { slimImports } from './build/slim-imports';

/**
 * The lean full-screen viewer (`viewer.html`, docs/perf.md "3D scenes" and "360 tour viewer"), built on its own
 * before the SPA (`npm run build`): its chunks share nothing with the SPA's `vendor` / `shell` groups, so the page
 * loads React, the viewer and a small shell, not antd's core or the app's start-up. The SPA's build then adds its
 * files to the same `dist` and precompresses everything.
 */
export default defineConfig({
  plugins: [react(), contractMessages(), slimImports()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !!process.env.XR_SOURCEMAP,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { viewer: 'viewer.html' } },
  },
});
