import { CheckOutlined } from '@ant-design/icons';
import { AVATAR_BUDGET, type LibraryAvatar } from '@xr/contract/avatars';
import { Button, Card, Empty, Modal, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useLibraryAvatarPage, useUseLibraryAvatar } from '../api/library-avatars';

const LIMIT = 12;

/** The avatar budget's figures as the messages show them. */
const BUDGET = {
  triangles: AVATAR_BUDGET.triangles.toLocaleString('en'),
  textures: AVATAR_BUDGET.textures,
  textureSize: AVATAR_BUDGET.textureSize,
  bones: AVATAR_BUDGET.bones,
};

/**
 * The library's rigged characters (imported packs' animated figures) to take as avatar: picture, name and clips; Use
 * makes the avatar once and puts it in use. `inUseId` is the avatar in use, so its character shows as in use. Only
 * characters within the avatar budget are offered (the server leaves the others out); how many were left out is said
 * under the list, and an empty list says whether the library has no character or none light enough.
 */
export function LibraryPicker({ open, inUseId, onClose }: { open: boolean; inUseId: number | null; onClose(): void }) {
  const { t } = useTranslation('avatars');
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const list = useLibraryAvatarPage({ page, limit: LIMIT }, open);
  const use = useUseLibraryAvatar();
  const data = list.data;
  const choose = async (c: LibraryAvatar) => {
    try {
      await use.mutateAsync(c.model_id);
      void message.success(t('nowInUse', { name: c.name }));
      onClose();
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <Modal open={open} title={t('libraryTitle')} footer={null} onCancel={onClose} destroyOnHidden width={760}>
      {list.isLoading ? (
        <Skeleton active />
      ) : !data || data.list.length === 0 ? (
        <Empty
          description={data?.over_budget ? t('libraryNoneFits', { count: data.over_budget, ...BUDGET }) : t('libraryEmpty')}
          data-testid="library-empty"
        />
      ) : (
        <>
          <div className="xr-avatar-grid" data-testid="library-avatars">
            {data.list.map((c) => {
              const inUse = c.avatar_id !== null && c.avatar_id === inUseId;
              return (
                <Card
                  key={c.model_id}
                  size="small"
                  className={`xr-avatar-card${inUse ? ' xr-avatar-card--in-use' : ''}`}
                  data-testid="library-avatar"
                  cover={
                    <div className="xr-avatar-card__cover">
                      <img src={c.thumbnail} alt={c.name} />
                    </div>
                  }
                  actions={[
                    <Button
                      key="use"
                      type={inUse ? 'text' : 'link'}
                      icon={<CheckOutlined />}
                      disabled={inUse}
                      loading={use.isPending && use.variables === c.model_id}
                      onClick={() => void choose(c)}
                      data-testid={`use-library-${c.model_id}`}
                    >
                      {inUse ? t('inUse') : t('use')}
                    </Button>,
                  ]}
                >
                  <Card.Meta
                    title={<span className="xr-avatar-card__name">{c.name}</span>}
                    description={<Tag>{t('clips', { count: c.clips.length })}</Tag>}
                  />
                </Card>
              );
            })}
          </div>
          {data.total > LIMIT && (
            <Pagination className="xr-avatar-page__pager" current={page} pageSize={LIMIT} total={data.total} onChange={setPage} />
          )}
          {data.over_budget > 0 && (
            <Typography.Paragraph type="secondary" className="xr-avatar-page__left-out" data-testid="library-left-out">
              {t('libraryLeftOut', { count: data.over_budget })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Modal>
  );
}
