import { colours, counted, type Family, sizes, st } from '../family';
import type { MaterialSpec } from '../geometry';
import { BARK, DARK_LEAF, LEAF, PALETTES, SOIL } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Plants: potted plants, trees, cacti and hedges. */

const LEAF_COLOURS = [
  { id: 'green', names: { zh: '翠绿', tc: '翠綠', en: 'green' }, n: 0 },
  { id: 'dark', names: { zh: '深绿', tc: '深綠', en: 'dark green' }, n: 1 },
  { id: 'autumn', names: { zh: '秋色', tc: '秋色', en: 'autumn' }, n: 2 },
];
const AUTUMN: MaterialSpec = { name: 'autumn-leaf', rgb: [206, 120, 40], roughness: 0.8, metalness: 0 };
const leafOf = (i: number) => [LEAF, DARK_LEAF, AUTUMN][i] ?? LEAF;

export const pottedPlant: Family = {
  id: 'potted-plant',
  category: 'plants',
  names: { zh: '盆栽', tc: '盆栽', en: 'potted plant' },
  tags: ['nature', 'home', 'indoor', 'decoration'],
  axes: [
    ['colour', colours(PALETTES.pots)],
    [
      'foliage',
      [
        st('ball', '球形', '球形', 'topiary'),
        st('cone', '塔形', '塔形', 'cone'),
        st('tiered', '多层', '多層', 'tiered'),
        st('bush', '丛生', '叢生', 'bushy'),
      ],
    ],
    ['size', sizes(0.5, 1.0, 1.6)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const pot = m(s(o, 'colour'));
    const pr = 0.12 + h * 0.08;
    b.cylinder(pot, [0, 0, 0], pr * 0.75, pr, pr * 1.4, 20);
    b.cylinder(SOIL, [0, pr * 1.35, 0], pr * 0.95, pr * 0.95, 0.02, 16);
    const top = pr * 1.4;
    const f = id(o, 'foliage');
    if (f === 'ball') {
      b.cylinder(BARK, [0, top, 0], 0.02, 0.02, h * 0.55, 6);
      b.sphere(LEAF, [0, top + h * 0.6, 0], h * 0.22, 14);
    } else if (f === 'cone') b.cylinder(DARK_LEAF, [0, top, 0], h * 0.25, 0, h * 0.85, 16);
    else if (f === 'tiered') {
      b.cylinder(BARK, [0, top, 0], 0.02, 0.02, h * 0.8, 6);
      for (let i = 0; i < 3; i++) b.sphere(LEAF, [0, top + h * (0.3 + i * 0.22), 0], h * (0.16 - i * 0.03), 12);
    } else {
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI * 2;
        b.sphere(
          i % 2 ? LEAF : DARK_LEAF,
          [Math.cos(a) * pr * 0.6, top + h * 0.2 + (i % 3) * h * 0.08, Math.sin(a) * pr * 0.6],
          h * 0.15,
          10,
        );
      }
      b.sphere(LEAF, [0, top + h * 0.4, 0], h * 0.16, 10);
    }
    b.groundAndCentre();
  },
};

export const tree: Family = {
  id: 'tree',
  category: 'plants',
  names: { zh: '树', tc: '樹', en: 'tree' },
  tags: ['nature', 'outdoor'],
  axes: [
    ['leaf', LEAF_COLOURS],
    [
      'type',
      [
        st('round', '圆冠', '圓冠', 'round'),
        st('conifer', '针叶', '針葉', 'conifer'),
        st('poplar', '杨树形', '楊樹形', 'poplar'),
        st('layered', '层冠', '層冠', 'layered'),
      ],
    ],
    ['size', sizes(3, 5, 8)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const leaf = leafOf(n(o, 'leaf'));
    const t = id(o, 'type');
    b.cylinder(BARK, [0, 0, 0], h * 0.035, h * 0.025, h * 0.45, 10);
    if (t === 'round') b.sphere(leaf, [0, h * 0.65, 0], h * 0.3, 16);
    else if (t === 'conifer')
      for (let i = 0; i < 3; i++) b.cylinder(leaf, [0, h * (0.25 + i * 0.22), 0], h * (0.28 - i * 0.07), 0, h * 0.4, 16);
    else if (t === 'poplar') b.sphere(leaf, [0, h * 0.62, 0], h * 0.16, 14, { scale: [1, 2.3, 1] });
    else
      for (let i = 0; i < 3; i++)
        b.cylinder(leaf, [0, h * (0.4 + i * 0.18), 0], h * (0.3 - i * 0.07), h * (0.3 - i * 0.07), h * 0.08, 16);
  },
};

export const cactus: Family = {
  id: 'cactus',
  category: 'plants',
  names: { zh: '仙人掌', tc: '仙人掌', en: 'cactus' },
  tags: ['nature', 'decoration', 'indoor'],
  axes: [
    ['colour', colours(PALETTES.pots)],
    [
      'arms',
      counted(
        [0, 1, 2, 3],
        (k) => (k ? `${k}枝` : '独干'),
        (k) => (k ? `${k}枝` : '獨幹'),
        (k) => (k ? `${k}-arm` : 'single-stem'),
      ),
    ],
    ['size', sizes(0.3, 0.6, 1.2)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const pr = 0.06 + h * 0.06;
    b.cylinder(m(s(o, 'colour')), [0, 0, 0], pr * 0.8, pr, pr * 1.3, 16);
    const top = pr * 1.3;
    const r = h * 0.08;
    b.cylinder(DARK_LEAF, [0, top, 0], r, r, h * 0.8, 12);
    b.sphere(DARK_LEAF, [0, top + h * 0.8, 0], r, 12);
    for (let i = 0; i < n(o, 'arms'); i++) {
      const a = (i / 3) * Math.PI * 2;
      const dx = Math.cos(a) * r * 2.2;
      const dz = Math.sin(a) * r * 2.2;
      b.box(DARK_LEAF, [dx / 2, top + h * (0.35 + i * 0.12), dz / 2], [Math.abs(dx) + r, r * 1.4, Math.abs(dz) + r]);
      b.cylinder(DARK_LEAF, [dx, top + h * (0.35 + i * 0.12), dz], r * 0.75, r * 0.75, h * 0.3, 10);
      b.sphere(DARK_LEAF, [dx, top + h * (0.65 + i * 0.12), dz], r * 0.75, 10);
    }
    b.groundAndCentre();
  },
};

export const hedge: Family = {
  id: 'hedge',
  category: 'plants',
  names: { zh: '绿篱', tc: '綠籬', en: 'hedge' },
  tags: ['nature', 'outdoor'],
  axes: [
    ['leaf', LEAF_COLOURS.slice(0, 2)],
    [
      'length',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}米`,
        (k) => `${k}米`,
        (k) => `${k} m`,
      ),
    ],
    ['size', sizes(0.5, 0.9, 1.4)],
  ],
  build(o, b) {
    const len = n(o, 'length');
    const h = n(o, 'size');
    const leaf = leafOf(n(o, 'leaf'));
    b.box(leaf, [0, h / 2, 0], [len, h, 0.6]);
    for (let i = 0; i < len * 2; i++) b.sphere(leaf, [-len / 2 + 0.25 + i * 0.5, h, 0], 0.28, 10, { scale: [1, 0.4, 1] });
    b.groundAndCentre();
  },
};
