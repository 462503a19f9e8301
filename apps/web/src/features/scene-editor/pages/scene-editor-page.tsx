import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@xr/contract/errors';
import {
  emptySceneDocument,
  type ModelSource,
  parseSceneDocument,
  type SceneDetails,
  type SceneObject,
  sceneDocument,
  type Vec3,
} from '@xr/contract/scenes';
import { Alert, Button, Card, Modal, Result, Spin, Tabs } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router';
import { fetchSceneDetails, saveScene, sceneKeys, submitScene } from '../../../components/api/scenes';
import { ShareButton } from '../../../components/share/share-button';
import { boundsOf } from '../../../components/viewers/scene3d/camera-fit';
import { feedback } from '../../../lib/feedback';
import { HttpError } from '../../../lib/http';
import { useProjectAssets } from '../api/project-assets';
import { AssetPanel, type DragAsset } from '../components/asset-panel';
import { createRuntime, EditorContext, type EditorContextValue } from '../components/editor-context';
import { type AddKind, EditorToolbar } from '../components/editor-toolbar';
import { Inspector } from '../components/inspector';
import { OutlineTree } from '../components/outline-tree';
import { measureNow, PerformancePanel } from '../components/performance-panel';
import { RevisionsDrawer } from '../components/revisions-drawer';
import { SettingsPanel } from '../components/settings-panel';
import { Viewport } from '../components/viewport';
import { BUDGETS, heaviest, overBudget } from '../perf';
import { addObjects, freeSpot, newId } from '../store/commands';
import { createEditorStore, type EditorStore, emptySceneDetails, isDirty, useEditor } from '../store/editor-store';
import '../scene-editor.css';

const SceneViewer = lazy(() => import('../../../components/viewers/scene3d/scene-viewer'));

const AUTOSAVE_MS = 1500;

/** The creator's draft: the saved one, or a new empty scene when the project has none yet (an empty draft). */
async function loadDetails(id: number, signal?: AbortSignal): Promise<SceneDetails> {
  try {
    const details = await fetchSceneDetails(id, undefined, signal);
    // A project without a document yet (a multimedia project may become either kind) starts as an empty scene.
    return details.document === null || details.document === undefined ? { ...details, kind: 'scene' } : details;
  } catch (e) {
    if (e instanceof HttpError && e.code === ErrorCode.NOT_FOUND) return emptySceneDetails(id);
    throw e;
  }
}

/** The document of a details reply: a new empty scene when the project has none yet. */
function documentOf(details: SceneDetails) {
  if (details.document === null || details.document === undefined) return { ok: true as const, doc: emptySceneDocument() };
  const r = parseSceneDocument(details.document);
  return r.success ? { ok: true as const, doc: r.data } : { ok: false as const };
}

/** Saves the store's document (validated first); a conflict opens the reload-or-overwrite dialog. */
async function saveNow(store: EditorStore, force = false): Promise<boolean> {
  const s = store.getState();
  const doc = s.validate();
  if (!doc) {
    s.markFailed('invalid', null);
    return false;
  }
  const seq = s.markSaving();
  try {
    const r = await saveScene({ id: s.projectId, base_version: s.version, document: doc, force: force || undefined });
    store.getState().markSaved(r.version, seq);
    return true;
  } catch (e) {
    const conflict = e instanceof HttpError && e.code === ErrorCode.SCENE_VERSION_CONFLICT;
    store.getState().markFailed(conflict ? 'conflict' : 'failed', e instanceof Error ? e.message : null);
    return false;
  }
}

