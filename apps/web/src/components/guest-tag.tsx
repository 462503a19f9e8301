import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Marks a guest (not signed in) wherever their name shows: a guest's name is their own choice, not an account's. */
export function GuestTag() {
  const { t } = useTranslation('room');
  return (
    <Tag color="gold" className="xr-room-guest" data-testid="guest-tag">
      {t('people.guest')}
    </Tag>
  );
}
