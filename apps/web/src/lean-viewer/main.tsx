import { createRoot } from 'react-dom/client';
import { createLeanI18n, loadViewerTexts } from './lean-i18n';
import { LeanViewerPage } from './lean-page';
import { loadFrame, loadViewer, once } from './loaders';
import { lang, params, requests } from './start';

/**
 * The React part of `viewer.html`, the lean full-screen viewer (`/viewer.html?id=&kind=`), loaded by its first
 * script (`entry.ts`) after the API calls and the viewer's chunks were asked for: React renders a small shell; antd,
 * the SPA's layouts, router, query client and translation bundle are not loaded before the first frame (the cart
 * button comes after it).
 */
const i18n = createLeanI18n(lang);
const loadTexts = once(() => loadViewerTexts(i18n, lang));
const loadExtras = once(() => import('./lean-extras'));
if (params.kind && requests) loadTexts().catch(() => undefined);

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
