import { AimOutlined } from '@ant-design/icons';
import { type NpcStep, SCENE_LIMITS } from '@xr/contract/scenes';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../store/editor-store';
import { useEditorContext } from '../editor-context';
import { clipOptions, FieldRows, type FieldSpec, ownIssuePaths, type SelectOption } from './field-rows';
import type { Obj } from './use-change';

type Step<T extends NpcStep['type']> = Extract<NpcStep, { type: T }>;

/** What a step's form hands its option lists and its own controls. */
interface StepContext {
  npc: Obj<'npc'>;
  index: number;
  /** The NPC model's animation clips. */
  clips: string[];
  /** The scene's hotspots, for `open_hotspot`. */
  hotspots: SelectOption[];
  onChange(s: NpcStep): void;
}

const seconds = (min: number, max: number) =>
  ({ key: 'seconds', label: 'npc.seconds', kind: 'number', min, max, issue: true }) as const;

/** Each step type's fields (`face_visitor` and `loop` have none). */
const STEP_FIELDS: { [T in NpcStep['type']]: FieldSpec<Step<T>, StepContext>[] } = {
  walk: [
    { key: 'waypoints', label: 'npc.waypoints', kind: 'custom', issue: true, render: (s) => <WaypointList step={s} /> },
    {
      key: 'waypoints',
      kind: 'bare',
      render: (s, ctx) => <WaypointTools step={s} {...ctx} />,
    },
    { key: 'speed', label: 'npc.speed', kind: 'number', min: 0.1, max: 10, issue: true },
  ],
  play: [
    { key: 'clip', label: 'npc.clip', kind: 'select', issue: true, options: (s, _t, ctx) => clipOptions(ctx.clips, s.clip) },
    seconds(0, 600),
  ],
  idle: [seconds(0, 600)],
  wait: [seconds(0, 600)],
  face_visitor: [],
  say: [
    { key: 'text', label: 'npc.line', kind: 'i18n', multiline: true, maxLength: SCENE_LIMITS.text, issue: true },
    { key: 'radius', label: 'npc.radius', kind: 'number', min: 0.5, max: 50, step: 0.5, issue: true },
    seconds(1, 120),
  ],
  open_hotspot: [
    {
      key: 'hotspot',
      label: 'npc.hotspot',
      kind: 'select',
      placeholder: 'npc.pickHotspot',
      issue: true,
      options: (_s, _t, ctx) => ctx.hotspots,
    },
  ],
  loop: [],
};

/** The step paths (`steps.<i>.<field>`) whose problems show under their own field. */
export const stepIssuePaths = (index: number) => [
  ...new Set(Object.values(STEP_FIELDS).flatMap((fields) => ownIssuePaths(fields, `steps.${index}`))),
];

/** A new step of a type, with its defaults. */
export function newStep(type: NpcStep['type'], clips: string[]): NpcStep {
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

/** One step's fields, by its type. */
export function StepFields({
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
  const { store } = useEditorContext();
  const doc = useEditor(store, (s) => s.doc);
  const hotspots = doc.objects.filter((o) => o.type === 'hotspot').map((o) => ({ value: o.id, label: o.name || o.id }));
  // A step's table is typed by its own step type; `step.type` picks the matching one.
  const fields = STEP_FIELDS[step.type] as FieldSpec<NpcStep, StepContext>[];
  if (!fields.length) return null;
  return (
    <FieldRows
      fields={fields}
      value={step}
      ctx={{ npc, index, clips, hotspots, onChange }}
      issues={{ at: npc.id, prefix: `steps.${index}` }}
      onChange={(key, next) => onChange({ ...step, [key]: next } as NpcStep)}
    />
  );
}

function WaypointList({ step }: { step: Step<'walk'> }) {
  const { t } = useTranslation('scene3d');
  return (
    <div className="xr-editor__waypoints">
      {step.waypoints.length === 0 && <Typography.Text type="secondary">{t('npc.noWaypoints')}</Typography.Text>}
      {step.waypoints.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: waypoints are an ordered list without ids
        <Typography.Text key={`${i}-${w.join(',')}`} code>
          {i + 1}: {w[0].toFixed(2)}, {w[2].toFixed(2)}
        </Typography.Text>
      ))}
    </div>
  );
}

/** Placing waypoints in the viewport (the editor's waypoint tool for this step) and taking the last one back. */
function WaypointTools({ step, npc, index, onChange }: StepContext & { step: Step<'walk'> }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const tool = useEditor(store, (s) => s.tool);
  const placing = tool?.kind === 'waypoint' && tool.npc === npc.id && tool.step === index;
  return (
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
  );
}
