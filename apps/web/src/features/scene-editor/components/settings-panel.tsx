import { AimOutlined } from '@ant-design/icons';
import { ENVIRONMENT_PRESETS, type SceneSettings, type Vec3 } from '@xr/contract/scenes';
import { Button, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectAssets } from '../api/project-assets';
import { setSettings } from '../store/commands';
import { useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';
import { ColorField, Issues, NumField, Row } from './fields';

const DEG = 180 / Math.PI;

/** Scene settings: environment preset or the creator's 360 image, background, fog, floor, start point, sound. */
export function SettingsPanel() {
  const { t } = useTranslation('scene3d');
  const { store, runtime } = useEditorContext();
  const settings = useEditor(store, (s) => s.doc.settings);
  const projectId = useEditor(store, (s) => s.projectId);
  const { content } = useProjectAssets(projectId);
  const assets = content.data?.assets ?? [];
  const set = (change: (s: SceneSettings) => SceneSettings) => {
    const s = store.getState();
    s.exec(setSettings(s.doc, change));
  };
  /** Makes a chosen asset's URLs known to the viewport and the preview. */
  const resolve = (id: number) => {
    const a = assets.find((x) => x.id === id);
    if (a)
      store.getState().addMedia('media', {
        id: a.id,
        kind: a.kind,
        status: 'ready',
        urls: { ...a.outputs, original: a.original_url },
        tiles: a.tiles ? { width: a.tiles.width, cols: a.tiles.cols, rows: a.tiles.rows } : null,
        clips: [],
      });
  };
  const { environment: env, fog, floor, spawn } = settings;
  return (
    <div className="xr-editor__settings" data-testid="settings-panel">
      <Issues at="settings" />
      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('settings.environment')}
      </Typography.Title>
      <Row label={t('settings.preset')}>
        <Select
          size="small"
          value={env.preset}
          aria-label={t('settings.preset')}
          style={{ width: '100%' }}
          options={ENVIRONMENT_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) }))}
          onChange={(preset) => set((s) => ({ ...s, environment: { ...s.environment, preset } }))}
        />
      </Row>
      <Row label={t('settings.panorama')}>
        <Select
          size="small"
          allowClear
          value={env.panorama_asset_id ?? undefined}
          placeholder={t('settings.noPanorama')}
          aria-label={t('settings.panorama')}
          style={{ width: '100%' }}
          options={assets.filter((a) => a.kind === 'image360').map((a) => ({ value: a.id, label: a.filename }))}
          onChange={(id?: number) => {
            if (id) resolve(id);
            set((s) => ({ ...s, environment: { ...s.environment, panorama_asset_id: id ?? null } }));
          }}
        />
      </Row>
      <Row label={t('settings.background')}>
        <ColorField
          value={settings.background}
          label={t('settings.background')}
          onCommit={(background) => set((s) => ({ ...s, background }))}
        />
      </Row>

      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('settings.fog')}
      </Typography.Title>
      <Row label={t('settings.fogOn')}>
        <Switch
          size="small"
          checked={fog.enabled}
          aria-label={t('settings.fogOn')}
          onChange={(enabled) => set((s) => ({ ...s, fog: { ...s.fog, enabled } }))}
        />
      </Row>
      {fog.enabled && (
        <>
          <Row label={t('settings.fogColor')}>
            <ColorField
              value={fog.color}
              label={t('settings.fogColor')}
              onCommit={(color) => set((s) => ({ ...s, fog: { ...s.fog, color } }))}
            />
          </Row>
          <Row label={t('settings.fogRange')}>
            <div className="xr-editor__vec">
              <NumField
                value={fog.near}
                label={t('settings.fogNear')}
                min={0}
                max={1000}
                step={1}
                onCommit={(near) => set((s) => ({ ...s, fog: { ...s.fog, near } }))}
              />
              <NumField
                value={fog.far}
                label={t('settings.fogFar')}
                min={0}
                max={5000}
                step={5}
                onCommit={(far) => set((s) => ({ ...s, fog: { ...s.fog, far } }))}
              />
            </div>
          </Row>
        </>
      )}

      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('settings.floor')}
      </Typography.Title>
      <Row label={t('settings.floorVisible')}>
        <Switch
          size="small"
          checked={floor.visible}
          aria-label={t('settings.floorVisible')}
          onChange={(visible) => set((s) => ({ ...s, floor: { ...s.floor, visible } }))}
        />
      </Row>
      <Row label={t('settings.floorColor')}>
        <ColorField
          value={floor.color}
          label={t('settings.floorColor')}
          onCommit={(color) => set((s) => ({ ...s, floor: { ...s.floor, color } }))}
        />
      </Row>
      <Row label={t('settings.floorSize')}>
        <NumField
          value={floor.size}
          label={t('settings.floorSize')}
          min={1}
          max={1000}
          step={5}
          onCommit={(size) => set((s) => ({ ...s, floor: { ...s.floor, size } }))}
        />
      </Row>

      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('settings.spawn')}
      </Typography.Title>
      <Row label={t('settings.spawnPosition')}>
        <div className="xr-editor__vec">
          {[0, 2].map((axis) => (
            <NumField
              key={axis}
              value={spawn.position[axis]!}
              label={`${t('settings.spawnPosition')} ${axis === 0 ? 'x' : 'z'}`}
              step={0.5}
              onCommit={(v) =>
                set((s) => {
                  const position = [...s.spawn.position] as Vec3;
                  position[axis] = v;
                  return { ...s, spawn: { ...s.spawn, position } };
                })
              }
            />
          ))}
        </div>
      </Row>
      <Row label={t('settings.spawnYaw')}>
        <NumField
          value={Math.round(spawn.yaw * DEG)}
          label={t('settings.spawnYaw')}
          min={-360}
          max={360}
          step={15}
          precision={0}
          onCommit={(deg) => set((s) => ({ ...s, spawn: { ...s.spawn, yaw: deg / DEG } }))}
        />
      </Row>
      <Button
        size="small"
        icon={<AimOutlined />}
        onClick={() => {
          const v = runtime.view();
          if (v) set((s) => ({ ...s, spawn: { position: v.position, yaw: v.yaw } }));
        }}
      >
        {t('settings.useView')}
      </Button>

      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('settings.sound')}
      </Typography.Title>
      <Row label={t('settings.sound')}>
        <Select
          size="small"
          allowClear
          value={settings.background_audio?.asset_id}
          placeholder={t('settings.noSound')}
          aria-label={t('settings.sound')}
          style={{ width: '100%' }}
          options={assets.filter((a) => a.kind === 'audio').map((a) => ({ value: a.id, label: a.filename }))}
          onChange={(id?: number) => {
            if (id) resolve(id);
            set((s) => ({
              ...s,
              background_audio: id ? { asset_id: id, volume: s.background_audio?.volume ?? 0.6, loop: true } : null,
            }));
          }}
        />
      </Row>
    </div>
  );
}
