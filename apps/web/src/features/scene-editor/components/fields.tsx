import type { I18nText } from '@xr/contract/scenes';
import { Input, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';
import { useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';

/** A number that commits on blur, Enter or the step arrows (one command per edit, not per keystroke). */
export function NumField({
  value,
  onCommit,
  label,
  step = 0.1,
  min,
  max,
  precision = 3,
}: {
  value: number;
  onCommit(v: number): void;
  label: string;
  step?: number;
  min?: number;
  max?: number;
  precision?: number;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = (v: number | null) => {
    if (v === null || !Number.isFinite(v) || v === value) return;
    onCommit(v);
  };
  return (
    <InputNumber
      size="small"
      value={draft}
      step={step}
      min={min}
      max={max}
      precision={precision}
      aria-label={label}
      title={label}
      onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
      onStep={(v) => commit(typeof v === 'number' ? v : null)}
      className="xr-editor__num"
    />
  );
}

/** A text that commits on blur or Enter. */
export function TextField({
  value,
  onCommit,
  label,
  multiline,
  maxLength,
}: {
  value: string;
  onCommit(v: string): void;
  label: string;
  multiline?: boolean;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return multiline ? (
    <Input.TextArea
      value={draft}
      aria-label={label}
      placeholder={label}
      autoSize={{ minRows: 2, maxRows: 6 }}
      maxLength={maxLength}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
    />
  ) : (
    <Input
      size="small"
      value={draft}
      aria-label={label}
      placeholder={label}
      maxLength={maxLength}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

const LANGS = ['zh', 'tc', 'en'] as const;

/** Text in the three languages (each optional). */
export function I18nFields({
  value,
  onCommit,
  label,
  multiline,
  maxLength,
}: {
  value: I18nText;
  onCommit(v: I18nText): void;
  label: string;
  multiline?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation('scene3d');
  return (
    <div className="xr-editor__i18n">
      {LANGS.map((l) => (
        <div key={l} className="xr-editor__i18n-row">
          <span className="xr-editor__lang">{t(`lang.${l}`)}</span>
          <TextField
            value={value[l] ?? ''}
            label={`${label} (${t(`lang.${l}`)})`}
            multiline={multiline}
            maxLength={maxLength}
            onCommit={(v) => {
              const next = { ...value };
              if (v) next[l] = v;
              else delete next[l];
              onCommit(next);
            }}
          />
        </div>
      ))}
    </div>
  );
}

/** A labelled row of the inspector; `issue` names the field whose problems show under its control. */
export function Row({
  label,
  children,
  issue,
}: {
  label: string;
  children: React.ReactNode;
  issue?: { at: string; path: string };
}) {
  return (
    <div className="xr-editor__field">
      <span className="xr-editor__label">{label}</span>
      <div className="xr-editor__control">
        {children}
        {issue ? <FieldIssues at={issue.at} path={issue.path} /> : null}
      </div>
    </div>
  );
}

/** A colour input (`#rrggbb`). */
export function ColorField({ value, onCommit, label }: { value: string; onCommit(v: string): void; label: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <input
      type="color"
      className="xr-editor__color"
      value={draft}
      aria-label={label}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => draft !== value && onCommit(draft)}
    />
  );
}

/**
 * Where a problem's path points inside its place: the field (`hotspot.asset_id` → `asset_id`, `steps.0.waypoints` →
 * `waypoints`, `transform.position.1` → `position`) and the language of a text in three languages.
 */
export function fieldOf(path: string): { field: string; lang: string | null } {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  while (parts.length > 1 && CONTAINERS.has(parts[0]!)) parts.shift();
  const lang = parts.length > 1 && (LANGS as readonly string[]).includes(parts.at(-1)!) ? parts.pop()! : null;
  return { field: parts[0] ?? '', lang };
}
/** Path parts that hold fields rather than being one. */
const CONTAINERS = new Set(['hotspot', 'steps', 'transform', 'light', 'environment', 'fog', 'floor', 'spawn']);

/** The label of a field (the inspector's own words); `steps` paths name the step's fields. */
const FIELD_LABELS: Record<string, string> = {
  project_id: 'hotspot.product',
  asset_id: 'hotspot.media',
  url: 'hotspot.url',
  title: 'hotspot.title',
  icon: 'hotspot.icon',
  size: 'hotspot.size',
  kind: 'hotspot.kind',
  name: 'inspector.name',
  position: 'inspector.position',
  rotation: 'inspector.rotation',
  scale: 'inspector.scale',
  display_name: 'npc.displayName',
  walk_clip: 'npc.walkClip',
  idle_clip: 'npc.idleClip',
  steps: 'npc.steps',
  waypoints: 'npc.waypoints',
  speed: 'npc.speed',
  clip: 'npc.clip',
  seconds: 'npc.seconds',
  radius: 'npc.radius',
  color: 'light.color',
  intensity: 'light.intensity',
  distance: 'light.distance',
  angle: 'light.angle',
  parent: 'issues.field.parent',
  source: 'issues.field.source',
  id: 'issues.field.id',
};

/** A clearer sentence than the schema's for a field left empty (`field:message key` → scene3d key). */
const SENTENCES: Record<string, string> = {
  'asset_id:v.invalidValue': 'issues.msg.pickMedia',
  'asset_id:v.required': 'issues.msg.pickMedia',
  'project_id:v.invalidValue': 'issues.msg.pickProduct',
  'project_id:v.required': 'issues.msg.pickProduct',
  'waypoints:v.required': 'issues.msg.placeWaypoint',
  'hotspot:v.invalidValue': 'issues.msg.pickHotspot',
  'hotspot:v.required': 'issues.msg.pickHotspot',
  'hotspot:v.elementIdFormat': 'issues.msg.pickHotspot',
  'hotspot:v.sceneTargetUnknown': 'issues.msg.pickHotspot',
  'url:v.invalidValue': 'issues.msg.enterUrl',
  'url:v.required': 'issues.msg.enterUrl',
};

type TFn = (key: string, opts?: Record<string, unknown>) => string;

/** A problem as a translated sentence (never a schema path or an untranslated key). */
export function issueSentence(path: string, message: string, t: TFn): string {
  const { field } = fieldOf(path);
  const own = SENTENCES[`${field}:${message}`];
  if (own) return t(own);
  const text = /^(v|err)\.\w+$/.test(message) ? translateKey(message) : '';
  return text && text !== message ? text : t('issues.invalid');
}

/** The field's label, with the language of a text in three languages (`Title (EN)`), or "this object". */
export function issueLabel(path: string, t: TFn): string {
  const { field, lang } = fieldOf(path);
  const label = FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : t('issues.field.object');
  return lang ? `${label} (${t(`lang.${lang}`)})` : label;
}

const matches = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

/** The problems of one field, under it: the sentence alone (the field's label is right above). */
export function FieldIssues({ at, path }: { at: string; path: string }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const issues = useEditor(store, (s) => s.issues).filter((i) => i.at === at && matches(i.path, path));
  if (!issues.length) return null;
  return (
    <ul className="xr-editor__issues xr-editor__issues--field" role="alert" data-testid="issues" data-field={path}>
      {issues.map((i) => {
        const { lang } = fieldOf(i.path);
        const text = issueSentence(i.path, i.message, t);
        return <li key={`${i.path}:${i.message}`}>{lang ? `${t(`lang.${lang}`)}: ${text}` : text}</li>;
      })}
    </ul>
  );
}

/**
 * The problems of one place (object id or `settings`) that no field shows itself (`skip`: the paths of fields that
 * do), each as "Field: sentence".
 */
export function Issues({ at, prefix, skip = [] }: { at: string; prefix?: string; skip?: string[] }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const issues = useEditor(store, (s) => s.issues).filter(
    (i) => i.at === at && (!prefix || matches(i.path, prefix)) && !skip.some((p) => matches(i.path, p)),
  );
  if (!issues.length) return null;
  return (
    <ul className="xr-editor__issues" role="alert" data-testid="issues">
      {issues.map((i) => (
        <li key={`${i.path}:${i.message}`}>
          {i.path ? `${issueLabel(i.path, t)}: ` : null}
          {issueSentence(i.path, i.message, t)}
        </li>
      ))}
    </ul>
  );
}
