// Market read path at catalogue scale: /home_page/item_list (filters, sorts, English and Chinese search) and
// /project/front_project_details. Seeds 100k projects into PostgreSQL (DATABASE_URL) and into PGlite with one
// generate_series INSERT each, then drives the real server with autocannon (50 connections, rotating requests),
// with its cache and without, and without it side by side with the floor (bench/floor/server.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, scratchDatabase, startFloor, startServer, table, writeSection } from './lib.mjs';
import { seedSql } from './market-seed.mjs';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Side-by-side rounds on PostgreSQL (turns rotated every round; the tables give the median). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PG_ROWS = Number(process.env.BENCH_PG_ROWS ?? 100_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 100_000);
/**
 * No background content generation in the measured servers (as the forum, audit and memory benchmarks): the demo's
 * 4096-px panoramas and the library's 3,390 model builds are one-time jobs of a first start that would otherwise
 * run in the product's process and worker threads during the load (not in the floor's), on the same 2 cores.
 */
const QUIET = { SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0' };

/** Rotating request paths: filters and sorts; searches in English and Chinese (2- to 4-character words). */
const FILTERS = [
  '/api/home_page/item_list?page=1&limit=20',
  '/api/home_page/item_list?page=2&limit=20&catalog=3d_model',
  '/api/home_page/item_list?limit=20&catalog=360_image&sort=price_asc',
  '/api/home_page/item_list?limit=20&min_price=50&max_price=150&sort=popular',
  '/api/home_page/item_list?limit=20&tag_ids=3&sort=rating',
  '/api/home_page/item_list?limit=20&tag_ids=1,5&catalog=multimedia',
  '/api/home_page/item_list?limit=20&sort=price_desc&page=10',
  '/api/home_page/item_list?limit=20&max_price=0',
];
const SEARCHES = [
  'kyoto',
  'temple tour',
  'harbour',
  'museum guide',
  'sneaker',
  'skyline',
  '京都',
  '博物馆',
  '全景导览',
  '香港夜景',
  '课堂',
  'aquar',
].map((k, i) => `/api/home_page/item_list?limit=20&keyword=${encodeURIComponent(k)}${i % 3 === 0 ? '&catalog=360_video' : ''}`);

/** 200 market projects spread over the table. */
const VISIBLE_IDS = "select id from projects where review_status = 'approved' and is_public order by hashint4(id) limit 200";

const rotating = (paths) => {
  let i = 0;
  return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
};

const callsOf = (detailIds) => [
  ['GET item_list (filters, sorts)', FILTERS],
  ['GET item_list (search en/zh)', SEARCHES],
  ['GET front_project_details', detailIds.map((id) => `/api/project/front_project_details?id=${id}`)],
];

/** CPU time (ms) a process has used so far, from /proc (0 where there is none). */
function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}
/**
 * CPU (ms) of the PostgreSQL backends connected to a database, per backend pid. The servers under test each have
 * their own pool, and only one of them is loaded at a time, so the difference over a turn is that server's.
 */
async function backendCpu(admin) {
  if (!admin) return new Map();
  const { rows } = await admin.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}
const cpuDelta = (before, after) => [...after].reduce((s, [pid, ms]) => s + ms - (before.get(pid) ?? 0), 0);

/**
 * Warms every path once (and checks it answers 200), then loads the server with the rotating list; with the
 * server's Node CPU per request and (given `admin`, a client on the same database) its PostgreSQL CPU per request.
 */
async function run(server, label, call, paths, admin) {
  for (const p of paths) {
    const r = await fetch(`${server.url}${p}`);
    if (!r.ok) throw new Error(`${label} ${p}: ${r.status} ${await r.text()}`);
  }
  const load1 = os.loadavg()[0];
  const node0 = cpuMs(server.pid);
  const pg0 = await backendCpu(admin);
  const r = await load({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests: rotating(paths) });
  const nodeMs = (cpuMs(server.pid) - node0) / Math.max(1, r.requests);
  const pgMs = admin ? cpuDelta(pg0, await backendCpu(admin)) / Math.max(1, r.requests) : null;
  console.log(label, call, r, `load ${load1.toFixed(1)}, node ${nodeMs.toFixed(2)} ms/req, pg ${pgMs?.toFixed(2)} ms/req`);
  return { db: label, call, connections: CONNECTIONS, load1, nodeMs, pgMs, ...r };
}

