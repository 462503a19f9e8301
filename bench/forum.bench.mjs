// Forum thread list and search: GET /forum/thread_page at 100,000 posts (10,000 threads over the three
// default boards, ten posts each, bodies of random English and Chinese words), anonymous and signed in (the unread
// markers join the reader's read times). Budget: thread list and search p95 ≤ 50 ms. PGlite always, PostgreSQL too
// when DATABASE_URL is set. The demo data comes from a first start; the rows are then added by INSERT … SELECT
// while no server holds the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { growSql, LISTS, POSTS_PER_THREAD, SEARCHES, THREADS, VACUUM } from './forum-seed.mjs';
import { load, scratchDatabase, sectionRows, startServer, table, writeSection } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** `cache,nocache` (default), or one of them. */
const MODES = (process.env.BENCH_FORUM_MODES ?? 'cache,nocache').split(',');

const rotating = (paths) => {
  let i = 0;
  return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
};

async function drive(server, label) {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user@demo.test', password: 'Demo@12345' }),
  }).then((r) => r.json());
  const signedIn = { authorization: `Bearer ${login.data.access_token}` };
  const out = [];
  for (const [call, paths, headers] of [
    ['thread_page (boards, pages) + board_list, anonymous', LISTS, {}],
    ['thread_page (boards, pages) + board_list, signed in', LISTS, signedIn],
    ['thread_page search (en/zh), anonymous', SEARCHES, {}],
    ['thread_page search (en/zh), signed in', SEARCHES, signedIn],
  ]) {
    for (const p of paths) {
      const r = await fetch(`${server.url}${p}`, { headers });
      const j = await r.json();
      if (j.code !== 200) throw new Error(`${p}: ${JSON.stringify(j).slice(0, 300)}`);
    }
    const r = await load({ url: server.url, headers, connections: CONNECTIONS, duration: DURATION, requests: rotating(paths) });
    out.push({ db: label, call, connections: CONNECTIONS, ...r, load1: os.loadavg()[0] });
    console.log(label, call, r);
  }
  return out;
}

const results = [];

/** The default configuration (lists reused for 2 s, cleared by writes), then every request querying. */
async function both(env, label) {
  for (const [cache, suffix] of [
    ['2', ''],
    ['0', ', no cache'],
  ].filter(([c]) => MODES.includes(c === '0' ? 'nocache' : 'cache'))) {
    const server = await startServer({ ...env, SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0', MARKET_CACHE_SECONDS: cache });
    try {
      results.push(...(await drive(server, `${label}${suffix}`)));
    } finally {
      await server.stop();
    }
  }
}
const posts = THREADS * POSTS_PER_THREAD;

// --- PGlite ---
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-forum-'));
  try {
    const first = await startServer({ DATA_DIR: dir, SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0' });
    await first.stop();
    const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
    const t = Date.now();
    await client.exec(growSql());
    for (const v of VACUUM) await client.exec(v);
    console.log(`PGlite: ${posts} posts in ${Date.now() - t} ms`);
    await client.close();
    await both({ DATA_DIR: dir }, `PGlite, ${posts / 1000}k posts`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// --- PostgreSQL ---
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase('forum');
  try {
    const first = await startServer({
      DATABASE_URL: scratch.url,
      SEED_DEMO: '1',
      SEED_MEDIA_WIDTH: '0',
      LIBRARY_PREBUILD: '0',
    });
    await first.stop();
    const db = new pg.Client({ connectionString: scratch.url });
    db.on('error', () => undefined);
    await db.connect();
    await db.query(growSql());
    for (const v of VACUUM) await db.query(v);
    await db.end();
    await both({ DATABASE_URL: scratch.url }, `PostgreSQL, ${posts / 1000}k posts`);
  } finally {
    await scratch.drop();
  }
}

const load1 = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' / ');
/** The shared table with the machine's load average (1 min) at the end of each row: the figures depend on it. */
const tableWithLoad = (rows) =>
  table(rows)
    .split('\n')
    .map((line, i) => (i === 0 ? `${line} load |` : i === 1 ? `${line}---|` : `${line} ${rows[i - 2].load1.toFixed(1)} |`))
    .join('\n');
// Without DATABASE_URL the PostgreSQL rows of the last run made with it are kept (and said to be older).
const keptPg = process.env.DATABASE_URL ? [] : sectionRows('forum', 'PostgreSQL');
const keptNote = keptPg.length
  ? `\n\nThe PostgreSQL rows above are from an earlier run with \`DATABASE_URL\` (this one ran on PGlite only).`
  : '';
const budget = results
  .filter((r) => r.db.includes('no cache'))
  .map((r) => `- ${r.db}, ${r.call}: p95 ${r.p95.toFixed(1)} ms (budget ≤ 50 ms) ${r.p95 <= 50 ? 'met' : 'NOT met'}`)
  .join('\n');
writeSection(
  'forum',
  `## Forum thread list and search

Command: \`npm run bench forum\` (${new Date().toISOString().slice(0, 10)}; with \`DATABASE_URL\` also on PostgreSQL; load average after the run ${load1}).
\`bench/forum.bench.mjs\` seeds the demo data with a first start, then adds ${THREADS.toLocaleString('en')} threads over the three default boards
with ${POSTS_PER_THREAD} posts each (${posts.toLocaleString('en')} posts, bodies of 14 random English and Chinese words; one post in a hundred
holds the rare word "hdri"), sets the boards' counters and runs VACUUM ANALYZE. autocannon, ${CONNECTIONS} connections, ${DURATION} s per row,
each connection rotating over ${LISTS.length} list requests (all boards and one board, pages 1 to 50, the board list) or ${SEARCHES.length}
searches (rare and common English words, a title number, Chinese words and a two-word Chinese phrase, some within a board).
Signed-in rows add the session check and the unread markers (one query for the page's threads). Default configuration: the
shared part of a list (boards, thread page, search result) is reused for 2 s (\`MARKET_CACHE_SECONDS\`) and cleared by any write on the
server; "no cache" rows query every time, and the budget is theirs (the cache only hides the queries).

${[tableWithLoad(results), ...keptPg].join('\n')}${keptNote}

${budget}`,
);
