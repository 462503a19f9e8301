// first: the calls leave before React's code is evaluated
import './start';
import './lean-viewer.css';
import type { DocumentKind } from '@xr/contract/scenes';
import { createRoot } from 'react-dom/client';
import { createLeanI18n, loadViewerTexts } from './lean-i18n';
import { LeanViewerPage, type ViewerModule } from './lean-page';
import { lang, params, requests } from './start';

/**
 * Entry of `viewer.html`, the lean full-screen viewer (`/viewer.html?id=&kind=`): the API calls leave first
 * (`start.ts`), the viewer's chunk (three.js, Photo Sphere Viewer or react-three-fiber) is asked for at once when the
 * link says the kind, then React renders a small shell; antd, the SPA's layouts, router, query client and
 * translation bundle are not loaded before the first frame (the cart button comes after it).
 */
const viewers: Record<DocumentKind, () => Promise<ViewerModule>> = {
  tour: () => import('../components/viewers/tour/tour-viewer'),
  scene: () => import('../components/viewers/scene3d/scene-viewer'),
};
const once = <T,>(f: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
};
const loadViewer = { tour: once(viewers.tour), scene: once(viewers.scene) };
const loadFrame = once(() => import('./viewer-frame'));
const i18n = createLeanI18n(lang);
const loadTexts = once(() => loadViewerTexts(i18n, lang));
const loadExtras = once(() => import('./lean-extras'));
if (params.kind && requests) {
  for (const p of [loadViewer[params.kind](), loadFrame(), loadTexts()]) p.catch(() => undefined);
}

document.documentElement.lang = { zh: 'zh-CN', tc: 'zh-TW', en: 'en' }[lang];
// the cart dialog's links (checkout, sign in) are the SPA's hash routes: they open in the SPA
window.addEventListener('hashchange', () => {
  if (window.location.hash.startsWith('#/') && window.location.hash !== '#/') window.location.assign(`/${window.location.hash}`);
});

let cartSlot: HTMLDivElement | null = null;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <LeanViewerPage
      params={params}
      lang={lang}
      i18n={i18n}
      requests={requests}
      loadViewer={(kind) => loadViewer[kind]()}
      loadAssets={() => import('../components/viewers/asset-viewer')}
      loadFrame={loadFrame}
      loadTexts={loadTexts}
      cartRef={(el) => {
        cartSlot = el;
      }}
      onAddToCart={(product) =>
        loadExtras().then((m) => m.addProduct(product, i18n.t('scene3d:addedToCart'), i18n.t('scene3d:alreadyInCart')))
      }
      onShown={() => {
        // after the first frame: the cart button (the SPA's, with its providers and translations)
        window.setTimeout(() => {
          void loadExtras().then(
            (m) => cartSlot && m.mountCart(cartSlot),
            () => undefined,
          );
        }, 300);
      }}
    />,
  );
}