/** The median of each measure over the rounds of one server and call. */
function medianRow(runs) {
  const med = (k) => {
    const xs = runs
      .map((r) => r[k])
      .filter((x) => x !== null && x !== undefined)
      .sort((a, b) => a - b);
    return xs.length ? xs[Math.floor(xs.length / 2)] : null;
  };
  return {
    ...runs[0],
    rps: med('rps'),
    p50: med('p50'),
    p95: med('p95'),
    p99: med('p99'),
    nodeMs: med('nodeMs'),
    pgMs: med('pgMs'),
    load1: med('load1'),
  };
}

async function drive(server, label, detailIds) {
  const out = [];
  for (const [call, paths] of callsOf(detailIds)) out.push(await run(server, label, call, paths));
  return out;
}

/** Bodies of every request path of both servers (compared byte by byte once both are known). */
async function bodies(server, detailIds) {
  const out = new Map();
  for (const [, paths] of callsOf(detailIds)) {
    for (const p of paths) out.set(p, Buffer.from(await (await fetch(`${server.url}${p}`)).arrayBuffer()));
  }
  return out;
}
function compareBodies(a, b) {
  const differing = [...a.keys()].filter((p) => !b.get(p) || !a.get(p).equals(b.get(p)));
  return { compared: a.size, differing };
}

const results = [];
/** Side by side: [database, product rows (cache off), floor rows, byte comparison]. */
const sides = [];

// --- PostgreSQL, 100k projects ---
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase('market');
  const label = `PostgreSQL, ${PG_ROWS / 1000}k projects`;
  try {
    let ids = [];
    const server = await startServer({ ...QUIET, DATABASE_URL: scratch.url, SEED_DEMO: '1' });
    try {
      const db = new pg.Client({ connectionString: scratch.url });
      db.on('error', () => undefined);
      await db.connect();
      const creators = (await db.query('select id, username from users order by id')).rows;
      const tags = (await db.query('select id, name from tags order by id')).rows;
      const started = Date.now();
      await db.query(seedSql(PG_ROWS, creators, tags));
      await db.query('vacuum analyze projects');
      console.log(`PostgreSQL: ${PG_ROWS} projects seeded in ${Date.now() - started} ms`);
      ids = (await db.query(VISIBLE_IDS)).rows.map((r) => r.id);
      await db.end();
      results.push(...(await drive(server, label, ids)));
    } finally {
      await server.stop();
    }
    // The same data without the market cache, side by side with the floors (all up; turns rotated every round).
    const bare = await startServer({ ...QUIET, DATABASE_URL: scratch.url, MARKET_CACHE_SECONDS: '0' });
    const floor = await startFloor({ DATABASE_URL: scratch.url });
    const floor0 = await startFloor({ DATABASE_URL: scratch.url, FLOOR_COUNT_CACHE_SECONDS: '0' });
    const admin = new pg.Client({ connectionString: scratch.url });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      const same = compareBodies(await bodies(bare, ids), await bodies(floor, ids));
      const turns = [
        ['product', bare],
        ['floor', floor],
        ['floor0', floor0],
      ];
      const runs = { product: [], floor: [], floor0: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [call, paths] of callsOf(ids)) {
          for (const [side, server] of round % 2 ? [...turns].reverse() : turns) {
            const tag = side === 'product' ? 'no cache' : side === 'floor' ? 'floor' : 'floor without count reuse';
            runs[side].push(await run(server, `${label}, ${tag}`, call, paths, admin));
          }
        }
      }
      const byCall = (side) => callsOf(ids).map(([call]) => medianRow(runs[side].filter((r) => r.call === call)));
      results.push(...byCall('product'), ...byCall('floor'), ...byCall('floor0'));
      sides.push([`${label} (median of ${ROUNDS})`, byCall('product'), byCall('floor'), same, byCall('floor0')]);
    } finally {
      await admin.end();
      await floor0.stop();
      await floor.stop();
      await bare.stop();
    }
  } finally {
    await scratch.drop();
  }
}

