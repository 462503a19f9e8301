// The market's floor: a minimal Fastify + pg server (or PGlite, on the product's data dir)
// answering GET /api/home_page/item_list and GET /api/project/front_project_details for visitors with replies
// byte-identical to the product's, from hand-written SQL: no ORM, no validation library, no response schema.
// It reads the same rows the product reads (the same capped count, the same plan choice, tags and creator cards
// in the page's query), so the side-by-side run in bench/market.bench.mjs measures what the product adds.
//
// What it shares with the product, so a ratio measures code and not a cache one side lacks: a list's capped total
// is reused per filter for MARKET_COUNT_CACHE_SECONDS (5 s by default, as the product's count cache: same key,
// same TTL, concurrent counts of one filter share one query). The product renews a total after any write of
// projects in its process; the floor writes nothing, so it never has one to renew. FLOOR_COUNT_CACHE_SECONDS=0
// counts on every list call (the old floor, kept as a second column). What it does not do: no reply cache
// (the benchmark runs the product with MARKET_CACHE_SECONDS=0), no session, rate limit, i18n, security headers or
// input validation beyond the checks below, and signed-in details flags are always false.
//
// It also answers GET /api/user/user_info (bench/auth.bench.mjs) with the product's reply from one query: the
// bearer token's hash finds the session, its live active account, the account's roles and permissions and the
// profile columns together. Not done there: no session cache (it is the floor of the product's uncached lookup),
// no last-seen update (the product writes it at most once a minute), no daily-visit coin award (the product's is
// in memory after a user's first visit of the day), no rate limit or security headers.
//
//   DATABASE_URL=postgres://… PORT=8090 node bench/floor/server.mjs
//   FLOOR_PGLITE_DIR=<data dir>/db PORT=8090 node bench/floor/server.mjs
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const COUNT_CAP = 10_000;
const FEW_MATCHES = 2000;
const MAX_TERMS = 5;
const CATALOGS = new Set(['360_image', '360_video', '3d_model', 'multimedia']);
const SORTS = {
  newest: ['created_at desc, id desc', "created_at + interval '0 seconds' desc, id + 0 desc"],
  price_asc: ['price_cents asc, id asc', 'price_cents + 0 asc, id + 0 asc'],
  price_desc: ['price_cents desc, id desc', 'price_cents + 0 desc, id + 0 desc'],
  popular: ['sales_count desc, id desc', 'sales_count + 0 desc, id + 0 desc'],
  rating: ['rating desc, score_count desc, id desc', 'rating + 0 desc, score_count + 0 desc, id + 0 desc'],
};
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;
const TAGS = `(select json_agg(json_build_array(t.id, t.name, t.name_zh, t.name_tc, t.name_en) order by array_position(p.tag_ids, t.id))
  from tags t where t.id = any(p.tag_ids) and t.enabled) as tags`;
const CREATOR = `(select json_build_array(u.username, u.avatar, u.introduction) from users u
  where u.id = p.owner_id and u.deleted_at is null) as creator`;

async function openDb() {
  if (process.env.FLOOR_PGLITE_DIR) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create(process.env.FLOOR_PGLITE_DIR, { extensions: { pg_trgm } });
    return { query: (text, values) => client.query(text, values), close: () => client.close() };
  }
  // timestamps as text: created_at / updated_at are turned into ISO strings below either way.
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  return { query: (text, values) => pool.query(text, values), close: () => pool.end() };
}
const db = await openDb();

const countTtlMs = Number(process.env.FLOOR_COUNT_CACHE_SECONDS ?? process.env.MARKET_COUNT_CACHE_SECONDS ?? 5) * 1000;
/** A filter's capped count, reused for countTtlMs; concurrent counts of one filter share one query. */
const counts = new Map();
function countOnce(key, load) {
  if (countTtlMs <= 0) return load();
  const hit = counts.get(key);
  if (hit && (hit.at === 0 || Date.now() - hit.at < countTtlMs)) return hit.p;
  const entry = { at: 0, p: undefined };
  entry.p = load().then(
    (n) => {
      entry.at = Date.now();
      return n;
    },
    (e) => {
      counts.delete(key);
      throw e;
    },
  );
  counts.delete(key);
  if (counts.size >= 5000) counts.delete(counts.keys().next().value);
  counts.set(key, entry);
  return entry.p;
}

