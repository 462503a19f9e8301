import { MergeCellsOutlined } from '@ant-design/icons';
import type { AdminTag } from '@xr/contract/tags';
import { Button, Card, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useEnabledColumn, useListQuery } from '../../../components/admin/list-page';
import { AddButton, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { formatTime } from '../../../lib/dates';
import { useSetTag, useTagPage } from '../api/tags';
import { MergeTagDialog } from '../components/merge-tag-dialog';
import { TagFormDialog } from '../components/tag-form-dialog';

/**
 * /projecttag: the tag catalogue by display order, with each tag's names in zh/tc/en, usage, order and start/close
 * switch (a closed tag leaves the market's chips and the project form but stays on its projects); add, edit and
 * merge one tag into another.
 */
export default function TagPage() {
  const { t } = useTranslation('tags');
  const { draft, edit, query, setQuery, search, reset } = useListQuery<{ keyword: string; enabled?: 'true' | 'false' }>({
    keyword: '',
  });
  const [editing, setEditing] = useState<{ tag?: AdminTag } | null>(null);
  const [merging, setMerging] = useState<AdminTag | null>(null);
  const list = useTagPage(query);
  const enabled = useEnabledColumn<AdminTag>(useSetTag(), {
    title: t('enabled'),
    on: t('opened'),
    off: t('closed'),
    label: (r) => r.name,
  });
  const names = (r: AdminTag) => (['zh', 'tc', 'en'] as const).map((l) => r.names[l] || '—');

  const columns: TableColumnsType<AdminTag> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('key'), dataIndex: 'name', width: 160, ellipsis: true },
    { title: t('nameZh'), key: 'zh', width: 140, render: (_: unknown, r) => names(r)[0] },
    { title: t('nameTc'), key: 'tc', width: 140, render: (_: unknown, r) => names(r)[1] },
    { title: t('nameEn'), key: 'en', width: 160, render: (_: unknown, r) => names(r)[2] },
    {
      title: t('usage'),
      dataIndex: 'usage',
      width: 100,
      align: 'right',
      render: (v: number) => <Tag color={v ? 'blue' : 'default'}>{v}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', width: 80, align: 'right' },
    enabled,
    { title: t('createdAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ tag: r })} />
          <Button type="link" size="small" icon={<MergeCellsOutlined />} onClick={() => setMerging(r)}>
            {t('merge')}
          </Button>
        </>
      ),
      { fixed: true, width: 190 },
    ),
  ];

  return (
    <Card title={t('title')} extra={<span className="xr-muted">{t('hint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('searchPlaceholder')}
        />
        <Select
          allowClear
          value={draft.enabled}
          onChange={(v) => edit({ enabled: v })}
          placeholder={t('filterEnabled')}
          aria-label={t('filterEnabled')}
          style={{ width: 140 }}
          options={[
            { value: 'true', label: t('opened') },
            { value: 'false', label: t('closed') },
          ]}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={1300}
      />
      {editing && <TagFormDialog key={editing.tag?.id ?? 'new'} tag={editing.tag} onClose={() => setEditing(null)} />}
      {merging && <MergeTagDialog tag={merging} onClose={() => setMerging(null)} />}
    </Card>
  );
}
