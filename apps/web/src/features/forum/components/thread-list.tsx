import { CheckCircleFilled, LockOutlined, MessageOutlined, PushpinFilled } from '@ant-design/icons';
import type { ForumBoard, ThreadPage } from '@xr/contract/forum';
import type { Lang } from '@xr/contract/lang';
import { Empty, List, Pagination, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/dates';
import { AuthorChip } from './author-chip';

/** Threads with their state tags, reply counts and last activity; pagination below. */
export function ThreadList({
  data,
  loading,
  boards,
  lang,
  empty,
  onPage,
}: {
  data?: ThreadPage;
  loading: boolean;
  /** Shown as a tag on each thread when the list spans several boards. */
  boards?: Map<number, ForumBoard>;
  lang: Lang;
  empty: string;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('forum');
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (data.list.length === 0) return <Empty description={empty} />;
  return (
    <>
      <List
        className="xr-forum-threads"
        loading={loading}
        dataSource={data.list}
        data-testid="forum-thread-list"
        renderItem={(th) => (
          <List.Item
            key={th.id}
            className={th.unread ? 'xr-forum-thread is-unread' : 'xr-forum-thread'}
            data-testid="forum-thread"
          >
            <div className="xr-forum-thread__main">
              <div className="xr-forum-thread__title">
                {th.pinned ? <PushpinFilled className="xr-forum-icon" aria-label={t('pinned')} /> : null}
                {th.locked ? <LockOutlined className="xr-forum-icon" aria-label={t('locked')} /> : null}
                <Link to={`/forum/thread?id=${th.id}`}>{th.title}</Link>
                {th.unread ? <Tag color="blue">{t('unread')}</Tag> : null}
                {th.solved ? (
                  <Tag color="success" icon={<CheckCircleFilled />}>
                    {t('solved')}
                  </Tag>
                ) : null}
                {boards?.get(th.board_id) ? (
                  <Link to={`/forum/board?id=${th.board_id}`}>
                    <Tag>{boards.get(th.board_id)?.names[lang]}</Tag>
                  </Link>
                ) : null}
              </div>
              <div className="xr-forum-thread__meta xr-muted">
                <AuthorChip author={th.author} size={20} />
                <span>{formatTime(th.created_at)}</span>
                {th.last_poster && th.reply_count > 0 ? (
                  <span>{t('lastBy', { name: th.last_poster, time: formatTime(th.last_post_at) })}</span>
                ) : null}
              </div>
            </div>
            <div className="xr-forum-thread__count" title={t('replies', { count: th.reply_count })}>
              <MessageOutlined /> {th.reply_count}
            </div>
          </List.Item>
        )}
      />
      {data.total > data.limit ? (
        <Pagination
          className="xr-forum-pager"
          current={data.page}
          pageSize={data.limit}
          total={data.total}
          // a search with many matches is counted only a few pages ahead: say there are more
          showTotal={data.total_exact === false ? (total) => t('totalMore', { total }) : undefined}
          showSizeChanger={false}
          onChange={onPage}
        />
      ) : null}
    </>
  );
}
