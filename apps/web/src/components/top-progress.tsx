import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme';

/**
 * The thin loading bar at the top of the window while a navigation is pending (guard fetching user info,
 * a lazy page loading). It fades in after a short delay, so instant navigations do not flash it.
 */
export function TopProgress() {
  // the app's primary colour (what the root ConfigProvider gives antd): no antd theme object in the first load
  const colorPrimary = useTheme();
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={t('router:loading')}
      aria-busy="true"
      data-testid="top-progress"
      style={{
        position: 'fixed',
        inset: '0 0 auto 0',
        height: 3,
        zIndex: 2000,
        overflow: 'hidden',
        pointerEvents: 'none',
        animation: 'xr-top-progress-in 0s linear 150ms both',
      }}
    >
      <style>{`
        @keyframes xr-top-progress-in { from { opacity: 0 } to { opacity: 1 } }
        @keyframes xr-top-progress-run { 0% { transform: translateX(-100%) scaleX(.3) } 50% { transform: translateX(0) scaleX(.6) } 100% { transform: translateX(100%) scaleX(.3) } }
        @media (prefers-reduced-motion: reduce) { .xr-top-progress__bar { animation: none !important } }
      `}</style>
      <div
        className="xr-top-progress__bar"
        style={{
          height: '100%',
          background: colorPrimary,
          boxShadow: `0 0 8px ${colorPrimary}`,
          transformOrigin: 'left',
          animation: 'xr-top-progress-run 1.2s ease-in-out infinite',
        }}
      />
    </div>
  );
}
