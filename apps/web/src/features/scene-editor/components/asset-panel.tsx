import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryCategory, LibraryModel } from '@xr/contract/library';
import { Alert, Button, Empty, Input, Pagination, Progress, Segmented, Select, Spin, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload as TusUpload } from 'tus-js-client';
import { categoryListQuery, librarySummaryQuery, modelPageQuery } from '../../../components/api/library';
import { ModelPicker } from '../../../components/upload/model-picker';
import { createTusUpload } from '../../../components/upload/tus-upload';
import { projectAssetsKey, useProjectAssets } from '../api/project-assets';
import { CreditButton, LibraryCounts, VariantPicker } from './library-variants';
import { DRAG_TYPE } from './viewport';

/** What is added to the scene from the asset panel (also what a drag carries). */
export type DragAsset =
  | { from: 'library'; item: LibraryModel; as: 'model' | 'npc' }
  | { from: 'upload'; assetId: number; name: string; model: string; thumbnail?: string; as: 'model' | 'npc' };

const PAGE = 24;

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function AssetCard({
  title,
  thumbnail,
  meta,
  asset,
  character,
  extra,
  onAdd,
}: {
  title: string;
  thumbnail?: string;
  meta?: string;
  asset: DragAsset;
  character?: boolean;
  /** More actions (a library model's variant picker and credit). */
  extra?: ReactNode;
  onAdd(a: DragAsset): void;
}) {
  const { t } = useTranslation('scene3d');
  return (
    <div
      className="xr-editor__asset"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(asset));
        e.dataTransfer.effectAllowed = 'copy';
      }}
      data-testid="asset-card"
    >
      <button type="button" className="xr-editor__asset-thumb" onClick={() => onAdd(asset)} title={t('assets.addHint')}>
        {thumbnail ? <img src={thumbnail} alt="" loading="lazy" draggable={false} /> : <span>3D</span>}
      </button>
      <Typography.Text className="xr-editor__asset-name" ellipsis={{ tooltip: title }}>
        {title}
      </Typography.Text>
      <div className="xr-editor__asset-actions">
        {meta && <span className="xr-editor__asset-meta">{meta}</span>}
        {extra}
        {character && (
          <Tooltip title={t('assets.asNpc')}>
            <Button
              size="small"
              type="text"
              icon={<UserOutlined />}
              aria-label={`${t('assets.asNpc')} ${title}`}
              onClick={() => onAdd({ ...asset, as: 'npc' })}
            />
          </Tooltip>
        )}
        <Tooltip title={t('assets.add')}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={`${t('assets.add')} ${title}`}
            onClick={() => onAdd(asset)}
          />
        </Tooltip>
      </div>
    </div>
  );
}

/** A library model as it is added: a character as an NPC (the card's + adds it as a model too). */
const libraryAsset = (item: LibraryModel): DragAsset => ({
  from: 'library',
  item,
  as: item.kind === 'character' ? 'npc' : 'model',
});

/**
 * The platform library: search, category, characters only, paged thumbnails, one card per model with its variants
 * (colours, sizes) in a picker and an imported model's credit.
 */
function LibraryTab({ onAdd }: { onAdd(a: DragAsset): void }) {
  const { t } = useTranslation('scene3d');
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<LibraryCategory>();
  const [kind, setKind] = useState<'all' | 'character'>('all');
  const [page, setPage] = useState(1);
  const categories = useQuery(categoryListQuery());
  const summary = useQuery(librarySummaryQuery());
  const list = useQuery(
    modelPageQuery({
      page,
      limit: PAGE,
      keyword: keyword || undefined,
      category,
      kind: kind === 'all' ? undefined : kind,
      grouped: true,
    }),
  );
  return (
    <div className="xr-editor__assets-tab">
      <Input.Search
        allowClear
        placeholder={t('assets.search')}
        aria-label={t('assets.search')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <div className="xr-editor__row">
        <Select
          allowClear
          size="small"
          placeholder={t('assets.category')}
          aria-label={t('assets.category')}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 0 }}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))}
        />
        <Segmented<'all' | 'character'>
          size="small"
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('assets.all') },
            { value: 'character', label: t('assets.characters') },
          ]}
        />
      </div>
      {summary.data && <LibraryCounts models={summary.data.models} variants={summary.data.variants} />}
      {list.isError && <Alert type="error" showIcon title={t('assets.libraryFailed')} />}
      <Spin spinning={list.isFetching}>
        {list.data && list.data.list.length === 0 ? (
          <Empty description={t('assets.none')} />
        ) : (
          <div className="xr-editor__asset-grid">
            {(list.data?.list ?? []).map((item) => (
              <AssetCard
                key={item.id}
                title={item.name}
                thumbnail={item.thumbnail}
                meta={
                  item.variants > 1 ? undefined : item.triangles ? t('assets.triangles', { count: item.triangles }) : undefined
                }
                asset={libraryAsset(item)}
                character={item.kind === 'character'}
                extra={
                  <>
                    {item.variants > 1 && <VariantPicker model={item} onPick={(v) => onAdd(libraryAsset(v))} />}
                    <CreditButton model={item} />
                  </>
                }
                onAdd={onAdd}
              />
            ))}
          </div>
        )}
      </Spin>
      {(list.data?.total ?? 0) > PAGE && (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={PAGE}
          total={list.data?.total ?? 0}
          onChange={setPage}
          className="xr-editor__pager"
        />
      )}
    </div>
  );
}

