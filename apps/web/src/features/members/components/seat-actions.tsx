import type { AdminUser } from '@xr/contract/rbac';
import { Alert, Button, Descriptions, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useGrantSeat, useReleaseSeat, useSeatInfo } from '../api/seats';
import { useDateFormat } from './labels';

/**
 * The member's membership for an organisation admin: never a date to edit, but the organisation's seats. "Give a
 * seat" (while seats are left) or "Release seat" (after a confirmation), with the seats remaining.
 */
export function SeatActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation('seats');
  const { message } = useFeedback();
  const date = useDateFormat();
  const info = useSeatInfo(true);
  const grant = useGrantSeat();
  const release = useReleaseSeat();

  if (info.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const seats = info.data ?? { total: 0, used: 0, remaining: 0, assignments: [] };
  const held = seats.assignments.find((a) => a.member_id === user.id);
  const vipDate = held?.vip_date ?? user.vip_date;

  const run = async (action: typeof grant, done: string) => {
    try {
      await action.mutateAsync(user.id);
      void message.success(t(done, { name: user.username }));
    } catch {
      // shown by the HTTP client
    }
  };

  return (
    <section aria-label={t('title')} className="xr-mb">
      <Descriptions
        size="small"
        column={1}
        title={t('title')}
        items={[
          { key: 'vip', label: t('vipDate'), children: vipDate ? date(vipDate) : t('noVip') },
          {
            key: 'seat',
            label: t('title'),
            children: held ? <Tag color="blue">{t('holds')}</Tag> : <Tag>{t('free')}</Tag>,
          },
        ]}
      />
      {seats.total === 0 ? (
        <Alert type="info" showIcon className="xr-mb" title={t('none')} />
      ) : (
        <p>{t('remaining', { remaining: seats.remaining, total: seats.total })}</p>
      )}
      <Space wrap>
        {held ? (
          <Popconfirm title={t('releaseConfirm')} onConfirm={() => run(release, 'released')}>
            <Button danger loading={release.isPending}>
              {t('release')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="primary" disabled={seats.remaining === 0} loading={grant.isPending} onClick={() => run(grant, 'given')}>
            {t('give')}
          </Button>
        )}
      </Space>
      <p className="xr-muted">{t('help')}</p>
    </section>
  );
}
