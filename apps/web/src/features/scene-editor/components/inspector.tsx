import { AimOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LANGS } from '@xr/contract/lang';
import {
  HOTSPOT_ICONS,
  LIGHT_KINDS,
  NPC_STEP_TYPES,
  type NpcStep,
  SCENE_HOTSPOT_KINDS,
  SCENE_LIMITS,
  type SceneHotspot,
  type SceneObject,
  type Vec3,
} from '@xr/contract/scenes';
import { Button, Empty, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';
import { resolvedModel } from '../../../components/viewers/scene3d/model-urls';
import i18n from '../../../lib/i18n';
import { productSearchQuery } from '../api/products';
import { projectAssetsKey, useProjectAssets } from '../api/project-assets';
import { type CommandKind, rename, setTransforms, updateObjects } from '../store/commands';
import { objectById, useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';
import { ColorField, I18nFields, Issues, NumField, Row, TextField } from './fields';

const HOTSPOT_ICON = { video: 'play', audio: 'audio', image: 'image', link: 'link', text: 'info', product: 'cart' } as const;

/**
 * Whether an object's name is still the one a new hotspot of `kind` gets (its kind's word in any loaded language), so
 * a change of kind may rename it without overwriting a name the creator chose.
 */
export function isDefaultHotspotName(name: string, kind: SceneHotspot['kind']): boolean {
  return LANGS.some(
    (lang) => i18n.hasResourceBundle(lang, 'scene3d') && i18n.getFixedT(lang, 'scene3d')(`kind.${kind}`) === name,
  );
}

type Obj<T extends SceneObject['type']> = Extract<SceneObject, { type: T }>;
const DEG = 180 / Math.PI;

/** Applies a change to one object as a command of `kind`. */
function useChange(id: string) {
  const { store } = useEditorContext();
  return (change: (o: SceneObject) => SceneObject, kind: CommandKind = 'update') => {
    const s = store.getState();
    s.exec(updateObjects(s.doc, [id], change, kind));
  };
}

function TransformFields({ obj }: { obj: SceneObject }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const tr = obj.transform;
  const set = (part: 'position' | 'rotation' | 'scale', axis: number, v: number) => {
    const next = [...tr[part]] as Vec3;
    next[axis] = part === 'rotation' ? v / DEG : v;
    const s = store.getState();
    s.exec(
      setTransforms(
        s.doc,
        { [obj.id]: { ...tr, [part]: next } },
        part === 'position' ? 'move' : part === 'rotation' ? 'rotate' : 'scale',
      ),
    );
  };
  const axes = ['x', 'y', 'z'] as const;
  return (
    <>
      {(['position', 'rotation', 'scale'] as const).map((part) => (
        <Row key={part} label={t(`inspector.${part}`)}>
          <div className="xr-editor__vec">
            {axes.map((a, i) => (
              <NumField
                key={a}
                label={`${t(`inspector.${part}`)} ${a}`}
                value={part === 'rotation' ? Math.round(tr.rotation[i]! * DEG * 100) / 100 : tr[part][i]!}
                step={part === 'rotation' ? 15 : part === 'scale' ? 0.1 : 0.25}
                min={part === 'scale' ? 0.001 : undefined}
                precision={part === 'rotation' ? 1 : 3}
                onCommit={(v) => set(part, i, v)}
              />
            ))}
          </div>
        </Row>
      ))}
    </>
  );
}

function LightFields({ obj }: { obj: Obj<'light'> }) {
  const { t } = useTranslation('scene3d');
  const change = useChange(obj.id);
  const l = obj.light;
  const set = (patch: Partial<typeof l>) =>
    change((o) => (o.type === 'light' ? { ...o, light: { ...o.light, ...patch } } : o), 'light');
  return (
    <>
      <Row label={t('light.kind')}>
        <Select
          size="small"
          value={l.kind}
          aria-label={t('light.kind')}
          onChange={(kind) => set({ kind })}
          options={LIGHT_KINDS.map((k) => ({ value: k, label: t(`light.kinds.${k}`) }))}
          style={{ width: '100%' }}
        />
      </Row>
      <Row label={t('light.color')}>
        <ColorField value={l.color} label={t('light.color')} onCommit={(color) => set({ color })} />
      </Row>
      <Row label={t('light.intensity')}>
        <NumField
          value={l.intensity}
          label={t('light.intensity')}
          min={0}
          max={100}
          onCommit={(intensity) => set({ intensity })}
        />
      </Row>
      {l.kind !== 'ambient' && (
        <Row label={t('light.shadow')}>
          <Switch
            size="small"
            checked={l.cast_shadow}
            aria-label={t('light.shadow')}
            onChange={(cast_shadow) => set({ cast_shadow })}
          />
        </Row>
      )}
      {(l.kind === 'point' || l.kind === 'spot') && (
        <Row label={t('light.distance')}>
          <NumField value={l.distance} label={t('light.distance')} min={0} step={1} onCommit={(distance) => set({ distance })} />
        </Row>
      )}
      {l.kind === 'spot' && (
        <Row label={t('light.angle')}>
          <NumField
            value={Math.round(l.angle * DEG)}
            label={t('light.angle')}
            min={1}
            max={90}
            step={5}
            precision={0}
            onCommit={(deg) => set({ angle: deg / DEG })}
          />
        </Row>
      )}
    </>
  );
}

/** A market project picker (GET /home_page/item_list) for product hotspots. */
function ProductPicker({
  value,
  onPick,
}: {
  value: number | undefined;
  onPick(item: { id: number; name: string; price: number; cover: string }): void;
}) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const products = useEditor(store, (s) => s.details.products);
  const [keyword, setKeyword] = useState('');
  const list = useQuery(productSearchQuery(keyword));
  const options = (list.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} · HK$${p.price.toFixed(2)}` }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: products[String(value)]?.name ?? `#${value}` });
  return (
    <Select
      size="small"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      placeholder={t('hotspot.pickProduct')}
      aria-label={t('hotspot.product')}
      loading={list.isFetching}
      options={options}
      style={{ width: '100%' }}
      onChange={(id: number) => {
        const item = list.data?.list.find((p) => p.id === id);
        if (item) onPick({ id: item.id, name: item.name, price: item.price, cover: item.cover });
      }}
    />
  );
}

const MEDIA_KINDS: Record<'video' | 'audio' | 'image', string[]> = {
  video: ['video', 'video360'],
  audio: ['audio'],
  image: ['image', 'image360'],
};

function HotspotFields({ obj }: { obj: Obj<'hotspot'> }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const client = useQueryClient();
  const projectId = useEditor(store, (s) => s.projectId);
  const known = useEditor(store, (s) => s.details.media);
  const { content } = useProjectAssets(projectId);
  const change = useChange(obj.id);
  const h = obj.hotspot;
  const set = (next: SceneHotspot) => change((o) => (o.type === 'hotspot' ? { ...o, hotspot: next } : o), 'hotspot');
  const base = { id: h.id, title: h.title, text: h.text, icon: h.icon, size: h.size };
  const setKind = (kind: SceneHotspot['kind']) => {
    // A new kind keeps the common fields; its own field starts empty (validation points at it until filled). A name
    // that is still the old kind's word becomes the new kind's, so lists that name hotspots do not mislead.
    const icon = h.icon === HOTSPOT_ICON[h.kind] ? HOTSPOT_ICON[kind] : h.icon;
    const next = { ...base, kind, icon } as SceneHotspot;
    const name = isDefaultHotspotName(obj.name, h.kind) ? t(`kind.${kind}`) : obj.name;
    change((o) => (o.type === 'hotspot' ? { ...o, name, hotspot: next } : o), 'hotspot');
  };
  const mediaKind = h.kind === 'video' || h.kind === 'audio' || h.kind === 'image' ? h.kind : null;
  const media = (content.data?.assets ?? []).filter((a) => mediaKind && MEDIA_KINDS[mediaKind].includes(a.kind));
  const assetId = 'asset_id' in h ? h.asset_id : undefined;
  const picked = media.find((a) => a.id === assetId);
  // The viewport draws a medium from the store's resolved media: a file picked or uploaded here is added once listed.
  useEffect(() => {
    if (!picked || known[String(picked.id)]) return;
    store.getState().addMedia('media', {
      id: picked.id,
      kind: picked.kind,
      status: 'ready',
      urls: { ...picked.outputs, ...(picked.original_url ? { original: picked.original_url } : {}) },
      tiles: null,
      clips: [],
    });
  }, [picked, known, store]);
  const options = media.map((a) => ({ value: a.id, label: a.filename }));
  if (assetId && !picked) options.unshift({ value: assetId, label: t('hotspot.uploading') });
  const at = obj.id;
  return (
    <>
      <Row label={t('hotspot.kind')}>
        <Select
          size="small"
          value={h.kind}
          aria-label={t('hotspot.kind')}
          onChange={setKind}
          options={SCENE_HOTSPOT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          style={{ width: '100%' }}
        />
      </Row>
      {/* what the hotspot opens comes first: it is the one field a new hotspot must fill */}
      {mediaKind && (
        <Row label={t('hotspot.media')} issue={{ at, path: 'hotspot.asset_id' }}>
          <Select
            size="small"
            value={assetId || undefined}
            placeholder={t('hotspot.pickMedia')}
            aria-label={t('hotspot.media')}
            notFoundContent={t('hotspot.noMedia')}
            style={{ width: '100%' }}
            options={options}
            onChange={(id: number) => set({ ...base, kind: mediaKind, asset_id: id } as SceneHotspot)}
            data-testid="hotspot-media"
          />
          <UploadButton
            kind={mediaKind}
            projectId={projectId}
            onDone={(id) => {
              // the file just uploaded from this hotspot is the one it shows
              if (id) {
                const cur = objectById(store.getState().doc, obj.id);
                if (cur?.type === 'hotspot' && cur.hotspot.kind === mediaKind)
                  change(
                    (o) => (o.type === 'hotspot' ? { ...o, hotspot: { ...o.hotspot, asset_id: id } as SceneHotspot } : o),
                    'hotspot',
                  );
              }
              void client.invalidateQueries({ queryKey: projectAssetsKey(projectId) });
            }}
          />
        </Row>
      )}
      {h.kind === 'link' && (
        <Row label={t('hotspot.url')} issue={{ at, path: 'hotspot.url' }}>
          <TextField
            value={h.url ?? ''}
            label={t('hotspot.url')}
            maxLength={SCENE_LIMITS.url}
            onCommit={(url) => set({ ...h, url })}
          />
        </Row>
      )}
      {h.kind === 'product' && (
        <Row label={t('hotspot.product')} issue={{ at, path: 'hotspot.project_id' }}>
          <ProductPicker
            value={h.project_id}
            onPick={(p) => {
              const s = store.getState();
              store.setState({
                details: {
                  ...s.details,
                  products: { ...s.details.products, [String(p.id)]: { ...p, purchasable: true } },
                },
              });
              set({ ...h, project_id: p.id });
            }}
          />
        </Row>
      )}
      <Row label={t('hotspot.title')}>
        <I18nFields
          value={h.title}
          label={t('hotspot.title')}
          maxLength={SCENE_LIMITS.title}
          onCommit={(title) => set({ ...h, title })}
        />
      </Row>
      <Row label={t('hotspot.text')}>
        <I18nFields
          value={h.text}
          label={t('hotspot.text')}
          multiline
          maxLength={SCENE_LIMITS.text}
          onCommit={(text) => set({ ...h, text })}
        />
      </Row>
      <Row label={t('hotspot.icon')}>
        <Select
          size="small"
          value={h.icon}
          aria-label={t('hotspot.icon')}
          onChange={(icon) => set({ ...h, icon })}
          options={HOTSPOT_ICONS.map((i) => ({ value: i, label: t(`icon.${i}`) }))}
          style={{ width: '100%' }}
        />
      </Row>
      <Row label={t('hotspot.size')}>
        <NumField
          value={h.size}
          label={t('hotspot.size')}
          min={16}
          max={128}
          step={4}
          precision={0}
          onCommit={(size) => set({ ...h, size })}
        />
      </Row>
      <Issues at={obj.id} prefix="hotspot" skip={['hotspot.asset_id', 'hotspot.url', 'hotspot.project_id']} />
    </>
  );
}

/** The paths whose problems an object kind's own form shows beside its fields. */
const OWN_FORM: Partial<Record<SceneObject['type'], string[]>> = { hotspot: ['hotspot'], npc: ['steps'] };

/** The step fields that show their own problems. */
const STEP_FIELDS = ['waypoints', 'speed', 'clip', 'seconds', 'text', 'radius', 'hotspot'];

/** A new step of a type, with its defaults. */
function newStep(type: NpcStep['type'], clips: string[]): NpcStep {
  switch (type) {
    case 'walk':
      return { type, waypoints: [], speed: 1.2 };
    case 'play':
      return { type, clip: clips[0] ?? 'wave', seconds: 3 };
    case 'idle':
      return { type, seconds: 2 };
    case 'wait':
      return { type, seconds: 1 };
    case 'say':
      return { type, text: {}, radius: 3, seconds: 5 };
    case 'open_hotspot':
      return { type, hotspot: '' };
    default:
      return { type } as NpcStep;
  }
}

function StepFields({
  step,
  index,
  npc,
  clips,
  onChange,
}: {
  step: NpcStep;
  index: number;
  npc: Obj<'npc'>;
  clips: string[];
  onChange(s: NpcStep): void;
}) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const tool = useEditor(store, (s) => s.tool);
  const doc = useEditor(store, (s) => s.doc);
  const placing = tool?.kind === 'waypoint' && tool.npc === npc.id && tool.step === index;
  switch (step.type) {
    case 'walk':
      return (
        <>
          <Row label={t('npc.waypoints')} issue={{ at: npc.id, path: `steps.${index}.waypoints` }}>
            <div className="xr-editor__waypoints">
              {step.waypoints.length === 0 && <Typography.Text type="secondary">{t('npc.noWaypoints')}</Typography.Text>}
              {step.waypoints.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: waypoints are an ordered list without ids
                <Typography.Text key={`${i}-${w.join(',')}`} code>
                  {i + 1}: {w[0].toFixed(2)}, {w[2].toFixed(2)}
                </Typography.Text>
              ))}
            </div>
          </Row>
          <div className="xr-editor__row">
            <Button
              size="small"
              type={placing ? 'primary' : 'default'}
              icon={<AimOutlined />}
              onClick={() => store.getState().setTool(placing ? null : { kind: 'waypoint', npc: npc.id, step: index })}
            >
              {placing ? t('npc.placingDone') : t('npc.placeWaypoints')}
            </Button>
            <Button
              size="small"
              disabled={!step.waypoints.length}
              onClick={() => onChange({ ...step, waypoints: step.waypoints.slice(0, -1) })}
            >
              {t('npc.removeLastWaypoint')}
            </Button>
          </div>
          <Row label={t('npc.speed')} issue={{ at: npc.id, path: `steps.${index}.speed` }}>
            <NumField
              value={step.speed}
              label={t('npc.speed')}
              min={0.1}
              max={10}
              onCommit={(speed) => onChange({ ...step, speed })}
            />
          </Row>
        </>
      );
    case 'play':
      return (
        <>
          <Row label={t('npc.clip')} issue={{ at: npc.id, path: `steps.${index}.clip` }}>
            <Select
              size="small"
              value={step.clip}
              aria-label={t('npc.clip')}
              style={{ width: '100%' }}
              options={[...new Set([...clips, step.clip])].map((c) => ({ value: c, label: c }))}
              onChange={(clip) => onChange({ ...step, clip })}
            />
          </Row>
          <Row label={t('npc.seconds')} issue={{ at: npc.id, path: `steps.${index}.seconds` }}>
            <NumField
              value={step.seconds}
              label={t('npc.seconds')}
              min={0}
              max={600}
              onCommit={(seconds) => onChange({ ...step, seconds })}
            />
          </Row>
        </>
      );
    case 'idle':
    case 'wait':
      return (
        <Row label={t('npc.seconds')} issue={{ at: npc.id, path: `steps.${index}.seconds` }}>
          <NumField
            value={step.seconds}
            label={t('npc.seconds')}
            min={0}
            max={600}
            onCommit={(seconds) => onChange({ ...step, seconds })}
          />
        </Row>
      );
    case 'say':
      return (
        <>
          <Row label={t('npc.line')} issue={{ at: npc.id, path: `steps.${index}.text` }}>
            <I18nFields
              value={step.text}
              label={t('npc.line')}
              multiline
              maxLength={SCENE_LIMITS.text}
              onCommit={(text) => onChange({ ...step, text })}
            />
          </Row>
          <Row label={t('npc.radius')} issue={{ at: npc.id, path: `steps.${index}.radius` }}>
            <NumField
              value={step.radius}
              label={t('npc.radius')}
              min={0.5}
              max={50}
              step={0.5}
              onCommit={(radius) => onChange({ ...step, radius })}
            />
          </Row>
          <Row label={t('npc.seconds')} issue={{ at: npc.id, path: `steps.${index}.seconds` }}>
            <NumField
              value={step.seconds}
              label={t('npc.seconds')}
              min={1}
              max={120}
              onCommit={(seconds) => onChange({ ...step, seconds })}
            />
          </Row>
        </>
      );
    case 'open_hotspot':
      return (
        <Row label={t('npc.hotspot')} issue={{ at: npc.id, path: `steps.${index}.hotspot` }}>
          <Select
            size="small"
            value={step.hotspot || undefined}
            aria-label={t('npc.hotspot')}
            placeholder={t('npc.pickHotspot')}
            style={{ width: '100%' }}
            options={doc.objects.filter((o) => o.type === 'hotspot').map((o) => ({ value: o.id, label: o.name || o.id }))}
            onChange={(hotspot) => onChange({ ...step, hotspot })}
          />
        </Row>
      );
    default:
      return null;
  }
}

