import type { AdminUser } from '@xr/contract/rbac';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';

/** Built-in role names in the interface language (the layout's role labels); custom roles show their name. */
export function useRoleLabel() {
  const { t } = useTranslation('layout');
  return useCallback((name: string) => t(`role.${name}`, { defaultValue: name }), [t]);
}

const STATUS_COLOR: Record<AdminUser['status'], string> = { active: 'success', pending: 'processing', disabled: 'default' };

export function StatusTag({ status }: { status: AdminUser['status'] }) {
  const { t } = useTranslation('members');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

/** Re-exported for this feature's screens (one implementation in lib/dates). */
export { useDateFormat };

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as the value of a `date` input (local date). */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A `date` input's value as the end of that local day (membership lasts the whole day); blank is null. */
export function fromDateInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(`${value}T23:59:59`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
