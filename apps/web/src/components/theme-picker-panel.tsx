import { ColorPicker } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setThemeColor, THEME_PRESETS } from '../lib/theme';

/** antd's colour picker around the theme button (presets plus a free choice); loaded with the first press. */
export default function ThemePickerPanel({
  color,
  open,
  onOpenChange,
  children,
}: {
  color: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('layout');
  return (
    <ColorPicker
      value={color}
      open={open}
      onOpenChange={onOpenChange}
      disabledAlpha
      presets={[{ label: t('theme.presets'), colors: [...THEME_PRESETS] }]}
      onChangeComplete={(c) => setThemeColor(c.toHexString())}
    >
      {children}
    </ColorPicker>
  );
}
