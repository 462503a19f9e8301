/*
 * The first script of `viewer.html` (a few KB, no React): the page's calls leave (`start.ts`), then the viewer's
 * chunks of the link's kind (three.js, Photo Sphere Viewer or react-three-fiber, with their `modulepreload`s), the
 * viewers' texts and the React part (`main.tsx`) are asked for together, so the large files download and compile
 * side by side instead of the viewer's waiting until React's entry has been parsed and run (docs/perf.md,
 * "360 tour viewer").
 */
import './lean-viewer.css';
import { loadFrame, loadViewer } from './loaders';
import { lang, params, requests } from './start';
import { viewerTexts } from './viewer-texts';

if (params.kind && requests)
  for (const p of [loadViewer[params.kind](), loadFrame(), viewerTexts(lang)]) p.catch(() => undefined);
void import('./main');
