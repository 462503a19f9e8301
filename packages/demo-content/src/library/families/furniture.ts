import { colours, counted, type Family, sizes, st } from '../family';
import type { MaterialSpec, MeshBuilder, Vec3 } from '../geometry';
import { CHROME, GLASS, PALETTES, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Furniture: chairs, stools, tables, desks, sofas, beds, cabinets and wardrobes. */

/** Four legs under a w×d top at height h (legs inset by `inset`). */
function legs(b: MeshBuilder, mt: MaterialSpec, w: number, d: number, h: number, t = 0.04, inset = 0.03, round = false) {
  for (const x of [-1, 1])
    for (const z of [-1, 1]) {
      const at: Vec3 = [x * (w / 2 - inset - t / 2), 0, z * (d / 2 - inset - t / 2)];
      if (round) b.cylinder(mt, at, t / 2, t / 2, h, 10);
      else b.box(mt, [at[0], h / 2, at[2]], [t, h, t]);
    }
}

export const chair: Family = {
  id: 'chair',
  category: 'furniture',
  names: { zh: '椅子', tc: '椅子', en: 'chair' },
  tags: ['furniture', 'seating', 'home', 'office'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'style',
      [
        st('classic', '经典', '經典', 'classic'),
        st('slat', '条背', '條背', 'slat-back'),
        st('cafe', '咖啡馆', '咖啡館', 'café'),
        st('arm', '扶手', '扶手', 'arm'),
      ],
    ],
    ['size', sizes(0.36, 0.45, 0.52)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const seatH = n(o, 'size');
    const w = 0.44 + (seatH - 0.45) * 0.4;
    const style = id(o, 'style');
    if (style === 'cafe') {
      b.cylinder(wood, [0, seatH - 0.04, 0], w / 2, w / 2, 0.04, 20);
      b.cylinder(m(SWATCHES.black), [0, 0, 0], 0.2, 0.03, 0.04, 16);
      b.cylinder(m(SWATCHES.black), [0, 0, 0], 0.025, 0.025, seatH - 0.04, 8);
      b.torus(m(SWATCHES.black), [0, seatH + 0.3, 0], w / 2 - 0.02, 0.015, 20, 6, { rot: [Math.PI / 2, 0, 0] });
      b.box(m(SWATCHES.black), [0, seatH + 0.12, -w / 2 + 0.02], [0.03, 0.24, 0.03]);
      return;
    }
    legs(b, wood, w, w, seatH - 0.04);
    b.box(wood, [0, seatH - 0.02, 0], [w, 0.04, w]);
    const backH = 0.4 + (seatH - 0.45) * 0.5;
    b.box(wood, [-w / 2 + 0.03, seatH + backH / 2, -w / 2 + 0.03], [0.04, backH, 0.04]);
    b.box(wood, [w / 2 - 0.03, seatH + backH / 2, -w / 2 + 0.03], [0.04, backH, 0.04]);
    if (style === 'slat') {
      for (let i = 0; i < 4; i++) b.box(wood, [0, seatH + 0.08 + i * (backH / 4.2), -w / 2 + 0.03], [w - 0.06, 0.04, 0.02]);
    } else b.box(wood, [0, seatH + backH * 0.7, -w / 2 + 0.03], [w - 0.06, backH * 0.5, 0.025]);
    if (style === 'arm') {
      for (const x of [-1, 1]) {
        b.box(wood, [x * (w / 2 - 0.02), seatH + 0.22, 0], [0.05, 0.03, w]);
        b.box(wood, [x * (w / 2 - 0.02), seatH + 0.11, w / 2 - 0.04], [0.03, 0.22, 0.03]);
      }
    }
  },
};

export const stool: Family = {
  id: 'stool',
  category: 'furniture',
  names: { zh: '凳子', tc: '凳子', en: 'stool' },
  tags: ['furniture', 'seating'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'style',
      [
        st('round', '圆面', '圓面', 'round'),
        st('square', '方面', '方面', 'square'),
        st('tripod', '三脚', '三腳', 'three-legged'),
      ],
    ],
    ['size', sizes(0.45, 0.65, 0.78)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    const leg = m(SWATCHES.steel);
    const style = id(o, 'style');
    if (style === 'square') {
      legs(b, leg, 0.36, 0.36, h - 0.04, 0.025, 0.02, true);
      b.box(c, [0, h - 0.02, 0], [0.36, 0.04, 0.36]);
    } else {
      const count = style === 'tripod' ? 3 : 4;
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        b.cylinder(leg, [Math.cos(a) * 0.14, 0, Math.sin(a) * 0.14], 0.015, 0.015, h - 0.03, 8, {
          rot: [Math.sin(a) * -0.12, 0, Math.cos(a) * 0.12],
        });
      }
      b.cylinder(c, [0, h - 0.04, 0], 0.18, 0.18, 0.04, 24);
    }
    if (h > 0.6) b.torus(leg, [0, h * 0.35, 0], 0.15, 0.01, 20, 6);
  },
};

