import { LIGHT_KINDS, type Light } from '@xr/contract/scenes';
import { degrees, FieldRows, type FieldSpec, translated } from './field-rows';
import { type Obj, useChange } from './use-change';

const LIGHT_FIELDS: FieldSpec<Light>[] = [
  { key: 'kind', label: 'light.kind', kind: 'select', options: translated(LIGHT_KINDS, 'light.kinds.') },
  { key: 'color', label: 'light.color', kind: 'colour' },
  { key: 'intensity', label: 'light.intensity', kind: 'number', min: 0, max: 100 },
  { key: 'cast_shadow', label: 'light.shadow', kind: 'switch', when: (l) => l.kind !== 'ambient' },
  {
    key: 'distance',
    label: 'light.distance',
    kind: 'number',
    min: 0,
    step: 1,
    when: (l) => l.kind === 'point' || l.kind === 'spot',
  },
  {
    key: 'angle',
    label: 'light.angle',
    kind: 'number',
    min: 1,
    max: 90,
    step: 5,
    precision: 0,
    view: degrees(0),
    when: (l) => l.kind === 'spot',
  },
];

/** A light's form: kind, colour, intensity, and what its kind adds (shadow, range, cone). */
export function LightPanel({ obj }: { obj: Obj<'light'> }) {
  const change = useChange(obj.id);
  return (
    <FieldRows
      fields={LIGHT_FIELDS}
      value={obj.light}
      onChange={(key, next) => change((o) => (o.type === 'light' ? { ...o, light: { ...o.light, [key]: next } } : o), 'light')}
    />
  );
}
