import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyProjectPage } from '../api/my-project-page';

const LIMIT = 100;

/** Picks one of the creator's projects (the first is chosen when none is). */
export function ProjectPicker({ value, onChange }: { value?: number; onChange(id: number): void }) {
  const { t } = useTranslation('projects');
  const list = useMyProjectPage({ page: 1, limit: LIMIT });
  const first = list.data?.list[0]?.id;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      loading={list.isLoading}
      placeholder={t('pickProject')}
      aria-label={t('pickProject')}
      style={{ width: 280, maxWidth: '100%' }}
      notFoundContent={t('noProjects')}
      options={(list.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}
