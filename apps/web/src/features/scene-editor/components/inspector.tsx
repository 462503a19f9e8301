import { SCENE_LIMITS, type SceneObject, type Transform } from '@xr/contract/scenes';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CommandKind, rename, setTransforms } from '../store/commands';
import { objectById, useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';
import { Issues } from './fields';
import { degrees, FieldRows, type FieldSpec } from './inspector/field-rows';
import { HotspotPanel } from './inspector/hotspot-panel';
import { LightPanel } from './inspector/light-panel';
import { NpcPanel } from './inspector/npc-panel';
import { useChange } from './inspector/use-change';

const TRANSFORM_FIELDS: FieldSpec<Transform>[] = [
  { key: 'position', label: 'inspector.position', kind: 'vector', step: 0.25, precision: 3 },
  { key: 'rotation', label: 'inspector.rotation', kind: 'vector', step: 15, precision: 1, view: degrees(2) },
  { key: 'scale', label: 'inspector.scale', kind: 'vector', step: 0.1, min: 0.001, precision: 3 },
];
/** The command a transform field's edit makes (the undo list names it). */
const TRANSFORM_COMMANDS = { position: 'move', rotation: 'rotate', scale: 'scale' } as const;

/** What every object has: name, transform, lock and hide (models add their shadow). */
const OBJECT_FIELDS: FieldSpec<SceneObject>[] = [
  { key: 'name', label: 'inspector.name', kind: 'text', maxLength: SCENE_LIMITS.name },
  { key: 'transform', kind: 'bare', render: (o) => <TransformFields obj={o} /> },
  { key: 'locked', label: 'lock', kind: 'switch' },
  { key: 'hidden', label: 'hide', kind: 'switch' },
  { key: 'cast_shadow', label: 'inspector.castShadow', kind: 'switch', when: (o) => o.type === 'model' },
];
const OBJECT_COMMANDS: Partial<Record<string, CommandKind>> = { locked: 'lock', hidden: 'hide' };

/** The paths whose problems an object kind's own form shows beside its fields. */
const OWN_FORM: Partial<Record<SceneObject['type'], string[]>> = { hotspot: ['hotspot'], npc: ['steps'] };

function TransformFields({ obj }: { obj: SceneObject }) {
  const { store } = useEditorContext();
  return (
    <FieldRows
      fields={TRANSFORM_FIELDS}
      value={obj.transform}
      onChange={(key, next) => {
        const s = store.getState();
        s.exec(setTransforms(s.doc, { [obj.id]: { ...obj.transform, [key]: next } }, TRANSFORM_COMMANDS[key]));
      }}
    />
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
      <FieldRows
        fields={OBJECT_FIELDS}
        value={obj}
        onChange={(key, next) => {
          if (key === 'name') {
            const s = store.getState();
            s.exec(rename(s.doc, obj.id, next as string));
          } else change((o) => ({ ...o, [key]: next }) as SceneObject, OBJECT_COMMANDS[key]);
        }}
      />
      {obj.type === 'light' && <LightPanel obj={obj} />}
      {obj.type === 'hotspot' && <HotspotPanel obj={obj} />}
      {obj.type === 'npc' && <NpcPanel obj={obj} />}
    </div>
  );
}