const bad = (reply) => reply.code(400).send({ code: 400, message: 'bad request', data: null });
const int = (v, def, min, max) => {
  if (v === undefined || v === '') return def;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : Number.NaN;
};
const cents = (v) => (v === undefined || v === '' ? undefined : Math.round(Number(v) * 100));
const iso = (d) => (d instanceof Date ? d : new Date(d)).toISOString();
const avatarUrl = (key) => (key.startsWith('public/') ? `/api/files/${key}` : key);
const creatorOf = (id, c) => (Array.isArray(c) ? { id, name: c[0], avatar: avatarUrl(c[1]), introduction: c[2] } : null);
const tagsOf = (rows) =>
  (rows ?? []).map(([id, name, zh, tc, en]) => ({ id, name, names: { zh: zh || name, tc: tc || name, en: en || name } }));
const score = (sum, n) => (n > 0 ? Math.round((sum / n) * 10) / 10 : 0);

function card(r) {
  const c = creatorOf(r.owner_id, r.creator);
  return {
    id: r.id,
    name: r.name,
    catalog: r.catalog,
    type: r.type,
    price: r.price_cents / 100,
    is_free: r.price_cents === 0,
    cover: r.cover,
    keywords: r.keywords,
    tags: tagsOf(r.tags),
    creator: { id: r.owner_id, name: c ? c.name : '—', avatar: c ? c.avatar : '' },
    score: score(r.score_sum, r.score_count),
    score_count: r.score_count,
    sales_count: r.sales_count,
    created_at: iso(r.created_at),
  };
}

const app = Fastify({ logger: false });

app.get('/api/home_page/item_list', async (request, reply) => {
  const q = request.query;
  const page = int(q.page, 1, 1, 100_000);
  const limit = int(q.limit, 10, 1, 100);
  const sort = q.sort ?? 'newest';
  const catalog = q.catalog && q.catalog !== 'all' ? q.catalog : undefined;
  if (Number.isNaN(page) || Number.isNaN(limit) || !SORTS[sort] || (catalog && !CATALOGS.has(catalog))) return bad(reply);
  const tagIds = q.tag_ids
    ? [...new Set(String(q.tag_ids).split(',').map(Number))].filter((n) => n > 0).sort((a, b) => a - b)
    : [];
  const min = cents(q.min_price);
  const max = cents(q.max_price);
  const terms = [
    ...new Set(
      String(q.keyword ?? '')
        .trim()
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean),
    ),
  ].slice(0, MAX_TERMS);

  const where = ["review_status = 'approved' and is_public"];
  const values = [];
  if (catalog) where.push(`catalog = $${values.push(catalog)}`);
  if (tagIds.length) where.push(`tag_ids && $${values.push(`{${tagIds.join(',')}}`)}::integer[]`);
  if (min !== undefined) where.push(`price_cents >= $${values.push(min)}`);
  if (max !== undefined) where.push(`price_cents <= $${values.push(max)}`);
  for (const term of terms) {
    const form = term.replace(CJK, (c) => c + c + c).replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(`search_text like $${values.push(`%${form}%`)}`);
  }
  const cond = where.join(' and ');
  const countSql = `select count(*)::int as n from (select 1 from projects where ${cond} limit ${COUNT_CAP + 1}) m`;
  const pageSql = (plan) =>
    `select p.id, p.owner_id, p.name, p.catalog, p.type, p.price_cents, p.keywords, p.cover, p.sales_count, p.score_sum,
       p.score_count, p.created_at, ${TAGS}, ${CREATOR}
     from projects p where ${cond} order by ${SORTS[sort][plan]} limit ${limit} offset ${(page - 1) * limit}`;

  const narrow = terms.length > 0 || tagIds.length > 0 || min !== undefined || max !== undefined;
  const count = () =>
    countOnce(JSON.stringify([catalog, tagIds, min, max, terms]), async () => (await db.query(countSql, values)).rows[0].n);
  let counted;
  let rows;
  if (!narrow) {
    const [c, r] = await Promise.all([count(), db.query(pageSql(0), values)]);
    counted = c;
    rows = r.rows;
  } else {
    counted = await count();
    const offset = (page - 1) * limit;
    rows =
      counted <= COUNT_CAP && offset >= counted ? [] : (await db.query(pageSql(counted <= FEW_MATCHES ? 1 : 0), values)).rows;
  }
  const data = { list: rows.map(card), total: Math.min(counted, COUNT_CAP), page, limit, total_exact: counted <= COUNT_CAP };
  reply.type('application/json; charset=utf-8');
  return JSON.stringify({ code: 200, message: 'success', data });
});

