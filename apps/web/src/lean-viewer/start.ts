import type { SceneDetails } from '@xr/contract/scenes';
import { documentModelUrls, prefetchModels } from '../components/viewers/scene3d/model-urls';
import {
  peekPrefetchedPicture,
  prefetchPicture,
  startPictureUrl,
  startSceneView,
} from '../components/viewers/tour/first-picture';
import { parseParams, startRequests, storedLang, storedToken } from './boot';
import { showEarlyFrame } from './early-frame';

/*
 * The lean page's first import (`entry.ts`): evaluated before React's code, so the calls leave as soon as the entry
 * chunk has arrived, and a 3D scene's models or a tour's first picture as soon as its details are in (the tour's
 * opening view is drawn from that picture before the viewer's code has arrived).
 */

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

export const params = parseParams(window.location.search);
export const lang = params.lang ?? storedLang(storage);
export const requests = params.id ? startRequests(params.id, { token: storedToken(storage), lang }) : null;

// a 3D scene's models, or a tour's first picture, download while the viewer's code does; the viewer takes them over
requests?.scene.then(
  (delivered) => {
    const d = startingAt(delivered, params.scene);
    if (d.kind === 'scene') prefetchModels(documentModelUrls(d));
    const picture = d.kind === 'tour' ? startPictureUrl(d) : undefined;
    if (!picture) return;
    prefetchPicture(picture);
    // the opening view drawn from it at once, in perspective, until Photo Sphere Viewer draws it (early-frame.ts)
    const start = startSceneView(d);
    const bytes = peekPrefetchedPicture(picture);
    if (start && bytes) void showEarlyFrame(bytes, start.scene, start.view);
  },
  () => undefined,
);

/** The details as the viewer will open them: a tour starting in the link's `scene` when the tour has it. */
function startingAt(d: SceneDetails, scene: string | undefined): SceneDetails {
  const doc = d.document as { scenes?: { id?: unknown }[] } | null;
  if (!scene || !Array.isArray(doc?.scenes) || !doc.scenes.some((s) => s?.id === scene)) return d;
  return { ...d, document: { ...doc, start_scene: scene } };
}
