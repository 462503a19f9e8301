import type { Page } from '@xr/contract/common';
import { Space, Switch, Table, type TableColumnType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useFeedback } from '../../lib/feedback';
import i18n from '../../lib/i18n';
import { pagination } from './table-parts';

/**
 * An admin list screen's state and table: its filters and `{ page, limit }` query, deleting one of its rows, the
 * table of one page with its pager, and the row actions column. The filter bar and the row links are in
 * `table-parts.tsx`.
 */

/** A list query: the page shown and its size, plus the filters applied. */
export type PageQuery<F> = { page: number; limit: number } & Partial<F>;

/**
 * The filters of a list screen: `draft` is what the filter bar shows, `query` what was last searched for (with the
 * page), starting as `initial` (its key order is the order of the request's parameters). `search` applies the draft
 * (text trimmed) from page 1; `reset` clears the draft and goes back to the initial query, keeping the page size.
 */
export function useListQuery<F extends object>(blank: F, initial = { page: 1, limit: 10 } as PageQuery<F>) {
  const [draft, setDraft] = useState<F>(blank);
  const [query, setQuery] = useState<PageQuery<F>>(initial);
  return {
    draft,
    query,
    setQuery,
    /** Changes some of the draft's filters (they apply on Search). */
    edit: (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch })),
    search: () => setQuery((q) => ({ ...q, ...trimmed(draft), page: 1 })),
    reset: () => {
      setDraft(blank);
      setQuery((q) => ({ ...initial, limit: q.limit }));
    },
  };
}

const trimmed = <F extends object>(values: F): F =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as F;

/**
 * Deleting a row by id: says `done` when it went, and when it was the last row of a page other than the first
 * (`paged.rowsOnPage` rows were shown) steps back a page so the table is not left empty. A failure was already
 * shown by the HTTP client.
 */
export function useDeleteRow<Q extends { page: number }>(
  del: { mutateAsync(id: number): Promise<unknown> },
  done: string,
  paged?: { rowsOnPage: number | undefined; setQuery: (update: (q: Q) => Q) => void },
) {
  const { message } = useFeedback();
  return async (id: number) => {
    try {
      await del.mutateAsync(id);
      void message.success(done);
      if (paged?.rowsOnPage === 1) paged.setQuery((q) => (q.page > 1 ? { ...q, page: q.page - 1 } : q));
    } catch {
      // the HTTP client already showed the reason
    }
  };
}

/**
 * One page of a `{ page, limit }` query's results (`result`, the query hook's answer) as a table with that pager.
 * Rows are keyed by `id` and the table scrolls sideways below `scrollX` pixels; other Table props pass through.
 */
export function PagedTable<T extends object, Q extends { page: number; limit: number }>({
  result,
  query,
  setQuery,
  showTotal,
  scrollX,
  ...rest
}: Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'scroll'> & {
  result: { data?: Page<T>; isFetching: boolean };
  query: Q;
  setQuery: (update: (q: Q) => Q) => void;
  showTotal?: (total: number) => ReactNode;
  scrollX: number;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      dataSource={result.data?.list ?? []}
      loading={result.isFetching}
      scroll={{ x: scrollX }}
      pagination={pagination(query, result.data?.total ?? 0, setQuery, showTotal)}
      {...rest}
    />
  );
}

/**
 * The "Actions" column: the row's links (`render`, e.g. Edit and Delete) side by side, `width` wide; `fixed` keeps it
 * in view while the table scrolls sideways, `wrap` lets the links wrap onto more lines.
 */
export function actionsColumn<T>(
  render: (row: T) => ReactNode,
  { width = 170, fixed = false, wrap = false }: { width?: number; fixed?: boolean; wrap?: boolean } = {},
): TableColumnType<T> {
  return {
    title: i18n.t('common:actions'),
    key: 'actions',
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: T) => (
      <Space size={4} wrap={wrap}>
        {render(row)}
      </Space>
    ),
  };
}

/** The on/off mutation of a row (`{ id, enabled }`), as TanStack Query's `useMutation` answers it. */
export interface EnabledToggle {
  mutateAsync(body: { id: number; enabled: boolean }): Promise<unknown>;
  isPending: boolean;
  variables?: { id: number };
}

/**
 * The "enabled" column: a switch per row that sends `{ id, enabled }` through `toggle`, spins while that row's change
 * is on its way and says `texts.on` / `texts.off` when done (a refusal is shown by the HTTP client, or as
 * `texts.failed` for a silent mutation).
 */
export function useEnabledColumn<T extends { id: number; enabled: boolean }>(
  toggle: EnabledToggle,
  texts: { title: string; on: string; off: string; label(row: T): string; failed?: string },
): TableColumnType<T> {
  const { message } = useFeedback();
  const set = async (id: number, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ id, enabled });
      void message.success(enabled ? texts.on : texts.off);
    } catch {
      // the HTTP client showed why, unless the mutation is silent: then `texts.failed` says it
      if (texts.failed) void message.error(texts.failed);
    }
  };
  return {
    title: texts.title,
    dataIndex: 'enabled',
    width: 90,
    render: (v: boolean, r: T) => (
      <Switch
        size="small"
        checked={v}
        aria-label={texts.label(r)}
        loading={toggle.isPending && toggle.variables?.id === r.id}
        onChange={(on) => set(r.id, on)}
      />
    ),
  };
}
