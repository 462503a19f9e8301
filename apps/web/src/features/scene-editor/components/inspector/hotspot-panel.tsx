import { useQueryClient } from '@tanstack/react-query';
import { LANGS } from '@xr/contract/lang';
import { HOTSPOT_ICONS, SCENE_HOTSPOT_KINDS, SCENE_LIMITS, type SceneHotspot } from '@xr/contract/scenes';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../../components/upload/upload-button';
import i18n from '../../../../lib/i18n';
import { projectAssetsKey, useProjectAssets } from '../../api/project-assets';
import { objectById, useEditor } from '../../store/editor-store';
import { useEditorContext } from '../editor-context';
import { Issues } from '../fields';
import { FieldRows, type FieldSpec, ownIssuePaths, type SelectOption, translated } from './field-rows';
import { ProductPicker } from './product-picker';
import { type Obj, useChange } from './use-change';

const HOTSPOT_ICON = { video: 'play', audio: 'audio', image: 'image', link: 'link', text: 'info', product: 'cart' } as const;

type MediaKind = 'video' | 'audio' | 'image';
const MEDIA_KINDS: Record<MediaKind, string[]> = {
  video: ['video', 'video360'],
  audio: ['audio'],
  image: ['image', 'image360'],
};
/** The fields every hotspot kind has (what a change of kind keeps). */
const commonFields = (h: SceneHotspot) => ({ id: h.id, title: h.title, text: h.text, icon: h.icon, size: h.size });

const isMediaKind = (kind: SceneHotspot['kind']): kind is MediaKind => kind === 'video' || kind === 'audio' || kind === 'image';

/**
 * Whether an object's name is still the one a new hotspot of `kind` gets (its kind's word in any loaded language), so
 * a change of kind may rename it without overwriting a name the creator chose.
 */
export function isDefaultHotspotName(name: string, kind: SceneHotspot['kind']): boolean {
  return LANGS.some(
    (lang) => i18n.hasResourceBundle(lang, 'scene3d') && i18n.getFixedT(lang, 'scene3d')(`kind.${kind}`) === name,
  );
}

/** What the hotspot form hands its own controls. */
interface HotspotContext {
  obj: Obj<'hotspot'>;
  set(next: SceneHotspot): void;
  /** The project's files of the hotspot's media kind, as options. */
  mediaOptions: SelectOption[];
}

const HOTSPOT_FIELDS: FieldSpec<SceneHotspot, HotspotContext>[] = [
  { key: 'kind', label: 'hotspot.kind', kind: 'select', options: translated(SCENE_HOTSPOT_KINDS, 'kind.') },
  // what the hotspot opens comes first: it is the one field a new hotspot must fill
  {
    key: 'asset_id',
    label: 'hotspot.media',
    kind: 'custom',
    issue: true,
    when: (h) => isMediaKind(h.kind),
    render: (_h, ctx) => <MediaField {...ctx} />,
  },
  {
    key: 'url',
    label: 'hotspot.url',
    kind: 'text',
    maxLength: SCENE_LIMITS.url,
    issue: true,
    when: (h) => h.kind === 'link',
  },
  {
    key: 'project_id',
    label: 'hotspot.product',
    kind: 'custom',
    issue: true,
    when: (h) => h.kind === 'product',
    render: (h, ctx) => <ProductField hotspot={h} set={ctx.set} />,
  },
  { key: 'title', label: 'hotspot.title', kind: 'i18n', maxLength: SCENE_LIMITS.title },
  { key: 'text', label: 'hotspot.text', kind: 'i18n', multiline: true, maxLength: SCENE_LIMITS.text },
  { key: 'icon', label: 'hotspot.icon', kind: 'select', options: translated(HOTSPOT_ICONS, 'icon.') },
  { key: 'size', label: 'hotspot.size', kind: 'number', min: 16, max: 128, step: 4, precision: 0 },
];

/** The hotspot fields that show their own problems; the rest are listed under the form. */
const OWN_ISSUES = ownIssuePaths(HOTSPOT_FIELDS, 'hotspot');

/** A hotspot's form: kind, what it opens (a medium, a link or a product), title, text, icon and size. */
export function HotspotPanel({ obj }: { obj: Obj<'hotspot'> }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const projectId = useEditor(store, (s) => s.projectId);
  const known = useEditor(store, (s) => s.details.media);
  const { content } = useProjectAssets(projectId);
  const change = useChange(obj.id);
  const h = obj.hotspot;
  const set = (next: SceneHotspot) => change((o) => (o.type === 'hotspot' ? { ...o, hotspot: next } : o), 'hotspot');
  const setKind = (kind: SceneHotspot['kind']) => {
    // A new kind keeps the common fields; its own field starts empty (validation points at it until filled). A name
    // that is still the old kind's word becomes the new kind's, so lists that name hotspots do not mislead.
    const icon = h.icon === HOTSPOT_ICON[h.kind] ? HOTSPOT_ICON[kind] : h.icon;
    const next = { ...commonFields(h), kind, icon } as SceneHotspot;
    const name = isDefaultHotspotName(obj.name, h.kind) ? t(`kind.${kind}`) : obj.name;
    change((o) => (o.type === 'hotspot' ? { ...o, name, hotspot: next } : o), 'hotspot');
  };
  const mediaKind = isMediaKind(h.kind) ? h.kind : null;
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
  const mediaOptions = media.map((a) => ({ value: a.id, label: a.filename }));
  if (assetId && !picked) mediaOptions.unshift({ value: assetId, label: t('hotspot.uploading') });
  return (
    <>
      <FieldRows
        fields={HOTSPOT_FIELDS}
        value={h}
        ctx={{ obj, set, mediaOptions }}
        issues={{ at: obj.id, prefix: 'hotspot' }}
        onChange={(key, next) =>
          key === 'kind' ? setKind(next as SceneHotspot['kind']) : set({ ...h, [key]: next } as SceneHotspot)
        }
      />
      <Issues at={obj.id} prefix="hotspot" skip={OWN_ISSUES} />
    </>
  );
}

/** The medium a video, audio or image hotspot opens: one of the project's files, or a new upload. */
function MediaField({ obj, set, mediaOptions }: HotspotContext) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const client = useQueryClient();
  const projectId = useEditor(store, (s) => s.projectId);
  const change = useChange(obj.id);
  const h = obj.hotspot;
  if (!isMediaKind(h.kind)) return null;
  const mediaKind = h.kind;
  const assetId = 'asset_id' in h ? h.asset_id : undefined;
  return (
    <>
      <Select
        size="small"
        value={assetId || undefined}
        placeholder={t('hotspot.pickMedia')}
        aria-label={t('hotspot.media')}
        notFoundContent={t('hotspot.noMedia')}
        style={{ width: '100%' }}
        options={mediaOptions}
        onChange={(id: number) => set({ ...commonFields(h), kind: mediaKind, asset_id: id } as SceneHotspot)}
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
    </>
  );
}

/** The market project a product hotspot shows; the picked card joins the document's resolved products at once. */
function ProductField({ hotspot, set }: { hotspot: SceneHotspot; set(next: SceneHotspot): void }) {
  const { store } = useEditorContext();
  return (
    <ProductPicker
      value={hotspot.kind === 'product' ? hotspot.project_id : undefined}
      onPick={(p) => {
        const s = store.getState();
        store.setState({
          details: { ...s.details, products: { ...s.details.products, [String(p.id)]: { ...p, purchasable: true } } },
        });
        set({ ...hotspot, project_id: p.id } as SceneHotspot);
      }}
    />
  );
}