export const table: Family = {
  id: 'table',
  category: 'furniture',
  names: { zh: '餐桌', tc: '餐桌', en: 'dining table' },
  tags: ['furniture', 'table', 'home'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'style',
      [
        st('rect', '长方', '長方', 'rectangular'),
        st('round', '圆形', '圓形', 'round'),
        st('square', '方形', '方形', 'square'),
        st('trestle', '支架', '支架', 'trestle'),
      ],
    ],
    ['size', sizes(0.8, 1.0, 1.3)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const k = n(o, 'size');
    const style = id(o, 'style');
    const h = 0.75;
    if (style === 'round') {
      b.cylinder(wood, [0, h - 0.04, 0], 0.55 * k, 0.55 * k, 0.04, 32);
      b.cylinder(wood, [0, 0.03, 0], 0.05, 0.05, h - 0.07, 12);
      b.cylinder(wood, [0, 0, 0], 0.3 * k, 0.3 * k, 0.03, 24);
      return;
    }
    const w = style === 'square' ? 0.9 * k : 1.6 * k;
    const d = style === 'square' ? 0.9 * k : 0.9;
    b.box(wood, [0, h - 0.025, 0], [w, 0.05, d]);
    if (style === 'trestle') {
      for (const x of [-1, 1]) {
        b.box(wood, [x * (w / 2 - 0.2), (h - 0.05) / 2, 0], [0.08, h - 0.05, 0.08]);
        b.box(wood, [x * (w / 2 - 0.2), 0.03, 0], [0.08, 0.06, d - 0.1]);
      }
      b.box(wood, [0, 0.25, 0], [w - 0.4, 0.06, 0.05]);
    } else legs(b, wood, w, d, h - 0.05, 0.06);
  },
};

