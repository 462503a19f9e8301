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

/** A labelled row of the inspector. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="xr-editor__field">
      <span className="xr-editor__label">{label}</span>
      <div className="xr-editor__control">{children}</div>
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

/** The validation messages of one place (object id or `settings`), with the field they concern. */
/** The inspector's label of the field a problem's path ends in (`hotspot.project_id` → "Product"), else the path. */
const FIELD_LABELS: Record<string, string> = {
  project_id: 'hotspot.product',
  asset_id: 'hotspot.media',
  url: 'hotspot.url',
  title: 'hotspot.title',
  text: 'hotspot.text',
  icon: 'hotspot.icon',
  size: 'hotspot.size',
};
function fieldLabel(path: string, t: (key: string) => string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  return FIELD_LABELS[last] ? t(FIELD_LABELS[last]) : path;
}

export function Issues({ at, prefix }: { at: string; prefix?: string }) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const issues = useEditor(store, (s) => s.issues).filter((i) => i.at === at && (!prefix || i.path.startsWith(prefix)));
  if (!issues.length) return null;
  return (
    <ul className="xr-editor__issues" role="alert" data-testid="issues">
      {issues.map((i) => (
        <li key={`${i.path}:${i.message}`}>
          {i.path ? `${fieldLabel(i.path, t)}: ` : null}
          {translateKey(i.message) || t('issues.invalid')}
        </li>
      ))}
    </ul>
  );
}
