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

/** Warms every path once (and checks it answers 200), then loads the server with the rotating list. */
async function run(server, label, call, paths) {
  for (const p of paths) {
    const r = await fetch(`${server.url}${p}`);
    if (!r.ok) throw new Error(`${label} ${p}: ${r.status} ${await r.text()}`);
  }
  const load1 = os.loadavg()[0];
  const r = await load({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests: rotating(paths) });
  console.log(label, call, r, `load ${load1.toFixed(1)}`);
  return { db: label, call, connections: CONNECTIONS, load1, ...r };
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
    // The same data without the market cache, side by side with the floor (both up; calls interleaved).
    const bare = await startServer({ ...QUIET, DATABASE_URL: scratch.url, MARKET_CACHE_SECONDS: '0' });
    const floor = await startFloor({ DATABASE_URL: scratch.url });
    try {
      const same = compareBodies(await bodies(bare, ids), await bodies(floor, ids));
      const product = [];
      const floorRows = [];
      for (const [call, paths] of callsOf(ids)) {
        product.push(await run(bare, `${label}, no cache`, call, paths));
        floorRows.push(await run(floor, `${label}, floor`, call, paths));
      }
      results.push(...product, ...floorRows);
      sides.push([label, product, floorRows, same]);
    } finally {
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
    const floor = await startFloor({ FLOOR_PGLITE_DIR: path.join(dir, 'db') });
    try {
      const same = compareBodies(productBodies, await bodies(floor, ids));
      const floorRows = await drive(floor, `${label}, floor`, ids);
      results.push(...product, ...floorRows);
      sides.push([label, product, floorRows, same]);
    } finally {
      await floor.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sideTable = [
  '| database | call | product req/s | floor req/s | ratio | product p95 ms | floor p95 ms | load (1 min) | budget (≥ 1.0×, p95 ≤ floor) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...sides.flatMap(([db, product, floorRows]) =>
    product.map((p, i) => {
      const f = floorRows[i];
      const ratio = p.rps / f.rps;
      const met = ratio >= 1 && p.p95 <= f.p95;
      return `| ${db} | ${p.call} | ${p.rps} | ${f.rps} | ${ratio.toFixed(2)}× | ${p.p95.toFixed(1)} | ${f.p95.toFixed(1)} | ${p.load1.toFixed(1)} / ${f.load1.toFixed(1)} | ${met ? 'met' : 'not met'} |`;
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
  `## Market: list, search and details (issues 3 and 7)

Command: \`DATABASE_URL=postgres://… npm run bench market\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC). \`bench/market.bench.mjs\` seeds
${PG_ROWS.toLocaleString('en')} projects into PostgreSQL and ${PGLITE_ROWS.toLocaleString('en')} into PGlite (one generate_series INSERT, \`bench/market-seed.mjs\`,
then VACUUM ANALYZE) next to the demo catalogue, and drives the real server with autocannon: ${CONNECTIONS} connections, ${DURATION} s
per call, each connection rotating over a request list: ${FILTERS.length} filter/sort/page combinations; ${SEARCHES.length} keyword
searches (English words and fragments, Chinese words of 2 to 4 characters, some with a category); 200 different
project ids for details. Default configuration: public market reads are reused for \`MARKET_CACHE_SECONDS\` = 2 s and
concurrent identical reads share one query. The "no cache" rows run the same data with \`MARKET_CACHE_SECONDS=0\`:
every request reads its page (a list: the page with its tags and creator cards; details: one query); a list's total
(a count that stops after 10,000 matches) is reused per filter for \`MARKET_COUNT_CACHE_SECONDS\` = 5 s and read
again after any write of projects in the process (issue 7 item 11: counts that cost more than the page are cached),
so a list is one query while its filter's total is held, two when it is counted. Machine: 2 cores shared with the other work on it at the time (load average in the
side-by-side table), so the tails move between runs.

### Side by side with the floor (cache off)

The floor, \`bench/floor/server.mjs\`, is a minimal Fastify + pg server (or PGlite on the same data dir) answering
the same calls from hand-written SQL (no ORM, no validation library, no response schema) with the same replies;
it reads what the product reads (the same capped count and plan choice, tags and creator cards in the page
query, details in one query), except that it counts on every list call (no reuse of totals). On PostgreSQL both servers are up and the calls alternate (product, floor); on
PGlite (one process per data dir) the product runs its three calls, then the floor. Budget (issue 7 item 11):
product ≥ 1.0× the floor's requests/s and p95 ≤ the floor's.

${sideTable}

Replies compared before the load (every request path of the three lists, product vs floor):
${sameText}

### All runs

${table(results)}

${budget ? `Budget at ${PG_ROWS.toLocaleString('en')} projects on PostgreSQL (default configuration):\n${budget}` : 'PostgreSQL not measured (no DATABASE_URL).'}`,
);