app.get('/api/project/front_project_details', async (request, reply) => {
  const id = int(request.query.id, Number.NaN, 1, 2_147_483_647);
  if (Number.isNaN(id)) return bad(reply);
  const { rows } = await db.query(
    `select p.id, p.owner_id, p.name, p.catalog, p.type, p.price_cents, p.keywords, p.description, p.cover, p.images,
       p.for_sale, p.is_public, p.review_status, p.sales_count, p.score_sum, p.score_count, p.created_at, p.updated_at,
       ${TAGS}, ${CREATOR},
       (select count(*)::int from projects p2 where p2.owner_id = p.owner_id and p2.review_status = 'approved' and p2.is_public) as n
     from projects p where p.id = $1`,
    [id],
  );
  const r = rows[0];
  if (r?.review_status !== 'approved' || !r.is_public) {
    return reply.code(404).send({ code: 40401, message: 'not found', data: null });
  }
  const c = creatorOf(r.owner_id, r.creator) ?? { id: r.owner_id, name: '—', avatar: '', introduction: '' };
  const base = card(r);
  const data = {
    ...base,
    creator: { ...c, project_count: r.n },
    description: r.description,
    images: r.images,
    for_sale: r.for_sale,
    is_public: r.is_public,
    review_status: r.review_status,
    updated_at: iso(r.updated_at),
    in_cart: false,
    is_collection: false,
    purchased: false,
    is_owner: false,
    can_score: false,
    my_score: null,
  };
  reply.type('application/json; charset=utf-8');
  return JSON.stringify({ code: 200, message: 'success', data });
});

const ROLE_NAMES = ['admin', 'organisation_admin', 'group_admin', 'creator', 'user'];
const RENEWAL_REMINDER_DAYS = Number(process.env.RENEWAL_REMINDER_DAYS ?? 7);
const IDLE_MS = Number(process.env.SESSION_IDLE_MINUTES ?? 3 * 24 * 60) * 60_000;
const rank = (n) => (ROLE_NAMES.includes(n) ? ROLE_NAMES.indexOf(n) : ROLE_NAMES.length);
const daysLeft = (end) => {
  if (!end) return null;
  const ms = end.getTime() - Date.now();
  return ms >= 0 ? Math.floor(ms / 86_400_000) : -Math.ceil(-ms / 86_400_000);
};
const denied = (reply, code) => reply.code(401).send({ code, message: 'unauthorized', data: null });

app.get('/api/user/user_info', async (request, reply) => {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return denied(reply, 10002);
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const { rows } = await db.query(
    `select s.revoked_at, s.expires_at, s.last_seen_at, u.id, u.username, u.status, u.avatar, u.introduction, u.vip_date,
       u.email, u.gender, u.phone, u.xp_value, u.forum_name, u.invite_code, u.account_type, u.created_at,
       (select json_agg(json_build_array(r.name, p.http_path)) from user_roles ur join roles r on r.id = ur.role_id
         left join role_permissions rp on rp.role_id = r.id left join permissions p on p.id = rp.permission_id
         where ur.user_id = u.id) as access
     from sessions s join users u on u.id = s.user_id and u.deleted_at is null where s.token_hash = $1`,
    [hash],
  );
  const r = rows[0];
  const now = Date.now();
  if (!r || r.revoked_at || new Date(r.expires_at).getTime() <= now || now - new Date(r.last_seen_at).getTime() > IDLE_MS) {
    return denied(reply, 10002);
  }
  if (r.status !== 'active') return denied(reply, 50014);
  const access = r.access ?? [];
  const roles = [...new Set(access.map((a) => a[0]))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const permissions = [...new Set(access.map((a) => a[1]).filter(Boolean))].sort();
  const vip = r.vip_date ? new Date(r.vip_date) : null;
  const left = daysLeft(vip);
  const data = {
    id: r.id,
    username: r.username,
    name: r.username,
    avatar: avatarUrl(r.avatar),
    role_name: roles[0] ?? '',
    roles,
    permissions: permissions.map((http_path) => ({ http_path })),
    introduction: r.introduction,
    vip_date: vip ? vip.toISOString() : null,
    vip_status: !!vip && vip.getTime() > now,
    vip_days_left: left,
    renewal_reminder: left !== null && left < RENEWAL_REMINDER_DAYS,
    email: r.email,
    gender: r.gender,
    phone: r.phone,
    xp_value: r.xp_value,
    forum_name: r.forum_name,
    invite_code: r.invite_code,
    account_type: r.account_type,
    created_at: iso(r.created_at),
  };
  reply.type('application/json; charset=utf-8');
  return JSON.stringify({ code: 200, message: 'success', data });
});

app.get('/api/health', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT ?? 8090), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
