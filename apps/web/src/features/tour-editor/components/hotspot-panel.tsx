import { DeleteOutlined } from '@ant-design/icons';
import {
  HOTSPOT_ICONS,
  SCENE_LIMITS,
  TOUR_HOTSPOT_KINDS,
  type TourDocument,
  type TourHotspot,
  type TourHotspotKind,
  type TourScene,
} from '@xr/contract/scenes';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Slider, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';
import { sceneName } from '../../../components/viewers/tour/tour-logic';
import { currentLang } from '../../../lib/i18n';
import type { ProjectMedia } from '../api/project-media';
import { I18nTextField } from './i18n-text-field';

type Base = Pick<TourHotspot, 'id' | 'title' | 'text' | 'icon' | 'size' | 'position' | 'time_range'>;

const DEFAULT_ICON: Record<TourHotspotKind, TourHotspot['icon']> = {
  video: 'play',
  audio: 'audio',
  image: 'image',
  link: 'link',
  text: 'info',
  scene: 'arrow',
};

/** The same hotspot as another kind: common fields kept, the kind's own fields empty (the panel asks for them). */
export function withKind(h: TourHotspot, kind: TourHotspotKind, doc: TourDocument, sceneId: string): TourHotspot {
  const base: Base = {
    id: h.id,
    title: h.title,
    text: h.text,
    icon: h.icon === DEFAULT_ICON[h.kind] ? DEFAULT_ICON[kind] : h.icon,
    size: h.size,
    position: h.position,
    time_range: h.time_range,
  };
  switch (kind) {
    case 'link':
      return { ...base, kind, url: h.kind === 'link' ? h.url : '' };
    case 'text':
      return { ...base, kind };
    case 'scene':
      return { ...base, kind, target_scene: doc.scenes.find((s) => s.id !== sceneId)?.id ?? '', keep_direction: true };
    default:
      return { ...base, kind, asset_id: 'asset_id' in h && h.kind === kind ? h.asset_id : 0 };
  }
}

/**
 * The selected hotspot's fields: kind, title and text in three languages, icon, size, the media (from the project's
 * uploads, or upload one), the link, the target scene and whether the direction is kept, and — on 360 video scenes —
 * the time range it shows in. Every change is one command (typing in a field merges into one undo step).
 */
