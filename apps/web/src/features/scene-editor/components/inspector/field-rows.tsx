import type { I18nText, Vec3 } from '@xr/contract/scenes';
import { Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField, I18nFields, NumField, Row, TextField } from '../fields';

/**
 * The inspector's forms as field tables: each panel lists its fields (the property, the label's scene3d key, the
 * kind of control and its limits) and `FieldRows` draws them as labelled rows, so every field of a kind looks and
 * behaves the same (commit on blur / Enter, one command per edit).
 */

export interface SelectOption {
  value: string | number;
  label: string;
}

type Translate = (key: string) => string;

/** How a stored number is shown in its field and read back (radians shown as degrees). */
export interface NumberView {
  show(stored: number): number;
  read(shown: number): number;
}

const DEG = 180 / Math.PI;

/** Radians shown as degrees rounded to `decimals`. */
export const degrees = (decimals: number): NumberView => {
  const f = 10 ** decimals;
  return { show: (r) => Math.round(r * DEG * f) / f, read: (d) => d / DEG };
};

/** A select's options from a closed list, labelled by the scene3d key `<prefix><value>`. */
export const translated =
  (values: readonly string[], prefix: string) =>
  (_value: unknown, t: Translate): SelectOption[] =>
    values.map((v) => ({ value: v, label: t(`${prefix}${v}`) }));

/** The animation clips of a model, plus the one in use (which the model may lack), as options. */
export const clipOptions = (clips: string[], current: string): SelectOption[] =>
  [...new Set([...clips, current])].map((c) => ({ value: c, label: c }));

/** The properties of any member of a union. */
type Keys<V> = V extends unknown ? keyof V & string : never;

interface FieldBase<V> {
  /** The property of the value the field reads and writes. */
  key: Keys<V>;
  /** Whether the problems of `<issues.prefix>.<key>` show under the control. */
  issue?: boolean;
  /** Shown only for values this accepts. */
  when?(value: V): boolean;
}

/** One field of a table; `C` is what the panel hands its option lists and custom controls. */
export type FieldSpec<V, C = undefined> = FieldBase<V> &
  (
    | ({
        /** The scene3d key of the row's label, which is also the control's accessible name. */
        label: string;
      } & (
        | { kind: 'number'; min?: number; max?: number; step?: number; precision?: number; view?: NumberView }
        | { kind: 'vector'; min?: number; step?: number; precision?: number; view?: NumberView }
        | { kind: 'colour' }
        | { kind: 'switch' }
        | { kind: 'text'; maxLength: number }
        | { kind: 'i18n'; maxLength: number; multiline?: boolean }
        | {
            kind: 'select';
            options(value: V, t: Translate, ctx: C): SelectOption[];
            /** The scene3d key of the text shown while nothing is chosen (an empty value counts as nothing). */
            placeholder?: string;
          }
        | { kind: 'custom'; render(value: V, ctx: C): ReactNode }
      ))
    /** Controls of their own drawn without a labelled row (tools between rows, a group of rows). */
    | { kind: 'bare'; label?: undefined; render(value: V, ctx: C): ReactNode }
  );

interface RowsProps<V, C> {
  fields: readonly FieldSpec<V, C>[];
  value: V;
  onChange(key: Keys<V>, next: unknown): void;
  /** Where the fields' problems are placed: the object id and the path of the value inside it. */
  issues?: { at: string; prefix: string };
  ctx?: C;
}

/** Draws a field table's rows for one value. */
export function FieldRows<V, C = undefined>({ fields, value, onChange, issues, ctx }: RowsProps<V, C>) {
  return (
    <>
      {fields
        .filter((f) => !f.when || f.when(value))
        .map((f) => (
          <FieldRow
            key={`${f.key}:${f.label ?? ''}`}
            field={f}
            value={value}
            onChange={onChange}
            issues={issues}
            ctx={ctx as C}
          />
        ))}
    </>
  );
}

function FieldRow<V, C>({
  field: f,
  value,
  onChange,
  issues,
  ctx,
}: Omit<RowsProps<V, C>, 'fields'> & { field: FieldSpec<V, C>; ctx: C }) {
  const { t } = useTranslation('scene3d');
  if (f.kind === 'bare') return <>{f.render(value, ctx)}</>;
  const label = t(f.label);
  const raw = (value as Record<string, unknown>)[f.key];
  const commit = (next: unknown) => onChange(f.key, next);
  let control: ReactNode;
  switch (f.kind) {
    case 'number': {
      const view = f.view;
      control = (
        <NumField
          value={view ? view.show(raw as number) : (raw as number)}
          label={label}
          min={f.min}
          max={f.max}
          step={f.step}
          precision={f.precision}
          onCommit={(v) => commit(view ? view.read(v) : v)}
        />
      );
      break;
    }
    case 'vector': {
      const vec = raw as Vec3;
      const view = f.view;
      control = (
        <div className="xr-editor__vec">
          {(['x', 'y', 'z'] as const).map((axis, i) => (
            <NumField
              key={axis}
              label={`${label} ${axis}`}
              value={view ? view.show(vec[i]!) : vec[i]!}
              step={f.step}
              min={f.min}
              precision={f.precision}
              onCommit={(v) => {
                const next = [...vec] as Vec3;
                next[i] = view ? view.read(v) : v;
                commit(next);
              }}
            />
          ))}
        </div>
      );
      break;
    }
    case 'colour':
      control = <ColorField value={raw as string} label={label} onCommit={commit} />;
      break;
    case 'switch':
      control = <Switch size="small" checked={raw as boolean} aria-label={label} onChange={commit} />;
      break;
    case 'text':
      control = <TextField value={(raw as string | undefined) ?? ''} label={label} maxLength={f.maxLength} onCommit={commit} />;
      break;
    case 'i18n':
      control = (
        <I18nFields value={raw as I18nText} label={label} multiline={f.multiline} maxLength={f.maxLength} onCommit={commit} />
      );
      break;
    case 'select':
      control = (
        <Select
          size="small"
          value={f.placeholder ? raw || undefined : raw}
          aria-label={label}
          placeholder={f.placeholder ? t(f.placeholder) : undefined}
          style={{ width: '100%' }}
          options={f.options(value, t, ctx)}
          onChange={commit}
        />
      );
      break;
    case 'custom':
      control = f.render(value, ctx);
      break;
  }
  const issue = f.issue && issues ? { at: issues.at, path: `${issues.prefix}.${f.key}` } : undefined;
  return (
    <Row label={label} issue={issue}>
      {control}
    </Row>
  );
}

/** The paths of a table's fields that show their own problems (the rest go to the place's list). */
export function ownIssuePaths(fields: readonly { key: string; issue?: boolean }[], prefix: string): string[] {
  return [...new Set(fields.filter((f) => f.issue).map((f) => `${prefix}.${f.key}`))];
}
