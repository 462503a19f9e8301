import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popconfirm, type TablePaginationConfig, Tooltip } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pieces every admin list screen shares (codes, members, roles, resources, file types, projects): the filter bar
 * with Search / Reset and an action on the right, the row's Edit and Delete links (Delete asks first, as the spec's
 * "confirm to perform this action"), and the pagination of a `{ page, limit }` query. The state behind them (the
 * filters, deleting a row) and the paged table itself are in `list-page.tsx`.
 */

/** Filters on the left (the caller's inputs, then Search and Reset), `extra` (e.g. an Add button) on the right. */
export function FilterBar({
  children,
  onSearch,
  onReset,
  extra,
}: {
  children?: ReactNode;
  onSearch(): void;
  onReset(): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Flex gap={8} wrap justify="space-between" className="xr-mb">
      <Flex gap={8} wrap>
        {children}
        <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
          {t('search')}
        </Button>
        <Button onClick={onReset}>{t('reset')}</Button>
      </Flex>
      {extra}
    </Flex>
  );
}

/** The filter bar's Add button (the usual `extra`). */
export function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The filter bar's text box: Enter searches too; the placeholder is also its accessible name. */
export function SearchInput({
  value,
  onChange,
  onSearch,
  placeholder,
  width = 220,
}: {
  value: string;
  onChange(value: string): void;
  onSearch(): void;
  placeholder: string;
  width?: number;
}) {
  return (
    <Input
      allowClear
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSearch}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
    />
  );
}

/** The row's Edit link. */
export function EditAction({ onClick, label }: { onClick(): void; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick}>
      {label ?? t('edit')}
    </Button>
  );
}

/** Asks "confirm to perform this action" (with `hint` below) when `children` is clicked, and only then runs `onConfirm`. */
export function Confirm({ hint, onConfirm, children }: { hint?: ReactNode; onConfirm(): void; children: ReactElement }) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm title={t('confirmAction')} description={hint} okText={t('ok')} cancelText={t('cancel')} onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}

/**
 * The row's Delete link: asks "confirm to perform this action" with `hint` before calling `onConfirm`. With
 * `disabledReason` it is greyed out and says why on hover.
 */
export function DeleteAction({
  hint,
  onConfirm,
  disabledReason,
  label,
}: {
  hint?: ReactNode;
  onConfirm(): void;
  disabledReason?: string | null;
  label?: string;
}) {
  const { t } = useTranslation('common');
  const button = (
    <Button type="link" size="small" danger disabled={!!disabledReason} icon={<DeleteOutlined />}>
      {label ?? t('delete')}
    </Button>
  );
  if (disabledReason) return <Tooltip title={disabledReason}>{button}</Tooltip>;
  return (
    <Confirm hint={hint} onConfirm={onConfirm}>
      {button}
    </Confirm>
  );
}

/** Table pagination over a `{ page, limit }` query: a new page size starts again at page 1. */
export function pagination<Q extends { page: number; limit: number }>(
  query: Q,
  total: number,
  setQuery: (update: (q: Q) => Q) => void,
  showTotal?: (total: number) => ReactNode,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.limit,
    total,
    showSizeChanger: true,
    showTotal,
    onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
  };
}
