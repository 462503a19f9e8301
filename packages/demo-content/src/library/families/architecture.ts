import { colours, counted, type Family, sizes, st } from '../family';
import { GLASS, PALETTES, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Architecture and openings: walls, rooms, columns, stairs, platforms, doors, windows and archways. */

export const wall: Family = {
  id: 'wall',
  category: 'architecture',
  names: { zh: '墙体', tc: '牆體', en: 'wall' },
  tags: ['building', 'structure', 'indoor'],
  axes: [
    ['colour', colours(PALETTES.walls)],
    [
      'length',
      counted(
        [1, 2, 3, 4, 6],
        (k) => `${k}米`,
        (k) => `${k}米`,
        (k) => `${k} m`,
      ),
    ],
    ['size', sizes(2.4, 3, 4)],
  ],
  build(o, b) {
    const len = n(o, 'length');
    const h = n(o, 'size');
    b.box(m(s(o, 'colour')), [0, h / 2, 0], [len, h, 0.15]);
    b.box(m(SWATCHES.white), [0, 0.05, 0], [len, 0.1, 0.17]);
  },
};

export const room: Family = {
  id: 'room',
  category: 'architecture',
  names: { zh: '房间', tc: '房間', en: 'room' },
  tags: ['building', 'structure', 'indoor', 'showroom'],
  axes: [
    ['colour', colours(PALETTES.walls)],
    [
      'floor',
      [
        st('oak', '木地板', '木地板', 'oak-floor'),
        st('concrete', '水泥地', '水泥地', 'concrete-floor'),
        st('marble', '大理石地', '大理石地', 'marble-floor'),
      ],
    ],
    [
      'size',
      [
        st('3x3', '3×3米', '3×3米', '3×3 m', 3),
        st('4x5', '4×5米', '4×5米', '4×5 m', 4),
        st('6x6', '6×6米', '6×6米', '6×6 m', 6),
        st('8x10', '8×10米', '8×10米', '8×10 m', 8),
      ],
    ],
  ],
  build(o, b) {
    const w = n(o, 'size');
    const d = w === 4 ? 5 : w === 8 ? 10 : w;
    const h = w >= 6 ? 3.5 : 2.8;
    const floor = id(o, 'floor');
    b.box(
      m(floor === 'oak' ? SWATCHES.oak : floor === 'marble' ? SWATCHES.marble : SWATCHES.concrete),
      [0, 0.05, 0],
      [w, 0.1, d],
    );
    const c = m(s(o, 'colour'));
    b.box(c, [0, h / 2, -d / 2 + 0.075], [w, h, 0.15]);
    for (const x of [-1, 1]) b.box(c, [x * (w / 2 - 0.075), h / 2, 0], [0.15, h, d - 0.3]);
    b.box(m(SWATCHES.white), [0, 0.15, -d / 2 + 0.16], [w - 0.3, 0.1, 0.02]);
  },
};

export const column: Family = {
  id: 'column',
  category: 'architecture',
  names: { zh: '柱子', tc: '柱子', en: 'column' },
  tags: ['building', 'structure', 'stone'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    ['shape', [st('round', '圆', '圓', 'round'), st('square', '方', '方', 'square')]],
    ['size', sizes(2.4, 3.2, 4.5)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    b.box(c, [0, 0.1, 0], [0.6, 0.2, 0.6]);
    b.box(c, [0, h - 0.1, 0], [0.6, 0.2, 0.6]);
    if (id(o, 'shape') === 'round') b.cylinder(c, [0, 0.2, 0], 0.22, 0.2, h - 0.4, 24);
    else b.box(c, [0, h / 2, 0], [0.4, h - 0.4, 0.4]);
  },
};

export const stairs: Family = {
  id: 'stairs',
  category: 'architecture',
  names: { zh: '楼梯', tc: '樓梯', en: 'stairs' },
  tags: ['building', 'structure'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    [
      'steps',
      counted(
        [3, 5, 8, 12],
        (k) => `${k}级`,
        (k) => `${k}級`,
        (k) => `${k}-step`,
      ),
    ],
    ['size', sizes(0.9, 1.2, 2)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'steps');
    const w = n(o, 'size');
    for (let i = 0; i < k; i++) b.box(c, [0, (i + 1) * 0.085, i * 0.28], [w, 0.17 * (i + 1), 0.28]);
    b.groundAndCentre();
  },
};

export const platform: Family = {
  id: 'platform',
  category: 'architecture',
  names: { zh: '地台', tc: '地台', en: 'platform' },
  tags: ['structure', 'showroom'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    ['height', [st('low', '矮', '矮', 'low', 0.1), st('raised', '高', '高', 'raised', 0.4)]],
    [
      'size',
      [
        st('2', '2米', '2米', '2 m', 2),
        st('3', '3米', '3米', '3 m', 3),
        st('4', '4米', '4米', '4 m', 4),
        st('6', '6米', '6米', '6 m', 6),
      ],
    ],
  ],
  build(o, b) {
    const w = n(o, 'size');
    const h = n(o, 'height');
    b.box(m(s(o, 'colour')), [0, h / 2, 0], [w, h, w]);
    b.box(m(SWATCHES.charcoal), [0, h + 0.005, w / 2 - 0.05], [w, 0.01, 0.1]);
  },
};

export const door: Family = {
  id: 'door',
  category: 'openings',
  names: { zh: '门', tc: '門', en: 'door' },
  tags: ['building', 'indoor'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'style',
      [
        st('flush', '平板', '平板', 'flush'),
        st('two', '双格', '雙格', 'two-panel'),
        st('four', '四格', '四格', 'four-panel'),
        st('glass', '玻璃', '玻璃', 'glazed'),
      ],
    ],
    ['size', [st('s', '单扇', '單扇', 'single', 0.8), st('m', '宽', '寬', 'wide', 1.0), st('l', '双扇', '雙扇', 'double', 1.6)]],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const w = n(o, 'size');
    const h = 2.1;
    const leaves = w > 1.2 ? 2 : 1;
    b.box(m(SWATCHES.white), [0, h + 0.04, 0], [w + 0.16, 0.08, 0.14]);
    for (const x of [-1, 1]) b.box(m(SWATCHES.white), [x * (w / 2 + 0.04), h / 2, 0], [0.08, h, 0.14]);
    const lw = w / leaves;
    for (let l = 0; l < leaves; l++) {
      const cx = -w / 2 + lw * (l + 0.5);
      b.box(wood, [cx, h / 2, 0], [lw - 0.01, h, 0.04]);
      const style = id(o, 'style');
      const rows = style === 'four' ? 2 : style === 'two' ? 1 : 0;
      if (style === 'glass') b.box(GLASS, [cx, h * 0.62, 0.021], [lw * 0.6, h * 0.55, 0.005]);
      for (let r = 0; r < rows * 2; r++) {
        const col = rows === 2 ? (r % 2 ? 1 : -1) : 0;
        const row = rows === 2 ? Math.floor(r / 2) : r;
        b.box(wood, [cx + col * lw * 0.2, h * (0.3 + row * 0.4), 0.025], [rows === 2 ? lw * 0.3 : lw * 0.7, h * 0.3, 0.01]);
      }
      b.sphere(m(SWATCHES.brass), [cx + (l ? -1 : 1) * (lw / 2 - 0.08), 1.0, 0.05], 0.03, 8);
    }
  },
};

export const windowF: Family = {
  id: 'window',
  category: 'openings',
  names: { zh: '窗户', tc: '窗戶', en: 'window' },
  tags: ['building', 'glass'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    [
      'cols',
      counted(
        [1, 2, 3],
        (k) => `${k}列`,
        (k) => `${k}列`,
        (k) => `${k}-column`,
      ),
    ],
    [
      'rows',
      counted(
        [1, 2, 3],
        (k) => `${k}行`,
        (k) => `${k}行`,
        (k) => `${k}-row`,
      ),
    ],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const cols = n(o, 'cols');
    const rows = n(o, 'rows');
    const w = 0.6 * cols;
    const h = 0.6 * rows + 0.3;
    b.box(GLASS, [0, h / 2, 0], [w, h, 0.01]);
    for (let i = 0; i <= cols; i++) b.box(c, [-w / 2 + (i * w) / cols, h / 2, 0], [0.05, h + 0.05, 0.08]);
    for (let j = 0; j <= rows; j++) b.box(c, [0, (j * h) / rows, 0], [w + 0.05, 0.05, 0.08]);
    b.box(m(SWATCHES.white), [0, -0.04, 0.06], [w + 0.15, 0.04, 0.16]);
    b.groundAndCentre();
  },
};

export const archway: Family = {
  id: 'archway',
  category: 'openings',
  names: { zh: '拱门', tc: '拱門', en: 'archway' },
  tags: ['building', 'structure', 'stone'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    ['size', sizes(1.0, 1.6, 2.4)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const w = n(o, 'size');
    const h = 2.2 + w * 0.2;
    for (const x of [-1, 1]) b.box(c, [x * (w / 2 + 0.15), h / 2, 0], [0.3, h, 0.3]);
    for (let i = 0; i <= 8; i++) {
      const a = (i / 8) * Math.PI;
      b.box(c, [Math.cos(a) * (w / 2 + 0.15), h + Math.sin(a) * (w / 2 + 0.15), 0], [0.3, 0.3, 0.3], { rot: [0, 0, a] });
    }
  },
};
