import path from 'node:path';
import { LIBRARY_NAME_MAX, type LibraryCategory, type LocalizedNames } from '@xr/contract/library';

/**
 * Common object words of asset packs' file names with their Chinese names, so `chairCushion.fbx` or `Tree_1.fbx`
 * get a name in the three languages and a category. `cat` is the category a model gets when this is its first noun;
 * words without one are modifiers (they name, but do not classify). Words not listed stay in English.
 */
type Entry = { zh: string; tc: string; cat?: LibraryCategory; modifier?: true };
const n = (zh: string, tc: string, cat: LibraryCategory): Entry => ({ zh, tc, cat });
const m = (zh: string, tc: string): Entry => ({ zh, tc, modifier: true });

export const GLOSSARY: Record<string, Entry> = {
  // furniture
  chair: n('椅子', '椅子', 'furniture'),
  table: n('桌子', '桌子', 'furniture'),
  desk: n('书桌', '書桌', 'furniture'),
  sofa: n('沙发', '沙發', 'furniture'),
  couch: n('沙发', '沙發', 'furniture'),
  bench: n('长椅', '長椅', 'furniture'),
  stool: n('凳子', '凳子', 'furniture'),
  bed: n('床', '床', 'furniture'),
  cabinet: n('柜子', '櫃子', 'furniture'),
  drawer: n('抽屉', '抽屜', 'furniture'),
  wardrobe: n('衣柜', '衣櫃', 'furniture'),
  cushion: n('坐垫', '坐墊', 'furniture'),
  pillow: n('枕头', '枕頭', 'furniture'),
  rug: n('地毯', '地毯', 'furniture'),
  bathtub: n('浴缸', '浴缸', 'furniture'),
  toilet: n('马桶', '馬桶', 'furniture'),
  sink: n('水槽', '水槽', 'furniture'),
  kitchen: n('厨房', '廚房', 'furniture'),
  fridge: n('冰箱', '冰箱', 'furniture'),
  stove: n('炉灶', '爐灶', 'furniture'),
  television: n('电视', '電視', 'furniture'),
  tv: n('电视', '電視', 'furniture'),
  computer: n('电脑', '電腦', 'furniture'),
  coffin: n('棺材', '棺材', 'props'),
  // shelving and lighting
  shelf: n('架子', '架子', 'shelving'),
  bookcase: n('书柜', '書櫃', 'shelving'),
  books: n('书', '書', 'props'),
  book: n('书', '書', 'props'),
  lamp: n('灯', '燈', 'lighting'),
  light: n('灯', '燈', 'lighting'),
  lantern: n('灯笼', '燈籠', 'lighting'),
  candle: n('蜡烛', '蠟燭', 'lighting'),
  torch: n('火把', '火把', 'lighting'),
  // plants and nature
  tree: n('树', '樹', 'plants'),
  pine: n('松树', '松樹', 'plants'),
  palm: n('棕榈', '棕櫚', 'plants'),
  bush: n('灌木', '灌木', 'plants'),
  plant: n('植物', '植物', 'plants'),
  flower: n('花', '花', 'plants'),
  flowers: n('花', '花', 'plants'),
  grass: n('草', '草', 'plants'),
  cactus: n('仙人掌', '仙人掌', 'plants'),
  mushroom: n('蘑菇', '蘑菇', 'plants'),
  leaves: n('树叶', '樹葉', 'plants'),
  rock: n('岩石', '岩石', 'props'),
  rocks: n('岩石', '岩石', 'props'),
  stone: n('石头', '石頭', 'props'),
  log: n('原木', '原木', 'props'),
  // architecture and openings
  wall: n('墙', '牆', 'architecture'),
  floor: n('地板', '地板', 'architecture'),
  roof: n('屋顶', '屋頂', 'architecture'),
  tower: n('塔楼', '塔樓', 'architecture'),
  house: n('房屋', '房屋', 'architecture'),
  building: n('建筑', '建築', 'architecture'),
  pillar: n('柱子', '柱子', 'architecture'),
  column: n('柱子', '柱子', 'architecture'),
  stairs: n('楼梯', '樓梯', 'architecture'),
  bridge: n('桥', '橋', 'architecture'),
  fence: n('栅栏', '柵欄', 'architecture'),
  crypt: n('墓室', '墓室', 'architecture'),
  block: n('方块', '方塊', 'shapes'),
  platform: n('平台', '平台', 'architecture'),
  door: n('门', '門', 'openings'),
  gate: n('大门', '大門', 'openings'),
  window: n('窗户', '窗戶', 'openings'),
  // signage
  sign: n('标牌', '標牌', 'signage'),
  flag: n('旗帜', '旗幟', 'signage'),
  banner: n('横幅', '橫幅', 'signage'),
  frame: n('画框', '畫框', 'signage'),
  // vehicles
  car: n('汽车', '汽車', 'vehicles'),
  truck: n('卡车', '卡車', 'vehicles'),
  bus: n('公交车', '公車', 'vehicles'),
  taxi: n('出租车', '計程車', 'vehicles'),
  train: n('火车', '火車', 'vehicles'),
  tank: n('坦克', '坦克', 'vehicles'),
  ship: n('船', '船', 'vehicles'),
  boat: n('小船', '小船', 'vehicles'),
  airplane: n('飞机', '飛機', 'vehicles'),
  plane: n('飞机', '飛機', 'vehicles'),
  rocket: n('火箭', '火箭', 'vehicles'),
  spaceship: n('飞船', '飛船', 'vehicles'),
  bike: n('自行车', '自行車', 'vehicles'),
  wheel: n('车轮', '車輪', 'vehicles'),
  // characters and animals
  knight: n('骑士', '騎士', 'characters'),
  king: n('国王', '國王', 'characters'),
  queen: n('王后', '王后', 'characters'),
  character: n('角色', '角色', 'characters'),
  human: n('人', '人', 'characters'),
  man: n('男人', '男人', 'characters'),
  woman: n('女人', '女人', 'characters'),
  robot: n('机器人', '機器人', 'characters'),
  alien: n('外星人', '外星人', 'characters'),
  astronaut: n('宇航员', '太空人', 'characters'),
  zombie: n('僵尸', '殭屍', 'characters'),
  skeleton: n('骷髅', '骷髏', 'characters'),
  ghost: n('幽灵', '幽靈', 'characters'),
  dog: n('狗', '狗', 'characters'),
  cat: n('猫', '貓', 'characters'),
  horse: n('马', '馬', 'characters'),
  cow: n('牛', '牛', 'characters'),
  pig: n('猪', '豬', 'characters'),
  sheep: n('羊', '羊', 'characters'),
  chicken: n('鸡', '雞', 'characters'),
  fox: n('狐狸', '狐狸', 'characters'),
  deer: n('鹿', '鹿', 'characters'),
  // props
  sword: n('剑', '劍', 'props'),
  shield: n('盾牌', '盾牌', 'props'),
  helmet: n('头盔', '頭盔', 'props'),
  axe: n('斧头', '斧頭', 'props'),
  club: n('棍棒', '棍棒', 'props'),
  katana: n('武士刀', '武士刀', 'props'),
  bow: n('弓', '弓', 'props'),
  arrow: n('箭', '箭', 'props'),
  barrel: n('木桶', '木桶', 'props'),
  crate: n('木箱', '木箱', 'props'),
  box: n('箱子', '箱子', 'props'),
  chest: n('宝箱', '寶箱', 'props'),
  coin: n('硬币', '硬幣', 'props'),
  key: n('钥匙', '鑰匙', 'props'),
  bottle: n('瓶子', '瓶子', 'props'),
  cup: n('杯子', '杯子', 'props'),
  vase: n('花瓶', '花瓶', 'props'),
  pot: n('锅', '鍋', 'props'),
  gravestone: n('墓碑', '墓碑', 'props'),
  cross: n('十字架', '十字架', 'props'),
  debris: n('碎石', '碎石', 'props'),
  pumpkin: n('南瓜', '南瓜', 'props'),
  shovel: n('铲子', '鏟子', 'props'),
  catapult: n('投石机', '投石機', 'props'),
  trebuchet: n('投石机', '投石機', 'props'),
  ballista: n('弩车', '弩車', 'props'),
  ram: n('攻城槌', '攻城槌', 'props'),
  // modifiers: colours, sizes, shapes, states, parts
  red: m('红色', '紅色'),
  blue: m('蓝色', '藍色'),
  green: m('绿色', '綠色'),
  yellow: m('黄色', '黃色'),
  white: m('白色', '白色'),
  black: m('黑色', '黑色'),
  grey: m('灰色', '灰色'),
  gray: m('灰色', '灰色'),
  orange: m('橙色', '橙色'),
  purple: m('紫色', '紫色'),
  pink: m('粉色', '粉色'),
  brown: m('棕色', '棕色'),
  bronze: m('青铜', '青銅'),
  silver: m('银色', '銀色'),
  gold: m('金色', '金色'),
  small: m('小', '小'),
  large: m('大', '大'),
  big: m('大', '大'),
  tall: m('高', '高'),
  short: m('短', '短'),
  long: m('长', '長'),
  wide: m('宽', '寬'),
  narrow: m('窄', '窄'),
  half: m('半', '半'),
  round: m('圆形', '圓形'),
  square: m('方形', '方形'),
  corner: m('转角', '轉角'),
  broken: m('破损', '破損'),
  old: m('旧', '舊'),
  wood: m('木', '木'),
  wooden: m('木', '木'),
  metal: m('金属', '金屬'),
  iron: m('铁', '鐵'),
  snow: m('雪地', '雪地'),
  animated: m('动画', '動畫'),
  open: m('敞开', '敞開'),
  double: m('双', '雙'),
  single: m('单', '單'),
  top: m('顶部', '頂部'),
  base: m('底座', '底座'),
  mid: m('中段', '中段'),
};