/** Uploads another model into the project (tus, kind model3d, never replacing the project's content). */
function ModelUpload({
  projectId,
  statusOf,
  onDone,
}: {
  projectId: number;
  /** The processing state of a project file, once listed. */
  statusOf(assetId: number): string | undefined;
  onDone(): void;
}) {
  const { t } = useTranslation('scene3d');
  const upload = useRef<TusUpload | null>(null);
  const [state, setState] = useState<{
    name: string;
    sent: number;
    total: number;
    error: string | null;
    done: boolean;
    assetId: number | null;
  } | null>(null);
  // The upload's line says "being processed" only until its model is processed (its card then shows) or failed.
  const processed = state?.done && state.assetId !== null ? statusOf(state.assetId) : undefined;
  useEffect(() => {
    if (processed === 'ready') setState(null);
  }, [processed]);
  useEffect(() => () => void upload.current?.abort(), []);
  const start = (file: File) => {
    upload.current?.abort();
    setState({ name: file.name, sent: 0, total: file.size, error: null, done: false, assetId: null });
    const u = createTusUpload(
      file,
      'model3d',
      {
        onProgress: (sent, total) => setState((s) => (s ? { ...s, sent, total } : s)),
        onSuccess: (_url, assetId) => {
          setState((s) => (s ? { ...s, sent: s.total, done: true, assetId } : s));
          onDone();
        },
        onError: (message) => setState((s) => (s ? { ...s, error: message ?? t('assets.uploadFailed') } : s)),
      },
      projectId,
      false,
    );
    upload.current = u;
    void u.findPreviousUploads().then((prev) => {
      if (prev[0]) u.resumeFromPreviousUpload(prev[0]);
      u.start();
    });
  };
  const busy = !!state && !state.done && !state.error;
  return (
    <div className="xr-editor__upload">
      <ModelPicker onFile={start} disabled={busy} label={t('common:upload.model3d')} block />
      {state && (
        <>
          <Typography.Text ellipsis className="xr-editor__upload-name">
            {state.name}
          </Typography.Text>
          <Progress
            percent={state.total ? Math.floor((state.sent / state.total) * 100) : 0}
            status={state.error ? 'exception' : state.done ? 'success' : 'active'}
            size="small"
            aria-label={t('assets.uploadProgress')}
          />
          {state.done && processed !== 'failed' && (
            <Typography.Text type="secondary" data-testid="upload-processing">
              {t('assets.processing')}
            </Typography.Text>
          )}
          {processed === 'failed' && <Alert type="error" showIcon title={t('assets.status.failed')} />}
        </>
      )}
      {state?.error && <Alert type="error" showIcon title={state.error} />}
    </div>
  );
}

/** The creator's own models of this project: processed ones can be added; others show their state. */
function UploadsTab({ projectId, onAdd }: { projectId: number; onAdd(a: DragAsset): void }) {
  const { t } = useTranslation('scene3d');
  const client = useQueryClient();
  const { status, content } = useProjectAssets(projectId);
  const models = (status.data?.assets ?? []).filter((a) => a.kind === 'model3d');
  const outputs = new Map((content.data?.assets ?? []).map((a) => [a.id, a]));
  return (
    <div className="xr-editor__assets-tab">
      <ModelUpload
        projectId={projectId}
        statusOf={(id) => status.data?.assets.find((a) => a.id === id)?.status}
        onDone={() => void client.invalidateQueries({ queryKey: projectAssetsKey(projectId) })}
      />
      {models.length === 0 ? (
        <Empty description={t('assets.noUploads')} />
      ) : (
        <div className="xr-editor__asset-grid">
          {models.map((a) => {
            const out = outputs.get(a.id);
            // The processed GLB is the output the contract names `model`.
            const model = out?.outputs.model;
            if (a.status !== 'ready' || !model)
              return (
                <div key={a.id} className="xr-editor__asset xr-editor__asset--pending" data-testid="asset-pending">
                  <div className="xr-editor__asset-thumb">{a.status === 'failed' ? <span>!</span> : <Spin size="small" />}</div>
                  <Typography.Text className="xr-editor__asset-name" ellipsis={{ tooltip: a.filename }}>
                    {a.filename}
                  </Typography.Text>
                  <Tag color={a.status === 'failed' ? 'error' : 'processing'}>{t(`assets.status.${a.status}`)}</Tag>
                </div>
              );
            return (
              <AssetCard
                key={a.id}
                title={a.filename}
                thumbnail={out.outputs.thumbnail}
                meta={formatBytes(a.bytes)}
                asset={{ from: 'upload', assetId: a.id, name: a.filename, model, thumbnail: out.outputs.thumbnail, as: 'model' }}
                character
                onAdd={onAdd}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The asset panel: the model library and the project's own models; click or drag into the viewport to add. */
export function AssetPanel({ projectId, onAdd }: { projectId: number; onAdd(a: DragAsset): void }) {
  // the library namespace (credits) loads with the panel, not when the first card renders
  const { t } = useTranslation(['scene3d', 'library']);
  const [tab, setTab] = useState<'library' | 'uploads'>('library');
  return (
    <div className="xr-editor__assets" data-testid="asset-panel">
      <Segmented<'library' | 'uploads'>
        block
        value={tab}
        onChange={setTab}
        options={[
          { value: 'library', label: t('assets.library') },
          { value: 'uploads', label: t('assets.uploads') },
        ]}
      />
      {tab === 'library' ? <LibraryTab onAdd={onAdd} /> : <UploadsTab projectId={projectId} onAdd={onAdd} />}
    </div>
  );
}
