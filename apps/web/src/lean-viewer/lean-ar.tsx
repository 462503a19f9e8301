import type { Lang } from '@xr/contract/lang';
import type { i18n as I18n } from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { type ArTarget, arLabels, isTabletop, launchAr } from '../components/viewers/ar/ar-launch';
import { ArQrDialog } from '../components/viewers/ar/ar-qr';
import { detectArMode } from '../components/viewers/ar/ar-support';
import { feedback } from '../lib/feedback';
import ViewerFrame from './viewer-frame';

/*
 * The full-screen viewer's "View in AR", loaded on the tap (never with the page): the `ar` texts of the page's
 * language, then the device's path, as on the details page (WebXR floor placement, AR Quick Look, or a QR code of
 * this page for a phone).
 */

const AR_TEXTS: Record<Lang, () => Promise<{ default: Record<string, string> }>> = {
  zh: () => import('../locales/zh/ar.json'),
  tc: () => import('../locales/tc/ar.json'),
  en: () => import('../locales/en/ar.json'),
};

export async function openAr(target: ArTarget, i18n: I18n, lang: Lang): Promise<void> {
  const [texts, mode] = await Promise.all([AR_TEXTS[lang](), detectArMode(true)]);
  i18n.addResourceBundle(lang, 'ar', texts.default, true, false);
  const t = i18n.getFixedT(lang, 'ar');
  if (mode === 'qr') {
    const slot = document.createElement('div');
    document.body.append(slot);
    const root = createRoot(slot);
    const close = () => {
      root.unmount();
      slot.remove();
    };
    root.render(
      <I18nextProvider i18n={i18n}>
        <ViewerFrame>
          <ArQrDialog tabletop={isTabletop(target)} onClose={close} />
        </ViewerFrame>
      </I18nextProvider>,
    );
    return;
  }
  try {
    await launchAr(target, mode, arLabels(t));
  } catch {
    feedback.error(t('failed'));
  }
}
