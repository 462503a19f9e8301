import type { Lang } from '@xr/contract/lang';
import type { MaterialSpec, Vec3 } from './geometry';

export type Names = Record<Lang, string>;

/** A colour of a family's palette: the material's look plus its name (an adjective in model names) and tag. */
export interface Swatch {
  id: string;
  names: Names;
  rgb: Vec3;
  roughness: number;
  metalness: number;
}

const sw = (id: string, zh: string, tc: string, en: string, rgb: Vec3, roughness = 0.6, metalness = 0): Swatch => ({
  id,
  names: { zh, tc, en },
  rgb,
  roughness,
  metalness,
});

/** Every swatch the families use; each is also a tag (`tag=<id>`). */
export const SWATCHES = {
  white: sw('white', '白色', '白色', 'white', [236, 236, 232]),
  black: sw('black', '黑色', '黑色', 'black', [38, 38, 42], 0.5),
  grey: sw('grey', '灰色', '灰色', 'grey', [128, 130, 134]),
  red: sw('red', '红色', '紅色', 'red', [196, 48, 48]),
  orange: sw('orange', '橙色', '橙色', 'orange', [232, 128, 40]),
  yellow: sw('yellow', '黄色', '黃色', 'yellow', [238, 196, 52]),
  green: sw('green', '绿色', '綠色', 'green', [64, 150, 84]),
  teal: sw('teal', '青色', '青色', 'teal', [40, 150, 150]),
  blue: sw('blue', '蓝色', '藍色', 'blue', [52, 96, 196]),
  navy: sw('navy', '藏青色', '藏青色', 'navy', [34, 48, 96]),
  purple: sw('purple', '紫色', '紫色', 'purple', [128, 72, 168]),
  pink: sw('pink', '粉色', '粉色', 'pink', [232, 140, 170]),
  beige: sw('beige', '米色', '米色', 'beige', [214, 196, 160], 0.85),
  oak: sw('oak', '橡木色', '橡木色', 'oak', [186, 140, 88], 0.7),
  walnut: sw('walnut', '胡桃木色', '胡桃木色', 'walnut', [110, 72, 44], 0.7),
  birch: sw('birch', '桦木色', '樺木色', 'birch', [222, 198, 158], 0.7),
  steel: sw('steel', '不锈钢', '不鏽鋼', 'steel', [190, 192, 196], 0.3, 1),
  brass: sw('brass', '黄铜', '黃銅', 'brass', [205, 160, 80], 0.35, 1),
  copper: sw('copper', '铜色', '銅色', 'copper', [190, 110, 70], 0.35, 1),
  gold: sw('gold', '金色', '金色', 'gold', [230, 186, 80], 0.25, 1),
  marble: sw('marble', '大理石', '大理石', 'marble', [230, 228, 222], 0.25),
  concrete: sw('concrete', '混凝土', '混凝土', 'concrete', [160, 158, 150], 0.95),
  terracotta: sw('terracotta', '陶土色', '陶土色', 'terracotta', [190, 96, 64], 0.9),
  sage: sw('sage', '灰绿色', '灰綠色', 'sage', [150, 170, 140], 0.8),
  mint: sw('mint', '薄荷绿', '薄荷綠', 'mint', [160, 220, 196]),
  sky: sw('sky', '天蓝色', '天藍色', 'sky blue', [120, 180, 230]),
  cream: sw('cream', '奶油色', '奶油色', 'cream', [244, 232, 204], 0.8),
  charcoal: sw('charcoal', '炭灰色', '炭灰色', 'charcoal', [64, 66, 70], 0.8),
} as const satisfies Record<string, Swatch>;

export const PALETTES = {
  wood: [SWATCHES.oak, SWATCHES.walnut, SWATCHES.birch, SWATCHES.white, SWATCHES.black, SWATCHES.grey],
  fabric: [
    SWATCHES.grey,
    SWATCHES.beige,
    SWATCHES.navy,
    SWATCHES.sage,
    SWATCHES.charcoal,
    SWATCHES.red,
    SWATCHES.teal,
    SWATCHES.cream,
  ],
  bright: [
    SWATCHES.red,
    SWATCHES.orange,
    SWATCHES.yellow,
    SWATCHES.green,
    SWATCHES.teal,
    SWATCHES.blue,
    SWATCHES.purple,
    SWATCHES.pink,
    SWATCHES.white,
    SWATCHES.black,
  ],
  metal: [SWATCHES.steel, SWATCHES.brass, SWATCHES.copper, SWATCHES.black, SWATCHES.white, SWATCHES.gold],
  stone: [SWATCHES.white, SWATCHES.marble, SWATCHES.concrete, SWATCHES.black, SWATCHES.oak, SWATCHES.charcoal],
  pots: [SWATCHES.terracotta, SWATCHES.white, SWATCHES.charcoal, SWATCHES.concrete, SWATCHES.sage, SWATCHES.blue],
  walls: [
    SWATCHES.white,
    SWATCHES.cream,
    SWATCHES.grey,
    SWATCHES.sage,
    SWATCHES.sky,
    SWATCHES.terracotta,
    SWATCHES.concrete,
    SWATCHES.charcoal,
  ],
  car: [
    SWATCHES.red,
    SWATCHES.blue,
    SWATCHES.white,
    SWATCHES.black,
    SWATCHES.grey,
    SWATCHES.yellow,
    SWATCHES.green,
    SWATCHES.orange,
    SWATCHES.sky,
  ],
} as const;

