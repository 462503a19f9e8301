// The bulk catalogue of bench/market.bench.mjs: one INSERT … SELECT over generate_series.

const sqlArray = (words) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
const EN_ADJ = [
  'Immersive',
  'Interactive',
  'Virtual',
  'Panoramic',
  'Classic',
  'Modern',
  'Night',
  'Sunrise',
  'Historic',
  'Futuristic',
  'Cozy',
  'Grand',
  'Hidden',
  'Urban',
  'Coastal',
  'Alpine',
  'Royal',
  'Neon',
  'Quiet',
  'Vivid',
];
const EN_TOPIC = [
  'Kyoto',
  'Temple',
  'Harbour',
  'Museum',
  'Sneaker',
  'Gallery',
  'Classroom',
  'Skyline',
  'Forest',
  'Garden',
  'Studio',
  'Market',
  'Castle',
  'Library',
  'Stadium',
  'Aquarium',
  'Factory',
  'Showroom',
  'Theatre',
  'Village',
  'Island',
  'Bridge',
  'Canyon',
  'Palace',
  'Campus',
];
const EN_KIND = [
  'Tour',
  'Showroom',
  'Experience',
  'Walkthrough',
  'Guide',
  'Exhibition',
  'Model',
  'Lesson',
  'Collection',
  'Story',
];
const CN_PLACE = [
  '京都',
  '香港',
  '上海',
  '北京',
  '台北',
  '澳门',
  '东京',
  '首尔',
  '杭州',
  '成都',
  '西安',
  '苏州',
  '丽江',
  '大阪',
  '深圳',
];
const CN_TOPIC = [
  '寺庙',
  '博物馆',
  '海港',
  '夜景',
  '展厅',
  '课堂',
  '森林',
  '古镇',
  '花园',
  '美术馆',
  '老街',
  '书院',
  '茶馆',
  '球鞋',
  '城墙',
];
const CN_KIND = ['全景导览', '沉浸体验', '虚拟展览', '三维模型', '多媒体课程', '视频之旅', '互动故事', '数字藏品'];
const CATALOGS = ['360_image', '360_video', '3d_model', 'multimedia'];

/**
 * One INSERT … SELECT over generate_series: names and descriptions from the vocabularies above (every third
 * project Chinese), prices HKD 0-300, two tags, 95% approved and 96% public, counters spread out, and the same
 * search text the service writes (lower-cased name, keywords, description, tag names and creator name).
 */
export function seedSql(rows, creators, tags) {
  const owners = `(array[${creators.map((c) => c.id).join(',')}])`;
  const ownerNames = `(${sqlArray(creators.map((c) => c.username))})`;
  const tagIds = `(array[${tags.map((t) => t.id).join(',')}])`;
  const tagNames = `(${sqlArray(tags.map((t) => t.name))})`;
  // hashint4 decorrelates the fields (a plain g * k would tie every Kyoto project to one catalog, say).
  const rnd = (salt, n) => `(1 + ((hashint4(g + ${salt * 1_000_003}) & 2147483647) % ${n}))`;
  const pick = (arr, salt) => `(${sqlArray(arr)})[${rnd(salt, arr.length)}]`;
  return `
with s as (
  select g,
    ${rnd(1, creators.length)} as o, ${rnd(2, tags.length)} as t1, ${rnd(3, tags.length)} as t2,
    ${pick(EN_ADJ, 4)} as adj, ${pick(EN_TOPIC, 5)} as topic, ${pick(EN_KIND, 6)} as kind,
    ${pick(CN_PLACE, 7)} as cplace, ${pick(CN_TOPIC, 8)} as ctopic, ${pick(CN_KIND, 9)} as ckind,
    ${rnd(10, 4)} as cat, ${rnd(11, 301)} - 1 as price, ${rnd(12, 100)} as r
  from generate_series(1, ${rows}) g
), p as (
  select s.*,
    case when g % 3 = 0 then cplace || ctopic || ckind || ' ' || g else adj || ' ' || topic || ' ' || kind || ' #' || g end as name,
    lower(topic) || ', ' || lower(kind) || ', ' || cplace || ', ' || ctopic as keywords,
    'A ' || lower(adj) || ' ' || lower(kind) || ' of the ' || topic || ' with ' || (g % 20 + 5)
      || ' scenes, narrated audio and hotspots. ' || cplace || '的' || ctopic || ckind || '，适合课堂与展览。' as description
  from s
)
insert into projects (owner_id, name, catalog, type, price_cents, keywords, description, cover, images, tag_ids,
  for_sale, is_public, anonymous_preview, review_status, sales_count, score_sum, score_count, search_text,
  created_at, updated_at)
select ${owners}[o], name, (${sqlArray(CATALOGS)})[cat], 'exhibition', price * 100, keywords,
  description, '/api/files/public/covers/bench.svg', '[]'::jsonb, array[${tagIds}[t1], ${tagIds}[t2]],
  r > 10, r > 4, false, case when r % 20 = 7 then 'pending' else 'approved' end,
  (g * 13) % 500, (g % 50) * (1 + r % 5), g % 50,
  -- the service's search form: lower-cased, CJK characters tripled
  regexp_replace(lower(concat_ws(' ', name, keywords, description, ${tagNames}[t1], ${tagNames}[t2], ${ownerNames}[o])),
    '([\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af])', '\\1\\1\\1', 'g'),
  now() - make_interval(mins => g), now() - make_interval(mins => g)
from p`;
}
