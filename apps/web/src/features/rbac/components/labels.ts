import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/dates';

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

/** Re-exported for this feature's screens (one implementation in lib/dates). */
export { useDateTime };
