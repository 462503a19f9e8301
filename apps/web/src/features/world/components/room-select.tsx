import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWorldPage } from '../api/entries';

/** A filter of the admin lists: one room (entry) or all, from the first 100 entries the viewer manages. */
export function RoomSelect({ value, onChange }: { value?: number; onChange(v: number | undefined): void }) {
  const { t } = useTranslation('world');
  const rooms = useWorldPage({ page: 1, limit: 100 });
  return (
    <Select
      allowClear
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={t('online.allRooms')}
      aria-label={t('online.room')}
      loading={rooms.isFetching}
      options={(rooms.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
      style={{ width: 200 }}
      showSearch
      optionFilterProp="label"
    />
  );
}
