import { STORAGE_KEYS } from '@xr/contract/constants';
import { createStore, localArea } from './store';

export const DEFAULT_THEME_COLOR = '#6d28d9';
/** Swatches offered by the theme colour picker. */
export const THEME_PRESETS = ['#6d28d9', '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#eb2f96', '#304156'] as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function stored(): string {
  const v = localArea?.getItem(STORAGE_KEYS.theme);
  return v && HEX.test(v) ? v : DEFAULT_THEME_COLOR;
}

const store = createStore<string>(stored());

/** The primary colour (hex), re-rendering on change; the app's ConfigProvider uses it. */
export function useTheme(): string {
  return store.use();
}

export function getThemeColor(): string {
  return store.get();
}

/** Sets and remembers the primary colour; anything but a hex colour is ignored. */
export function setThemeColor(color: string): void {
  if (!HEX.test(color)) return;
  localArea?.setItem(STORAGE_KEYS.theme, color);
  store.set(color);
}

export function resetThemeColor(): void {
  localArea?.removeItem(STORAGE_KEYS.theme);
  store.set(DEFAULT_THEME_COLOR);
}
