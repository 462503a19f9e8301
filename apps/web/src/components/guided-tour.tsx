import { STORAGE_KEYS } from '@xr/contract/constants';
import type { TourProps } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSidebar } from '../lib/sidebar';
import { createStore, localArea } from '../lib/store';
import { useOpenedOnce } from '../lib/use-opened-once';

const tourOpen = createStore(false);

// antd's Tour (its mask, popups and placement code) loads when the tour first opens: a first visit or the Help
// menu, not every admin page.
const Tour = lazy(() => import('antd/es/tour'));

/** Opens the guided tour (Help menu → "Take the tour"). */
export function startTour(): void {
  tourOpen.set(true);
}

/**
 * The tour's stops: `target` is a `[data-tour]` marker in the admin layout (or a menu entry); steps whose
 * marker is not on screen (menu entries the user cannot see, the profile cards on another page) are skipped.
 */
export const TOUR_STEPS: readonly { key: string; target?: string }[] = [
  { key: 'welcome' },
  { key: 'sidebar', target: 'sidebar' },
  { key: 'hamburger', target: 'hamburger' },
  { key: 'breadcrumb', target: 'breadcrumb' },
  { key: 'tags', target: 'tags-view' },
  { key: 'errorLog', target: 'error-log' },
  { key: 'cart', target: 'cart' },
  { key: 'help', target: 'help' },
  { key: 'lang', target: 'lang' },
  { key: 'theme', target: 'theme' },
  { key: 'user', target: 'user-menu' },
  { key: 'about', target: 'profile-about' },
  { key: 'membership', target: 'profile-membership' },
  { key: 'projects', target: 'profile-projects' },
  { key: 'menuProjects', target: 'menu-/vrdata' },
  { key: 'menuExplore', target: 'menu-/explore' },
  { key: 'menuShopping', target: 'menu-/shoppingcart' },
  { key: 'menuWallet', target: 'menu-/wallet' },
  { key: 'finish' },
];

function markDone(): void {
  localArea?.setItem(STORAGE_KEYS.tourDone, '1');
}

function element(target: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-tour="${CSS.escape(target)}"]`);
}

/** First-time guided tour over the admin layout (spec section 2); the done flag lives in localStorage. */
export function GuidedTour() {
  const { t } = useTranslation('layout');
  const open = tourOpen.use();
  const { device } = useSidebar();
  const [steps, setSteps] = useState<TourProps['steps']>([]);
  const [current, setCurrent] = useState(0);
  // mounted from the first opening on (its closing animation, and no second load)
  const shown = useOpenedOnce(open);

  useEffect(() => {
    if (localArea?.getItem(STORAGE_KEYS.tourDone) || device === 'mobile') return;
    const id = window.setTimeout(startTour, 900);
    return () => window.clearTimeout(id);
  }, [device]);

  useEffect(() => {
    if (!open) return;
    setCurrent(0);
    setSteps(
      TOUR_STEPS.filter((s) => !s.target || element(s.target)).map((s) => ({
        title: t(`tour.${s.key}.title`),
        description: t(`tour.${s.key}.text`),
        target: s.target ? () => element(s.target!) as HTMLElement : undefined,
      })),
    );
  }, [open, t]);

  const close = () => {
    markDone();
    tourOpen.set(false);
  };

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Tour
        open={open && (steps?.length ?? 0) > 0}
        current={current}
        onChange={setCurrent}
        steps={steps}
        onClose={close}
        onFinish={close}
        indicatorsRender={(cur, total) => (
          <span className="xr-tour-count">
            {cur + 1} / {total}
          </span>
        )}
      />
    </Suspense>
  );
}
