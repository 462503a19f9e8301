import { colours, counted, type Family, type Opts, sizes, st } from './family';
import type { MaterialSpec, MeshBuilder, Vec3 } from './geometry';
import {
  BARK,
  BOARD,
  BULB,
  CHROME,
  DARK_LEAF,
  GLASS,
  LEAF,
  mat,
  PALETTES,
  PAPER,
  RUBBER,
  SOIL,
  SWATCHES,
  type Swatch,
} from './vocabulary';

/*
 * The parametric families of the platform library. Each axis value changes what the model looks like (a colour, a
 * proportion, a count of parts, a style), so every combination is a distinct model. Dimensions are metres.
 */

const n = (o: Opts, k: string) => o[k]!.n!;
const s = (o: Opts, k: string) => o[k]!.s!;
const id = (o: Opts, k: string) => o[k]!.id;
const m = (sw: Swatch, extra: Partial<MaterialSpec> = {}) => mat(sw, extra);

/** Four legs under a w×d top at height h (legs inset by `inset`). */
function legs(b: MeshBuilder, mt: MaterialSpec, w: number, d: number, h: number, t = 0.04, inset = 0.03, round = false) {
  for (const x of [-1, 1])
    for (const z of [-1, 1]) {
      const at: Vec3 = [x * (w / 2 - inset - t / 2), 0, z * (d / 2 - inset - t / 2)];
      if (round) b.cylinder(mt, at, t / 2, t / 2, h, 10);
      else b.box(mt, [at[0], h / 2, at[2]], [t, h, t]);
    }
}

const LEAF_COLOURS = [
  { id: 'green', names: { zh: '翠绿', tc: '翠綠', en: 'green' }, n: 0 },
  { id: 'dark', names: { zh: '深绿', tc: '深綠', en: 'dark green' }, n: 1 },
  { id: 'autumn', names: { zh: '秋色', tc: '秋色', en: 'autumn' }, n: 2 },
];
const AUTUMN: MaterialSpec = { name: 'autumn-leaf', rgb: [206, 120, 40], roughness: 0.8, metalness: 0 };
const leafOf = (i: number) => [LEAF, DARK_LEAF, AUTUMN][i] ?? LEAF;

