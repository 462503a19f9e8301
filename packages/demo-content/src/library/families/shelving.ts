import { colours, counted, type Family, sizes, st } from '../family';
import { GLASS, PALETTES, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Display and shelving: plinths, vitrines, tiered stands, bookshelves, racks and wall shelves. */

export const plinth: Family = {
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

export const vitrine: Family = {
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

export const tieredStand: Family = {
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

export const bookshelf: Family = {
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

export const rack: Family = {
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

export const wallShelf: Family = {
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
