import { QueryClientProvider } from '@tanstack/react-query';
import type { Lang } from '@xr/contract/lang';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { installErrorCapture } from '../lib/error-log';
import { FeedbackBridge } from '../lib/feedback';
import { queryClient } from '../lib/query-client';
import { antdSize, useSidebar } from '../lib/sidebar';
import { useTheme } from '../lib/theme';
import { createAppRouter } from './router';

const ANTD_LOCALES = { zh: zhCN, tc: zhTW, en: enUS } as const;
const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en' };

installErrorCapture();
const router = createAppRouter();

/** Root: antd theme and locale, antd App context (toasts), TanStack Query, then the hash router. */
export function App() {
  const primary = useTheme();
  const { size } = useSidebar();
  const { i18n } = useTranslation();
  const lang = (i18n.language in ANTD_LOCALES ? i18n.language : 'zh') as Lang;
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[lang];
  }, [lang]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      componentSize={antdSize(size)}
      theme={{ token: { colorPrimary: primary, colorLink: primary } }}
    >
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
