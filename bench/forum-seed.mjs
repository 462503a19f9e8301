// The forum's bulk data for bench/forum.bench.mjs (and bench/forum-plans.mjs): threads over the three default
// boards with ten posts each, bodies of random English and Chinese words, added by INSERT … SELECT.
// Run through tsx (`npm run bench`, `node --import tsx`): the search documents are built with the forum module's own
// SQL, so the seed cannot drift from what the service keeps.
import { SEARCH_DOC_SQL } from '../apps/server/src/modules/forum/forum.repository.ts';

export const THREADS = Number(process.env.BENCH_FORUM_THREADS ?? 10_000);
export const POSTS_PER_THREAD = 10;

const WORDS_EN = [
  'light',
  'lighting',
  'chair',
  'table',
  'scene',
  'tour',
  'panorama',
  'hotspot',
  'model',
  'texture',
  'upload',
  'video',
  'camera',
  'showroom',
  'gallery',
  'classroom',
  'avatar',
  'room',
  'walk',
  'view',
  'start',
  'editor',
  'library',
  'glass',
  'wood',
  'shadow',
  'reflection',
  'export',
  'import',
  'phone',
  'headset',
  'stream',
  'price',
  'market',
];
const WORDS_ZH = [
  '全景',
  '灯光',
  '模型',
  '贴图',
  '上传',
  '视频',
  '场景',
  '导览',
  '热点',
  '展厅',
  '教室',
  '头像',
  '直播',
  '编辑器',
  '阴影',
];
const words = [...WORDS_EN, ...WORDS_ZH].map((w) => `'${w}'`).join(',');
const randomWords = (n) =>
  Array.from({ length: n }, () => `(array[${words}])[1 + floor(random() * ${WORDS_EN.length + WORDS_ZH.length})::int]`).join(
    " || ' ' || ",
  );

/** The service's search form in SQL (lib/search-form.ts): lower-cased, every CJK character tripled. */
const searchFormSql = (col) =>
  `regexp_replace(lower(${col}), '([\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af])', '\\1\\1\\1', 'g')`;

/**
 * Threads and posts (the rare word "hdri" in one post of a hundred), their search documents, then the counters the
 * service keeps.
 */
export const growSql = () => `
  insert into forum_threads (board_id, author_id, title, search_text, reply_count, last_post_at, last_poster_id, created_at)
  select b.id, 1 + (g % 4), 'Thread ' || g || ': ' || ${randomWords(5)}, '', ${POSTS_PER_THREAD - 1},
         now() - (g || ' minutes')::interval, 1 + ((g + 1) % 4), now() - (g || ' minutes')::interval
  from generate_series(1, ${THREADS}) g
  join (select id, row_number() over (order by id) - 1 as n from forum_boards) b on b.n = g % 3;
  update forum_threads set search_text = ${searchFormSql('title')} where search_text = '';
  insert into forum_posts (thread_id, author_id, body, search_text, is_first, created_at)
  select t.id, 1 + ((t.id + p) % 4), x.body, ${searchFormSql('x.body')}, p = 0, t.created_at + (p || ' seconds')::interval
  from forum_threads t cross join generate_series(0, ${POSTS_PER_THREAD - 1}) p
  cross join lateral (select ${randomWords(14)} || case when (t.id * 10 + p) % 100 = 7 then ' hdri' else '' end as body
                      where t.id > 0 and p >= 0) x
  where t.title like 'Thread %';
  update forum_threads t set search_doc = ${SEARCH_DOC_SQL} where t.title like 'Thread %';
  update forum_boards b set thread_count = s.threads, post_count = s.posts, last_post_at = s.last
  from (select board_id, count(*) as threads, sum(reply_count + 1) as posts, max(last_post_at) as last
        from forum_threads where deleted_at is null group by board_id) s
  where s.board_id = b.id;`;
export const VACUUM = ['vacuum analyze forum_threads', 'vacuum analyze forum_posts', 'vacuum analyze forum_boards'];

export const LISTS = [
  '/api/forum/thread_page?page=1&limit=20',
  '/api/forum/thread_page?page=1&limit=20&board_id=1',
  '/api/forum/thread_page?page=2&limit=20&board_id=2',
  '/api/forum/thread_page?page=50&limit=20&board_id=3',
  '/api/forum/thread_page?page=10&limit=20',
  '/api/forum/board_list',
];
export const SEARCHES = ['hdri', 'showroom', 'reflection', 'thread 4242', '全景', '灯光 贴图', '编辑器', 'headset'].map(
  (k, i) => `/api/forum/thread_page?limit=20&keyword=${encodeURIComponent(k)}${i % 3 === 0 ? '&board_id=1' : ''}`,
);
