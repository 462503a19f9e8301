import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractMessages } from './build/contract-messages';
import { precompress } from './build/precompress';
import { slimImports } from './build/slim-imports';

/** Modules of the public pages' shared chunk `site` (see codeSplitting below). */
const SITE_MODULES = new RegExp(
  [
    /src[\\/]features[\\/]site[\\/](api|components)[\\/]/,
    /src[\\/]features[\\/]market[\\/](api[\\/]|market-query)/,
    /src[\\/]components[\\/](price-tag|project-card|pager|cart-shortcut|lite[\\/](empty-tray|icons))\./,
    /src[\\/]lib[\\/]dates\./,
    /contract[\\/]src[\\/](format|plans-catalog|market-basics)\./,
    /antd[\\/]es[\\/]tag[\\/]/,
    /@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](Appstore|Compass|Smile|ArrowRight|DeploymentUnit|VideoCamera|Read|Shop|Filter|ShoppingCart)Outlined\.js/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * Modules of the details page that other pages share too (the lite components, the viewers' plain data, its
 * icons): one chunk `details` instead of ~20 files of a few hundred bytes (≤ 25 requests). The
 * preview's viewers load with the preview, when there is one.
 */
const DETAILS_MODULES = new RegExp(
  [
    /src[\\/]components[\\/]lite[\\/]lite\./,
    /src[\\/]components[\\/]viewers[\\/]views\./,
    /@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](ArrowLeftOutlined|Heart(Outlined|Filled)|CommentOutlined|FlagOutlined|FullscreenOutlined|CheckCircleOutlined)\.js/,
  ]
    .map((r) => r.source)
    .join('|'),
);

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
            // TanStack Query's hooks: every page with data uses them (a few KiB), so with the other libraries
            { name: 'vendor', test: /node_modules[\\/]@tanstack[\\/]/, priority: 19 },
            { name: 'shell', tags: ['$initial'], priority: 10 },
            { name: 'public', test: /layouts[\\/]public-layout/, priority: 5 },
            // What the public pages (home, market, details) share, in one file instead of a dozen of a few hundred
            // bytes each (≤ 25 requests): their cards, price tag, queries, the contract's zod-free
            // parts they read, antd's Tag and the icons only they show.
            { name: 'site', test: SITE_MODULES, priority: 4 },
            { name: 'details', test: DETAILS_MODULES, priority: 3 },
          ],
        },
      },
    },
  },
});