// --- PGlite: seed the data dir while no server holds it; the product and the floor then take turns on it ---
// (BENCH_PGLITE_ROWS=0 leaves PGlite out, e.g. to iterate on PostgreSQL alone)
if (PGLITE_ROWS > 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-market-'));
  const label = `PGlite, ${PGLITE_ROWS / 1000}k projects`;
  try {
    const first = await startServer({ ...QUIET, DATA_DIR: dir, SEED_DEMO: '1' });
    await first.stop();
    const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
    const creators = (await client.query('select id, username from users order by id')).rows;
    if (creators.length === 0) throw new Error('PGlite: the first start left no users (demo data missing)');
    const tags = (await client.query('select id, name from tags order by id')).rows;
    const started = Date.now();
    await client.exec(seedSql(PGLITE_ROWS, creators, tags));
    await client.exec('vacuum analyze projects');
    console.log(`PGlite: ${PGLITE_ROWS} projects seeded in ${Date.now() - started} ms`);
    const ids = (await client.query(VISIBLE_IDS)).rows.map((r) => r.id);
    await client.close();
    const server = await startServer({ ...QUIET, DATA_DIR: dir });
    try {
      results.push(...(await drive(server, label, ids)));
    } finally {
      await server.stop();
    }
    const bare = await startServer({ ...QUIET, DATA_DIR: dir, MARKET_CACHE_SECONDS: '0' });
    let productBodies;
    let product;
    try {
      productBodies = await bodies(bare, ids);
      product = await drive(bare, `${label}, no cache`, ids);
    } finally {
      await bare.stop();
    }
    let same;
    let floorRows;
    const floor = await startFloor({ FLOOR_PGLITE_DIR: path.join(dir, 'db') });
    try {
      same = compareBodies(productBodies, await bodies(floor, ids));
      floorRows = await drive(floor, `${label}, floor`, ids);
    } finally {
      await floor.stop();
    }
    const floor0 = await startFloor({ FLOOR_PGLITE_DIR: path.join(dir, 'db'), FLOOR_COUNT_CACHE_SECONDS: '0' });
    try {
      const oldRows = await drive(floor0, `${label}, floor without count reuse`, ids);
      results.push(...product, ...floorRows, ...oldRows);
      sides.push([label, product, floorRows, same, oldRows]);
    } finally {
      await floor0.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const x = (a, b) => (a === null || b === null || !b ? '–' : `${(a / b).toFixed(2)}×`);
const ms = (v) => (v === null ? '–' : v.toFixed(2));
const sideTable = [
  '| database | call | product req/s | floor req/s | ratio | product p95 ms | floor p95 ms | Node CPU ms/req product / floor | ratio | PostgreSQL CPU ms/req product / floor | ratio | load (1 min) | budget | old floor req/s (ratio) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...sides.flatMap(([db, product, floorRows, , oldRows]) =>
    product.map((p, i) => {
      const f = floorRows[i];
      const o = oldRows[i];
      const met =
        p.rps >= f.rps &&
        p.p95 <= f.p95 &&
        p.nodeMs <= 1.2 * f.nodeMs &&
        (p.pgMs === null || f.pgMs === null || p.pgMs <= 1.1 * f.pgMs);
      return `| ${db} | ${p.call} | ${p.rps} | ${f.rps} | ${x(p.rps, f.rps)} | ${p.p95.toFixed(1)} | ${f.p95.toFixed(1)} | ${ms(p.nodeMs)} / ${ms(f.nodeMs)} | ${x(p.nodeMs, f.nodeMs)} | ${ms(p.pgMs)} / ${ms(f.pgMs)} | ${x(p.pgMs, f.pgMs)} | ${p.load1.toFixed(1)} / ${f.load1.toFixed(1)} | ${met ? 'met' : 'not met'} | ${o.rps} (${x(p.rps, o.rps)}) |`;
    }),
  ),
].join('\n');
const sameText = sides
  .map(([db, , , same]) =>
    same.differing.length === 0
      ? `- ${db}: ${same.compared} replies compared, all byte-identical.`
      : `- ${db}: ${same.compared} replies compared, ${same.differing.length} differ (e.g. \`${same.differing[0]}\`).`,
  )
  .join('\n');

const budget = results
  .filter((r) => r.db.startsWith('PostgreSQL') && !r.db.includes('no cache') && !r.db.includes('floor'))
  .map((r) => {
    const limit = r.call.includes('details') ? 20 : 50;
    return `- ${r.call}: p95 ${r.p95.toFixed(1)} ms (budget ≤ ${limit} ms) ${r.p95 <= limit ? 'met' : 'NOT met'}`;
  })
  .join('\n');
writeSection(
  'market',
  `## Market: list, search and details

Command: \`DATABASE_URL=postgres://… npm run bench market\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC). \`bench/market.bench.mjs\` seeds
${PG_ROWS.toLocaleString('en')} projects into PostgreSQL and ${PGLITE_ROWS.toLocaleString('en')} into PGlite (one generate_series INSERT, \`bench/market-seed.mjs\`,
then VACUUM ANALYZE) next to the demo catalogue, and drives the real server with autocannon: ${CONNECTIONS} connections, ${DURATION} s
per call, each connection rotating over a request list: ${FILTERS.length} filter/sort/page combinations; ${SEARCHES.length} keyword
searches (English words and fragments, Chinese words of 2 to 4 characters, some with a category); 200 different
project ids for details. Default configuration: public market reads are reused for \`MARKET_CACHE_SECONDS\` = 2 s and
concurrent identical reads share one query. The "no cache" rows run the same data with \`MARKET_CACHE_SECONDS=0\`:
every request reads its page (a list: the page with its tags and creator cards; details: one query); a list's total
(a count that stops after 10,000 matches) is reused per filter for \`MARKET_COUNT_CACHE_SECONDS\` = 5 s and read
again after any write of projects in the process (counts that cost more than the page are cached),
so a list is one query while its filter's total is held, two when it is counted. Machine: 2 cores shared with the other work on it at the time (load average in the
side-by-side table), so the tails move between runs.

### Side by side with the floor (cache off)

The floor, \`bench/floor/server.mjs\`, is a minimal Fastify + pg server (or PGlite on the same data dir) answering
the same calls from hand-written SQL with the same replies. **What it does**: it reads what the product reads (the
same capped count and plan choice, tags and creator cards in the page query, details in one query) and uses the
shortcut the product uses: a list's capped total is reused per filter for \`MARKET_COUNT_CACHE_SECONDS\` (5 s, the same
key and TTL, concurrent counts of one filter sharing one query; the product also renews a total after a write of
projects, the floor writes nothing). **What it does not do**: no ORM, validation library or response schema; no reply
cache (the product runs with \`MARKET_CACHE_SECONDS=0\` here); no session lookup, rate limit, i18n, security headers or
input guard; unnamed statements (planned per call) where the product sends named prepared statements; a
signed-in caller's details flags are not read (the benchmark's calls are anonymous). The last column is the old
floor (\`FLOOR_COUNT_CACHE_SECONDS=0\`: it counts on every list call), which measured the count cache more than the
code. On PostgreSQL the product and both floors are up together and take turns (order reversed every round, median of
${ROUNDS} rounds); Node CPU per request from /proc of the server's process, PostgreSQL CPU per request from /proc of
the database's backends (only the loaded server's pool is busy). On PGlite (one process per data dir) the product runs
its three calls, then the floor, then the old floor, once each (the database runs in the Node process: no
PostgreSQL column). Budget: every call ≥ 1.0× the floor's requests/s, p95 ≤ the floor's, Node CPU per
request ≤ 1.2× and PostgreSQL CPU per request ≤ 1.1× the floor's.

${sideTable}

Replies compared before the load (every request path of the three lists, product vs floor):
${sameText}

### All runs

${table(results)}

${budget ? `Budget at ${PG_ROWS.toLocaleString('en')} projects on PostgreSQL (default configuration):\n${budget}` : 'PostgreSQL not measured (no DATABASE_URL).'}`,
);
