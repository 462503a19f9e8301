import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme';
import { useOpenedOnce } from '../lib/use-opened-once';

// antd's ColorPicker (its slider, number inputs and colour maths) loads with the first press of the button, not
// with every admin page (/profile's first load); the button looks the same before and after.
const ThemePickerPanel = lazy(() => import('./theme-picker-panel'));

/** Theme colour picker: presets plus a free choice; the primary colour is remembered. */
export function ThemePicker() {
  const { t } = useTranslation('layout');
  const color = useTheme();
  const [pickerOpen, setPickerOpen] = useState(false);
  const loaded = useOpenedOnce(pickerOpen);
  const button = (
    <span>
      <Tooltip title={t('theme.title')} open={pickerOpen ? false : undefined}>
        <Button
          type="text"
          icon={<BgColorsOutlined style={{ color }} />}
          aria-label={t('theme.title')}
          data-tour="theme"
          onClick={loaded ? undefined : () => setPickerOpen(true)}
        />
      </Tooltip>
    </span>
  );
  if (!loaded) return button;
  return (
    <Suspense fallback={button}>
      <ThemePickerPanel color={color} open={pickerOpen} onOpenChange={setPickerOpen}>
        {button}
      </ThemePickerPanel>
    </Suspense>
  );
}
