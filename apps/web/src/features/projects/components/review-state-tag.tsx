import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '../api/types';

const COLOR: Record<ReviewStatus, string> = { draft: 'default', pending: 'processing', approved: 'success', rejected: 'error' };

/** Review state: pending review / review succeeded / not passed (with the reviewer's reason). */
export function ReviewStateTag({ status, reason }: { status: ReviewStatus; reason?: string }) {
  const { t } = useTranslation('projects');
  const tag = <Tag color={COLOR[status]}>{t(`review.${status}`)}</Tag>;
  if (status !== 'rejected' || !reason) return tag;
  return (
    <span className="xr-review-state">
      <Tooltip title={reason}>{tag}</Tooltip>
      <span className="xr-review-state__reason">{t('review.reason', { reason })}</span>
    </span>
  );
}
