import { QueryClientProvider } from '@tanstack/react-query';
import type { ResolvedProduct } from '@xr/contract/scenes';
import { App as AntApp, ConfigProvider } from 'antd';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { CartShortcut } from '../components/cart-shortcut';
import { connectSession } from '../lib/auth/connect';
import { addToCart } from '../lib/cart';
import { FeedbackBridge, feedback } from '../lib/feedback';
import { antdLocale, currentLang, i18nReady } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { getThemeColor } from '../lib/theme';

// the cart's calls carry the SPA's sign-in, as in the SPA (main.tsx)
connectSession();

/**
 * What the lean viewer page loads after its first frame: the SPA's cart button and dialog (with antd's theme and
 * locale, the query client and the SPA's translations), and "add to cart" for product hotspots. The dialog's links
 * are hash routes; the lean page sends them to the SPA.
 */
export async function mountCart(slot: HTMLElement): Promise<void> {
  await i18nReady;
  const primary = getThemeColor();
  createRoot(slot).render(
    <ConfigProvider locale={antdLocale(currentLang())} theme={{ token: { colorPrimary: primary, colorLink: primary } }}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <CartShortcut />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

/** Adds a product hotspot's project to the cart (the server's cart when signed in, the browser's otherwise). */
export async function addProduct(p: ResolvedProduct, added: string, already: string): Promise<void> {
  await i18nReady;
  const r = await addToCart({
    project_id: p.id,
    project_name: p.name,
    project_type: '',
    project_img: p.cover,
    project_price: p.price,
  });
  feedback.success(r.added ? added : already);
}