function EditorBody({ value, onReload }: { value: EditorContextValue; onReload(): Promise<void> }) {
  const { t } = useTranslation('scene3d');
  const { store, runtime } = value;
  const projectId = useEditor(store, (s) => s.projectId);
  const saveState = useEditor(store, (s) => s.saveState);
  const dirty = useEditor(store, isDirty);
  const issues = useEditor(store, (s) => s.issues);
  const [leftTab, setLeftTab] = useState('assets');
  const [rightTab, setRightTab] = useState('inspector');
  const [preview, setPreview] = useState(false);
  const [revisions, setRevisions] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The draft version under review: submitting it again would change nothing, so the button rests until an edit.
  const version = useEditor(store, (s) => s.version);
  const [submittedVersion, setSubmittedVersion] = useState<number | null>(() => {
    const review = store.getState().details.review;
    return review?.state === 'pending' ? review.submitted_version : null;
  });
  const underReview = submittedVersion !== null && submittedVersion === version && !dirty;

  // Autosave: a change is saved AUTOSAVE_MS after the last one (never while saving or in conflict).
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.changeSeq === prev.changeSeq) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const now = store.getState();
        if (isDirty(now) && now.saveState !== 'saving' && now.saveState !== 'conflict') void saveNow(store);
      }, AUTOSAVE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [store]);

  // A save the server refused while a just-uploaded file was still being processed goes again once it is ready.
  const { status: assetStatus } = useProjectAssets(projectId);
  const readyIds = (assetStatus.data?.assets ?? [])
    .filter((a) => a.status === 'ready')
    .map((a) => a.id)
    .join(',');
  useEffect(() => {
    const now = store.getState();
    if (readyIds && now.saveState === 'failed' && isDirty(now)) void saveNow(store);
  }, [readyIds, store]);

  // Selecting an object shows its properties.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.selection !== prev.selection && s.selection.length === 1) setRightTab('inspector');
      }),
    [store],
  );

  // Leaving with unsaved changes asks first (in-app navigation and closing the tab).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  // One question per blocked navigation (the blocker object changes on every render).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    feedback.confirm({
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.ok'),
      cancelText: t('cancel'),
      onOk: () => {
        asking.current = false;
        blockerRef.current.proceed?.();
      },
      onCancel: () => {
        asking.current = false;
        blockerRef.current.reset?.();
      },
    });
  }, [blocker.state, t]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!isDirty(store.getState())) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);

  // Keyboard shortcuts (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], .ant-select, .ant-modal')) return;
      const s = store.getState();
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      let handled = true;
      if (ctrl && key === 'z' && !e.shiftKey) s.undo();
      else if (ctrl && (key === 'y' || (key === 'z' && e.shiftKey))) s.redo();
      else if (ctrl && key === 'd') s.duplicateSelection();
      else if (ctrl && key === 'g') s.groupSelection(t('type.group'));
      else if (ctrl && key === 's') void saveNow(store);
      else if (ctrl) handled = false;
      else if (key === 'w') s.setGizmo('translate');
      else if (key === 'e') s.setGizmo('rotate');
      else if (key === 'r') s.setGizmo('scale');
      else if (key === 'f') runtime.focus();
      else if (key === 'delete' || key === 'backspace') s.deleteSelection();
      else if (key === 'escape') s.tool ? s.setTool(null) : s.select([]);
      else handled = false;
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, runtime, t]);

  /** Where a click-added object goes: the point the camera looks at on the floor, or the origin. */
  const placeFor = (): Vec3 => {
    const cam = runtime.camera;
    const el = runtime.gl?.domElement;
    // the drawn size of what is there already: a big model keeps new objects further away
    const footprint = (id: string) => {
      const o = runtime.objects.get(id);
      if (!o) return undefined;
      const b = boundsOf(o);
      return b.isEmpty() ? undefined : Math.hypot(b.max.x - b.min.x, b.max.z - b.min.z) / 2;
    };
    if (!cam || !el) return freeSpot(store.getState().doc, [0, 0, 0], 1.5, footprint);
    const r = el.getBoundingClientRect();
    const p = runtime.floorPoint(r.left + r.width / 2, r.top + r.height / 2);
    const centre: Vec3 = p && Math.hypot(p.x, p.z) < 200 ? [Math.round(p.x * 4) / 4, 0, Math.round(p.z * 4) / 4] : [0, 0, 0];
    return freeSpot(store.getState().doc, centre, 1.5, footprint);
  };

  const addAsset = (a: DragAsset, at?: Vec3) => {
    const s = store.getState();
    const position = at ?? placeFor();
    let source: ModelSource;
    let name: string;
    let clips: string[] = [];
    if (a.from === 'library') {
      source = { library_id: a.item.id };
      name = a.item.name;
      clips = a.item.clips ?? [];
      s.addMedia(
        'library',
        {
          id: a.item.id,
          kind: 'model3d',
          status: 'ready',
          urls: { model: a.item.url, thumbnail: a.item.thumbnail },
          tiles: null,
          clips,
        },
        { name: a.item.name, triangles: a.item.triangles, bytes: a.item.bytes, kind: a.item.kind },
      );
    } else {
      source = { asset_id: a.assetId };
      name = a.name.replace(/\.[^.]+$/, '');
      clips = s.details.media[String(a.assetId)]?.clips ?? [];
      s.addMedia(
        'media',
        {
          id: a.assetId,
          kind: 'model3d',
          status: 'ready',
          urls: { model: a.model, ...(a.thumbnail ? { thumbnail: a.thumbnail } : {}) },
          tiles: null,
          clips,
        },
        { name },
      );
    }
    const transform = { position, rotation: [0, 0, 0] as Vec3, scale: [1, 1, 1] as Vec3 };
    const base = { name: name.slice(0, 100), parent: null, transform, locked: false, hidden: false };
    const clip = (want: string, fallback: string) => clips.find((c) => c.toLowerCase().includes(want)) ?? fallback;
    const obj: SceneObject =
      a.as === 'npc'
        ? {
            ...base,
            id: newId('npc', s.doc),
            type: 'npc',
            source,
            display_name: {},
            walk_clip: clip('walk', 'walk'),
            idle_clip: clip('idle', 'idle'),
            steps: [],
          }
        : { ...base, id: newId('model', s.doc), type: 'model', source, cast_shadow: true };
    s.exec(addObjects([obj]));
    s.select([obj.id]);
  };

  const addKind = (k: AddKind) => {
    const s = store.getState();
    const position = placeFor();
    const transform = { position, rotation: [0, 0, 0] as Vec3, scale: [1, 1, 1] as Vec3 };
    let obj: SceneObject;
    if (k.type === 'group') {
      obj = {
        id: newId('group', s.doc),
        type: 'group',
        name: t('type.group'),
        parent: null,
        transform,
        locked: false,
        hidden: false,
      };
    } else if (k.type === 'light') {
      const parsed = sceneDocument.parse({
        schema_version: 1,
        kind: 'scene',
        objects: [
          {
            id: newId('light', s.doc),
            type: 'light',
            name: t(`light.kinds.${k.kind}`),
            transform: { ...transform, position: [position[0], k.kind === 'ambient' ? 0 : 4, position[2]] },
            light: {
              kind: k.kind,
              cast_shadow: k.kind === 'directional',
              intensity: k.kind === 'point' || k.kind === 'spot' ? 20 : 1,
            },
          },
        ],
      });
      obj = parsed.objects[0]!;
    } else {
      const id = newId('hotspot', s.doc);
      const icon = ({ video: 'play', audio: 'audio', image: 'image', link: 'link', text: 'info', product: 'cart' } as const)[
        k.kind
      ];
      obj = {
        id,
        type: 'hotspot',
        name: t(`kind.${k.kind}`),
        parent: null,
        transform: { ...transform, position: [position[0], 1.5, position[2]] },
        locked: false,
        hidden: false,
        // Media, link and product start without their target: validation points at the field until it is chosen.
        hotspot: { id, kind: k.kind, title: {}, text: {}, icon, size: 40 } as Extract<
          SceneObject,
          { type: 'hotspot' }
        >['hotspot'],
      };
    }
    s.exec(addObjects([obj]));
    s.select([obj.id]);
  };

  const onDropAsset = (data: string, point: Vec3) => {
    try {
      addAsset(JSON.parse(data) as DragAsset, point);
    } catch {
      // not an asset of ours
    }
  };

  const submit = async () => {
    const s = store.getState();
    if (!s.validate()) {
      feedback.error(t('issues.fix'));
      return;
    }
    if (isDirty(s) && !(await saveNow(store))) return;
    const weight = measureNow(store.getState(), runtime);
    const over = [...new Set([...overBudget(weight, BUDGETS.phone), ...overBudget(weight, BUDGETS.headset)])];
    const send = async () => {
      setSubmitting(true);
      try {
        await submitScene(projectId);
        setSubmittedVersion(store.getState().version);
        feedback.success(t('submit.done'));
      } finally {
        setSubmitting(false);
      }
    };
    if (!over.length) {
      feedback.confirm({
        title: t('submit.confirmTitle'),
        content: t('submit.confirmText'),
        okText: t('submit.button'),
        cancelText: t('cancel'),
        onOk: send,
      });
      return;
    }
    feedback.confirm({
      title: t('submit.overTitle'),
      content: (
        <div data-testid="overweight">
          <p>{t('submit.over', { figures: over.map((k) => t(`perf.${k}`)).join(', ') })}</p>
          <p>
            {t('submit.heaviest')}:{' '}
            {heaviest(weight)
              .map((o) => o.name)
              .join(', ')}
          </p>
        </div>
      ),
      okText: t('submit.anyway'),
      cancelText: t('cancel'),
      onOk: send,
    });
  };

  const previewDoc = preview ? store.getState().doc : null;
  const previewDetails = preview ? store.getState().details : null;
  return (
    <EditorContext.Provider value={value}>
      <div className="xr-editor" data-testid="scene-editor">
        <EditorToolbar
          onAdd={addKind}
          onSave={() => void saveNow(store)}
          onPreview={() => setPreview(true)}
          onRevisions={() => setRevisions(true)}
          share={
            <Suspense fallback={null}>
              <ShareButton projectId={projectId} />
            </Suspense>
          }
          onSubmit={() => void submit()}
          submitting={submitting}
          underReview={underReview}
        />
        {issues.length > 0 && (
          <Alert type="error" showIcon title={t('issues.summary', { count: issues.length })} className="xr-editor__alert" />
        )}
        <div className="xr-editor__main">
          <aside className="xr-editor__side xr-editor__side--left">
            <Tabs
              size="small"
              activeKey={leftTab}
              onChange={setLeftTab}
              items={[
                {
                  key: 'assets',
                  label: t('assets.title'),
                  children: <AssetPanel projectId={projectId} onAdd={(a) => addAsset(a)} />,
                },
                { key: 'outline', label: t('outline.title'), children: <OutlineTree /> },
              ]}
            />
          </aside>
          <Viewport onDropAsset={onDropAsset} label={t('viewport')} />
          <aside className="xr-editor__side xr-editor__side--right">
            <Tabs
              size="small"
              activeKey={rightTab}
              onChange={setRightTab}
              items={[
                { key: 'inspector', label: t('inspector.title'), children: <Inspector /> },
                { key: 'settings', label: t('settings.title'), children: <SettingsPanel /> },
                { key: 'perf', label: t('perf.title'), children: rightTab === 'perf' ? <PerformancePanel /> : null },
              ]}
            />
          </aside>
        </div>
      </div>
      <Modal
        open={saveState === 'conflict'}
        title={t('conflict.title')}
        closable={false}
        maskClosable={false}
        footer={[
          <Button key="reload" onClick={() => void onReload()}>
            {t('conflict.reload')}
          </Button>,
          <Button key="overwrite" type="primary" danger onClick={() => void saveNow(store, true)}>
            {t('conflict.overwrite')}
          </Button>,
        ]}
      >
        {t('conflict.content')}
      </Modal>
      <Modal
        open={preview}
        onCancel={() => setPreview(false)}
        footer={null}
        width="min(1280px, 96vw)"
        title={t('preview')}
        destroyOnHidden
        centered
      >
        {previewDoc && previewDetails && (
          <Suspense fallback={<Spin />}>
            <SceneViewer details={previewDetails} document={previewDoc} height="75vh" />
          </Suspense>
        )}
      </Modal>
      <RevisionsDrawer
        projectId={projectId}
        open={revisions}
        onClose={() => setRevisions(false)}
        onRestored={() => {
          setRevisions(false);
          void onReload();
          feedback.success(t('revisions.restored'));
        }}
      />
    </EditorContext.Provider>
  );
}

