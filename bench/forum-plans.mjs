// The forum's query plans at 100,000 posts: runs the forum repository's thread list and search against
// PGlite (a data dir kept between runs) and, with DATABASE_URL, PostgreSQL (that database; migrated and seeded when
// its forum is empty), prints EXPLAIN (ANALYZE, BUFFERS) of every query each call sends (on PGlite the search's prepared statement with
// its generic plan, as it runs) and the median time of the
// call over a few runs (the forum service's thread list without its authors' query and without cache). Not a benchmark of the server (no HTTP, no users): it shows what the database does.
//   node --import tsx bench/forum-plans.mjs [filter]       FORUM_PLANS_DIR=/tmp/xr-forum-plans (default)
//   PLAN_AB=1 PLAN_RUNS=21 node --import tsx bench/forum-plans.mjs search   (PGlite: prepared vs planned, interleaved)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/forum_bench_x node --import tsx bench/forum-plans.mjs
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteDatabase } from '../apps/server/src/db/client.ts';
import { postgresDatabase } from '../apps/server/src/db/postgres.ts';
import { createForumService } from '../apps/server/src/modules/forum/forum.service.ts';
import { growSql, VACUUM } from './forum-seed.mjs';

const only = process.argv[2] ?? '';
const RUNS = Number(process.env.PLAN_RUNS ?? 7);
const VERBOSE = process.env.PLAN_VERBOSE !== '0';

const BOARDS = `insert into forum_boards (key, name_zh, name_tc, name_en, sort) values
  ('general', '综合讨论', '綜合討論', 'General', 10), ('projects', '作品讨论', '作品討論', 'Projects', 20),
  ('help', '求助与教程', '求助與教學', 'Help and tutorials', 30)`;

/** The calls measured: the bench's list pages and searches (lib/search-form.ts applies inside the repository). */
const CASES = [
  ['list all p1', { page: 1 }],
  ['list board 1 p1', { board_id: 1, page: 1 }],
  ['list board 3 p50', { board_id: 3, page: 50 }],
  ['list all p10', { page: 10 }],
  ['search hdri', { keyword: 'hdri', board_id: 1, page: 1 }],
  ['search hdri p3', { keyword: 'hdri', page: 3 }],
  ['search showroom', { keyword: 'showroom', page: 1 }],
  ['search reflection', { keyword: 'reflection', page: 1 }],
  ['search thread 4242', { keyword: 'thread 4242', board_id: 1, page: 1 }],
  ['search thread', { keyword: 'thread', page: 1 }],
  ['search 全景', { keyword: '全景', page: 1 }],
  ['search 灯光 贴图', { keyword: '灯光 贴图', page: 1 }],
  ['search 编辑器', { keyword: '编辑器', board_id: 1, page: 1 }],
  ['search headset', { keyword: 'headset', page: 1 }],
  ['search headset p40', { keyword: 'headset', page: 40 }],
  ['search nothing', { keyword: 'zzzqqq', page: 1 }],
].filter(([name]) => name.includes(only));

/**
 * Runs `fn` and answers every query it sent to the raw client (Drizzle's own and the search statement the
 * repository sends itself; on PGlite that one is `set local plan_cache_mode …; execute forum_search_…(…)` through
 * `exec`).
 */
async function capture(raw, fn) {
  const seen = [];
  const { query, exec } = raw;
  raw.query = function (...args) {
    const first = args[0];
    if (typeof first === 'string') seen.push({ query: first, params: args[1] ?? [] });
    else if (first && typeof first.text === 'string') seen.push({ query: first.text, params: first.values ?? args[1] ?? [] });
    return query.apply(this, args);
  };
  if (exec)
    raw.exec = function (text) {
      seen.push({ query: text, params: [] });
      return exec.call(this, text);
    };
  try {
    return { reply: await fn(), queries: seen };
  } finally {
    raw.query = query;
    if (exec) raw.exec = exec;
  }
}

