import { colours, counted, type Family, sizes, st } from '../family';
import { BOARD, CHROME, PALETTES, PAPER, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/*
 * Classrooms, galleries and signage: school desks, boards, lecterns, lockers, globes, benches, barriers, easels,
 * sculptures, frames and signs.
 */

export const schoolDesk: Family = {
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

export const board: Family = {
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

export const lectern: Family = {
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

export const locker: Family = {
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

export const globe: Family = {
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

export const bench: Family = {
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

export const barrier: Family = {
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

export const easel: Family = {
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

export const sculpture: Family = {
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

export const frame: Family = {
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

export const postSign: Family = {
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

export const rollup: Family = {
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

export const aBoard: Family = {
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

export const wallSign: Family = {
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
