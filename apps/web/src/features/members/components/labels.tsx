import type { Lang } from '@xr/contract/lang';
import type { AdminUser } from '@xr/contract/rbac';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

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

const DATE_LOCALE: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en-GB' };

/** Date (and optionally time) in the interface language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = DATE_LOCALE[i18n.language as Lang] ?? 'en-GB';
  return useCallback(
    (iso: string, withTime = false) =>
      new Date(iso).toLocaleString(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }),
    [locale],
  );
}

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
