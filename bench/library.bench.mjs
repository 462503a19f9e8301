// Model library browse path: GET /library/model_page (pages, category / tag / kind filters, English and
// Chinese search) and /library/category_list as a signed-in creator, at the generated catalogue's size (3,390
// models) and at 100,000 models (the catalogue copied with numbered names by one INSERT … SELECT). PGlite always,
// PostgreSQL too when DATABASE_URL is set. Default configuration, then the same data with the read cache off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, scratchDatabase, startServer, table, writeSection } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const LARGE = Number(process.env.BENCH_LIBRARY_ROWS ?? 100_000);
const BASE_ENV = { LIBRARY_SEED: '1', LIBRARY_PREBUILD: '0' };

const BROWSE = [
  '/api/library/model_page?page=1&limit=24',
  '/api/library/model_page?page=7&limit=24',
  '/api/library/model_page?limit=24&category=furniture',
  '/api/library/model_page?limit=24&category=lighting&page=2',
  '/api/library/model_page?limit=24&tag=red',
  '/api/library/model_page?limit=24&tag=oak&category=shelving',
  '/api/library/model_page?limit=24&kind=character',
  '/api/library/category_list',
];
const SEARCHES = [
  'chair',
  'oak table',
  'lamp',
  'sofa 3-seat',
  'plant',
  'red',
  '椅子',
  '沙发',
  '红色 凳子',
  '灯',
  '盆栽',
  '橡木色 书架',
].map((k, i) => `/api/library/model_page?limit=24&keyword=${encodeURIComponent(k)}${i % 4 === 0 ? '&category=furniture' : ''}`);

/** Copies the generated catalogue until the table holds `total` rows (names and search text numbered). */
const growSql = (total) => `
  insert into library_models (key, source, kind, category, name_zh, name_tc, name_en, tags, clips, search_text, gen_version)
  select 'bench:' || g || ':' || m.key, 'imported', m.kind, m.category,
         m.name_zh || ' ' || g, m.name_tc || ' ' || g, m.name_en || ' ' || g, m.tags, m.clips,
         m.search_text || ' ' || g, 1
  from generate_series(1, ${Math.ceil(total / 3000)}) g cross join library_models m
  where m.source = 'generated'
  limit greatest(0, ${total} - (select count(*) from library_models))`;

const rotating = (paths) => {
  let i = 0;
  return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
};

async function drive(server, label) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'creator@demo.test', password: 'Demo@12345' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.access_token}` };
  const out = [];
  for (const [call, paths] of [
    ['GET model_page (pages, filters) + category_list', BROWSE],
    ['GET model_page (search en/zh)', SEARCHES],
  ]) {
    for (const p of paths) {
      const r = await fetch(`${server.url}${p}`, { headers });
      if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    }
    const r = await load({ url: server.url, headers, connections: CONNECTIONS, duration: DURATION, requests: rotating(paths) });
    out.push({ db: label, call, connections: CONNECTIONS, ...r });
    console.log(label, call, r);
  }
  return out;
}

const results = [];

/** Runs the default and the cache-less configuration on one prepared database. */
async function both(env, label) {
  const server = await startServer({ ...BASE_ENV, ...env });
  try {
    results.push(...(await drive(server, label)));
  } finally {
    await server.stop();
  }
  const bare = await startServer({ ...BASE_ENV, ...env, MARKET_CACHE_SECONDS: '0' });
  try {
    results.push(...(await drive(bare, `${label}, no cache`)));
  } finally {
    await bare.stop();
  }
}

// --- PGlite: the catalogue as generated, then grown to LARGE rows while no server holds the data dir ---
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-library-'));
  try {
    const started = Date.now();
    const first = await startServer({ ...BASE_ENV, DATA_DIR: dir });
    console.log(`PGlite: first start with the catalogue in ${Date.now() - started} ms`);
    await first.stop();
    await both({ DATA_DIR: dir }, 'PGlite, 3,390 models');
    const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
    const t = Date.now();
    await client.exec(growSql(LARGE));
    await client.exec('vacuum analyze library_models');
    console.log(`PGlite: grown to ${LARGE} models in ${Date.now() - t} ms`);
    await client.close();
    await both({ DATA_DIR: dir }, `PGlite, ${LARGE / 1000}k models`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// --- PostgreSQL ---
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase('library');
  const env = { DATABASE_URL: scratch.url, SEED_DEMO: '1' };
  try {
    const first = await startServer(env);
    await first.stop();
    const rest = { DATABASE_URL: scratch.url };
    await both(rest, 'PostgreSQL, 3,390 models');
    const db = new pg.Client({ connectionString: scratch.url });
    db.on('error', () => undefined);
    await db.connect();
    await db.query(growSql(LARGE));
    await db.query('vacuum analyze library_models');
    await db.end();
    await both(rest, `PostgreSQL, ${LARGE / 1000}k models`);
  } finally {
    await scratch.drop();
  }
}

const budget = results
  .filter((r) => !r.db.includes('no cache'))
  .map((r) => `- ${r.db}, ${r.call}: p95 ${r.p95.toFixed(1)} ms (budget ≤ 50 ms) ${r.p95 <= 50 ? 'met' : 'NOT met'}`)
  .join('\n');
writeSection(
  'library',
  `## Model library browse

Command: \`npm run bench library\` (${new Date().toISOString().slice(0, 10)}; with \`DATABASE_URL\` also on PostgreSQL).
\`bench/library.bench.mjs\` starts the real server with the generated catalogue (3,390 models, inserted at first start),
then grows the table to ${LARGE.toLocaleString('en')} models (the catalogue copied with numbered names, one INSERT … SELECT, VACUUM ANALYZE).
A signed-in creator's calls, so every request also resolves its session. autocannon, ${CONNECTIONS} connections, ${DURATION} s per row,
each connection rotating over a list: ${BROWSE.length} browse requests (pages, category, tag, kind, category_list) or
${SEARCHES.length} searches (English words, Chinese words of 1 to 3 characters, two-word queries, some within a category).
Default configuration reuses a page for 2 s (\`MARKET_CACHE_SECONDS\`); "no cache" rows query every time (page + count).
Machine: 2 cores shared with other work at the time, so the tails move between runs.

${table(results)}

${budget}`,
);
