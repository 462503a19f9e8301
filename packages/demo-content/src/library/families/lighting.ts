import { colours, counted, type Family, sizes, st } from '../family';
import type { MaterialSpec, MeshBuilder, Vec3 } from '../geometry';
import { BULB, PALETTES, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Lighting: floor, table, pendant, track and street lamps. */

function shade(b: MeshBuilder, style: string, c: MaterialSpec, at: Vec3, r: number) {
  if (style === 'cone') b.cylinder(c, at, r, r * 0.45, r * 1.1, 20);
  else if (style === 'drum') b.cylinder(c, at, r * 0.9, r * 0.9, r * 0.9, 24);
  else b.sphere(c, [at[0], at[1] + r * 0.6, at[2]], r * 0.75, 16);
  b.sphere(BULB, [at[0], at[1] + r * 0.35, at[2]], r * 0.25, 8);
}
const shades = [st('cone', '锥形', '錐形', 'cone'), st('drum', '筒形', '筒形', 'drum'), st('globe', '球形', '球形', 'globe')];

export const floorLamp: Family = {
  id: 'floor-lamp',
  category: 'lighting',
  names: { zh: '落地灯', tc: '落地燈', en: 'floor lamp' },
  tags: ['light', 'home', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    ['shade', shades],
    ['size', sizes(1.4, 1.8)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    b.cylinder(c, [0, 0, 0], 0.16, 0.16, 0.03, 24);
    b.cylinder(c, [0, 0.03, 0], 0.012, 0.012, h - 0.2, 8);
    shade(b, id(o, 'shade'), m(SWATCHES.cream), [0, h - 0.22, 0], 0.2);
  },
};

export const tableLamp: Family = {
  id: 'table-lamp',
  category: 'lighting',
  names: { zh: '台灯', tc: '檯燈', en: 'table lamp' },
  tags: ['light', 'home', 'office'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['shade', shades],
    ['size', sizes(0.35, 0.55)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    b.sphere(c, [0, h * 0.2, 0], h * 0.2, 16, { scale: [1, 1.1, 1] });
    b.cylinder(m(SWATCHES.brass), [0, h * 0.38, 0], 0.01, 0.01, h * 0.3, 8);
    shade(b, id(o, 'shade'), m(SWATCHES.cream), [0, h * 0.62, 0], h * 0.32);
    b.groundAndCentre();
  },
};

export const pendant: Family = {
  id: 'pendant-lamp',
  category: 'lighting',
  names: { zh: '吊灯', tc: '吊燈', en: 'pendant lamp' },
  tags: ['light', 'home', 'shop'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    ['shade', shades],
    [
      'count',
      counted(
        [1, 3],
        (k) => `${k}头`,
        (k) => `${k}頭`,
        (k) => (k === 1 ? 'single' : 'triple'),
      ),
    ],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'count');
    for (let i = 0; i < k; i++) {
      const x = (i - (k - 1) / 2) * 0.45;
      const drop = 0.6 + (i % 2) * 0.2;
      b.cylinder(m(SWATCHES.black), [x, 0, 0], 0.004, 0.004, drop, 6, { rot: [Math.PI, 0, 0] });
      shade(b, id(o, 'shade'), c, [x, -drop - 0.2, 0], 0.16);
    }
    b.box(c, [0, 0.01, 0], [Math.max(0.15, (k - 1) * 0.45 + 0.15), 0.02, 0.1]);
    b.groundAndCentre();
  },
};

export const trackLight: Family = {
  id: 'track-light',
  category: 'lighting',
  names: { zh: '轨道射灯', tc: '軌道射燈', en: 'track spotlight' },
  tags: ['light', 'showroom', 'museum', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    [
      'heads',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}头`,
        (k) => `${k}頭`,
        (k) => `${k}-head`,
      ),
    ],
    ['size', sizes(1, 2)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'heads');
    const len = n(o, 'size');
    b.box(c, [0, 0, 0], [len, 0.03, 0.04]);
    for (let i = 0; i < k; i++) {
      const x = -len / 2 + ((i + 0.5) * len) / k;
      b.cylinder(c, [x, -0.1, 0], 0.01, 0.01, 0.09, 6);
      b.cylinder(c, [x, -0.2, 0.05], 0.045, 0.035, 0.14, 12, { rot: [-0.6, 0, 0] });
    }
    b.groundAndCentre();
  },
};

export const streetLamp: Family = {
  id: 'street-lamp',
  category: 'lighting',
  names: { zh: '路灯', tc: '路燈', en: 'street lamp' },
  tags: ['light', 'outdoor', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    ['heads', [st('single', '单头', '單頭', 'single'), st('double', '双头', '雙頭', 'double')]],
    ['size', sizes(3, 4.5, 6)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    b.cylinder(c, [0, 0, 0], 0.15, 0.12, 0.4, 16);
    b.cylinder(c, [0, 0.4, 0], 0.06, 0.045, h - 0.4, 12);
    const arms = id(o, 'heads') === 'double' ? [-1, 1] : [1];
    for (const x of arms) {
      b.box(c, [x * 0.35, h - 0.05, 0], [0.7, 0.05, 0.05]);
      b.cylinder(c, [x * 0.65, h - 0.3, 0], 0.18, 0.05, 0.22, 16);
      b.sphere(BULB, [x * 0.65, h - 0.28, 0], 0.08, 8);
    }
  },
};
