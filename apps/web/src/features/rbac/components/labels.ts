import type { Lang } from '@xr/contract/lang';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Display name of a permission: catalogue permissions carry a route-title key, custom ones their own text. */
export function usePermissionLabel() {
  const { t } = useTranslation('route');
  return useCallback((p: { name: string; builtin: boolean }) => (p.builtin ? t(p.name, { defaultValue: p.name }) : p.name), [t]);
}

/** Display name of a role: built-in roles are translated, custom roles show their name. */
export function useRoleLabel() {
  const { t } = useTranslation('rbac');
  return useCallback(
    (r: { name: string; builtin: boolean }) => (r.builtin ? t(`roleName.${r.name}`, { defaultValue: r.name }) : r.name),
    [t],
  );
}

const DATE_LOCALE: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en-GB' };

/** A timestamp as a local date and time in the interface language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = DATE_LOCALE[i18n.language as Lang] ?? 'en-GB';
  return useCallback(
    (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
}
