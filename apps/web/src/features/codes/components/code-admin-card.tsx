import type { Page } from '@xr/contract/common';
import { Card, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, type useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { EnabledSelect } from './code-columns';

/** The filters every code list has. */
export interface CodeFilters {
  keyword: string;
  enabled?: 'true' | 'false';
}

interface CodeAdminCardProps<T extends { id: number }, F extends CodeFilters> {
  /** The group of the `codes` words: adminTitle, adminHint, add, searchPlaceholder, deleteHint. */
  kind: 'coupon' | 'invite';
  /** The screen's filters and page (`useListQuery`). */
  list: ReturnType<typeof useListQuery<F>>;
  /** The list query's answer for `list.query`. */
  result: { data?: Page<T>; isFetching: boolean };
  /** The columns before the actions (Edit, Delete). */
  columns: TableColumnsType<T>;
  remove(id: number): void;
  /** Filters between the search box and the on/off select. */
  filters?: ReactNode;
  /** The add (`row` absent) or edit dialog, mounted while open. */
  dialog(row: T | undefined, close: () => void): ReactNode;
}

/**
 * The list-and-edit screen of one kind of code (coupons, campaign invite codes): search, on/off and the kind's own
 * filters, a paged table with Edit and Delete on each row, and an Add button.
 */
export function CodeAdminCard<T extends { id: number }, F extends CodeFilters>({
  kind,
  list,
  result,
  columns,
  remove,
  filters,
  dialog,
}: CodeAdminCardProps<T, F>) {
  const { t } = useTranslation('codes');
  const { draft, edit, query, setQuery, search, reset } = list;
  const [editing, setEditing] = useState<{ row?: T } | null>(null);
  const withActions: TableColumnsType<T> = [
    ...columns,
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ row: r })} />
          <DeleteAction hint={t(`${kind}.deleteHint`)} onConfirm={() => remove(r.id)} />
        </>
      ),
      { fixed: true },
    ),
  ];

  return (
    <Card title={t(`${kind}.adminTitle`)} extra={<span className="xr-muted">{t(`${kind}.adminHint`)}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t(`${kind}.add`)} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword } as Partial<F>)}
          onSearch={search}
          placeholder={t(`${kind}.searchPlaceholder`)}
        />
        {filters}
        <EnabledSelect value={draft.enabled} onChange={(enabled) => edit({ enabled } as Partial<F>)} />
      </FilterBar>
      <PagedTable
        columns={withActions}
        result={result}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={1200}
      />
      {editing && dialog(editing.row, () => setEditing(null))}
    </Card>
  );
}
