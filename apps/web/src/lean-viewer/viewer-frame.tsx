import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { getThemeColor } from '../lib/theme';

/**
 * antd's theme around the viewers on the lean page (the SPA's primary colour, as the user chose it): loaded with the
 * viewer's chunk, not before, since antd is only needed once a viewer draws its buttons.
 */
export default function ViewerFrame({ children }: { children: ReactNode }) {
  const primary = getThemeColor();
  return <ConfigProvider theme={{ token: { colorPrimary: primary, colorLink: primary } }}>{children}</ConfigProvider>;
}
