import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  SmileOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { AVATAR_MODEL_MAX_BYTES, type AvatarItem } from '@xr/contract/avatars';
import {
  Alert,
  Button,
  Card,
  Empty,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload as TusUpload } from 'tus-js-client';
import { useSession } from '../../../lib/auth/session';
import { useAvatarPage } from '../api/avatar-page';
import { useDelAvatar, useSetAvatarStatus } from '../api/avatar-status';
import { uploadAvatarModel } from '../api/upload-avatar-model';
import { AvatarEditor, startLookFor } from '../components/avatar-editor';
import { LibraryPicker } from '../components/library-picker';
import '../avatars.css';
import { useFeedback } from '../../../lib/feedback';

const AvatarStage = lazy(() => import('../components/avatar-stage'));

/** A card picture for a built-in figure without a stored preview: rendered in the browser (three.js, lazily). */
function LookPicture({ avatar }: { avatar: AvatarItem }) {
  const { t } = useTranslation('avatars');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!avatar.look) return;
    const look = avatar.look;
    import('../components/look-snapshot')
      .then(({ snapshotLook }) => {
        if (live) setSrc(snapshotLook(look));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [avatar.look]);
  return src ? (
    <img src={src} alt={avatar.name} />
  ) : (
    <SmileOutlined className="xr-avatar-card__none" aria-label={t('noPreview')} />
  );
}
const LIMIT = 12;

function AvatarCard({
  avatar,
  onEdit,
  onView,
}: {
  avatar: AvatarItem;
  onEdit(a: AvatarItem): void;
  onView(a: AvatarItem): void;
}) {
  const { t } = useTranslation('avatars');
  const { message } = useFeedback();
  const status = useSetAvatarStatus();
  const del = useDelAvatar();
  const inUse = avatar.status === 'in_use';
  const usable = avatar.kind === 'parametric' || avatar.model?.status === 'ready';
  const use = async () => {
    try {
      await status.mutateAsync({ id: avatar.id, status: 'in_use' });
      void message.success(t('nowInUse', { name: avatar.name }));
    } catch {
      // shown by the HTTP client
    }
  };
  const remove = async () => {
    try {
      await del.mutateAsync(avatar.id);
      void message.success(t('deleted'));
    } catch {
      // shown by the HTTP client
    }
  };
  const actions = [
    <Tooltip key="use" title={!inUse && !usable ? t('notReady') : undefined}>
      <Button
        type={inUse ? 'text' : 'link'}
        icon={<CheckOutlined />}
        disabled={inUse || !usable}
        loading={status.isPending}
        onClick={use}
        aria-label={inUse ? t('inUse') : t('use')}
        data-testid={`use-${avatar.id}`}
      >
        <span className="xr-avatar-card__label">{inUse ? t('inUse') : t('use')}</span>
      </Button>
    </Tooltip>,
    avatar.kind === 'parametric' ? (
      <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => onEdit(avatar)} aria-label={t('edit')}>
        <span className="xr-avatar-card__label">{t('edit')}</span>
      </Button>
    ) : (
      <Button
        key="view"
        type="link"
        icon={<EyeOutlined />}
        disabled={avatar.model?.status !== 'ready'}
        onClick={() => onView(avatar)}
        aria-label={t('view')}
      >
        <span className="xr-avatar-card__label">{t('view')}</span>
      </Button>
    ),
  ];
  if (!avatar.is_default) {
    actions.push(
      <Popconfirm
        key="delete"
        title={t('deleteConfirm', { name: avatar.name })}
        description={inUse ? t('deleteInUseNote') : undefined}
        okText={t('delete')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: del.isPending }}
        onConfirm={remove}
      >
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')}>
          <span className="xr-avatar-card__label">{t('delete')}</span>
        </Button>
      </Popconfirm>,
    );
  }
  return (
    <Card
      className={`xr-avatar-card${inUse ? ' xr-avatar-card--in-use' : ''}`}
      data-testid="avatar-card"
      cover={
        <div className="xr-avatar-card__cover">
          {avatar.preview ? (
            <img src={avatar.preview} alt={avatar.name} />
          ) : avatar.model?.status === 'processing' ? (
            <Progress type="circle" percent={avatar.model.progress} size={72} />
          ) : avatar.look ? (
            <LookPicture avatar={avatar} />
          ) : (
            <span className="xr-avatar-card__empty">{t('noPreview')}</span>
          )}
        </div>
      }
      actions={actions}
    >
      <Card.Meta
        title={
          <Space size={6} wrap>
            <span className="xr-avatar-card__name">{avatar.name}</span>
          </Space>
        }
        description={
          <Space size={4} wrap>
            <Tag color={inUse ? 'success' : 'default'} data-testid="avatar-status">
              {inUse ? t('status.in_use') : t('status.alternative')}
            </Tag>
            {avatar.is_default && <Tag color="blue">{t('default')}</Tag>}
            {avatar.library_model_id ? (
              <Tag color="purple">{t('fromLibrary')}</Tag>
            ) : (
              avatar.kind === 'model' && <Tag>{avatar.model?.format.toUpperCase()}</Tag>
            )}
            {avatar.model?.status === 'processing' && <Tag color="processing">{t('processing')}</Tag>}
          </Space>
        }
      />
      {avatar.model?.status === 'failed' && (
        <Alert className="xr-avatar-card__error" type="error" showIcon message={t('refused')} description={avatar.model.error} />
      )}
    </Card>
  );
}