/** A material from a swatch (names are unique per look so batches merge by material). */
export function mat(s: Swatch, extra: Partial<MaterialSpec> = {}): MaterialSpec {
  const name = `${s.id}-${extra.alpha ?? 1}-${extra.emissive ?? 0}-${extra.roughness ?? s.roughness}`;
  return { name, rgb: s.rgb, roughness: s.roughness, metalness: s.metalness, ...extra };
}

export const GLASS: MaterialSpec = { name: 'glass', rgb: [200, 225, 235], roughness: 0.05, metalness: 0, alpha: 0.35 };
export const RUBBER: MaterialSpec = { name: 'rubber', rgb: [28, 28, 30], roughness: 0.9, metalness: 0 };
export const CHROME: MaterialSpec = { name: 'chrome', rgb: [210, 212, 216], roughness: 0.15, metalness: 1 };
export const LEAF: MaterialSpec = { name: 'leaf', rgb: [58, 132, 64], roughness: 0.8, metalness: 0 };
export const DARK_LEAF: MaterialSpec = { name: 'dark-leaf', rgb: [34, 96, 52], roughness: 0.8, metalness: 0 };
export const BARK: MaterialSpec = { name: 'bark', rgb: [96, 66, 44], roughness: 0.95, metalness: 0 };
export const SOIL: MaterialSpec = { name: 'soil', rgb: [70, 50, 36], roughness: 1, metalness: 0 };
export const BULB: MaterialSpec = { name: 'bulb', rgb: [255, 240, 200], roughness: 0.4, metalness: 0, emissive: 1 };
export const BOARD: MaterialSpec = { name: 'board', rgb: [40, 70, 56], roughness: 0.9, metalness: 0 };
export const PAPER: MaterialSpec = { name: 'paper', rgb: [244, 242, 236], roughness: 0.9, metalness: 0 };
export const SKIN: MaterialSpec = { name: 'skin', rgb: [226, 184, 150], roughness: 0.7, metalness: 0 };

/** Tags besides the swatches: id -> names. A model's tags are ids from here or from SWATCHES. */
export const TAG_NAMES: Record<string, Names> = {
  furniture: { zh: '家具', tc: '家具', en: 'furniture' },
  seating: { zh: '座椅', tc: '座椅', en: 'seating' },
  table: { zh: '桌子', tc: '桌子', en: 'table' },
  storage: { zh: '收纳', tc: '收納', en: 'storage' },
  bedroom: { zh: '卧室', tc: '臥室', en: 'bedroom' },
  office: { zh: '办公', tc: '辦公', en: 'office' },
  home: { zh: '家居', tc: '家居', en: 'home' },
  shop: { zh: '商店', tc: '商店', en: 'shop' },
  showroom: { zh: '展厅', tc: '展廳', en: 'showroom' },
  museum: { zh: '博物馆', tc: '博物館', en: 'museum' },
  school: { zh: '学校', tc: '學校', en: 'school' },
  outdoor: { zh: '户外', tc: '戶外', en: 'outdoor' },
  indoor: { zh: '室内', tc: '室內', en: 'indoor' },
  nature: { zh: '自然', tc: '自然', en: 'nature' },
  light: { zh: '照明', tc: '照明', en: 'light' },
  building: { zh: '建筑', tc: '建築', en: 'building' },
  structure: { zh: '结构', tc: '結構', en: 'structure' },
  decoration: { zh: '装饰', tc: '裝飾', en: 'decoration' },
  sign: { zh: '标识', tc: '標識', en: 'sign' },
  geometry: { zh: '几何', tc: '幾何', en: 'geometry' },
  vehicle: { zh: '车辆', tc: '車輛', en: 'vehicle' },
  transport: { zh: '交通', tc: '交通', en: 'transport' },
  prop: { zh: '道具', tc: '道具', en: 'prop' },
  container: { zh: '容器', tc: '容器', en: 'container' },
  glass: { zh: '玻璃', tc: '玻璃', en: 'glass' },
  wood: { zh: '木制', tc: '木製', en: 'wooden' },
  metal: { zh: '金属', tc: '金屬', en: 'metal' },
  fabric: { zh: '布艺', tc: '布藝', en: 'fabric' },
  stone: { zh: '石材', tc: '石材', en: 'stone' },
  character: { zh: '人物', tc: '人物', en: 'character' },
  npc: { zh: 'NPC', tc: 'NPC', en: 'NPC' },
  animated: { zh: '动画', tc: '動畫', en: 'animated' },
  small: { zh: '小号', tc: '小號', en: 'small' },
  medium: { zh: '中号', tc: '中號', en: 'medium' },
  large: { zh: '大号', tc: '大號', en: 'large' },
  imported: { zh: '导入', tc: '匯入', en: 'imported' },
};

/** The names of a tag id (swatch or plain tag); unknown ids name themselves. */
export function tagNames(id: string): Names {
  const s = (SWATCHES as Record<string, Swatch>)[id];
  if (s) return s.names;
  return TAG_NAMES[id] ?? { zh: id, tc: id, en: id };
}
