import { QueryClientProvider } from '@tanstack/react-query';
import type { Lang } from '@xr/contract/lang';
import { ConfigProvider, theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ANTD_COMPONENTS } from '../lib/antd-config';
import { installErrorCapture } from '../lib/error-log';
import { FeedbackBridge } from '../lib/feedback';
import { antdLocale, currentLang } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { antdSize, useSidebar } from '../lib/sidebar';
import { useTheme } from '../lib/theme';
import { createAppRouter } from './router';

const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en' };

installErrorCapture();
const router = createAppRouter();

/**
 * The text base antd's `<App>` wrapper gave (colour, size, line height and font of the theme) without antd's App
 * itself, which loads with the first toast (lib/feedback); `--xr-primary` carries the theme colour to plain CSS.
 */
function TextBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="xr-app"
      style={
        {
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
          // the theme colour for the app's own CSS (e.g. the public pages' plain inputs and pager)
          '--xr-primary': token.colorPrimary,
        } as CSSProperties
      }
    >
      {children}
    </div>
  );
}

/** Root: antd theme and locale, the text base, toasts (loaded on first use), TanStack Query, then the hash router. */
export function App() {
  const primary = useTheme();
  const { size } = useSidebar();
  useTranslation(); // re-render on language change
  const lang = currentLang();
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[lang];
  }, [lang]);
  return (
    <ConfigProvider
      {...ANTD_COMPONENTS}
      locale={antdLocale(lang)}
      componentSize={antdSize(size)}
      theme={{ token: { colorPrimary: primary, colorLink: primary } }}
    >
      <TextBase>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TextBase>
    </ConfigProvider>
  );
}
