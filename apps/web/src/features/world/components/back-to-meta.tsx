import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back from a room that cannot be shown (not found, removed, its scene refused). */
export function BackToMeta() {
  const { t } = useTranslation('room');
  return (
    <Link to="/meta">
      <Button type="primary">{t('back')}</Button>
    </Link>
  );
}