const chair: Family = {
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

const stool: Family = {
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

const table: Family = {
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

const coffeeTable: Family = {
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

const desk: Family = {
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

const sofa: Family = {
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

const bed: Family = {
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

const cabinet: Family = {
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

const wardrobe: Family = {
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

const plinth: Family = {
  id: 'plinth',
  category: 'display',
  names: { zh: '展示底座', tc: '展示底座', en: 'plinth' },
  tags: ['showroom', 'museum', 'stone'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    ['shape', [st('box', '方形', '方形', 'square'), st('cyl', '圆柱', '圓柱', 'round'), st('step', '阶梯', '階梯', 'stepped')]],
    ['width', [st('narrow', '窄', '窄', 'narrow', 0.4), st('wide', '宽', '寬', 'wide', 0.7)]],
    ['size', sizes(0.5, 0.9, 1.2)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    const w = n(o, 'width');
    const shape = id(o, 'shape');
    if (shape === 'cyl') b.cylinder(c, [0, 0, 0], w / 2, w / 2, h, 32);
    else if (shape === 'box') b.box(c, [0, h / 2, 0], [w, h, w]);
    else {
      b.box(c, [0, 0.05, 0], [w + 0.2, 0.1, w + 0.2]);
      b.box(c, [0, (h + 0.1) / 2, 0], [w, h - 0.1, w]);
      b.box(c, [0, h + 0.025, 0], [w + 0.08, 0.05, w + 0.08]);
    }
  },
};

const vitrine: Family = {
  id: 'vitrine',
  category: 'display',
  names: { zh: '展示柜', tc: '展示櫃', en: 'display case' },
  tags: ['showroom', 'museum', 'glass'],
  axes: [
    ['colour', colours(PALETTES.stone)],
    ['shape', [st('tall', '立式', '立式', 'tall'), st('table', '桌式', '桌式', 'table')]],
    ['size', sizes(0.5, 0.8, 1.2)],
  ],
  build(o, b) {
    const base = m(s(o, 'colour'));
    const w = n(o, 'size');
    const tall = id(o, 'shape') === 'tall';
    const baseH = tall ? 0.9 : 0.8;
    const caseH = tall ? 1.0 : 0.35;
    b.box(base, [0, baseH / 2, 0], [w, baseH, w * 0.8]);
    b.box(GLASS, [0, baseH + caseH / 2, 0], [w - 0.02, caseH, w * 0.8 - 0.02]);
    b.box(base, [0, baseH + caseH + 0.02, 0], [w, 0.04, w * 0.8]);
    if (tall) b.box(m(SWATCHES.white), [0, baseH + caseH / 2, 0], [w * 0.7, 0.02, w * 0.55]);
  },
};

const tieredStand: Family = {
  id: 'tiered-stand',
  category: 'display',
  names: { zh: '阶梯展架', tc: '階梯展架', en: 'tiered display stand' },
  tags: ['showroom', 'shop', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    [
      'tiers',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}层`,
        (k) => `${k}層`,
        (k) => `${k}-tier`,
      ),
    ],
    ['size', sizes(0.6, 1.0)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const tiers = n(o, 'tiers');
    const r = n(o, 'size') / 2;
    b.cylinder(c, [0, 0, 0], 0.03, 0.03, 0.3 + tiers * 0.3, 12);
    b.cylinder(c, [0, 0, 0], r * 0.6, r * 0.6, 0.03, 24);
    for (let i = 0; i < tiers; i++) {
      const rr = r * (1 - i * 0.18);
      b.cylinder(m(SWATCHES.white), [0, 0.3 + i * 0.3, 0], rr, rr, 0.025, 32);
    }
  },
};

const bookshelf: Family = {
  id: 'bookshelf',
  category: 'shelving',
  names: { zh: '书架', tc: '書架', en: 'bookshelf' },
  tags: ['storage', 'home', 'office', 'wood'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'shelves',
      counted(
        [3, 4, 5, 6],
        (k) => `${k}层`,
        (k) => `${k}層`,
        (k) => `${k}-shelf`,
      ),
    ],
    ['size', sizes(0.6, 0.9, 1.2)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const k = n(o, 'shelves');
    const w = n(o, 'size');
    const h = 0.35 * k + 0.1;
    for (const x of [-1, 1]) b.box(wood, [x * (w / 2 - 0.01), h / 2, 0], [0.02, h, 0.32]);
    b.box(wood, [0, h / 2, -0.15], [w, h, 0.01]);
    for (let i = 0; i <= k; i++) b.box(wood, [0, 0.05 + i * 0.35, 0], [w - 0.04, 0.02, 0.3]);
    const book = [SWATCHES.red, SWATCHES.navy, SWATCHES.green, SWATCHES.cream, SWATCHES.charcoal];
    for (let i = 0; i < k; i++) {
      const count = 3 + ((i * 7 + k) % 5);
      for (let j = 0; j < count; j++) {
        const bh = 0.2 + ((i + j * 3) % 4) * 0.025;
        b.box(m(book[(i + j) % book.length]!), [-w / 2 + 0.06 + j * 0.05, 0.06 + i * 0.35 + bh / 2, 0], [0.04, bh, 0.22]);
      }
    }
  },
};

const rack: Family = {
  id: 'rack',
  category: 'shelving',
  names: { zh: '金属货架', tc: '金屬貨架', en: 'metal rack' },
  tags: ['storage', 'shop', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    [
      'levels',
      counted(
        [3, 4, 5],
        (k) => `${k}层`,
        (k) => `${k}層`,
        (k) => `${k}-level`,
      ),
    ],
    ['size', sizes(0.9, 1.2, 1.5)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'levels');
    const w = n(o, 'size');
    const h = 0.42 * k;
    for (const x of [-1, 1]) for (const z of [-1, 1]) b.box(c, [x * (w / 2 - 0.015), h / 2, z * 0.235], [0.03, h, 0.03]);
    for (let i = 0; i < k; i++) b.box(c, [0, 0.1 + (i * (h - 0.15)) / (k - 1), 0], [w, 0.025, 0.5]);
  },
};

const wallShelf: Family = {
  id: 'wall-shelf',
  category: 'shelving',
  names: { zh: '壁挂搁板', tc: '壁掛擱板', en: 'wall shelf' },
  tags: ['storage', 'home', 'wood'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'boards',
      counted(
        [1, 2, 3],
        (k) => `${k}层`,
        (k) => `${k}層`,
        (k) => `${k}-board`,
      ),
    ],
    ['size', sizes(0.6, 0.9, 1.2)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const k = n(o, 'boards');
    const w = n(o, 'size');
    for (let i = 0; i < k; i++) {
      b.box(wood, [0, 0.3 * i + 0.01, 0], [w, 0.025, 0.22]);
      for (const x of [-1, 1]) b.box(m(SWATCHES.black), [x * (w / 2 - 0.1), 0.3 * i - 0.05, -0.1], [0.02, 0.1, 0.02]);
    }
    b.groundAndCentre();
  },
};

function shade(b: MeshBuilder, style: string, c: MaterialSpec, at: Vec3, r: number) {
  if (style === 'cone') b.cylinder(c, at, r, r * 0.45, r * 1.1, 20);
  else if (style === 'drum') b.cylinder(c, at, r * 0.9, r * 0.9, r * 0.9, 24);
  else b.sphere(c, [at[0], at[1] + r * 0.6, at[2]], r * 0.75, 16);
  b.sphere(BULB, [at[0], at[1] + r * 0.35, at[2]], r * 0.25, 8);
}
const shades = [st('cone', '锥形', '錐形', 'cone'), st('drum', '筒形', '筒形', 'drum'), st('globe', '球形', '球形', 'globe')];

const floorLamp: Family = {
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

const tableLamp: Family = {
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

const pendant: Family = {
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

const trackLight: Family = {
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

const streetLamp: Family = {
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

const pottedPlant: Family = {
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

const tree: Family = {
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

const cactus: Family = {
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

const hedge: Family = {
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

const wall: Family = {
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

const room: Family = {
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

const column: Family = {
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

const stairs: Family = {
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

const platform: Family = {
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

const door: Family = {
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

const windowF: Family = {
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

const archway: Family = {
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

const schoolDesk: Family = {
  id: 'school-desk',
  category: 'classroom',
  names: { zh: '课桌', tc: '課桌', en: 'school desk' },
  tags: ['school', 'furniture', 'table'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['style', [st('open', '开放式', '開放式', 'open'), st('shelf', '带抽屉', '帶抽屜', 'with shelf')]],
    ['size', sizes(0.55, 0.65, 0.75)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const frame = m(s(o, 'colour'));
    b.box(m(SWATCHES.birch), [0, h - 0.015, 0], [0.7, 0.03, 0.5]);
    for (const x of [-1, 1]) {
      b.box(frame, [x * 0.32, (h - 0.03) / 2, 0], [0.03, h - 0.03, 0.03]);
      b.box(frame, [x * 0.32, 0.02, 0], [0.04, 0.04, 0.45]);
    }
    if (id(o, 'style') === 'shelf') b.box(frame, [0, h - 0.12, 0], [0.62, 0.02, 0.42]);
  },
};

const board: Family = {
  id: 'board',
  category: 'classroom',
  names: { zh: '黑板', tc: '黑板', en: 'board' },
  tags: ['school', 'office'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    ['type', [st('chalk', '粉笔', '粉筆', 'chalk'), st('white', '白板式', '白板式', 'white')]],
    ['size', sizes(1.2, 2.4, 3.6)],
  ],
  build(o, b) {
    const w = n(o, 'size');
    const frame = m(s(o, 'colour'));
    b.box(id(o, 'type') === 'chalk' ? BOARD : m(SWATCHES.white, { roughness: 0.2 }), [0, 1.5, 0], [w, 1.1, 0.02]);
    b.box(frame, [0, 0.93, 0.04], [w, 0.04, 0.1]);
    b.box(frame, [0, 2.07, 0], [w + 0.06, 0.04, 0.05]);
    for (const x of [-1, 1]) b.box(frame, [x * (w / 2 + 0.01), 1.5, 0], [0.04, 1.18, 0.05]);
    b.groundAndCentre();
  },
};

const lectern: Family = {
  id: 'lectern',
  category: 'classroom',
  names: { zh: '讲台', tc: '講台', en: 'lectern' },
  tags: ['school', 'office', 'wood'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    ['style', [st('box', '箱式', '箱式', 'box'), st('stand', '立杆', '立桿', 'stand')]],
    ['size', sizes(1.05, 1.2)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const h = n(o, 'size');
    if (id(o, 'style') === 'box') b.box(wood, [0, (h - 0.1) / 2, 0], [0.6, h - 0.1, 0.45]);
    else {
      b.box(wood, [0, 0.02, 0], [0.5, 0.04, 0.4]);
      b.box(wood, [0, h / 2, 0], [0.08, h - 0.08, 0.08]);
    }
    b.box(wood, [0, h - 0.03, 0.02], [0.65, 0.04, 0.5], { rot: [0.25, 0, 0] });
  },
};

const locker: Family = {
  id: 'locker',
  category: 'classroom',
  names: { zh: '储物柜', tc: '儲物櫃', en: 'locker' },
  tags: ['school', 'storage', 'metal'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'doors',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}门`,
        (k) => `${k}門`,
        (k) => `${k}-door`,
      ),
    ],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'), { metalness: 0.5, roughness: 0.4 });
    const k = n(o, 'doors');
    b.box(c, [0, 0.9, 0], [0.4 * k, 1.8, 0.45]);
    for (let i = 0; i < k; i++) {
      const x = -0.2 * k + 0.2 + i * 0.4;
      for (let j = 0; j < 4; j++) b.box(m(SWATCHES.charcoal), [x, 1.55 + j * 0.04, 0.226], [0.2, 0.012, 0.005]);
      b.box(CHROME, [x + 0.13, 1.0, 0.235], [0.02, 0.1, 0.02]);
      b.box(m(SWATCHES.charcoal), [x + 0.2, 0.9, 0.226], [0.005, 1.78, 0.005]);
    }
  },
};

const globe: Family = {
  id: 'globe',
  category: 'classroom',
  names: { zh: '地球仪', tc: '地球儀', en: 'globe' },
  tags: ['school', 'decoration'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    ['size', sizes(0.2, 0.3, 0.45)],
  ],
  build(o, b) {
    const r = n(o, 'size');
    const c = m(s(o, 'colour'));
    b.cylinder(c, [0, 0, 0], r * 0.6, r * 0.7, 0.04, 20);
    b.cylinder(c, [0, 0.04, 0], 0.015, 0.015, r * 0.5, 8);
    b.sphere(m(SWATCHES.sky), [0, r * 1.6, 0], r, 20);
    b.sphere(m(SWATCHES.green), [r * 0.35, r * 1.8, r * 0.5], r * 0.55, 10, { scale: [1, 0.6, 0.6] });
    b.torus(c, [0, r * 1.6, 0], r * 1.08, 0.01, 24, 6, { rot: [Math.PI / 2, 0.4, 0] });
  },
};

const bench: Family = {
  id: 'bench',
  category: 'gallery',
  names: { zh: '长凳', tc: '長凳', en: 'bench' },
  tags: ['seating', 'museum', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'style',
      [st('plain', '平板', '平板', 'plain'), st('backed', '靠背', '靠背', 'backed'), st('slat', '条板', '條板', 'slatted')],
    ],
    ['size', sizes(1.2, 1.8, 2.4)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const w = n(o, 'size');
    const style = id(o, 'style');
    if (style === 'slat') for (let i = 0; i < 5; i++) b.box(wood, [0, 0.44, -0.18 + i * 0.09], [w, 0.04, 0.07]);
    else b.box(wood, [0, 0.43, 0], [w, 0.06, 0.45]);
    for (const x of [-1, 1]) b.box(m(SWATCHES.charcoal), [x * (w / 2 - 0.15), 0.2, 0], [0.06, 0.4, 0.4]);
    if (style === 'backed') {
      b.box(wood, [0, 0.75, -0.24], [w, 0.3, 0.04], { rot: [-0.15, 0, 0] });
      for (const x of [-1, 1]) b.box(m(SWATCHES.charcoal), [x * (w / 2 - 0.15), 0.62, -0.23], [0.05, 0.4, 0.04]);
    }
  },
};

const barrier: Family = {
  id: 'barrier-post',
  category: 'gallery',
  names: { zh: '隔离栏杆', tc: '隔離欄杆', en: 'barrier post with rope' },
  tags: ['museum', 'showroom', 'metal'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    [
      'rope',
      [SWATCHES.red, SWATCHES.navy, SWATCHES.black, SWATCHES.purple].map((x) => ({
        id: x.id,
        s: x,
        tags: [x.id],
        names: { zh: `${x.names.zh}绳`, tc: `${x.names.tc}繩`, en: `${x.names.en}-rope` },
      })),
    ],
    ['size', sizes(0.9, 1.05)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    for (const x of [-0.6, 0.6]) {
      b.cylinder(c, [x, 0, 0], 0.16, 0.16, 0.04, 20);
      b.cylinder(c, [x, 0.04, 0], 0.025, 0.025, h - 0.04, 10);
      b.sphere(c, [x, h, 0], 0.04, 10);
    }
    const rope = m(s(o, 'rope'), { metalness: 0, roughness: 0.9 });
    for (let i = 0; i < 8; i++) {
      const t = (i + 0.5) / 8;
      const x = -0.6 + 1.2 * t;
      const y = h - 0.08 - Math.sin(t * Math.PI) * 0.2;
      b.cylinder(rope, [x - 0.075, y, 0], 0.015, 0.015, 0.16, 6, { rot: [0, 0, -Math.PI / 2 + (t - 0.5) * 0.8] });
    }
  },
};

const easel: Family = {
  id: 'easel',
  category: 'gallery',
  names: { zh: '画架', tc: '畫架', en: 'easel with canvas' },
  tags: ['museum', 'decoration', 'wood'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    [
      'aspect',
      [
        st('portrait', '竖幅', '豎幅', 'portrait', 0.75),
        st('square', '方幅', '方幅', 'square', 1),
        st('landscape', '横幅', '橫幅', 'landscape', 1.4),
      ],
    ],
    ['size', sizes(1.5, 1.9)],
  ],
  build(o, b) {
    const wood = m(s(o, 'colour'));
    const h = n(o, 'size');
    const a = n(o, 'aspect');
    for (const x of [-1, 1]) b.box(wood, [x * 0.25, h / 2, 0], [0.04, h, 0.03], { rot: [0, 0, x * 0.12] });
    b.box(wood, [0, h * 0.45, -0.3], [0.03, h * 0.95, 0.03], { rot: [-0.3, 0, 0] });
    b.box(wood, [0, h * 0.35, 0.04], [0.7, 0.04, 0.08]);
    const ch = 0.6 / Math.sqrt(a);
    b.box(PAPER, [0, h * 0.37 + ch / 2 + 0.02, 0.06], [ch * a, ch, 0.03]);
    b.groundAndCentre();
  },
};

const sculpture: Family = {
  id: 'sculpture',
  category: 'gallery',
  names: { zh: '抽象雕塑', tc: '抽象雕塑', en: 'abstract sculpture' },
  tags: ['museum', 'decoration'],
  axes: [
    ['colour', colours([...PALETTES.metal, SWATCHES.marble, SWATCHES.concrete])],
    [
      'form',
      [
        st('stack', '叠石', '疊石', 'stacked'),
        st('ring', '圆环', '圓環', 'ring'),
        st('spire', '尖塔', '尖塔', 'spire'),
        st('arc', '弧形', '弧形', 'arc'),
        st('cubes', '方块', '方塊', 'cube'),
        st('orbit', '轨道', '軌道', 'orbit'),
      ],
    ],
    ['size', sizes(0.6, 1.5)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'size');
    const form = id(o, 'form');
    b.box(m(SWATCHES.charcoal), [0, 0.04, 0], [0.4 * k, 0.08, 0.4 * k]);
    if (form === 'stack')
      for (let i = 0; i < 4; i++)
        b.sphere(c, [(i % 2) * 0.03 * k, 0.08 + k * (0.1 + i * 0.17), 0], k * (0.14 - i * 0.02), 14, { scale: [1.3, 0.6, 1] });
    else if (form === 'ring') b.torus(c, [0, 0.08 + k * 0.4, 0], k * 0.3, k * 0.06, 28, 10, { rot: [Math.PI / 2, 0, 0] });
    else if (form === 'spire') b.cylinder(c, [0, 0.08, 0], k * 0.12, 0, k * 1.2, 4);
    else if (form === 'arc')
      for (let i = 0; i <= 10; i++) {
        const a = (i / 10) * Math.PI;
        b.box(c, [Math.cos(a) * k * 0.35, 0.08 + Math.sin(a) * k * 0.5, 0], [k * 0.08, k * 0.08, k * 0.08], { rot: [0, 0, a] });
      }
    else if (form === 'cubes')
      for (let i = 0; i < 4; i++)
        b.box(c, [0, 0.08 + k * (0.1 + i * 0.2), 0], [k * 0.2, k * 0.2, k * 0.2], { rot: [0, i * 0.4, 0] });
    else {
      b.sphere(c, [0, 0.08 + k * 0.45, 0], k * 0.12, 16);
      for (let i = 0; i < 3; i++) b.torus(c, [0, 0.08 + k * 0.45, 0], k * 0.3, k * 0.015, 28, 6, { rot: [i * 1.05, i * 0.6, 0] });
    }
    b.groundAndCentre();
  },
};

const frame: Family = {
  id: 'picture-frame',
  category: 'signage',
  names: { zh: '画框', tc: '畫框', en: 'picture frame' },
  tags: ['decoration', 'museum', 'home'],
  axes: [
    ['colour', colours([...PALETTES.metal.slice(0, 3), SWATCHES.oak, SWATCHES.walnut, SWATCHES.white])],
    [
      'aspect',
      [
        st('portrait', '竖幅', '豎幅', 'portrait', 0.7),
        st('square', '方形', '方形', 'square', 1),
        st('landscape', '横幅', '橫幅', 'landscape', 1.5),
        st('panorama', '长幅', '長幅', 'panoramic', 2.5),
      ],
    ],
    ['size', sizes(0.4, 0.8, 1.4)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'size');
    const a = n(o, 'aspect');
    const h = k;
    const w = k * a;
    const t = 0.04 + k * 0.03;
    b.box(PAPER, [0, h / 2, 0], [w, h, 0.01]);
    b.box(c, [0, h + t / 2, 0.01], [w + 2 * t, t, 0.04]);
    b.box(c, [0, -t / 2, 0.01], [w + 2 * t, t, 0.04]);
    for (const x of [-1, 1]) b.box(c, [x * (w / 2 + t / 2), h / 2, 0.01], [t, h, 0.04]);
    b.groundAndCentre();
  },
};

const postSign: Family = {
  id: 'post-sign',
  category: 'signage',
  names: { zh: '立柱指示牌', tc: '立柱指示牌', en: 'post sign' },
  tags: ['sign', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'shape',
      [st('rect', '方牌', '方牌', 'rectangular'), st('round', '圆牌', '圓牌', 'round'), st('arrow', '箭头', '箭頭', 'arrow')],
    ],
    ['size', sizes(1.6, 2.4)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const h = n(o, 'size');
    b.cylinder(m(SWATCHES.grey), [0, 0, 0], 0.03, 0.03, h, 10);
    const shape = id(o, 'shape');
    if (shape === 'round') b.cylinder(c, [0, h - 0.3, -0.03], 0.3, 0.3, 0.02, 28, { rot: [Math.PI / 2, 0, 0] });
    else if (shape === 'rect') b.box(c, [0, h - 0.3, 0.03], [0.7, 0.5, 0.02]);
    else {
      b.box(c, [0.15, h - 0.2, 0.03], [0.6, 0.2, 0.02]);
      b.cylinder(c, [0.45, h - 0.2, 0.03], 0.18, 0, 0.22, 3, { rot: [0, 0, -Math.PI / 2] });
    }
  },
};

const rollup: Family = {
  id: 'banner-stand',
  category: 'signage',
  names: { zh: '易拉宝', tc: '易拉寶', en: 'roll-up banner' },
  tags: ['sign', 'showroom', 'shop'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['size', [st('s', '标准', '標準', 'standard', 0.8), st('l', '加宽', '加寬', 'wide', 1.2)]],
  ],
  build(o, b) {
    const w = n(o, 'size');
    b.box(m(SWATCHES.steel), [0, 0.05, 0], [w + 0.05, 0.1, 0.25]);
    b.box(m(s(o, 'colour')), [0, 1.1, 0], [w, 2.0, 0.005]);
    b.box(m(SWATCHES.white), [0, 1.6, 0.004], [w * 0.8, 0.3, 0.002]);
    b.box(m(SWATCHES.steel), [0, 2.1, 0], [w, 0.02, 0.02]);
  },
};

const aBoard: Family = {
  id: 'a-board',
  category: 'signage',
  names: { zh: '人字广告牌', tc: '人字廣告牌', en: 'A-frame sign' },
  tags: ['sign', 'shop', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['size', sizes(0.8, 1.1)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    for (const z of [-1, 1]) {
      b.box(m(s(o, 'colour')), [0, h / 2, z * h * 0.13], [0.6, h, 0.03], { rot: [z * 0.26, 0, 0] });
      b.box(BOARD, [0, h * 0.55, z * h * 0.14], [0.5, h * 0.6, 0.02], { rot: [z * 0.26, 0, 0] });
    }
    b.groundAndCentre();
  },
};

const wallSign: Family = {
  id: 'wall-sign',
  category: 'signage',
  names: { zh: '墙面标牌', tc: '牆面標牌', en: 'wall sign' },
  tags: ['sign', 'indoor', 'shop'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'aspect',
      [st('square', '方形', '方形', 'square', 1), st('wide', '横幅', '橫幅', 'wide', 2), st('strip', '长条', '長條', 'strip', 4)],
    ],
  ],
  build(o, b) {
    const a = n(o, 'aspect');
    b.box(m(s(o, 'colour')), [0, 0.25, 0], [0.5 * a, 0.5, 0.04]);
    b.box(m(SWATCHES.white), [0, 0.25, 0.021], [0.5 * a - 0.1, 0.12, 0.005]);
  },
};

const PRIMS = [
  st('cube', '立方体', '立方體', 'cube'),
  st('sphere', '球体', '球體', 'sphere'),
  st('cylinder', '圆柱体', '圓柱體', 'cylinder'),
  st('cone', '圆锥', '圓錐', 'cone'),
  st('torus', '圆环', '圓環', 'torus'),
  st('pyramid', '金字塔', '金字塔', 'pyramid'),
  st('capsule', '胶囊体', '膠囊體', 'capsule'),
  st('dome', '半球', '半球', 'dome'),
];
const shapes: Family = {
  id: 'shape',
  category: 'shapes',
  names: { zh: '', tc: '', en: '' },
  tags: ['geometry'],
  axes: [
    [
      'colour',
      colours([
        ...PALETTES.bright,
        SWATCHES.marble,
        SWATCHES.concrete,
        SWATCHES.steel,
        SWATCHES.gold,
        SWATCHES.walnut,
        SWATCHES.mint,
      ]),
    ],
    ['shape', PRIMS],
    ['size', sizes(0.25, 0.5, 1)],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    const k = n(o, 'size');
    const shape = id(o, 'shape');
    if (shape === 'cube') b.box(c, [0, k / 2, 0], [k, k, k]);
    else if (shape === 'sphere') b.sphere(c, [0, k / 2, 0], k / 2, 24);
    else if (shape === 'cylinder') b.cylinder(c, [0, 0, 0], k / 2, k / 2, k, 28);
    else if (shape === 'cone') b.cylinder(c, [0, 0, 0], k / 2, 0, k, 28);
    else if (shape === 'torus') b.torus(c, [0, k * 0.15, 0], k * 0.35, k * 0.15, 28, 12);
    else if (shape === 'pyramid') b.cylinder(c, [0, 0, 0], k * 0.7, 0, k, 4, { rot: [0, Math.PI / 4, 0] });
    else if (shape === 'capsule') {
      b.cylinder(c, [0, k * 0.25, 0], k * 0.25, k * 0.25, k * 0.5, 20);
      b.sphere(c, [0, k * 0.25, 0], k * 0.25, 20);
      b.sphere(c, [0, k * 0.75, 0], k * 0.25, 20);
    } else b.sphere(c, [0, 0, 0], k / 2, 24, { scale: [1, 0.55, 1] });
    b.groundAndCentre();
  },
};

function wheel(b: MeshBuilder, at: Vec3, r: number, w: number) {
  b.cylinder(RUBBER, [at[0] - w / 2, at[1], at[2]], r, r, w, 18, { rot: [0, 0, -Math.PI / 2] });
  b.cylinder(CHROME, [at[0] + (at[0] > 0 ? w / 2 : -w / 2 - 0.005), at[1], at[2]], r * 0.55, r * 0.55, 0.01, 12, {
    rot: [0, 0, -Math.PI / 2],
  });
}

const car: Family = {
  id: 'car',
  category: 'vehicles',
  names: { zh: '汽车', tc: '汽車', en: 'car' },
  tags: ['vehicle', 'transport', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.car)],
    [
      'body',
      [st('sedan', '轿车式', '轎車式', 'sedan'), st('hatch', '两厢', '兩廂', 'hatchback'), st('suv', '越野', '越野', 'SUV')],
    ],
    ['roof', [{ id: 'plain' }, st('rack', '带行李架', '帶行李架', 'roof-rack')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'), { roughness: 0.3, metalness: 0.4 });
    const body = id(o, 'body');
    const len = body === 'hatch' ? 3.9 : 4.6;
    const hh = body === 'suv' ? 0.85 : 0.65;
    const lift = body === 'suv' ? 0.45 : 0.32;
    b.box(c, [0, lift + hh / 2, 0], [1.8, hh, len]);
    const cabLen = body === 'sedan' ? len * 0.45 : len * 0.62;
    const cabZ = body === 'sedan' ? -0.1 : -len * 0.15;
    b.box(GLASS, [0, lift + hh + 0.28, cabZ], [1.6, 0.56, cabLen]);
    b.box(c, [0, lift + hh + 0.58, cabZ], [1.6, 0.05, cabLen - 0.2]);
    for (const x of [-1, 1]) for (const z of [-1, 1]) wheel(b, [x * 0.8, lift, z * len * 0.32], lift * 0.95, 0.25);
    for (const x of [-1, 1]) b.sphere(BULB, [x * 0.6, lift + hh * 0.6, len / 2], 0.09, 8);
    if (id(o, 'roof') === 'rack')
      for (const x of [-1, 1]) b.box(CHROME, [x * 0.65, lift + hh + 0.66, cabZ], [0.05, 0.05, cabLen - 0.3]);
  },
};

const bus: Family = {
  id: 'bus',
  category: 'vehicles',
  names: { zh: '巴士', tc: '巴士', en: 'bus' },
  tags: ['vehicle', 'transport', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.car)],
    ['type', [st('van', '小型', '小型', 'mini'), st('city', '城市', '城市', 'city')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'), { roughness: 0.35 });
    const len = id(o, 'type') === 'city' ? 11 : 5.5;
    const h = id(o, 'type') === 'city' ? 2.8 : 2.1;
    b.box(c, [0, 0.4 + h / 2, 0], [2.4, h, len]);
    for (const x of [-1, 1]) b.box(GLASS, [x * 1.201, 0.4 + h * 0.68, 0], [0.01, h * 0.35, len * 0.85]);
    b.box(GLASS, [0, 0.4 + h * 0.6, len / 2 + 0.005], [2.2, h * 0.5, 0.01]);
    for (const x of [-1, 1]) for (const z of [-1, 1]) wheel(b, [x * 1.05, 0.45, z * len * 0.35], 0.45, 0.3);
  },
};

const truck: Family = {
  id: 'truck',
  category: 'vehicles',
  names: { zh: '卡车', tc: '貨車', en: 'truck' },
  tags: ['vehicle', 'transport', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.car)],
    ['cargo', [st('box', '厢式', '廂式', 'box'), st('flat', '平板', '平板', 'flatbed')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'), { roughness: 0.35 });
    b.box(c, [0, 1.3, 2.4], [2.3, 1.9, 1.8]);
    b.box(GLASS, [0, 1.75, 3.301], [2.1, 0.7, 0.01]);
    b.box(m(SWATCHES.charcoal), [0, 0.6, -0.6], [2.2, 0.2, 5]);
    if (id(o, 'cargo') === 'box') b.box(m(SWATCHES.white), [0, 1.85, -1.0], [2.4, 2.3, 4.2]);
    else b.box(m(SWATCHES.oak), [0, 0.75, -1.0], [2.4, 0.1, 4.2]);
    for (const x of [-1, 1]) for (const z of [2.4, -1.2, -2.4]) wheel(b, [x * 1.0, 0.5, z], 0.5, 0.35);
  },
};

const bicycle: Family = {
  id: 'bicycle',
  category: 'vehicles',
  names: { zh: '自行车', tc: '單車', en: 'bicycle' },
  tags: ['vehicle', 'transport', 'outdoor', 'metal'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['size', [st('kid', '儿童', '兒童', "kids'", 0.7), st('adult', '成人', '成人', 'adult', 1)]],
  ],
  build(o, b) {
    const k = n(o, 'size');
    const c = m(s(o, 'colour'), { metalness: 0.5, roughness: 0.35 });
    const r = 0.34 * k;
    for (const z of [-1, 1]) b.torus(RUBBER, [0, r, z * 0.52 * k], r, 0.025, 28, 6, { rot: [0, 0, Math.PI / 2] });
    b.cylinder(c, [0, r, -0.52 * k], 0.02, 0.02, 1.04 * k, 8, { rot: [Math.PI / 2, 0, 0] });
    b.cylinder(c, [0, r, -0.1 * k], 0.02, 0.02, 0.55 * k, 8, { rot: [-0.3, 0, 0] });
    b.cylinder(c, [0, r, 0.5 * k], 0.02, 0.02, 0.6 * k, 8, { rot: [-0.35, 0, 0] });
    b.box(RUBBER, [0, r + 0.55 * k, -0.25 * k], [0.12, 0.05, 0.25]);
    b.box(CHROME, [0, r + 0.6 * k, 0.32 * k], [0.55 * k, 0.03, 0.03]);
    b.groundAndCentre();
  },
};

const boat: Family = {
  id: 'boat',
  category: 'vehicles',
  names: { zh: '小船', tc: '小船', en: 'boat' },
  tags: ['vehicle', 'transport', 'outdoor'],
  axes: [
    ['colour', colours(PALETTES.car)],
    ['type', [st('row', '划艇', '划艇', 'rowing'), st('sail', '帆船', '帆船', 'sailing')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    b.sphere(c, [0, 0.4, 0], 1, 20, { scale: [0.7, 0.4, 1.8] });
    b.box(m(SWATCHES.oak), [0, 0.55, 0], [1.2, 0.04, 2.6]);
    if (id(o, 'type') === 'sail') {
      b.cylinder(m(SWATCHES.oak), [0, 0.5, 0.3], 0.04, 0.03, 4, 8);
      b.cylinder(PAPER, [0.01, 1.0, 0.35], 1.2, 0, 3.2, 3, { scale: [0.01, 1, 1] });
    } else for (const x of [-1, 1]) b.box(m(SWATCHES.oak), [x * 0.9, 0.65, 0], [1.2, 0.04, 0.08], { rot: [0, 0, x * 0.3] });
    b.groundAndCentre();
  },
};

const barrel: Family = {
  id: 'barrel',
  category: 'props',
  names: { zh: '木桶', tc: '木桶', en: 'barrel' },
  tags: ['prop', 'container'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    ['style', [st('wood', '木质', '木質', 'wooden'), st('drum', '油桶', '油桶', 'steel-drum')]],
    ['size', sizes(0.6, 0.9)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const c = m(s(o, 'colour'));
    if (id(o, 'style') === 'wood') {
      b.cylinder(c, [0, 0, 0], h * 0.3, h * 0.36, h / 2, 20);
      b.cylinder(c, [0, h / 2, 0], h * 0.36, h * 0.3, h / 2, 20);
      for (const y of [0.12, 0.88]) b.torus(m(SWATCHES.black), [0, h * y, 0], h * 0.33, 0.012, 24, 4);
    } else {
      b.cylinder(m(s(o, 'colour'), { metalness: 0.7, roughness: 0.4 }), [0, 0, 0], h * 0.3, h * 0.3, h, 24);
      for (const y of [0.33, 0.66]) b.torus(m(SWATCHES.steel), [0, h * y, 0], h * 0.305, 0.012, 24, 4);
    }
  },
};

const crate: Family = {
  id: 'crate',
  category: 'props',
  names: { zh: '木箱', tc: '木箱', en: 'crate' },
  tags: ['prop', 'container', 'wood'],
  axes: [
    ['colour', colours(PALETTES.wood)],
    ['style', [st('slat', '板条', '板條', 'slatted'), st('closed', '封闭', '封閉', 'closed')]],
    ['size', sizes(0.4, 0.6, 1.0)],
  ],
  build(o, b) {
    const k = n(o, 'size');
    const c = m(s(o, 'colour'));
    if (id(o, 'style') === 'closed') {
      b.box(c, [0, k / 2, 0], [k, k, k]);
      for (const z of [-1, 1])
        b.box(m(SWATCHES.walnut), [0, k / 2, z * (k / 2 + 0.005)], [k * 1.2, k * 0.1, 0.01], { rot: [0, 0, 0.785] });
    } else {
      for (let i = 0; i < 4; i++) {
        const y = k * (0.12 + i * 0.25);
        b.box(c, [0, y, k / 2 - 0.01], [k, k * 0.18, 0.02]);
        b.box(c, [0, y, -k / 2 + 0.01], [k, k * 0.18, 0.02]);
        b.box(c, [k / 2 - 0.01, y, 0], [0.02, k * 0.18, k]);
        b.box(c, [-k / 2 + 0.01, y, 0], [0.02, k * 0.18, k]);
      }
      b.box(c, [0, 0.01, 0], [k, 0.02, k]);
    }
  },
};

const vase: Family = {
  id: 'vase',
  category: 'props',
  names: { zh: '花瓶', tc: '花瓶', en: 'vase' },
  tags: ['prop', 'decoration', 'home'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'shape',
      [
        st('bottle', '瓶形', '瓶形', 'bottle'),
        st('urn', '瓮形', '甕形', 'urn'),
        st('cylinder', '直筒', '直筒', 'cylinder'),
        st('bowl', '钵形', '缽形', 'bowl'),
      ],
    ],
    ['size', sizes(0.2, 0.35, 0.6)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    const c = m(s(o, 'colour'), { roughness: 0.25 });
    const shape = id(o, 'shape');
    if (shape === 'bottle') {
      b.sphere(c, [0, h * 0.3, 0], h * 0.3, 20);
      b.cylinder(c, [0, h * 0.5, 0], h * 0.08, h * 0.06, h * 0.5, 16);
    } else if (shape === 'urn') {
      b.cylinder(c, [0, 0, 0], h * 0.15, h * 0.3, h * 0.5, 20);
      b.cylinder(c, [0, h * 0.5, 0], h * 0.3, h * 0.18, h * 0.5, 20);
    } else if (shape === 'cylinder') b.cylinder(c, [0, 0, 0], h * 0.18, h * 0.2, h, 24);
    else b.sphere(c, [0, h * 0.25, 0], h * 0.45, 20, { scale: [1, 0.55, 1] });
    b.groundAndCentre();
  },
};

const books: Family = {
  id: 'book-stack',
  category: 'props',
  names: { zh: '书堆', tc: '書堆', en: 'stack of books' },
  tags: ['prop', 'home', 'school', 'decoration'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    [
      'count',
      counted(
        [2, 3, 4, 5, 6],
        (k) => `${k}本`,
        (k) => `${k}本`,
        (k) => `${k}-book`,
      ),
    ],
  ],
  build(o, b) {
    const k = n(o, 'count');
    const palette = [s(o, 'colour'), SWATCHES.cream, SWATCHES.navy, SWATCHES.walnut];
    let y = 0;
    for (let i = 0; i < k; i++) {
      const t = 0.03 + (i % 3) * 0.01;
      b.box(m(palette[i % palette.length]!), [((i * 37) % 5) * 0.008, y + t / 2, 0], [0.22 - (i % 2) * 0.03, t, 0.16], {
        rot: [0, ((i * 53) % 7) * 0.06 - 0.18, 0],
      });
      y += t;
    }
    b.groundAndCentre();
  },
};

const ball: Family = {
  id: 'ball',
  category: 'props',
  names: { zh: '球', tc: '球', en: 'ball' },
  tags: ['prop', 'school'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['style', [st('plain', '纯色', '純色', 'plain'), st('band', '条纹', '條紋', 'striped')]],
    ['size', sizes(0.07, 0.22, 0.6)],
  ],
  build(o, b) {
    const d = n(o, 'size');
    b.sphere(m(s(o, 'colour'), { roughness: 0.4 }), [0, d / 2, 0], d / 2, 20);
    if (id(o, 'style') === 'band') b.torus(m(SWATCHES.white), [0, d / 2, 0], d / 2, d * 0.04, 24, 6);
    b.groundAndCentre();
  },
};

const bin: Family = {
  id: 'bin',
  category: 'props',
  names: { zh: '垃圾桶', tc: '垃圾桶', en: 'bin' },
  tags: ['prop', 'container', 'office'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['shape', [st('round', '圆', '圓', 'round'), st('square', '方', '方', 'square')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'));
    if (id(o, 'shape') === 'round') {
      b.cylinder(c, [0, 0, 0], 0.15, 0.18, 0.5, 20);
      b.torus(c, [0, 0.5, 0], 0.18, 0.012, 20, 4);
    } else {
      b.box(c, [0, 0.3, 0], [0.3, 0.6, 0.3]);
      b.box(m(SWATCHES.charcoal), [0, 0.61, 0], [0.32, 0.03, 0.32]);
    }
    b.groundAndCentre();
  },
};

const trafficCone: Family = {
  id: 'traffic-cone',
  category: 'props',
  names: { zh: '路锥', tc: '雪糕筒', en: 'traffic cone' },
  tags: ['prop', 'outdoor'],
  axes: [
    ['colour', colours([SWATCHES.orange, SWATCHES.yellow, SWATCHES.red, SWATCHES.blue])],
    ['size', sizes(0.3, 0.5, 0.75)],
  ],
  build(o, b) {
    const h = n(o, 'size');
    b.box(m(SWATCHES.black), [0, 0.015, 0], [h * 0.6, 0.03, h * 0.6]);
    b.cylinder(m(s(o, 'colour')), [0, 0.03, 0], h * 0.22, h * 0.04, h, 20);
    b.cylinder(m(SWATCHES.white), [0, h * 0.45, 0], h * 0.14, h * 0.11, h * 0.15, 20, { scale: [1.02, 1, 1.02] });
  },
};

const cartons: Family = {
  id: 'cartons',
  category: 'props',
  names: { zh: '纸箱', tc: '紙箱', en: 'cardboard boxes' },
  tags: ['prop', 'container', 'shop'],
  axes: [
    [
      'count',
      counted(
        [1, 2, 3, 4],
        (k) => `${k}个`,
        (k) => `${k}個`,
        (k) => `${k}×`,
      ),
    ],
    ['size', sizes(0.3, 0.5)],
  ],
  build(o, b) {
    const k = n(o, 'count');
    const sz = n(o, 'size');
    const card: MaterialSpec = { name: 'card', rgb: [190, 150, 100], roughness: 0.95, metalness: 0 };
    const spots: Vec3[] = [
      [0, 0, 0],
      [sz * 1.05, 0, 0.03],
      [sz * 0.5, sz, 0],
      [-0.02, 0, sz * 1.05],
    ];
    for (let i = 0; i < k; i++) {
      const p = spots[i]!;
      b.box(card, [p[0], p[1] + sz / 2, p[2]], [sz, sz, sz * 0.8], { rot: [0, (i % 2) * 0.2, 0] });
      b.box(m(SWATCHES.beige), [p[0], p[1] + sz + 0.001, p[2]], [sz * 0.15, 0.002, sz * 0.8], { rot: [0, (i % 2) * 0.2, 0] });
    }
    b.groundAndCentre();
  },
};

const mug: Family = {
  id: 'mug',
  category: 'props',
  names: { zh: '杯子', tc: '杯子', en: 'mug' },
  tags: ['prop', 'home', 'office'],
  axes: [
    ['colour', colours(PALETTES.bright)],
    ['style', [st('mug', '马克', '馬克', 'tall'), st('cup', '咖啡', '咖啡', 'coffee')]],
  ],
  build(o, b) {
    const c = m(s(o, 'colour'), { roughness: 0.3 });
    const tall = id(o, 'style') === 'mug';
    const h = tall ? 0.1 : 0.07;
    b.cylinder(c, [0, 0, 0], 0.04, 0.045, h, 20);
    b.torus(c, [0.05, h / 2, 0], 0.025, 0.007, 12, 6, { rot: [Math.PI / 2, 0, 0] });
    if (!tall) b.cylinder(m(SWATCHES.white), [0, -0.005, 0], 0.07, 0.07, 0.005, 20);
    b.groundAndCentre();
  },
};

const clock: Family = {
  id: 'wall-clock',
  category: 'props',
  names: { zh: '挂钟', tc: '掛鐘', en: 'wall clock' },
  tags: ['prop', 'decoration', 'school', 'office'],
  axes: [
    ['colour', colours(PALETTES.metal)],
    ['size', sizes(0.25, 0.4)],
  ],
  build(o, b) {
    const r = n(o, 'size') / 2;
    b.torus(m(s(o, 'colour')), [0, r, 0], r, r * 0.08, 32, 8, { rot: [Math.PI / 2, 0, 0] });
    b.cylinder(PAPER, [0, r, -0.01], r, r, 0.01, 32, { rot: [Math.PI / 2, 0, 0] });
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      b.box(m(SWATCHES.black), [Math.cos(a) * r * 0.82, r + Math.sin(a) * r * 0.82, 0.005], [0.01, 0.01, 0.004]);
    }
    b.box(m(SWATCHES.black), [0, r + r * 0.25, 0.008], [0.01, r * 0.5, 0.004]);
    b.box(m(SWATCHES.black), [r * 0.3, r, 0.008], [r * 0.6, 0.008, 0.004]);
    b.groundAndCentre();
  },
};

const screen: Family = {
  id: 'screen',
  category: 'props',
  names: { zh: '显示屏', tc: '顯示屏', en: 'display screen' },
  tags: ['prop', 'office', 'showroom'],
  axes: [
    ['colour', colours([SWATCHES.black, SWATCHES.white, SWATCHES.steel])],
    ['mount', [st('stand', '座式', '座式', 'desk'), st('floor', '落地', '落地', 'floor-standing')]],
    [
      'size',
      [
        st('32', '32英寸', '32英寸', '32-inch', 0.71),
        st('55', '55英寸', '55英寸', '55-inch', 1.22),
        st('75', '75英寸', '75英寸', '75-inch', 1.66),
      ],
    ],
  ],
  build(o, b) {
    const w = n(o, 'size');
    const h = w * 0.5625;
    const c = m(s(o, 'colour'));
    const floor = id(o, 'mount') === 'floor';
    const y0 = floor ? 1.0 : 0.12;
    b.box(c, [0, y0 + h / 2, 0], [w + 0.03, h + 0.03, 0.05]);
    b.box({ name: 'screen-glass', rgb: [20, 30, 48], roughness: 0.1, metalness: 0.2 }, [0, y0 + h / 2, 0.026], [w, h, 0.003]);
    b.box(c, [0, y0 / 2, -0.02], [0.06, y0, 0.04]);
    b.box(c, [0, 0.01, -0.02], floor ? [0.7, 0.02, 0.45] : [w * 0.35, 0.02, 0.2]);
  },
};

/** Every family of props (the characters are in `character.ts`). */
export const FAMILIES: readonly Family[] = [
  chair,
  stool,
  table,
  coffeeTable,
  desk,
  sofa,
  bed,
  cabinet,
  wardrobe,
  plinth,
  vitrine,
  tieredStand,
  bookshelf,
  rack,
  wallShelf,
  floorLamp,
  tableLamp,
  pendant,
  trackLight,
  streetLamp,
  pottedPlant,
  tree,
  cactus,
  hedge,
  wall,
  room,
  column,
  stairs,
  platform,
  door,
  windowF,
  archway,
  schoolDesk,
  board,
  lectern,
  locker,
  globe,
  bench,
  barrier,
  easel,
  sculpture,
  frame,
  postSign,
  rollup,
  aBoard,
  wallSign,
  shapes,
  car,
  bus,
  truck,
  bicycle,
  boat,
  barrel,
  crate,
  vase,
  books,
  ball,
  bin,
  trafficCone,
  cartons,
  mug,
  clock,
  screen,
];
