import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { NPC_STEP_TYPES, type NpcStep, SCENE_LIMITS } from '@xr/contract/scenes';
import { Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolvedModel } from '../../../../components/viewers/scene3d/model-urls';
import { useEditor } from '../../store/editor-store';
import { useEditorContext } from '../editor-context';
import { Issues } from '../fields';
import { clipOptions, FieldRows, type FieldSpec } from './field-rows';
import { newStep, StepFields, stepIssuePaths } from './npc-step-fields';
import { type Obj, useChange } from './use-change';

const NPC_FIELDS: FieldSpec<Obj<'npc'>, string[]>[] = [
  { key: 'display_name', label: 'npc.displayName', kind: 'i18n', maxLength: SCENE_LIMITS.title },
  { key: 'walk_clip', label: 'npc.walkClip', kind: 'select', options: (o, _t, clips) => clipOptions(clips, o.walk_clip) },
  { key: 'idle_clip', label: 'npc.idleClip', kind: 'select', options: (o, _t, clips) => clipOptions(clips, o.idle_clip) },
];

/** The NPC form: name, clips, and the ordered steps (add, edit, drag to reorder, delete). */
export function NpcPanel({ obj }: { obj: Obj<'npc'> }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const details = useEditor(store, (s) => s.details);
  const change = useChange(obj.id);
  const [dragging, setDragging] = useState<number | null>(null);
  const clips = resolvedModel(details, obj.source)?.clips ?? [];
  const setSteps = (steps: NpcStep[]) => change((o) => (o.type === 'npc' ? { ...o, steps } : o), 'npc');
  const move = (from: number, to: number) => {
    if (from === to) return;
    const steps = [...obj.steps];
    const [s] = steps.splice(from, 1);
    steps.splice(to, 0, s!);
    setSteps(steps);
  };
  return (
    <>
      <FieldRows
        fields={NPC_FIELDS}
        value={obj}
        ctx={clips}
        onChange={(key, next) => change((o) => (o.type === 'npc' ? { ...o, [key]: next } : o), 'npc')}
      />
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
            <Issues at={obj.id} prefix={`steps.${i}`} skip={stepIssuePaths(i)} />
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
