import { documentModelUrls, prefetchModels } from '../components/viewers/scene3d/model-urls';
import { parseParams, startRequests, storedLang, storedToken } from './boot';

/*
 * The lean page's first import (`main.tsx`): evaluated before React's code, so the calls leave as soon as the entry
 * chunk has arrived, and a 3D scene's models as soon as its details are in.
 */

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

export const params = parseParams(window.location.search);
export const lang = storedLang(storage);
export const requests = params.id ? startRequests(params.id, { token: storedToken(storage), lang }) : null;

// a 3D scene's models download while the viewer's code does; the viewer's loader takes the downloads over
requests?.scene.then(
  (d) => d.kind === 'scene' && prefetchModels(documentModelUrls(d)),
  () => undefined,
);
