import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSidebar } from '../lib/sidebar';

/** The spec's "use a PC" warning, shown at 768 px or narrower (spec section 2 "Layout"). */
export function MobileWarning() {
  const { t } = useTranslation('layout');
  const { mobileWarning } = useSidebar();
  if (!mobileWarning) return null;
  return (
    <Alert type="warning" showIcon banner title={t('mobileWarning')} className="xr-mobile-warning" data-testid="mobile-warning" />
  );
}
