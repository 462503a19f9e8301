import type { ComboRow, PlanLevel, PlanPeriod } from '@xr/contract/plans';
import { PLAN_LEVELS, PLAN_PERIODS } from '@xr/contract/plans';
import { Card, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useEnabledColumn, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar } from '../../../components/admin/table-parts';
import { hkd } from '../../../components/price-tag';
import { useComboPage, useDelCombo, useSetCombo } from '../api/plans';
import { PlanFormDialog } from '../components/plan-form-dialog';
import { storageText } from '../components/plan-text';

type Filters = { level?: PlanLevel; period?: PlanPeriod; enabled?: 'true' | 'false' };

/**
 * /system/combo: the plans ("combos") by display order with names in zh/tc/en, level, period, price and quotas;
 * add and edit, switch on/off (off: gone from /solutions, holders keep it), delete only what nobody bought.
 */
export default function ComboPage() {
  const { t } = useTranslation('plans');
  const { t: ts } = useTranslation('seats');
  const { draft, edit, query, setQuery, search, reset } = useListQuery<Filters>({});
  const [editing, setEditing] = useState<{ plan?: ComboRow } | null>(null);
  const list = useComboPage(query);
  const del = useDelCombo();
  const remove = useDeleteRow(del, t('admin.deleted'), { rowsOnPage: list.data?.list.length, setQuery });
  const enabled = useEnabledColumn<ComboRow>(useSetCombo(), {
    title: t('admin.enabled'),
    on: t('admin.switchedOn'),
    off: t('admin.switchedOff'),
    label: (r) => r.name_en,
  });

  const columns: TableColumnsType<ComboRow> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('admin.nameZh'), dataIndex: 'name_zh', width: 130, ellipsis: true },
    { title: t('admin.nameTc'), dataIndex: 'name_tc', width: 130, ellipsis: true },
    { title: t('admin.nameEn'), dataIndex: 'name_en', width: 150, ellipsis: true },
    { title: t('admin.level'), dataIndex: 'level', width: 120, render: (v: PlanLevel) => <Tag>{t(`levels.${v}`)}</Tag> },
    { title: t('admin.period'), dataIndex: 'period', width: 90, render: (v: PlanPeriod) => t(`periods.${v}`) },
    { title: t('admin.price'), dataIndex: 'price', width: 120, align: 'right', render: (v: number) => hkd(v) },
    {
      title: t('admin.maxProjects'),
      dataIndex: 'max_projects',
      width: 110,
      align: 'right',
      render: (v: number | null) => (v === null ? t('admin.unlimitedShort') : v),
    },
    { title: t('admin.storage'), dataIndex: 'storage_bytes', width: 100, align: 'right', render: (v: number) => storageText(v) },
    {
      title: t('admin.features'),
      key: 'features',
      width: 200,
      render: (_: unknown, r) => (
        <>
          {r.live_streaming ? <Tag color="purple">{t('admin.liveStreaming')}</Tag> : null}
          {r.custom_avatars > 0 ? <Tag color="blue">{t('quota.avatars', { count: r.custom_avatars })}</Tag> : null}
          {r.seats > 0 ? <Tag color="gold">{ts('seatsTag', { count: r.seats })}</Tag> : null}
          {r.model_library ? <Tag color="green">{t('admin.modelLibrary')}</Tag> : null}
        </>
      ),
    },
    { title: t('admin.sold'), dataIndex: 'sold', width: 80, align: 'right' },
    { title: t('admin.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    enabled,
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ plan: r })} />
          <DeleteAction
            hint={t('admin.deleteHint', { name: r.name_en })}
            disabledReason={r.sold > 0 ? t('admin.deleteSold') : null}
            onConfirm={() => void remove(r.id)}
          />
        </>
      ),
      { fixed: true, width: 170 },
    ),
  ];

  return (
    <Card title={t('admin.title')} extra={<span className="xr-muted">{t('admin.hint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('admin.add')} onClick={() => setEditing({})} />}>
        <Select
          allowClear
          value={draft.level}
          onChange={(v) => edit({ level: v })}
          placeholder={t('admin.level')}
          aria-label={t('admin.level')}
          style={{ width: 150 }}
          options={PLAN_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))}
        />
        <Select
          allowClear
          value={draft.period}
          onChange={(v) => edit({ period: v })}
          placeholder={t('admin.period')}
          aria-label={t('admin.period')}
          style={{ width: 130 }}
          options={PLAN_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        />
        <Select
          allowClear
          value={draft.enabled}
          onChange={(v) => edit({ enabled: v })}
          placeholder={t('admin.enabled')}
          aria-label={t('admin.enabled')}
          style={{ width: 130 }}
          options={[
            { value: 'true', label: t('admin.on') },
            { value: 'false', label: t('admin.off') },
          ]}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('admin.total', { total })}
        scrollX={1500}
      />
      {editing && <PlanFormDialog key={editing.plan?.id ?? 'new'} plan={editing.plan} onClose={() => setEditing(null)} />}
    </Card>
  );
}
