import {
  AimOutlined,
  BlockOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  DragOutlined,
  ExpandOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FolderAddOutlined,
  HistoryOutlined,
  LoadingOutlined,
  LockOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  RedoOutlined,
  RotateRightOutlined,
  SaveOutlined,
  SendOutlined,
  UndoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { LIGHT_KINDS, SCENE_HOTSPOT_KINDS } from '@xr/contract/scenes';
import { Button, Dropdown, Segmented, Space, Switch, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ungroup } from '../store/commands';
import { type GizmoMode, useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';

export type AddKind =
  | { type: 'light'; kind: (typeof LIGHT_KINDS)[number] }
  | { type: 'hotspot'; kind: (typeof SCENE_HOTSPOT_KINDS)[number] }
  | { type: 'group' };

interface Props {
  onAdd(kind: AddKind): void;
  onSave(): void;
  onPreview(): void;
  onRevisions(): void;
  /** The share button (link and embed code), before the preview. */
  share?: ReactNode;
  onSubmit(): void;
  submitting: boolean;
  /** The current draft is already under review (nothing new to submit). */
  underReview?: boolean;
}

/** Save state, as a tag. */
function SaveStateTag() {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const state = useEditor(store, (s) => s.saveState);
  const error = useEditor(store, (s) => s.saveError);
  const map = {
    saved: { color: 'success', icon: <CheckCircleOutlined /> },
    dirty: { color: 'default', icon: <SaveOutlined /> },
    saving: { color: 'processing', icon: <LoadingOutlined /> },
    failed: { color: 'error', icon: <CloseCircleOutlined /> },
    invalid: { color: 'warning', icon: <WarningOutlined /> },
    conflict: { color: 'warning', icon: <CloseCircleOutlined /> },
  } as const;
  return (
    <Tooltip title={error ?? undefined}>
      <Tag color={map[state].color} icon={map[state].icon} data-testid="save-state" data-state={state}>
        {t(`save.${state}`)}
      </Tag>
    </Tooltip>
  );
}

/** The editor's toolbar: add, history, gizmo mode and snapping, selection actions, preview, revisions, save, submit. */
export function EditorToolbar({
  onAdd,
  onSave,
  onPreview,
  onRevisions,
  onSubmit,
  share,
  submitting,
  underReview = false,
}: Props) {
  const { t } = useTranslation('scene3d');
  const { store, runtime } = useEditorContext();
  const canUndo = useEditor(store, (s) => s.past.length > 0);
  const canRedo = useEditor(store, (s) => s.future.length > 0);
  const gizmo = useEditor(store, (s) => s.gizmo);
  const snap = useEditor(store, (s) => s.snap);
  const selection = useEditor(store, (s) => s.selection);
  const single = useEditor(store, (s) =>
    s.selection.length === 1 ? s.doc.objects.find((o) => o.id === s.selection[0]) : undefined,
  );
  const s = () => store.getState();
  const none = selection.length === 0;
  const addItems = [
    { key: 'group', label: t('add.group'), onClick: () => onAdd({ type: 'group' }) },
    {
      key: 'lights',
      type: 'group' as const,
      label: t('add.lights'),
      children: LIGHT_KINDS.map((k) => ({
        key: `light-${k}`,
        label: t(`light.kinds.${k}`),
        onClick: () => onAdd({ type: 'light', kind: k }),
      })),
    },
    {
      key: 'hotspots',
      type: 'group' as const,
      label: t('add.hotspots'),
      children: SCENE_HOTSPOT_KINDS.map((k) => ({
        key: `hotspot-${k}`,
        label: t(`kind.${k}`),
        onClick: () => onAdd({ type: 'hotspot', kind: k }),
      })),
    },
  ];
  const tip = (title: string, key?: string) => (key ? `${title} (${key})` : title);
  return (
    <div className="xr-editor__toolbar" role="toolbar" aria-label={t('toolbar')}>
      <Space size={4} wrap>
        <Dropdown menu={{ items: addItems }} trigger={['click']}>
          <Button icon={<PlusOutlined />} data-testid="add-menu">
            {t('add.title')} <DownOutlined />
          </Button>
        </Dropdown>
        <Tooltip title={tip(t('undo'), 'Ctrl+Z')}>
          <Button icon={<UndoOutlined />} aria-label={t('undo')} disabled={!canUndo} onClick={() => s().undo()} />
        </Tooltip>
        <Tooltip title={tip(t('redo'), 'Ctrl+Y')}>
          <Button icon={<RedoOutlined />} aria-label={t('redo')} disabled={!canRedo} onClick={() => s().redo()} />
        </Tooltip>
        <Segmented<GizmoMode>
          value={gizmo}
          onChange={(m) => s().setGizmo(m)}
          options={[
            { value: 'translate', icon: <DragOutlined />, title: tip(t('gizmo.translate'), 'W') },
            { value: 'rotate', icon: <RotateRightOutlined />, title: tip(t('gizmo.rotate'), 'E') },
            { value: 'scale', icon: <ExpandOutlined />, title: tip(t('gizmo.scale'), 'R') },
          ]}
          aria-label={t('gizmo.title')}
        />
        <Tooltip title={t('snapHint')}>
          <span className="xr-editor__snap">
            <Switch size="small" checked={snap} onChange={(v) => s().setSnap(v)} aria-label={t('snap')} /> {t('snap')}
          </span>
        </Tooltip>
        <Tooltip title={tip(t('duplicate'), 'Ctrl+D')}>
          <Button icon={<CopyOutlined />} aria-label={t('duplicate')} disabled={none} onClick={() => s().duplicateSelection()} />
        </Tooltip>
        <Tooltip title={tip(t('delete'), 'Delete')}>
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            disabled={none}
            danger
            onClick={() => s().deleteSelection()}
          />
        </Tooltip>
        {single?.type === 'group' ? (
          <Tooltip title={t('ungroup')}>
            <Button icon={<BlockOutlined />} aria-label={t('ungroup')} onClick={() => s().exec(ungroup(s().doc, single.id))} />
          </Tooltip>
        ) : (
          <Tooltip title={tip(t('group'), 'Ctrl+G')}>
            <Button
              icon={<FolderAddOutlined />}
              aria-label={t('group')}
              disabled={none}
              onClick={() => s().groupSelection(t('type.group'))}
            />
          </Tooltip>
        )}
        <Tooltip title={t('lock')}>
          <Button icon={<LockOutlined />} aria-label={t('lock')} disabled={none} onClick={() => s().toggleLockSelection()} />
        </Tooltip>
        <Tooltip title={t('hide')}>
          <Button
            icon={single?.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            aria-label={t('hide')}
            disabled={none}
            onClick={() => s().toggleHideSelection()}
          />
        </Tooltip>
        <Tooltip title={tip(t('focus'), 'F')}>
          <Button icon={<AimOutlined />} aria-label={t('focus')} onClick={() => runtime.focus()} />
        </Tooltip>
      </Space>
      <Space size={4} wrap className="xr-editor__toolbar-end">
        <SaveStateTag />
        <Button icon={<SaveOutlined />} onClick={onSave}>
          {t('save.now')}
        </Button>
        <Button icon={<HistoryOutlined />} onClick={onRevisions}>
          {t('revisions.title')}
        </Button>
        {share}
        <Button icon={<PlayCircleOutlined />} onClick={onPreview} data-testid="preview">
          {t('preview')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={onSubmit}
          loading={submitting}
          disabled={underReview}
          data-testid="submit-scene"
        >
          {underReview ? t('submit.underReview') : t('submit.button')}
        </Button>
      </Space>
    </div>
  );
}
