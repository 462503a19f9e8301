import { colours, type Family, st } from '../family';
import type { MeshBuilder, Vec3 } from '../geometry';
import { BULB, CHROME, GLASS, PALETTES, PAPER, RUBBER, SWATCHES } from '../vocabulary';
import { id, m, n, s } from './parts';

/* Vehicles: cars, buses, trucks, bicycles and boats. */

function wheel(b: MeshBuilder, at: Vec3, r: number, w: number) {
  b.cylinder(RUBBER, [at[0] - w / 2, at[1], at[2]], r, r, w, 18, { rot: [0, 0, -Math.PI / 2] });
  b.cylinder(CHROME, [at[0] + (at[0] > 0 ? w / 2 : -w / 2 - 0.005), at[1], at[2]], r * 0.55, r * 0.55, 0.01, 12, {
    rot: [0, 0, -Math.PI / 2],
  });
}

export const car: Family = {
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

export const bus: Family = {
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

export const truck: Family = {
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

export const bicycle: Family = {
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

export const boat: Family = {
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
