import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSceneRevisions, restoreScene, sceneKeys } from '../../../components/api/scenes';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';

/**
 * The tour's saved versions, newest first; restoring one (after a confirmation) saves it as a new version, which the
 * editor then loads.
 */
export function RevisionsDrawer({
  projectId,
  open,
  current,
  onClose,
  onRestored,
}: {
  projectId: number;
  open: boolean;
  current: number;
  onClose(): void;
  onRestored(version: number): void;
}) {
  const { t } = useTranslation(['tour', 'common']);
  const { modal, message } = useFeedback();
  const [busy, setBusy] = useState<number | null>(null);
  const list = useQuery({
    queryKey: sceneKeys.revisions(projectId),
    queryFn: ({ signal }) => fetchSceneRevisions(projectId, signal),
    enabled: open,
  });
  const restore = (version: number) =>
    modal.confirm({
      title: t('revisions.confirm', { version }),
      content: t('revisions.confirmHelp'),
      okText: t('revisions.restore'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        setBusy(version);
        try {
          const r = await restoreScene({ id: projectId, version });
          void message.success(t('revisions.restored', { version }));
          onRestored(r.version);
          void list.refetch();
        } finally {
          setBusy(null);
        }
      },
    });
  return (
    <Drawer open={open} onClose={onClose} title={t('revisions.title')} width={380} data-testid="revisions-drawer">
      {list.isLoading ? <Spin /> : null}
      {list.data && list.data.length === 0 ? <Empty description={t('revisions.none')} /> : null}
      <List
        dataSource={list.data ?? []}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button
                key="restore"
                size="small"
                disabled={r.version === current}
                loading={busy === r.version}
                onClick={() => restore(r.version)}
              >
                {t('revisions.restore')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  {t('revisions.version', { version: r.version })}{' '}
                  {r.version === current ? <Tag color="blue">{t('revisions.current')}</Tag> : null}
                  {r.published ? <Tag color="green">{t('revisions.published')}</Tag> : null}
                </span>
              }
              description={`${formatTime(r.created_at)} · ${r.author}${r.summary ? ` · ${r.summary}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
