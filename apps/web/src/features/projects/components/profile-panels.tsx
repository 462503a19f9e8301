import { AppstoreOutlined, CloudServerOutlined, CommentOutlined, NotificationOutlined } from '@ant-design/icons';
import { formatBytes } from '@xr/contract/format';
import { Badge, Card, Empty, Progress, Skeleton, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/lite/lite';
import { useMyCommentPage } from '../api/my-comment-page';
import { useMyMessagePage, useReadMessage } from '../api/my-message-page';
import { useMyProjectPage } from '../api/my-project-page';
import type { ReviewStatus } from '../api/types';
import { useUserCapacity } from '../api/user-capacity';
import './projects.css';
import { InlineMarkdown } from '../../../components/markdown/inline-markdown';
import { useAccess } from '../../../lib/permissions';

function PanelTitle({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className="xr-panel__title">
      <span className="xr-panel__icon">{icon}</span>
      {text}
    </span>
  );
}

const STATES: { status: ReviewStatus; color: string }[] = [
  { status: 'pending', color: '#1677ff' },
  { status: 'approved', color: '#52c41a' },
  { status: 'rejected', color: '#ff4d4f' },
];

function StateCount({ status, color }: { status: ReviewStatus; color: string }) {
  const { t } = useTranslation('projects');
  const q = useMyProjectPage({ page: 1, limit: 1, review_status: status });
  return (
    <Link to={`/vrdata/list?review_status=${status}`} className="xr-profile-count">
      <Statistic title={t(`review.${status}`)} value={q.data?.total ?? 0} loading={q.isLoading} styles={{ content: { color } }} />
    </Link>
  );
}

/**
 * A short list of a panel (five rows at most, no paging): plain markup styled like antd's small List, whose
 * Pagination and Spin would come into /profile's first load with it.
 */
function PanelList<T>({
  loading,
  items,
  empty,
  render,
}: {
  loading: boolean;
  items: T[];
  empty: string;
  render(item: T): ReactNode;
}) {
  if (loading)
    return (
      <div className="xr-panel-list__loading">
        <Spinner />
      </div>
    );
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return <ul className="xr-panel-list">{items.map(render)}</ul>;
}

/** My projects by review state, with counts. */
export function MyProjectsPanel() {
  const { t } = useTranslation('projects');
  return (
    <Card
      className="xr-panel xr-panel--wide"
      title={<PanelTitle icon={<AppstoreOutlined />} text={t('profile.projects')} />}
      extra={<Link to="/vrdata/list">{t('profile.all')}</Link>}
      data-tour="profile-projects"
    >
      <div className="xr-profile-counts">
        {STATES.map((s) => (
          <StateCount key={s.status} {...s} />
        ))}
      </div>
    </Card>
  );
}

/** Capacity meter: used / quota of the user's plan. */
export function CapacityPanel() {
  const { t } = useTranslation('projects');
  const cap = useUserCapacity();
  const d = cap.data;
  const percent = d && d.quota_bytes > 0 ? Math.min(100, Math.round((d.used_bytes / d.quota_bytes) * 1000) / 10) : 0;
  return (
    <Card className="xr-panel" title={<PanelTitle icon={<CloudServerOutlined />} text={t('profile.capacity')} />}>
      {cap.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : d ? (
        <div className="xr-meter">
          <Progress percent={percent} status={percent >= 90 ? 'exception' : 'normal'} aria-label={t('profile.capacity')} />
          <Typography.Text type="secondary">
            {t('profile.used', { used: formatBytes(d.used_bytes), quota: formatBytes(d.quota_bytes) })}
          </Typography.Text>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.unavailable')} />
      )}
    </Card>
  );
}

/** The latest comments on my projects. */
export function LatestCommentsPanel() {
  const { t } = useTranslation('projects');
  const q = useMyCommentPage({ page: 1, limit: 5 });
  return (
    <Card
      className="xr-panel"
      title={<PanelTitle icon={<CommentOutlined />} text={t('profile.comments')} />}
      extra={<Link to="/vrdata/commentlist">{t('profile.all')}</Link>}
    >
      <PanelList
        loading={q.isLoading}
        items={q.data?.list ?? []}
        empty={t('profile.noComments')}
        render={(c) => (
          <li key={c.id} className="xr-panel-list__item">
            <Typography.Text ellipsis={{ tooltip: c.content }} style={{ flex: 1, minWidth: 0 }}>
              <b>{c.user.name}</b>: {c.content}
            </Typography.Text>
            {!c.reply && (
              <Tag color="warning" className="xr-nowrap">
                {t('comments.stateNone')}
              </Tag>
            )}
          </li>
        )}
      />
    </Card>
  );
}

/** System messages (unread ones marked; a click marks read). */
export function SystemMessagesPanel() {
  const { t } = useTranslation('projects');
  const q = useMyMessagePage(5);
  const read = useReadMessage();
  return (
    <Card className="xr-panel" title={<PanelTitle icon={<NotificationOutlined />} text={t('profile.messages')} />}>
      <PanelList
        loading={q.isLoading}
        items={q.data?.list ?? []}
        empty={t('profile.noMessages')}
        render={(m) => (
          <li
            key={m.id}
            className="xr-panel-list__item"
            onClick={() => !m.read && read.mutate(m.id)}
            style={{ cursor: m.read ? undefined : 'pointer' }}
          >
            <Badge status={m.read ? 'default' : 'processing'} />
            <Typography.Text
              ellipsis={{ tooltip: <InlineMarkdown text={m.message} /> }}
              strong={!m.read}
              style={{ flex: 1, minWidth: 0, marginInlineStart: 8 }}
            >
              <InlineMarkdown text={m.message} />
            </Typography.Text>
          </li>
        )}
      />
    </Card>
  );
}

/** The profile's overview panels: my projects by review state, capacity, latest comments, system messages. */
export function ProfilePanels() {
  // a plain user has no projects screens: their panels (and calls) would only answer 40301
  const { canAccess } = useAccess();
  return (
    <div className="xr-panels">
      {canAccess('/vrdata/list') && <MyProjectsPanel />}
      <CapacityPanel />
      {canAccess('/vrdata/commentlist') && <LatestCommentsPanel />}
      <SystemMessagesPanel />
    </div>
  );
}
