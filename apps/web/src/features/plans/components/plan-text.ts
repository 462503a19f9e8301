import type { Lang } from '@xr/contract/lang';
import type { PlanNames, PlanQuotas } from '@xr/contract/plans';
import { useTranslation } from 'react-i18next';

const GB = 1024 ** 3;

/** A plan's name in the interface language. */
export function usePlanName() {
  const { i18n } = useTranslation();
  return (names: PlanNames) => names[(i18n.language as Lang) in names ? (i18n.language as Lang) : 'en'];
}

/** Storage as plans state it: "20 GB", "500 MB". */
export function storageText(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** The quota lines of a plan: projects, storage, avatars, live streaming, model library. */
export function useQuotaText() {
  const { t } = useTranslation('plans');
  return {
    projects: (q: PlanQuotas) =>
      q.max_projects === null ? t('quota.projectsUnlimited') : t('quota.projects', { count: q.max_projects }),
    storage: (q: PlanQuotas) => t('quota.storage', { size: storageText(q.storage_bytes) }),
    avatars: (q: PlanQuotas) => (q.custom_avatars > 0 ? t('quota.avatars', { count: q.custom_avatars }) : null),
  };
}