/** /avatar-list ("My Avatar"): my avatars as cards; create and edit built-in figures, upload GLB / VRM models. */
export default function AvatarListPage() {
  const { t } = useTranslation('avatars');
  const { message } = useFeedback();
  const { user } = useSession();
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const list = useAvatarPage(paging);
  const [editing, setEditing] = useState<{ avatar: AvatarItem | null } | null>(null);
  const [viewing, setViewing] = useState<AvatarItem | null>(null);
  const [picking, setPicking] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number; error: string | null } | null>(null);
  const tus = useRef<TusUpload | null>(null);
  const startLook = useMemo(() => startLookFor(user?.id), [user?.id]);
  const data = list.data;
  const full = data ? data.allowance !== null && data.custom_count >= data.allowance : false;

  const startUpload = (file: File) => {
    if (!/\.(glb|vrm)$/i.test(file.name)) {
      void message.error(t('uploadTypes'));
      return false;
    }
    if (file.size > AVATAR_MODEL_MAX_BYTES) {
      void message.error(t('uploadTooLarge', { mb: AVATAR_MODEL_MAX_BYTES / 1024 / 1024 }));
      return false;
    }
    setUpload({ name: file.name, percent: 0, error: null });
    tus.current = uploadAvatarModel(file, {
      onProgress: (percent) => setUpload((u) => (u ? { ...u, percent } : u)),
      onSuccess: () => {
        setUpload(null);
        void message.success(t('uploaded'));
        void list.refetch();
      },
      onError: (error) => setUpload((u) => (u ? { ...u, error: error ?? t('uploadFailed') } : u)),
    });
    return false;
  };

  return (
    <div className="xr-avatar-page">
      <div className="xr-avatar-page__head">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="avatar-allowance">
            {data
              ? data.allowance === null
                ? t('allowanceUnlimited', { count: data.custom_count })
                : t('allowance', { count: data.custom_count, limit: data.allowance })
              : ' '}
          </Typography.Text>
        </div>
        <Space wrap>
          <Tooltip title={full ? t('full') : undefined}>
            <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing({ avatar: null })}>
              {t('create')}
            </Button>
          </Tooltip>
          <Button icon={<TeamOutlined />} onClick={() => setPicking(true)}>
            {t('fromLibraryButton')}
          </Button>
          <Upload accept=".glb,.vrm" showUploadList={false} beforeUpload={startUpload} disabled={full || !!upload}>
            <Button icon={<UploadOutlined />} disabled={full || (!!upload && !upload.error)}>
              {t('upload')}
            </Button>
          </Upload>
        </Space>
      </div>
      <Typography.Paragraph type="secondary" className="xr-avatar-page__note">
        {t('budgetNote')}
      </Typography.Paragraph>
      {upload && (
        <Card size="small" className="xr-avatar-upload">
          <Space direction="vertical" style={{ width: '100%' }}>
            <span>{t('uploading', { name: upload.name })}</span>
            <Progress percent={upload.percent} status={upload.error ? 'exception' : 'active'} />
            {upload.error && (
              <Alert
                type="error"
                showIcon
                message={upload.error}
                action={
                  <Button size="small" onClick={() => setUpload(null)}>
                    {t('close')}
                  </Button>
                }
              />
            )}
          </Space>
        </Card>
      )}
      {list.isLoading ? (
        <div className="xr-avatar-grid">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton active />
            </Card>
          ))}
        </div>
      ) : !data || data.list.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <>
          <div className="xr-avatar-grid" data-testid="avatar-grid">
            {data.list.map((a) => (
              <AvatarCard key={a.id} avatar={a} onEdit={(avatar) => setEditing({ avatar })} onView={setViewing} />
            ))}
          </div>
          {data.total > paging.limit && (
            <Pagination
              className="xr-avatar-page__pager"
              current={paging.page}
              pageSize={paging.limit}
              total={data.total}
              onChange={(page) => setPaging((p) => ({ ...p, page }))}
            />
          )}
        </>
      )}
      <LibraryPicker
        open={picking}
        inUseId={data?.list.find((a) => a.status === 'in_use')?.id ?? null}
        onClose={() => setPicking(false)}
      />
      <AvatarEditor open={!!editing} avatar={editing?.avatar ?? null} startLook={startLook} onClose={() => setEditing(null)} />
      <Modal open={!!viewing} title={viewing?.name} footer={null} onCancel={() => setViewing(null)} destroyOnHidden width={640}>
        {viewing?.model?.url && (
          <Suspense fallback={<Skeleton active />}>
            <AvatarStage
              model={{ url: viewing.model.url, format: viewing.model.format }}
              height={420}
              onError={() => void message.error(t('loadFailed'))}
            />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}