export const coffeeTable: Family = {
  id: 'coffee-table',
  category: 'furniture',
  names: { zh: '茶几', tc: '茶几', en: 'coffee table' },
  tags: ['furniture', 'table', 'home'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    ['style', [st('oval', '椭圆', '橢圓', 'oval'), st('box', '箱式', '箱式', 'box'), st('glass', '玻璃', '玻璃', 'glass-top')]],
    ['size', sizes(0.8, 1.2)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const w = n(o, 'size');
    const style = id(o, 'style');
    if (style === 'oval') {
      b.cylinder(wood, [0, 0.36, 0], 0.3, 0.3, 0.04, 32, { scale: [w / 0.6, 1, 1] });
      legs(b, wood, w * 0.7, 0.4, 0.36, 0.035, 0.02, true);
    } else if (style === 'box') {
      b.box(wood, [0, 0.2, 0], [w, 0.4, 0.6]);
      b.box(m(SWATCHES.black), [0, 0.2, 0.301], [w - 0.1, 0.18, 0.005]);
    } else {
      b.box(GLASS, [0, 0.39, 0], [w, 0.02, 0.6]);
      legs(b, wood, w, 0.6, 0.38, 0.04);
      b.box(wood, [0, 0.12, 0], [w - 0.08, 0.02, 0.52]);
    }
  },
};

export const desk: Family = {
  id: 'desk',
  category: 'furniture',
  names: { zh: '书桌', tc: '書桌', en: 'desk' },
  tags: ['furniture', 'table', 'office'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'style',
      [st('plain', '简约', '簡約', 'plain'), st('drawers', '抽屉', '抽屜', 'drawer'), st('corner', '转角', '轉角', 'corner')],
    ],
    ['size', sizes(1.0, 1.4, 1.8)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const w = n(o, 'size');
    const style = id(o, 'style');
    b.box(wood, [0, 0.735, 0], [w, 0.03, 0.7]);
    if (style === 'corner') {
      b.box(wood, [w / 2 - 0.35, 0.735, 0.6], [0.7, 0.03, 0.5]);
      b.box(wood, [w / 2 - 0.35, 0.36, 0.8], [0.66, 0.72, 0.03]);
    }
    for (const x of [-1, 1]) b.box(wood, [x * (w / 2 - 0.02), 0.36, 0], [0.03, 0.72, 0.7]);
    b.box(wood, [0, 0.5, -0.33], [w - 0.06, 0.4, 0.02]);
    if (style === 'drawers') {
      b.box(wood, [w / 2 - 0.25, 0.36, 0], [0.4, 0.72, 0.66]);
      for (let i = 0; i < 3; i++) b.box(m(SWATCHES.steel), [w / 2 - 0.25, 0.15 + i * 0.22, 0.335], [0.12, 0.015, 0.015]);
    }
  },
};

export const sofa: Family = {
  id: 'sofa',
  category: 'furniture',
  names: { zh: '沙发', tc: '沙發', en: 'sofa' },
  tags: ['furniture', 'seating', 'fabric', 'home'],
  axes: [
    ['colour', colours(PALETTES.fabric)],
    ['arms', [st('square', '方扶手', '方扶手', 'square-arm'), st('round', '圆扶手', '圓扶手', 'round-arm')]],
    [
      'seats',
      counted(
        [1, 2, 3],
        (k) => `${k}人`,
        (k) => `${k}人`,
        (k) => `${k}-seat`,
      ),
    ],
  ],
  build(o, b) {
    const f = m(s(o, 'colour'));
    const seats = n(o, 'seats');
    const w = 0.7 * seats + 0.3;
    b.box(f, [0, 0.22, 0], [w, 0.3, 0.85]);
    for (let i = 0; i < seats; i++) b.box(f, [-w / 2 + 0.15 + 0.35 + i * 0.7, 0.42, 0.05], [0.68, 0.12, 0.7]);
    b.box(f, [0, 0.6, -0.34], [w, 0.46, 0.18]);
    for (const x of [-1, 1]) {
      if (id(o, 'arms') === 'round')
        b.cylinder(f, [x * (w / 2 - 0.08), 0.55, -0.42], 0.1, 0.1, 0.84, 16, { rot: [Math.PI / 2, 0, 0] });
      b.box(f, [x * (w / 2 - 0.08), 0.3, 0], [0.16, id(o, 'arms') === 'round' ? 0.5 : 0.62, 0.85]);
    }
    legs(b, m(SWATCHES.walnut), w, 0.85, 0.07, 0.05);
    b.groundAndCentre();
  },
};

export const bed: Family = {
  id: 'bed',
  category: 'furniture',
  names: { zh: '床', tc: '床', en: 'bed' },
  tags: ['furniture', 'bedroom', 'home'],
  axes: [
    ['colour', colours(PALETTES.fabric)],
    [
      'head',
      [
        st('panel', '平板床头', '平板床頭', 'panel'),
        st('slat', '条栅床头', '條柵床頭', 'slatted'),
        st('tall', '高床头', '高床頭', 'tall-headboard'),
      ],
    ],
    [
      'width',
      [
        st('single', '单人', '單人', 'single', 0.9),
        st('double', '双人', '雙人', 'double', 1.4),
        st('king', '特大', '特大', 'king-size', 1.8),
      ],
    ],
  ],
  build(o, b) {
    const w = n(o, 'width');
    const wood = m(SWATCHES.walnut);
    b.box(wood, [0, 0.2, 0], [w + 0.06, 0.2, 2.06]);
    legs(b, wood, w + 0.06, 2.06, 0.1, 0.06);
    b.box(m(SWATCHES.white), [0, 0.39, 0.02], [w, 0.18, 2]);
    b.box(m(s(o, 'colour')), [0, 0.49, 0.25], [w + 0.02, 0.04, 1.5]);
    for (let i = 0; i < (w > 1 ? 2 : 1); i++)
      b.box(m(SWATCHES.cream), [w > 1 ? (i ? 1 : -1) * w * 0.25 : 0, 0.53, -0.8], [w > 1 ? w * 0.4 : 0.6, 0.12, 0.35]);
    const head = id(o, 'head');
    const hh = head === 'tall' ? 1.3 : 0.95;
    if (head === 'slat') {
      for (let i = 0; i < 7; i++) b.box(wood, [-w / 2 + (i + 0.5) * (w / 7), 0.6, -1.04], [0.05, 0.8, 0.04]);
      b.box(wood, [0, hh, -1.04], [w + 0.06, 0.06, 0.06]);
    } else b.box(head === 'tall' ? m(s(o, 'colour')) : wood, [0, (hh + 0.1) / 2, -1.04], [w + 0.06, hh - 0.1, 0.08]);
    b.groundAndCentre();
  },
};

export const cabinet: Family = {
  id: 'cabinet',
  category: 'furniture',
  names: { zh: '柜子', tc: '櫃子', en: 'cabinet' },
  tags: ['furniture', 'storage', 'home'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'doors',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}门`,
        (k) => `${k}門`,
        (k) => `${k}-door`,
      ),
    ],
    ['size', sizes(0.8, 1.2, 1.8)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const doors = n(o, 'doors');
    const h = n(o, 'size');
    const w = 0.45 * doors + 0.1;
    b.box(wood, [0, h / 2 + 0.05, 0], [w, h, 0.45]);
    b.box(m(SWATCHES.black), [0, 0.025, 0], [w - 0.04, 0.05, 0.41]);
    for (let i = 0; i < doors; i++) {
      const x = -w / 2 + 0.05 + 0.225 + i * 0.45;
      b.box(wood, [x, h / 2 + 0.05, 0.23], [0.43, h - 0.04, 0.02]);
      b.box(m(SWATCHES.brass), [x + (i % 2 ? -0.17 : 0.17), h / 2 + 0.05, 0.25], [0.015, 0.12, 0.02]);
    }
  },
};

export const wardrobe: Family = {
  id: 'wardrobe',
  category: 'furniture',
  names: { zh: '衣柜', tc: '衣櫃', en: 'wardrobe' },
  tags: ['furniture', 'storage', 'bedroom'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'doors',
      counted(
        [2, 3],
        (k) => `${k}门`,
        (k) => `${k}門`,
        (k) => `${k}-door`,
      ),
    ],
    ['mirror', [{ id: 'plain' }, st('mirror', '镜面', '鏡面', 'mirrored')]],
    ['size', sizes(1.9, 2.3)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const doors = n(o, 'doors');
    const h = n(o, 'size');
    const w = doors * 0.5;
    b.box(wood, [0, h / 2, 0], [w, h, 0.6]);
    for (let i = 0; i < doors; i++) {
      const x = -w / 2 + 0.25 + i * 0.5;
      b.box(id(o, 'mirror') === 'mirror' && i === 1 ? CHROME : wood, [x, h / 2, 0.305], [0.48, h - 0.06, 0.01]);
      b.box(m(SWATCHES.steel), [x + 0.2, h / 2, 0.32], [0.015, 0.3, 0.02]);
    }
  },
};
