import { colours, counted, type Family, sizes, st } from '../family';
import type { MaterialSpec, Vec3 } from '../geometry';
import { PALETTES, PAPER, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Shapes and props: primitives, barrels, crates, vases, books, balls, bins, cones, cartons, mugs, clocks and screens. */

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
export const shapes: Family = {
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

export const barrel: Family = {
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

export const crate: Family = {
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

export const vase: Family = {
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

export const books: Family = {
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

export const ball: Family = {
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

export const bin: Family = {
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

export const trafficCone: Family = {
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

export const cartons: Family = {
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

export const mug: Family = {
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

export const clock: Family = {
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

export const screen: Family = {
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
