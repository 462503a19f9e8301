import '../../../components/viewers/tour/tour.css';
import '../tour-editor.css';
import '../../../components/viewers/tour/tour-i18n';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  LoadingOutlined,
  RedoOutlined,
  SendOutlined,
  UndoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { parseTourDocument, type SceneDetails, type TourDocument, type TourHotspot } from '@xr/contract/scenes';
import { Alert, Button, Modal, Popconfirm, Result, Segmented, Space, Spin, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { fetchSceneDetails, saveScene, sceneKeys, submitScene } from '../../../components/api/scenes';
import { ShareButton } from '../../../components/share/share-button';
import { useFeedback } from '../../../lib/feedback';
import { HttpError } from '../../../lib/http';
import { projectMediaQuery } from '../api/project-media';
import { AddSceneDialog } from '../components/add-scene-dialog';
import { EditorPanorama, newId } from '../components/editor-panorama';
import { HotspotPanel } from '../components/hotspot-panel';
import { IssueList } from '../components/issue-list';
import { issuesAt } from '../components/issues';
import { RevisionsDrawer } from '../components/revisions-drawer';
import { SceneList } from '../components/scene-list';
import { ScenePanel } from '../components/scene-panel';
import { type Autosave, createAutosave } from '../store/autosave';
import {
  addScene,
  removeHotspot,
  removeScene,
  setStartScene,
  updateHotspot,
  updateScene,
  updateSettings,
} from '../store/commands';
import { createTourStore, emptyTour, type TourStore, useTourStore } from '../store/tour-store';

const TourViewer = lazy(() => import('../../../components/viewers/tour/tour-viewer'));

/** Code of "not found": the editor then starts from an empty tour as well. */
const NOT_FOUND = 40401;

interface Loaded {
  doc: TourDocument;
  version: number;
  details: SceneDetails | null;
}

/** The draft the creator edits: the saved one, or a new empty tour when the project has none yet. */
async function loadDraft(id: number, signal?: AbortSignal): Promise<Loaded> {
  try {
    const details = await fetchSceneDetails(id, undefined, signal);
    // A project without a document yet (a multimedia project may become either kind) starts as an empty tour.
    if (!details.document || details.version === 0) return { doc: emptyTour(), version: details.version, details };
    if (details.kind !== 'tour') throw new HttpError(0, 'not a tour');
    const parsed = parseTourDocument(details.document);
    if (!parsed.success) throw new HttpError(0, parsed.error.issues[0]?.message ?? 'invalid document');
    return { doc: parsed.data, version: details.version, details };
  } catch (e) {
    if (e instanceof HttpError && e.code === NOT_FOUND) return { doc: emptyTour(), version: 0, details: null };
    throw e;
  }
}

/**
 * /vrdata/tour-editor?id=: the creator's 360 tour editor. Scenes (add from the project's 360 uploads, reorder, start
 * scene and view), hotspots placed on the panorama and edited in the side panel, background sound, autosave with
 * its state, undo / redo (buttons and Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z), a preview that is the viewer, revisions,
 * submit for review, and a warning before leaving with unsaved changes.
 */
export default function TourEditorPage() {
  const { t } = useTranslation('tour');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const draft = useQuery({
    queryKey: ['tour-editor', 'draft', id],
    queryFn: ({ signal }) => loadDraft(id, signal),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  if (!valid) return <Result status="404" title={t('editor.noProject')} />;
  if (draft.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (draft.isError || !draft.data)
    return (
      <Result
        status="error"
        title={t('editor.loadFailed')}
        subTitle={draft.error?.message}
        extra={<Button onClick={() => void draft.refetch()}>{t('editor.retry')}</Button>}
      />
    );
  return <Editor projectId={id} loaded={draft.data} />;
}

function useAutosaveState(auto: Autosave) {
  return useSyncExternalStore(auto.subscribe, auto.getState);
}

function Editor({ projectId, loaded }: { projectId: number; loaded: Loaded }) {
  const { t } = useTranslation(['tour', 'common']);
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const store = useMemo<TourStore>(() => createTourStore(loaded.doc, loaded.version), [loaded]);
  const auto = useMemo(() => createAutosave(store, async (body) => saveScene({ id: projectId, ...body })), [store, projectId]);
  useEffect(() => () => auto.dispose(), [auto]);
  const save = useAutosaveState(auto);
  // After an upload the new file may not be listed at once (the server lists another file of a kind that already
  // has a ready one only once it is processed): keep asking until the list grows, for a few minutes at most.
  const [awaiting, setAwaiting] = useState<{ count: number; since: number } | null>(null);
  const media = useQuery({
    ...projectMediaQuery(projectId),
    refetchInterval: (q) => {
      const assets = q.state.data?.assets ?? [];
      if (assets.some((a) => !a.ready)) return 3000;
      if (awaiting && assets.length <= awaiting.count && Date.now() - awaiting.since < 300_000) return 2000;
      return false;
    },
  });
  // A save the server refused while a just-uploaded file was still being processed goes again once it is ready.
  const readyIds = (media.data?.assets ?? [])
    .filter((a) => a.ready)
    .map((a) => a.id)
    .join(',');
  useEffect(() => {
    if (readyIds && auto.getState().status === 'failed') void auto.flush();
  }, [readyIds, auto]);
  const mediaMap = useMemo(
    () => ({ ...(loaded.details?.media ?? {}), ...(media.data?.media ?? {}) }),
    [loaded.details, media.data],
  );
  const doc = useTourStore(store, (s) => s.doc);
  const version = useTourStore(store, (s) => s.version);
  const canUndo = useTourStore(store, (s) => s.past.length > 0);
  const canRedo = useTourStore(store, (s) => s.future.length > 0);
  const sceneId = useTourStore(store, (s) => s.selectedScene);
  const hotspotId = useTourStore(store, (s) => s.selectedHotspot);
  const dirty = useTourStore(store, (s) => s.revision !== s.savedRevision);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [adding, setAdding] = useState(false);
  const [revisions, setRevisions] = useState(false);
  const [videoTime, setVideoTime] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The draft version under review: submitting it again would change nothing, so the button rests until an edit.
  const review = loaded.details?.review;
  const [submittedVersion, setSubmittedVersion] = useState<number | null>(
    review?.state === 'pending' && review.submitted_version !== null ? review.submitted_version : null,
  );
  const underReview = submittedVersion !== null && submittedVersion === version && !dirty;
  const sceneIndex = doc.scenes.findIndex((s) => s.id === sceneId);
  const scene = doc.scenes[sceneIndex];
  const hotspotIndex = scene ? scene.hotspots.findIndex((h) => h.id === hotspotId) : -1;
  const hotspot = scene?.hotspots[hotspotIndex];
  const unsaved = dirty || save.status === 'saving' || save.status === 'pending';
  const refreshMedia = () => {
    setAwaiting({ count: media.data?.assets.length ?? 0, since: Date.now() });
    void qc.invalidateQueries({ queryKey: projectMediaQuery(projectId).queryKey });
  };

  // keyboard: undo / redo outside text fields (inside them the field's own undo applies)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || mode !== 'edit') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault();
        store.undo();
      } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
        e.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, mode]);

  // leaving with unsaved changes: the browser's own warning, and a confirmation inside the app
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!store.isDirty() && auto.getState().status === 'saved') return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [store, auto]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('editor.leaveTitle'),
      content: t('editor.leaveText'),
      okText: t('editor.leave'),
      cancelText: t('editor.stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  async function reload() {
    const next = await loadDraft(projectId);
    store.load(next.doc, next.version);
    await auto.flush();
  }

  async function submit() {
    setSubmitting(true);
    try {
      await auto.flush();
      const s = auto.getState().status;
      if (s !== 'saved') {
        void message.error(s === 'invalid' ? t('editor.fixFirst') : t('editor.saveFirst'));
        return;
      }
      await submitScene(projectId);
      setSubmittedVersion(store.getState().version);
      void message.success(t('editor.submitted'));
      void qc.invalidateQueries({ queryKey: sceneKeys.details(projectId) });
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  }

  const onHotspotChange = (next: TourHotspot, merge?: string) => {
    if (scene) store.run(updateHotspot(store.getState().doc, scene.id, next, merge));
  };

  const statusTag = {
    saved: (
      <Tag icon={<CheckCircleOutlined />} color="success">
        {t('save.saved')}
      </Tag>
    ),
    pending: (
      <Tag icon={<EditOutlined />} color="default">
        {t('save.pending')}
      </Tag>
    ),
    saving: (
      <Tag icon={<LoadingOutlined />} color="processing">
        {t('save.saving')}
      </Tag>
    ),
    failed: (
      <Tag icon={<CloseCircleOutlined />} color="error">
        {t('save.failed')}
      </Tag>
    ),
    invalid: (
      <Tag icon={<WarningOutlined />} color="warning">
        {t('save.invalid')}
      </Tag>
    ),
    conflict: (
      <Tag icon={<WarningOutlined />} color="error">
        {t('save.conflict')}
      </Tag>
    ),
  }[save.status];

  return (
    <div className="xr-tour-editor" data-testid="tour-editor" data-save={save.status} data-version={version}>
      <div className="xr-tour-editor__top">
        <Space wrap>
          <Link to="/vrdata/list">
            <ArrowLeftOutlined /> {t('editor.back')}
          </Link>
          <span data-testid="save-status" aria-live="polite">
            {statusTag}
          </span>
          {save.status === 'failed' ? (
            <Button size="small" onClick={() => void auto.flush()}>
              {t('save.retry')}
            </Button>
          ) : null}
        </Space>
        <Space wrap>
          <Tooltip title={t('editor.undoKey')}>
            <Button
              icon={<UndoOutlined />}
              disabled={!canUndo || mode !== 'edit'}
              onClick={() => store.undo()}
              data-testid="undo"
            >
              {t('editor.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={t('editor.redoKey')}>
            <Button
              icon={<RedoOutlined />}
              disabled={!canRedo || mode !== 'edit'}
              onClick={() => store.redo()}
              data-testid="redo"
            >
              {t('editor.redo')}
            </Button>
          </Tooltip>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'edit' | 'preview')}
            options={[
              { value: 'edit', label: t('editor.edit'), icon: <EditOutlined /> },
              { value: 'preview', label: t('editor.preview'), icon: <EyeOutlined />, disabled: doc.scenes.length === 0 },
            ]}
            data-testid="mode"
          />
          <Button icon={<HistoryOutlined />} onClick={() => setRevisions(true)} data-testid="open-revisions">
            {t('revisions.title')}
          </Button>
          <Suspense fallback={null}>
            <ShareButton projectId={projectId} />
          </Suspense>
          <Popconfirm
            title={t('editor.submitConfirm')}
            description={t('editor.submitConfirmHelp')}
            okText={t('editor.submit')}
            cancelText={t('common:cancel')}
            okButtonProps={{ ...{ 'data-testid': 'submit-tour-ok' } }}
            onConfirm={() => void submit()}
            disabled={doc.scenes.length === 0 || underReview || submitting}
          >
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={submitting}
              disabled={doc.scenes.length === 0 || underReview}
              data-testid="submit-tour"
            >
              {underReview ? t('editor.underReview') : t('editor.submit')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      {save.status === 'failed' && save.error ? (
        <Alert type="error" showIcon message={t('save.failedText', { error: save.error })} />
      ) : null}
      <IssueList doc={doc} issues={save.issues} onSelect={(sceneId, hotspotId) => store.select(sceneId, hotspotId)} />
      {mode === 'preview' ? (
        <Suspense fallback={<Spin />}>
          <TourViewer
            details={
              // the unsaved document with the project's media: the preview is the viewer itself
              {
                ...loaded.details,
                id: projectId,
                kind: 'tour',
                version,
                state: 'draft',
                document: doc,
                media: mediaMap,
                library: {},
                products: {},
              } as SceneDetails
            }
            document={doc}
            startScene={sceneId ?? undefined}
            height="min(70vh, 640px)"
          />
        </Suspense>
      ) : (
        <div className="xr-tour-editor__body">
          <SceneList store={store} media={mediaMap} issues={save.issues} onAdd={() => setAdding(true)} />
          <div className="xr-tour-editor__center">
            {doc.scenes.length === 0 ? (
              <Result
                status="info"
                title={t('editor.emptyTitle')}
                subTitle={t('editor.emptyText')}
                extra={
                  <Button type="primary" onClick={() => setAdding(true)}>
                    {t('editor.addScene')}
                  </Button>
                }
              />
            ) : (
              <EditorPanorama store={store} media={mediaMap} onTime={setVideoTime} />
            )}
          </div>
          <aside className="xr-tour-editor__side" aria-label={t('editor.properties')}>
            {scene && hotspot ? (
              <>
                <Button type="link" size="small" onClick={() => store.select(scene.id)} style={{ padding: 0 }}>
                  <ArrowLeftOutlined /> {t('editor.sceneProperties')}
                </Button>
                <HotspotPanel
                  key={hotspot.id}
                  hotspot={hotspot}
                  scene={scene}
                  doc={doc}
                  media={media.data}
                  projectId={projectId}
                  errors={issuesAt(save.issues, ['scenes', sceneIndex, 'hotspots', hotspotIndex])}
                  videoTime={videoTime}
                  onChange={onHotspotChange}
                  onDelete={() => store.run(removeHotspot(store.getState().doc, scene.id, hotspot.id))}
                  onUploaded={refreshMedia}
                />
              </>
            ) : scene ? (
              <ScenePanel
                key={scene.id}
                scene={scene}
                doc={doc}
                media={media.data}
                projectId={projectId}
                errors={issuesAt(save.issues, ['scenes', sceneIndex])}
                onChange={(patch) => store.run(updateScene(store.getState().doc, scene.id, patch))}
                onStart={() => store.run(setStartScene(store.getState().doc, scene.id))}
                onDelete={() => store.run(removeScene(store.getState().doc, scene.id))}
                onSettings={(patch) => store.run(updateSettings(store.getState().doc, patch))}
                onUploaded={refreshMedia}
              />
            ) : null}
          </aside>
        </div>
      )}
      <AddSceneDialog
        open={adding}
        projectId={projectId}
        media={media.data}
        onClose={() => setAdding(false)}
        onUploaded={refreshMedia}
        onPick={(a) => {
          const s = {
            id: newId('s'),
            name: {},
            media: { type: a.kind, asset_id: a.id },
            start_view: { yaw: 0, pitch: 0, zoom: 50 },
            background_audio: null,
            hotspots: [],
          };
          store.run(addScene(store.getState().doc, s));
          store.select(s.id);
          setAdding(false);
        }}
      />
      <RevisionsDrawer
        projectId={projectId}
        open={revisions}
        current={version}
        onClose={() => setRevisions(false)}
        onRestored={() => {
          setRevisions(false);
          void reload();
        }}
      />
      <Modal
        open={save.status === 'conflict'}
        title={t('conflict.title')}
        closable={false}
        maskClosable={false}
        footer={[
          <Button key="reload" onClick={() => void reload()} data-testid="conflict-reload">
            {t('conflict.reload')}
          </Button>,
          <Button key="force" type="primary" danger onClick={() => void auto.flush(true)} data-testid="conflict-overwrite">
            {t('conflict.overwrite')}
          </Button>,
        ]}
      >
        <p>{t('conflict.text')}</p>
      </Modal>
    </div>
  );
}
