import type { DocumentKind } from '@xr/contract/scenes';
import type { FrameModule, ViewerModule } from './lean-page';

/**
 * The lean page's lazy chunks, each asked for once: shared by the tiny first script (`entry.ts`, which asks for the
 * viewer of the link's kind at once) and the React part (`main.tsx`, which waits for them), so both get the same
 * download.
 */
export function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
}

export const loadViewer: Record<DocumentKind, () => Promise<ViewerModule>> = {
  tour: once(() => import('../components/viewers/tour/tour-viewer')),
  scene: once(() => import('../components/viewers/scene3d/scene-viewer')),
};
export const loadFrame: () => Promise<FrameModule> = once(() => import('./viewer-frame'));