/** Words that tell variants of one model apart (colours and materials); numbers do too. */
const VARIANT_WORDS = new Set([
  'red',
  'blue',
  'green',
  'yellow',
  'white',
  'black',
  'grey',
  'gray',
  'orange',
  'purple',
  'pink',
  'brown',
  'bronze',
  'silver',
  'gold',
  'color',
  'colour',
]);

/** `chairCushion` / `Tree_1` / `Animated Human` / `towerSquareMid2` -> lower-case words, digits split off. */
export function wordsOf(file: string): string[] {
  const base = path.basename(file, path.extname(file));
  return base
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .split(/[^a-zA-Z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const zhWord = (w: string, lang: 'zh' | 'tc') => GLOSSARY[w]?.[lang] ?? w;

/**
 * The names and category of a model from its file name through the glossary: English in the file's word order;
 * Chinese with modifiers (colours, sizes, shapes) before the nouns and words the glossary does not know kept in
 * English. `category` is the first known noun's, `known` says whether any word was in the glossary.
 */
export function namesFromFile(file: string): { names: LocalizedNames; category: LibraryCategory | undefined; known: boolean } {
  const words = wordsOf(file);
  if (words.length === 0) return { names: { zh: 'Model', tc: 'Model', en: 'Model' }, category: undefined, known: false };
  const en = cap(words.join(' ')).slice(0, LIBRARY_NAME_MAX);
  const zhOf = (lang: 'zh' | 'tc') => {
    const mods = words.filter((w) => GLOSSARY[w]?.modifier).map((w) => zhWord(w, lang));
    const rest = words.filter((w) => !GLOSSARY[w]?.modifier);
    // Known nouns join without spaces (Chinese); an English word keeps a space from its neighbours.
    let out = mods.join('');
    for (const w of rest) {
      const z = zhWord(w, lang);
      const latin = /^[a-z0-9]/i.test(z);
      out += (latin && out && !/\s$/.test(out) ? ' ' : '') + z + (latin ? ' ' : '');
    }
    return out.trim().slice(0, LIBRARY_NAME_MAX);
  };
  const category = words.map((w) => GLOSSARY[w]?.cat).find(Boolean);
  const known = words.some((w) => GLOSSARY[w]);
  return { names: { zh: zhOf('zh'), tc: zhOf('tc'), en }, category, known };
}

/**
 * The group and variant of a file within its pack: colour words and numbers are the variant (`knightBlue` and
 * `knightRed` are one knight in two colours, `Tree_1` and `Tree_2` one tree twice), the other words the model.
 */
export function variantOf(file: string): { base: string; variant: string } {
  const words = wordsOf(file);
  const isVariant = (w: string) => VARIANT_WORDS.has(w) || /^\d+$/.test(w);
  const base = words.filter((w) => !isVariant(w));
  // a name made only of variant words (`1.fbx`, `red.fbx`) is its own model
  if (base.length === 0) return { base: words.join(' '), variant: '' };
  return { base: base.join(' '), variant: words.filter(isVariant).map(cap).join(' ') };
}
