// Audit log list at scale: GET /logs_list over 1,000,000 entries in the embedded database (PGlite).
// Seeds the entries with generate_series INSERTs into the data dir while no server holds it, then drives the real
// server with autocannon, each connection rotating over the screen's filters (none, actor id, actor name, action,
// target, date range, combined, a deep page).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { load, scratchDatabase, startServer, table, writeSection } from './lib.mjs';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BATCH = 100_000;
const ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'user.update',
  'rbac.role_update',
  'code.invite_create',
  'code.coupon_update',
  'project.review',
];

/** One batch of entries: 500 actors, 8 actions, 20,000 targets, spread evenly over the last 365 days. */
const seedSql = (from, to) => `
insert into audit_log (actor_id, actor_name, action, target_type, target_id, target_label, ip, request_id, before, after, created_at)
select 1000 + g % 500, 'actor_' || (g % 500), (array[${ACTIONS.map((a) => `'${a}'`).join(',')}])[1 + g % ${ACTIONS.length}],
  'user', (g % 20000)::text, 'user_' || (g % 20000), '10.0.' || (g % 250) || '.' || (g % 200), 'req-' || g,
  jsonb_build_object('status', 'active'), jsonb_build_object('status', 'disabled'),
  now() - ((g::float8 / ${ROWS}) * interval '365 days')
from generate_series(${from}, ${to}) g`;

const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const PATHS = [
  '/api/logs_list?page=1&limit=20',
  '/api/logs_list?page=3&limit=50',
  '/api/logs_list?page=1&limit=20&actor_id=1234',
  '/api/logs_list?page=1&limit=20&actor=ACTOR_77',
  '/api/logs_list?page=1&limit=20&action=auth.login_failed',
  '/api/logs_list?page=2&limit=20&action=user.update',
  '/api/logs_list?page=1&limit=20&target_type=user&target_id=4321',
  `/api/logs_list?page=1&limit=20&start=${encodeURIComponent(day(40))}&end=${encodeURIComponent(day(30))}`,
  `/api/logs_list?page=1&limit=20&action=project.review&start=${encodeURIComponent(day(200))}&end=${encodeURIComponent(day(100))}`,
  '/api/logs_list?page=1&limit=20&actor_id=1007&action=project.review',
  // the deepest page served: offset 9,980
  '/api/logs_list?page=500&limit=20',
];

const rotating = (paths, headers) => {
  let i = 0;
  return [{ method: 'GET', headers, setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
};

/** Signs in as the demo admin and drives the list; answers the result row. */
async function drive(server, label) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo@12345' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.access_token}` };
  for (const p of PATHS) {
    const r = await fetch(`${server.url}${p}`, { headers });
    const body = await r.json();
    if (!r.ok || body.code !== 200) throw new Error(`${p}: ${r.status} ${JSON.stringify(body)}`);
  }
  const load1 = os.loadavg()[0];
  const r = await load({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests: rotating(PATHS, headers) });
  console.log(label, 'logs_list', r, `load ${load1.toFixed(1)}`);
  return { db: label, call: 'GET logs_list (11 filter/page mixes)', connections: CONNECTIONS, load1, ...r };
}

const SERVER_ENV = { LIBRARY_SEED: '0', LIBRARY_PREBUILD: '0', SEED_MEDIA_WIDTH: '0' };
const rows = [];
const seeded = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-audit-'));
try {
  const first = await startServer({ DATA_DIR: dir, SEED_DEMO: '1', ...SERVER_ENV });
  await first.stop();
  const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
  const started = Date.now();
  for (let from = 1; from <= ROWS; from += BATCH) await client.exec(seedSql(from, Math.min(ROWS, from + BATCH - 1)));
  await client.exec('vacuum analyze audit_log');
  seeded.push(`PGlite ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`PGlite: ${ROWS} audit entries seeded in ${Date.now() - started} ms`);
  await client.close();

  const server = await startServer({ DATA_DIR: dir, ...SERVER_ENV });
  try {
    rows.push(await drive(server, `PGlite, ${(ROWS / 1e6).toLocaleString('en')}M entries`));
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

// --- PostgreSQL (DATABASE_URL names the server; the benchmark uses a database of its own, dropped after) ---
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase('audit');
  try {
    const first = await startServer({ DATABASE_URL: scratch.url, SEED_DEMO: '1', ...SERVER_ENV });
    await first.stop();
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    const started = Date.now();
    for (let from = 1; from <= ROWS; from += BATCH) await db.query(seedSql(from, Math.min(ROWS, from + BATCH - 1)));
    await db.query('vacuum analyze audit_log');
    seeded.push(`PostgreSQL ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`PostgreSQL: ${ROWS} audit entries seeded in ${Date.now() - started} ms`);
    await db.end();
    const server = await startServer({ DATABASE_URL: scratch.url, ...SERVER_ENV });
    try {
      rows.push(await drive(server, `PostgreSQL, ${(ROWS / 1e6).toLocaleString('en')}M entries`));
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

const budgetLines = rows
  .map(
    (r) =>
      `- ${r.db}: p95 ${r.p95.toFixed(1)} ms (budget ≤ 50 ms) ${r.p95 <= 50 ? 'met' : 'NOT met'}; load average ${r.load1.toFixed(1)} when it started; about ${(1000 / r.rps).toFixed(1)} ms of server time per request served.`,
  )
  .join('\n');
writeSection(
  'audit',
  `## Audit log list

Command: \`DATABASE_URL=postgres://… npm run bench audit\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC). \`bench/audit.bench.mjs\` inserts ${ROWS.toLocaleString('en')} entries into the
embedded database (PGlite) and, with \`DATABASE_URL\`, into a PostgreSQL database of its own (generate_series INSERTs in
batches of ${BATCH.toLocaleString('en')}, then VACUUM ANALYZE; ${seeded.join(', ')}) and drives the real server with autocannon: ${CONNECTIONS} connections,
${DURATION} s, each connection rotating over ${PATHS.length} requests (no filter, actor id, actor name, action, target, date range, combined
filters, pages 1 to 500). A page is its ids from the filter's index (an index-only walk, also for the deepest page) and
then those rows; a full page also counts, up to 10,000 ("10,000+"), and a filter found beyond 10,000 is not counted
again for a minute. Machine: 2 cores shared with other work (load averages below).

${table(rows)}

Budget: p95 ≤ 50 ms at 1,000,000 entries:
${budgetLines}`,
);