export function HotspotPanel({
  hotspot,
  scene,
  doc,
  media,
  projectId,
  errors,
  videoTime,
  onChange,
  onDelete,
  onUploaded,
}: {
  hotspot: TourHotspot;
  scene: TourScene;
  doc: TourDocument;
  media: ProjectMedia | undefined;
  projectId: number;
  /** Field → contract message key (`v.urlFormat`). */
  errors: Record<string, string>;
  /** The editor panorama's video time (video scenes). */
  videoTime: number | null;
  onChange(next: TourHotspot, merge?: string): void;
  onDelete(): void;
  onUploaded(): void;
}) {
  const { t } = useTranslation(['tour', 'common']);
  const lang = currentLang();
  const err = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: t(`common:${errors[field]}`) } : {});
  const mediaKind = hotspot.kind === 'image' || hotspot.kind === 'audio' || hotspot.kind === 'video' ? hotspot.kind : null;
  const options = (media?.assets ?? []).filter((a) => a.kind === mediaKind).map((a) => ({ value: a.id, label: a.filename }));
  const video = scene.media.type === 'video360';
  const range = hotspot.time_range;
  const timeErr = errors.time_range ? t(`common:${errors.time_range}`) : null;
  return (
    <Form layout="vertical" size="small" className="xr-tour-editor__panel" data-testid="hotspot-panel" data-hotspot={hotspot.id}>
      <Form.Item label={t('hotspot.kind')}>
        <Select
          value={hotspot.kind}
          onChange={(k: TourHotspotKind) => onChange(withKind(hotspot, k, doc, scene.id))}
          options={TOUR_HOTSPOT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="hotspot-kind"
          aria-label={t('hotspot.kind')}
        />
      </Form.Item>
      <Form.Item label={t('hotspot.title')} {...err('title')}>
        <I18nTextField
          value={hotspot.title}
          onChange={(title) => onChange({ ...hotspot, title }, 'title')}
          maxLength={SCENE_LIMITS.title}
          label={t('hotspot.title')}
          testId="hotspot-title"
        />
      </Form.Item>
      <Form.Item label={t('hotspot.text')} {...err('text')}>
        <I18nTextField
          value={hotspot.text}
          onChange={(text) => onChange({ ...hotspot, text }, 'text')}
          maxLength={SCENE_LIMITS.text}
          label={t('hotspot.text')}
          multiline
          testId="hotspot-text"
        />
      </Form.Item>
      {mediaKind ? (
        <Form.Item label={t('hotspot.media')} {...err('asset_id')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              value={'asset_id' in hotspot && hotspot.asset_id > 0 ? hotspot.asset_id : undefined}
              placeholder={t('hotspot.pickMedia')}
              options={options}
              onChange={(asset_id: number) => onChange({ ...hotspot, asset_id } as TourHotspot)}
              notFoundContent={t('hotspot.noMedia')}
              data-testid="hotspot-media"
              aria-label={t('hotspot.media')}
            />
            <UploadButton
              kind={mediaKind}
              projectId={projectId}
              onDone={(assetId) => {
                // the file just uploaded from this hotspot is the one it shows
                if (assetId) onChange({ ...hotspot, asset_id: assetId } as TourHotspot);
                onUploaded();
              }}
            />
          </Space>
        </Form.Item>
      ) : null}
      {hotspot.kind === 'link' ? (
        <Form.Item label={t('hotspot.url')} {...err('url')}>
          <Input
            value={hotspot.url}
            placeholder="https://"
            maxLength={SCENE_LIMITS.url}
            onChange={(e) => onChange({ ...hotspot, url: e.target.value.trim() }, 'url')}
            data-testid="hotspot-url"
            aria-label={t('hotspot.url')}
          />
        </Form.Item>
      ) : null}
      {hotspot.kind === 'scene' ? (
        <>
          <Form.Item label={t('hotspot.target')} {...err('target_scene')}>
            <Select
              value={hotspot.target_scene || undefined}
              options={doc.scenes
                .filter((s) => s.id !== scene.id)
                .map((s) => ({ value: s.id, label: sceneName(doc, s, lang, (n) => t('viewer.sceneN', { n })) }))}
              onChange={(target_scene: string) => onChange({ ...hotspot, target_scene })}
              placeholder={t('hotspot.pickScene')}
              notFoundContent={t('hotspot.noOtherScene')}
              data-testid="hotspot-target"
              aria-label={t('hotspot.target')}
            />
          </Form.Item>
          <Form.Item label={t('hotspot.keepDirection')} extra={t('hotspot.keepDirectionHelp')}>
            <Switch
              checked={hotspot.keep_direction}
              onChange={(keep_direction) => onChange({ ...hotspot, keep_direction })}
              aria-label={t('hotspot.keepDirection')}
            />
          </Form.Item>
        </>
      ) : null}
      <Space wrap>
        <Form.Item label={t('hotspot.icon')}>
          <Select
            value={hotspot.icon}
            style={{ minWidth: 110 }}
            options={HOTSPOT_ICONS.map((i) => ({ value: i, label: t(`icon.${i}`) }))}
            onChange={(icon: TourHotspot['icon']) => onChange({ ...hotspot, icon })}
            aria-label={t('hotspot.icon')}
          />
        </Form.Item>
        <Form.Item label={t('hotspot.size')} style={{ minWidth: 140 }}>
          <Slider
            min={16}
            max={128}
            value={hotspot.size}
            onChange={(size) => onChange({ ...hotspot, size }, 'size')}
            aria-label={t('hotspot.size')}
          />
        </Form.Item>
      </Space>
      {video ? (
        <Form.Item label={t('hotspot.timeRange')} validateStatus={timeErr ? 'error' : undefined} help={timeErr}>
          <Space direction="vertical">
            <Switch
              checked={!!range}
              onChange={(on) => {
                const start = Math.floor(videoTime ?? 0);
                onChange({ ...hotspot, time_range: on ? { start, end: start + 5 } : null });
              }}
              checkedChildren={t('hotspot.timeLimited')}
              unCheckedChildren={t('hotspot.always')}
              data-testid="hotspot-time-switch"
              aria-label={t('hotspot.timeRange')}
            />
            {range ? (
              <Space wrap>
                <InputNumber
                  min={0}
                  max={SCENE_LIMITS.seconds}
                  step={0.5}
                  value={range.start}
                  addonBefore={t('hotspot.from')}
                  addonAfter="s"
                  onChange={(v) => onChange({ ...hotspot, time_range: { ...range, start: Number(v ?? 0) } }, 'start')}
                  data-testid="hotspot-time-start"
                  aria-label={t('hotspot.from')}
                />
                <InputNumber
                  min={0}
                  max={SCENE_LIMITS.seconds}
                  step={0.5}
                  value={range.end}
                  addonBefore={t('hotspot.to')}
                  addonAfter="s"
                  onChange={(v) => onChange({ ...hotspot, time_range: { ...range, end: Number(v ?? 0) } }, 'end')}
                  data-testid="hotspot-time-end"
                  aria-label={t('hotspot.to')}
                />
                {videoTime !== null ? (
                  <>
                    <Button
                      size="small"
                      onClick={() => onChange({ ...hotspot, time_range: { ...range, start: Math.round(videoTime * 10) / 10 } })}
                    >
                      {t('hotspot.startNow')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => onChange({ ...hotspot, time_range: { ...range, end: Math.round(videoTime * 10) / 10 } })}
                    >
                      {t('hotspot.endNow')}
                    </Button>
                  </>
                ) : null}
              </Space>
            ) : null}
          </Space>
        </Form.Item>
      ) : null}
      <Popconfirm
        title={t('hotspot.deleteConfirm')}
        okText={t('common:delete')}
        cancelText={t('common:cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'hotspot-delete-ok' } }}
        onConfirm={onDelete}
      >
        <Button danger icon={<DeleteOutlined />} data-testid="hotspot-delete">
          {t('hotspot.delete')}
        </Button>
      </Popconfirm>
    </Form>
  );
}
