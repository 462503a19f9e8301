// The forum search's cost per request inside the server: the whole app built in this process
// (`buildApp`, production settings, no result cache) over a PGlite copy at 100,000 posts, each of the benchmark's
// eight searches sent through `app.inject` one at a time, anonymous and signed in; prints the process's CPU time per
// request (user + system, less sensitive to a shared machine's load than wall time) and the database time split by
// statement. PGlite answers one query at a time in the server's own thread, so the sum is what the HTTP benchmark's
// throughput depends on. Not a load test (one request at a time, no sockets).
//   node --import tsx bench/forum-cpu.mjs [repository root]      FORUM_CPU_DIR=/tmp/xr-forum-cpu (seeded once, kept)
// With a root, that checkout's server is measured (e.g. a `git archive` of an earlier commit, its node_modules linked
// to this one's), so two versions can be compared in turns on the same seeded data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { growSql, SEARCHES, VACUUM } from './forum-seed.mjs';
import { root as here, startServer } from './lib.mjs';

const root = path.resolve(process.argv[2] ?? here);
const RUNS = Number(process.env.FORUM_CPU_RUNS ?? 21);
const seeded = process.env.FORUM_CPU_DIR ?? path.join(os.tmpdir(), 'xr-forum-cpu');

if (!fs.existsSync(path.join(seeded, 'seeded'))) {
  fs.rmSync(seeded, { recursive: true, force: true });
  fs.mkdirSync(seeded, { recursive: true });
  const first = await startServer({ DATA_DIR: seeded, SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0' });
  await first.stop();
  const client = await PGlite.create(path.join(seeded, 'db'), { extensions: { pg_trgm } });
  await client.exec(growSql());
  for (const v of VACUUM) await client.exec(v);
  await client.close();
  fs.writeFileSync(path.join(seeded, 'seeded'), '');
}
// A fresh copy per run: the server writes (sessions, jobs) and each version starts from the same data.
const data = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-forum-cpu-run-'));
fs.cpSync(seeded, data, { recursive: true });
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: '',
  DATA_DIR: data,
  LOG_LEVEL: 'error',
  LIVE_RTMP_PORT: '0',
  AUTH_RATE_LIMIT: '100000000',
  API_RATE_LIMIT: '100000000',
  WEB_DIST: path.join(data, 'none'),
  SEED_MEDIA_WIDTH: '0',
  LIBRARY_PREBUILD: '0',
  MARKET_CACHE_SECONDS: '0',
});

// Every query the server sends, timed (PGlite's `query` and `exec`; the instance is the server's own).
let dbTime = 0;
const byStatement = new Map();
for (const name of ['query', 'exec']) {
  const original = PGlite.prototype[name];
  PGlite.prototype[name] = async function (text, ...rest) {
    const t = performance.now();
    try {
      return await original.call(this, text, ...rest);
    } finally {
      const d = performance.now() - t;
      dbTime += d;
      // A prepared statement by its name (its arguments are literals), other queries by their start.
      const key = String(text)
        .replace(/\s+/g, ' ')
        .replace(/^set local [^;]*; /, '')
        .replace(/^(execute \w+).*/, '$1')
        .slice(0, 60);
      const e = byStatement.get(key) ?? [0, 0];
      e[0] += d;
      e[1]++;
      byStatement.set(key, e);
    }
  };
}
const { buildApp } = await import(path.join(root, 'apps/server/src/app.ts'));
const { loadConfig } = await import(path.join(root, 'apps/server/src/config.ts'));
const app = await buildApp(loadConfig());
await app.ready();
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'user@demo.test', password: 'Demo@12345' },
  });
  const signedIn = { authorization: `Bearer ${login.json().data.access_token}` };
  console.log(`${root}: ${RUNS} runs of each search, load ${os.loadavg()[0].toFixed(1)}`);
  for (const [mode, headers] of [
    ['anonymous', {}],
    ['signed in', signedIn],
  ]) {
    for (const url of SEARCHES) for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers });
    byStatement.clear();
    let cpuSum = 0;
    let dbSum = 0;
    for (const url of SEARCHES) {
      const cpu = [];
      const db = [];
      for (let i = 0; i < RUNS; i++) {
        const d0 = dbTime;
        const c0 = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url, headers });
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        db.push(dbTime - d0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
      }
      cpu.sort((a, b) => a - b);
      db.sort((a, b) => a - b);
      const mid = RUNS >> 1;
      cpuSum += cpu[mid];
      dbSum += db[mid];
      const q = new URL(url, 'http://x').searchParams;
      console.log(
        `  ${mode} ${`${q.get('keyword')}${q.get('board_id') ? ` (board ${q.get('board_id')})` : ''}`.padEnd(22)}` +
          ` CPU ${cpu[mid].toFixed(2)} ms (best ${cpu[0].toFixed(2)}), database ${db[mid].toFixed(2)} ms`,
      );
    }
    console.log(
      `${mode}: CPU ${(cpuSum / SEARCHES.length).toFixed(2)} ms per search (median of each, averaged), database ${(dbSum / SEARCHES.length).toFixed(2)} ms`,
    );
    for (const [key, [t, n]] of [...byStatement].sort((a, b) => b[1][0] - a[1][0]).slice(0, 6))
      console.log(`    ${(t / n).toFixed(3)} ms × ${n}  ${key}`);
  }
} finally {
  await app.close();
  fs.rmSync(data, { recursive: true, force: true });
}
process.exit(0);
