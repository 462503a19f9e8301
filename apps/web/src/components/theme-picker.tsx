import { BgColorsOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setThemeColor, THEME_PRESETS, useTheme } from '../lib/theme';

/** Theme colour picker: presets plus a free choice; the primary colour is remembered. */
export function ThemePicker() {
  const { t } = useTranslation('layout');
  const color = useTheme();
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <ColorPicker
      value={color}
      open={pickerOpen}
      onOpenChange={setPickerOpen}
      disabledAlpha
      presets={[{ label: t('theme.presets'), colors: [...THEME_PRESETS] }]}
      onChangeComplete={(c) => setThemeColor(c.toHexString())}
    >
      <span>
        <Tooltip title={t('theme.title')} open={pickerOpen ? false : undefined}>
          <Button type="text" icon={<BgColorsOutlined style={{ color }} />} aria-label={t('theme.title')} data-tour="theme" />
        </Tooltip>
      </span>
    </ColorPicker>
  );
}