/**
 * /vrdata/scene-editor?id=<project>: the 3D scene editor. Loads the creator's draft (or starts an empty scene),
 * keeps it in one store outside React where every change is an undoable command, autosaves it over the version it
 * loaded, and offers reload-or-overwrite when someone saved a newer one.
 */
export default function SceneEditorPage() {
  const { t } = useTranslation('scene3d');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const value = useMemo<EditorContextValue>(
    () => ({ store: createEditorStore(valid ? id : 0), runtime: createRuntime() }),
    [id, valid],
  );
  const loadedFor = useRef<number | null>(null);
  const details = useQuery({
    queryKey: sceneKeys.details(id),
    queryFn: ({ signal }) => loadDetails(id, signal),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const parsed = details.data ? documentOf(details.data) : null;

  useEffect(() => {
    if (!details.data || !parsed?.ok || details.data.kind !== 'scene' || loadedFor.current === details.dataUpdatedAt) return;
    loadedFor.current = details.dataUpdatedAt;
    value.store.getState().load(details.data, parsed.doc);
  }, [details.data, details.dataUpdatedAt, parsed, value]);

  const reload = useCallback(async () => {
    await client.invalidateQueries({ queryKey: sceneKeys.details(id) });
  }, [client, id]);

  if (!valid) return <Result status="warning" title={t('errors.noProject')} />;
  if (details.isPending) return <Spin fullscreen tip={t('loadingEditor')} />;
  if (details.isError)
    return (
      <Card>
        <Result
          status="error"
          title={t('errors.load')}
          subTitle={details.error.message}
          extra={<Button onClick={() => void details.refetch()}>{t('retry')}</Button>}
        />
      </Card>
    );
  if (details.data.kind !== 'scene') return <Result status="warning" title={t('errors.notScene')} />;
  if (!parsed?.ok) return <Result status="error" title={t('errors.invalid')} />;
  return <EditorBody value={value} onReload={reload} />;
}
