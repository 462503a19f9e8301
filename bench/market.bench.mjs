// Market read path at catalogue scale: /home_page/item_list (filters, sorts, English and Chinese search) and
// /project/front_project_details. Seeds 100k projects into PostgreSQL (DATABASE_URL) and 10k into PGlite with one
// generate_series INSERT each, then drives the real server with autocannon (50 connections, rotating requests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, startServer, table, writeSection } from './lib.mjs';
import { seedSql } from './market-seed.mjs';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PG_ROWS = Number(process.env.BENCH_PG_ROWS ?? 100_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 10_000);

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

async function drive(server, label, detailIds) {
  const out = [];
  const runs = [
    ['GET item_list (filters, sorts)', FILTERS],
    ['GET item_list (search en/zh)', SEARCHES],
    ['GET front_project_details', detailIds.map((id) => `/api/project/front_project_details?id=${id}`)],
  ];
  for (const [call, paths] of runs) {
    for (const p of paths) {
      const r = await fetch(`${server.url}${p}`);
      if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    }
    const r = await load({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests: rotating(paths) });
    out.push({ db: label, call, connections: CONNECTIONS, ...r });
    console.log(label, call, r);
  }
  return out;
}

const results = [];

// --- PostgreSQL, 100k projects ---
if (process.env.DATABASE_URL) {
  const adminUrl = new URL(process.env.DATABASE_URL);
  const dbName = `xr_bench_market_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    let ids = [];
    const server = await startServer({ DATABASE_URL: url.toString(), SEED_DEMO: '1' });
    try {
      const db = new pg.Client({ connectionString: url.toString() });
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
      results.push(...(await drive(server, `PostgreSQL, ${PG_ROWS / 1000}k projects`, ids)));
    } finally {
      await server.stop();
    }
    // The same data without the market cache: what the queries alone give.
    const bare = await startServer({ DATABASE_URL: url.toString(), MARKET_CACHE_SECONDS: '0' });
    try {
      results.push(...(await drive(bare, `PostgreSQL, ${PG_ROWS / 1000}k, no cache`, ids)));
    } finally {
      await bare.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

// --- PGlite, 10k projects: seed the data dir while no server holds it ---
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-market-'));
  try {
    const first = await startServer({ DATA_DIR: dir });
    await first.stop();
    const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
    const creators = (await client.query('select id, username from users order by id')).rows;
    const tags = (await client.query('select id, name from tags order by id')).rows;
    const started = Date.now();
    await client.exec(seedSql(PGLITE_ROWS, creators, tags));
    await client.exec('vacuum analyze projects');
    console.log(`PGlite: ${PGLITE_ROWS} projects seeded in ${Date.now() - started} ms`);
    const ids = (await client.query(VISIBLE_IDS)).rows.map((r) => r.id);
    await client.close();
    const server = await startServer({ DATA_DIR: dir });
    try {
      results.push(...(await drive(server, `PGlite, ${PGLITE_ROWS / 1000}k projects`, ids)));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const budget = results
  .filter((r) => r.db.startsWith('PostgreSQL') && !r.db.includes('no cache'))
  .map((r) => {
    const limit = r.call.includes('details') ? 20 : 50;
    return `- ${r.call}: p95 ${r.p95.toFixed(1)} ms (budget ≤ ${limit} ms) ${r.p95 <= limit ? 'met' : 'NOT met'}`;
  })
  .join('\n');
writeSection(
  'market',
  `## Market: list, search and details (issue 3)

Command: \`DATABASE_URL=postgres://… npm run bench market\` (${new Date().toISOString().slice(0, 10)}). \`bench/market.bench.mjs\` seeds
${PG_ROWS.toLocaleString('en')} projects into PostgreSQL and ${PGLITE_ROWS.toLocaleString('en')} into PGlite (one generate_series INSERT, \`bench/market-seed.mjs\`,
then VACUUM ANALYZE) next to the demo catalogue, and drives the real server with autocannon: ${CONNECTIONS} connections, ${DURATION} s
per call, each connection rotating over a request list: ${FILTERS.length} filter/sort/page combinations; ${SEARCHES.length} keyword
searches (English words and fragments, Chinese words of 2 to 4 characters, some with a category); 200 different
project ids for details. Default configuration: public market reads are reused for \`MARKET_CACHE_SECONDS\` = 2 s and
concurrent identical reads share one query. The "no cache" rows run the same data with \`MARKET_CACHE_SECONDS=0\`:
every request queries (count, page, creators; details: project, creator, project count). Machine: 2 cores shared
with the other work on it at the time, so the tails move between runs.

${table(results)}

${budget ? `Budget at ${PG_ROWS.toLocaleString('en')} projects on PostgreSQL (default configuration):\n${budget}` : 'PostgreSQL not measured (no DATABASE_URL).'}`,
);