/** The NPC form: name, clips, and the ordered steps (add, edit, drag to reorder, delete). */
function NpcFields({ obj }: { obj: Obj<'npc'> }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const details = useEditor(store, (s) => s.details);
  const change = useChange(obj.id);
  const [dragging, setDragging] = useState<number | null>(null);
  const clips = resolvedModel(details, obj.source)?.clips ?? [];
  const setSteps = (steps: NpcStep[]) => change((o) => (o.type === 'npc' ? { ...o, steps } : o), 'npc');
  const set = (patch: Partial<Obj<'npc'>>) => change((o) => (o.type === 'npc' ? { ...o, ...patch } : o), 'npc');
  const move = (from: number, to: number) => {
    if (from === to) return;
    const steps = [...obj.steps];
    const [s] = steps.splice(from, 1);
    steps.splice(to, 0, s!);
    setSteps(steps);
  };
  const clipOptions = (current: string) => [...new Set([...clips, current])].map((c) => ({ value: c, label: c }));
  return (
    <>
      <Row label={t('npc.displayName')}>
        <I18nFields
          value={obj.display_name}
          label={t('npc.displayName')}
          maxLength={SCENE_LIMITS.title}
          onCommit={(display_name) => set({ display_name })}
        />
      </Row>
      <Row label={t('npc.walkClip')}>
        <Select
          size="small"
          value={obj.walk_clip}
          aria-label={t('npc.walkClip')}
          style={{ width: '100%' }}
          options={clipOptions(obj.walk_clip)}
          onChange={(walk_clip) => set({ walk_clip })}
        />
      </Row>
      <Row label={t('npc.idleClip')}>
        <Select
          size="small"
          value={obj.idle_clip}
          aria-label={t('npc.idleClip')}
          style={{ width: '100%' }}
          options={clipOptions(obj.idle_clip)}
          onChange={(idle_clip) => set({ idle_clip })}
        />
      </Row>
      {clips.length === 0 && <Typography.Text type="secondary">{t('npc.noClips')}</Typography.Text>}
      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('npc.steps')}
      </Typography.Title>
      <ol className="xr-editor__steps" data-testid="npc-steps">
        {obj.steps.map((step, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: steps have no ids; the index is their identity in the form
            key={i}
            className={`xr-editor__step${dragging === i ? ' is-dragging' : ''}`}
            onDragOver={(e) => dragging !== null && e.preventDefault()}
            onDrop={() => {
              if (dragging !== null) move(dragging, i);
              setDragging(null);
            }}
            data-testid={`npc-step-${i}`}
          >
            <div className="xr-editor__step-head">
              <button
                type="button"
                className="xr-editor__handle"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData('text/plain', String(i));
                  setDragging(i);
                }}
                onDragEnd={() => setDragging(null)}
                aria-label={t('npc.dragToReorder')}
                title={t('npc.dragToReorder')}
              >
                <HolderOutlined />
              </button>
              <strong>
                {i + 1}. {t(`step.${step.type}`)}
              </strong>
              <span className="xr-editor__step-tools">
                <Button size="small" type="text" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('npc.up')}>
                  ↑
                </Button>
                <Button
                  size="small"
                  type="text"
                  disabled={i === obj.steps.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('npc.down')}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('npc.removeStep')}
                  onClick={() => setSteps(obj.steps.filter((_, j) => j !== i))}
                />
              </span>
            </div>
            <StepFields
              step={step}
              index={i}
              npc={obj}
              clips={clips}
              onChange={(s) => setSteps(obj.steps.map((x, j) => (j === i ? s : x)))}
            />
            <Issues at={obj.id} prefix={`steps.${i}`} skip={STEP_FIELDS.map((f) => `steps.${i}.${f}`)} />
          </li>
        ))}
      </ol>
      <Select<NpcStep['type']>
        size="small"
        value={null as unknown as NpcStep['type']}
        placeholder={
          <span>
            <PlusOutlined /> {t('npc.addStep')}
          </span>
        }
        aria-label={t('npc.addStep')}
        style={{ width: '100%' }}
        disabled={obj.steps.length >= SCENE_LIMITS.npcSteps}
        options={NPC_STEP_TYPES.map((k) => ({ value: k, label: t(`step.${k}`) }))}
        onChange={(type) => setSteps([...obj.steps, newStep(type, clips)])}
      />
    </>
  );
}

