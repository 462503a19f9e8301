import { DeleteOutlined, FlagOutlined } from '@ant-design/icons';
import { SCENE_LIMITS, type TourDocument, type TourScene } from '@xr/contract/scenes';
import { Button, Divider, Form, Popconfirm, Select, Slider, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';
import type { ProjectMedia } from '../api/project-media';
import type { ScenePatch } from '../store/commands';
import { I18nTextField } from './i18n-text-field';
import { PlanEditor } from './plan-editor';

/**
 * The selected scene (name in three languages, background sound, start scene, delete) and the tour's settings
 * (autorotate, gyroscope, floor plan). Shown when no hotspot is selected.
 */
export function ScenePanel({
  scene,
  doc,
  media,
  projectId,
  errors,
  onChange,
  onStart,
  onDelete,
  onSettings,
  onUploaded,
}: {
  scene: TourScene;
  doc: TourDocument;
  media: ProjectMedia | undefined;
  projectId: number;
  errors: Record<string, string>;
  onChange(patch: ScenePatch): void;
  onStart(): void;
  onDelete(): void;
  onSettings(patch: Partial<TourDocument['settings']>): void;
  onUploaded(): void;
}) {
  const { t } = useTranslation(['tour', 'common']);
  const audio = (media?.assets ?? []).filter((a) => a.kind === 'audio').map((a) => ({ value: a.id, label: a.filename }));
  const bg = scene.background_audio;
  const err = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: t(`common:${errors[field]}`) } : {});
  return (
    <Form layout="vertical" size="small" className="xr-tour-editor__panel" data-testid="scene-panel">
      <Form.Item label={t('scene.name')} {...err('name')}>
        <I18nTextField
          value={scene.name}
          onChange={(name) => onChange({ name })}
          maxLength={SCENE_LIMITS.title}
          label={t('scene.name')}
          testId="scene-name"
        />
      </Form.Item>
      <Form.Item label={t('scene.background')} {...err('background_audio')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            allowClear
            value={bg?.asset_id}
            placeholder={t('scene.noBackground')}
            options={audio}
            notFoundContent={t('hotspot.noMedia')}
            onChange={(id?: number) =>
              onChange({ background_audio: id ? { asset_id: id, volume: bg?.volume ?? 0.6, loop: bg?.loop ?? true } : null })
            }
            aria-label={t('scene.background')}
            data-testid="scene-background"
          />
          {bg ? (
            <Space wrap>
              <span>{t('scene.volume')}</span>
              <Slider
                style={{ width: 120 }}
                min={0}
                max={1}
                step={0.05}
                value={bg.volume}
                onChange={(volume) => onChange({ background_audio: { ...bg, volume } })}
                aria-label={t('scene.volume')}
              />
              <Switch
                checked={bg.loop}
                onChange={(loop) => onChange({ background_audio: { ...bg, loop } })}
                checkedChildren={t('scene.loop')}
                unCheckedChildren={t('scene.once')}
              />
            </Space>
          ) : null}
          <UploadButton
            kind="audio"
            projectId={projectId}
            onDone={(assetId) => {
              // the sound just uploaded here becomes the background sound
              if (assetId)
                onChange({ background_audio: { asset_id: assetId, volume: bg?.volume ?? 0.6, loop: bg?.loop ?? true } });
              onUploaded();
            }}
          />
        </Space>
      </Form.Item>
      <Space wrap>
        <Button icon={<FlagOutlined />} disabled={doc.start_scene === scene.id} onClick={onStart} data-testid="set-start-scene">
          {doc.start_scene === scene.id ? t('editor.isStartScene') : t('editor.makeStartScene')}
        </Button>
        <Popconfirm
          title={t('scene.deleteConfirm')}
          description={t('scene.deleteHelp')}
          okText={t('common:delete')}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger icon={<DeleteOutlined />} data-testid="scene-delete">
            {t('scene.delete')}
          </Button>
        </Popconfirm>
      </Space>
      <Divider />
      <h4>{t('settings.title')}</h4>
      <Form.Item label={t('settings.autorotate')}>
        <Switch
          checked={doc.settings.autorotate}
          onChange={(autorotate) => onSettings({ autorotate })}
          aria-label={t('settings.autorotate')}
        />
      </Form.Item>
      <Form.Item label={t('settings.gyroscope')} extra={t('settings.gyroscopeHelp')}>
        <Switch
          checked={doc.settings.gyroscope}
          onChange={(gyroscope) => onSettings({ gyroscope })}
          aria-label={t('settings.gyroscope')}
        />
      </Form.Item>
      <Divider />
      <PlanEditor
        doc={doc}
        sceneId={scene.id}
        media={media}
        projectId={projectId}
        onSettings={onSettings}
        onUploaded={onUploaded}
      />
    </Form>
  );
}
