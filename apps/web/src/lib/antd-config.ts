import type { ConfigProviderProps } from 'antd/es/config-provider';

/**
 * App-wide antd component settings (the root ConfigProvider and the test render use the same):
 * buttons never get antd's inserted space between two CJK characters ("注册", not "注 册").
 */
export const ANTD_COMPONENTS = {
  button: { autoInsertSpace: false },
} as const satisfies Partial<ConfigProviderProps>;