/** The selected object's properties: name, transform, lock / hide, and its kind's own form. */
export function Inspector() {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const doc = useEditor(store, (s) => s.doc);
  const selection = useEditor(store, (s) => s.selection);
  if (selection.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspector.none')} />;
  if (selection.length > 1)
    return <Typography.Paragraph type="secondary">{t('inspector.many', { count: selection.length })}</Typography.Paragraph>;
  const obj = objectById(doc, selection[0]);
  if (!obj) return null;
  return <ObjectInspector key={obj.id} obj={obj} />;
}

function ObjectInspector({ obj }: { obj: SceneObject }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const change = useChange(obj.id);
  return (
    <div className="xr-editor__inspector" data-testid="inspector">
      <Typography.Text type="secondary">{t(`type.${obj.type}`)}</Typography.Text>
      {/* the kind's own form shows its fields' problems where they are */}
      <Issues at={obj.id} skip={OWN_FORM[obj.type] ?? []} />
      <Row label={t('inspector.name')}>
        <TextField
          value={obj.name}
          label={t('inspector.name')}
          maxLength={SCENE_LIMITS.name}
          onCommit={(name) => {
            const s = store.getState();
            s.exec(rename(s.doc, obj.id, name));
          }}
        />
      </Row>
      <TransformFields obj={obj} />
      <Row label={t('lock')}>
        <Switch
          size="small"
          checked={obj.locked}
          aria-label={t('lock')}
          onChange={(locked) => change((o) => ({ ...o, locked }), 'lock')}
        />
      </Row>
      <Row label={t('hide')}>
        <Switch
          size="small"
          checked={obj.hidden}
          aria-label={t('hide')}
          onChange={(hidden) => change((o) => ({ ...o, hidden }), 'hide')}
        />
      </Row>
      {obj.type === 'model' && (
        <Row label={t('inspector.castShadow')}>
          <Switch
            size="small"
            checked={obj.cast_shadow}
            aria-label={t('inspector.castShadow')}
            onChange={(cast_shadow) => change((o) => (o.type === 'model' ? { ...o, cast_shadow } : o))}
          />
        </Row>
      )}
      {obj.type === 'light' && <LightFields obj={obj} />}
      {obj.type === 'hotspot' && <HotspotFields obj={obj} />}
      {obj.type === 'npc' && <NpcFields obj={obj} />}
    </div>
  );
}