async function measure(label, db, raw, run) {
  // The forum service with what the thread list needs of the others: no authors (their query is the users
  // module's), no writes.
  const forum = createForumService({ db, users: { forumCards: async () => new Map() }, messages: {}, projects: {} });
  console.log(`\n===== ${label}`);
  for (const [name, q] of CASES) {
    const { reply, queries } = await capture(raw, () => forum.threadPage(null, { limit: 20, ...q }));
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await forum.threadPage(null, { limit: 20, ...q });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\n--- ${name}: ${reply.list.length} rows, total ${reply.total}${reply.total_exact === false ? '+' : ''}, ` +
        `median ${times[Math.floor(RUNS / 2)].toFixed(1)} ms, best ${times[0].toFixed(1)} ms, ${queries.length} queries`,
    );
    if (!VERBOSE) continue;
    for (const { query, params } of queries) {
      console.log(`SQL: ${query}\n    ${JSON.stringify(params)}`);
      // PGlite prepares the search statement at its first use (no plan of its own).
      if (/^prepare /.test(query)) continue;
      const plan = await run(query, params);
      console.log(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
  }
}

/**
 * PLAN_AB=1: on one warm PGlite instance, each call through the prepared statement with its generic plan (as the
 * server runs it) and through the same text as an ordinary parameterised query (planned every time, as PostgreSQL
 * runs it), interleaved call by call so that the machine's load falls on both alike; median and best of PLAN_RUNS.
 */
async function ab(client) {
  const db = drizzlePglite(client);
  // The repository takes the PostgreSQL path when its raw client has no `exec`.
  const planned = new Proxy(db, {
    get: (target, key) =>
      key === '$client' ? { query: (text, params) => client.query(text, params) } : Reflect.get(target, key),
  });
  const noUsers = { users: { forumCards: async () => new Map() }, messages: {}, projects: {} };
  const prepared = createForumService({ db, ...noUsers });
  const custom = createForumService({ db: planned, ...noUsers });
  for (const [, q] of CASES) for (let i = 0; i < 3; i++) await prepared.threadPage(null, { limit: 20, ...q });
  const stat = (times) => {
    times.sort((a, b) => a - b);
    return `${times[Math.floor(times.length / 2)].toFixed(1)} (${times[0].toFixed(1)})`;
  };
  console.log('\ncall | planned each time: median (best) ms | prepared, generic plan: median (best) ms');
  for (const [name, q] of CASES) {
    const a = [];
    const b = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await custom.threadPage(null, { limit: 20, ...q });
      a.push(performance.now() - t);
      t = performance.now();
      await prepared.threadPage(null, { limit: 20, ...q });
      b.push(performance.now() - t);
    }
    console.log(`${name} | ${stat(a)} | ${stat(b)}`);
  }
}

// --- PGlite ---
if (process.env.FORUM_PLANS_PGLITE !== '0') {
  const dir = process.env.FORUM_PLANS_DIR ?? '/tmp/xr-forum-plans';
  const fresh = !fs.existsSync(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  if (fresh) {
    const t = Date.now();
    await pgliteDatabase(client).migrate();
    await client.exec(BOARDS);
    await client.exec(growSql());
    for (const v of VACUUM) await client.exec(v);
    console.log(`PGlite seeded in ${Date.now() - t} ms`);
  } else await pgliteDatabase(client).migrate();
  if (process.env.PLAN_AB === '1') await ab(client);
  else
    await measure('PGlite', drizzlePglite(client), client, async (sql, params) =>
      // The prepared search runs with its generic plan: explain it the same way.
      /^set local plan_cache_mode/.test(sql)
        ? ((await client.exec(sql.replace(/execute /, 'explain (analyze, buffers) execute ')))[1]?.rows ?? [])
        : (await client.query(`explain (analyze, buffers) ${sql}`, params)).rows,
    );
  await client.close();
}

// --- PostgreSQL ---
if (process.env.DATABASE_URL) {
  const migrator = postgresDatabase(process.env.DATABASE_URL, 1);
  await migrator.migrate();
  await migrator.close();
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  const { rows } = await pool.query('select count(*)::int as n from forum_posts');
  if (rows[0].n === 0) {
    const t = Date.now();
    await pool.query(BOARDS);
    await pool.query(growSql());
    for (const v of VACUUM) await pool.query(v);
    console.log(`PostgreSQL seeded in ${Date.now() - t} ms`);
  }
  await measure(
    'PostgreSQL',
    drizzlePg(pool),
    pool,
    async (sql, params) => (await pool.query(`explain (analyze, buffers) ${sql}`, params)).rows,
  );
  await pool.end();
}
