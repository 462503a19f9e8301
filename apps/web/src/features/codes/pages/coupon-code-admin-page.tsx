import { COUPON_KINDS, type CouponCode, type CouponKind } from '@xr/contract/codes';
import { Card, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useCouponCodeList } from '../api/coupon-code-list';
import { useDelCouponCode } from '../api/del-coupon-code';
import { useSetCouponCode } from '../api/set-coupon-code';
import { EnabledSelect, useCodeColumns } from '../components/code-columns';
import { CouponCodeFormDialog } from '../components/coupon-code-form-dialog';

interface Filters {
  keyword: string;
  enabled?: 'true' | 'false';
  kind?: CouponKind;
}

/** /coupon-code/add-coupon-code: coupons with search and filters, paging, add / edit, on/off switch and delete. */
export default function CouponCodeAdminPage() {
  const { t } = useTranslation('codes');
  const { draft, edit, query, setQuery, search, reset } = useListQuery<Filters>({ keyword: '' });
  const [editing, setEditing] = useState<{ coupon?: CouponCode } | null>(null);
  const list = useCouponCodeList(query);
  const remove = useDeleteRow(useDelCouponCode(), t('deleted'), { rowsOnPage: list.data?.list.length, setQuery });
  const col = useCodeColumns<CouponCode>(useSetCouponCode(), 'cdk', t('coupon.cdk'));

  const columns: TableColumnsType<CouponCode> = [
    col.code,
    {
      title: t('coupon.benefit'),
      key: 'benefit',
      width: 170,
      render: (_: unknown, r) => t(`benefit.${r.kind}`, { value: r.value.toLocaleString() }),
    },
    col.uses,
    col.expiresAt,
    col.state,
    col.enabled,
    { title: t('note'), dataIndex: 'note', ellipsis: true },
    col.createdAt,
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ coupon: r })} />
          <DeleteAction hint={t('coupon.deleteHint')} onConfirm={() => remove(r.id)} />
        </>
      ),
      { fixed: true },
    ),
  ];

  return (
    <Card title={t('coupon.adminTitle')} extra={<span className="xr-muted">{t('coupon.adminHint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('coupon.add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('coupon.searchPlaceholder')}
        />
        <Select
          allowClear
          value={draft.kind}
          onChange={(kind) => edit({ kind })}
          placeholder={t('coupon.filterKind')}
          aria-label={t('coupon.filterKind')}
          style={{ width: 180 }}
          options={COUPON_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
        <EnabledSelect value={draft.enabled} onChange={(enabled) => edit({ enabled })} />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={1200}
      />
      {editing && (
        <CouponCodeFormDialog key={editing.coupon?.id ?? 'new'} open coupon={editing.coupon} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
