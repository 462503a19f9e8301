import { documentModelUrls, prefetchModels } from '../components/viewers/scene3d/model-urls';
import { prefetchPicture, startPictureUrl } from '../components/viewers/tour/first-picture';
import { parseParams, startRequests, storedLang, storedToken } from './boot';

/*
 * The lean page's first import (`entry.ts`): evaluated before React's code, so the calls leave as soon as the entry
 * chunk has arrived, and a 3D scene's models or a tour's first picture as soon as its details are in.
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

// a 3D scene's models, or a tour's first picture, download while the viewer's code does; the viewer takes them over
requests?.scene.then(
  (d) => {
    if (d.kind === 'scene') prefetchModels(documentModelUrls(d));
    const picture = d.kind === 'tour' ? startPictureUrl(d) : undefined;
    if (picture) prefetchPicture(picture);
  },
  () => undefined,
);
