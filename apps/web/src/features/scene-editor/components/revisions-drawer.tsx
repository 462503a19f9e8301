import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchSceneRevisions, restoreScene, sceneKeys } from '../../../components/api/scenes';
import { useDateTime } from '../../../lib/dates';

/** The document's saved versions, newest first; restoring one makes it the newest version (then reloaded). */
export function RevisionsDrawer({
  projectId,
  open,
  onClose,
  onRestored,
}: {
  projectId: number;
  open: boolean;
  onClose(): void;
  onRestored(version: number): void;
}) {
  const { t } = useTranslation('scene3d');
  const formatDateTime = useDateTime();
  const list = useQuery({
    queryKey: sceneKeys.revisions(projectId),
    queryFn: ({ signal }) => fetchSceneRevisions(projectId, signal),
    enabled: open,
  });
  const restore = useMutation({
    mutationFn: (version: number) => restoreScene({ id: projectId, version }),
    onSuccess: (r) => onRestored(r.version),
  });
  return (
    <Drawer open={open} onClose={onClose} title={t('revisions.title')} size="default" destroyOnHidden>
      <Spin spinning={list.isFetching}>
        {list.data && list.data.length === 0 ? (
          <Empty description={t('revisions.none')} />
        ) : (
          <List
            dataSource={list.data ?? []}
            renderItem={(r) => (
              <List.Item
                data-testid="revision"
                actions={[
                  <Popconfirm
                    key="restore"
                    title={t('revisions.confirm', { version: r.version })}
                    okText={t('revisions.restore')}
                    cancelText={t('cancel')}
                    onConfirm={() => restore.mutate(r.version)}
                  >
                    <Button size="small" loading={restore.isPending && restore.variables === r.version}>
                      {t('revisions.restore')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      v{r.version} {r.published && <Tag color="green">{t('revisions.published')}</Tag>}
                    </span>
                  }
                  description={
                    <Typography.Text type="secondary">
                      {formatDateTime(r.created_at)} · {r.author}
                      {r.summary ? ` · ${r.summary}` : ''}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Spin>
    </Drawer>
  );
}
