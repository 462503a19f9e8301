// Session-guard cost: the call every signed-in page makes (user_info) and the bare health probe, with the session
// cache (SESSION_CACHE_SECONDS, 30 s by default) and without it (what the first request after a sign-in, a role change
// or the cache's expiry pays), side by side with the floor's user_info on PostgreSQL (bench/floor/server.mjs).
import fs from 'node:fs';
import os from 'node:os';
import { load, scratchDatabase, startFloor, startServer, table, writeSection } from './lib.mjs';

const CONNECTIONS = 50;
/**
 * No background content generation in the measured servers (as the market, forum and memory benchmarks): the demo's
 * panoramas and the library's model builds are one-time jobs of a first start that would otherwise run in the
 * product's processes (and take the floor's CPU too) during the load.
 */
const QUIET = { SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0' };
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** CPU time (ms) a process has used so far, from /proc (0 where there is none). */
const cpuMs = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function signIn(url) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user@demo.test', password: 'Demo@12345' }),
  }).then((r) => r.json());
  return login.data.access_token;
}

/** One load of user_info on a server, with the server's CPU per request. */
async function userInfo(server, token) {
  const before = cpuMs(server.pid);
  const load1 = os.loadavg()[0];
  const r = await load({
    url: `${server.url}/api/user/user_info`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return { ...r, cpu: (cpuMs(server.pid) - before) / Math.max(1, r.requests), load1 };
}

const rows = [];
const sides = [];

// --- PGlite: the product alone (one process per data dir), cache on and off ---
for (const [label, env] of [
  ['PGlite', {}],
  ['PGlite, SESSION_CACHE_SECONDS=0', { SESSION_CACHE_SECONDS: '0' }],
]) {
  const server = await startServer({ ...QUIET, ...env });
  try {
    const token = await signIn(server.url);
    const r = await userInfo(server, token);
    rows.push({ db: label, call: 'GET /api/user/user_info', connections: CONNECTIONS, ...r });
    console.log(label, r);
    if (!env.SESSION_CACHE_SECONDS) {
      const h = await load({ url: `${server.url}/api/health`, connections: CONNECTIONS, duration: DURATION });
      rows.push({ db: label, call: 'GET /api/health', connections: CONNECTIONS, ...h });
    }
  } finally {
    await server.stop();
  }
}

// --- PostgreSQL: product (cache on), product (cache off) and floor up together, turns rotated, median of ROUNDS ---
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase('auth');
  try {
    const cached = await startServer({ ...QUIET, DATABASE_URL: scratch.url, SEED_DEMO: '1' });
    const bare = await startServer({ ...QUIET, DATABASE_URL: scratch.url, SESSION_CACHE_SECONDS: '0' });
    const floor = await startFloor({ DATABASE_URL: scratch.url });
    try {
      const token = await signIn(cached.url);
      const body = async (s) =>
        (await fetch(`${s.url}/api/user/user_info`, { headers: { authorization: `Bearer ${token}` } })).text();
      const same = (await body(bare)) === (await body(floor));
      const turns = { 'cache on': cached, 'cache off': bare, floor };
      const runs = Object.fromEntries(Object.keys(turns).map((k) => [k, []]));
      for (let round = 0; round < ROUNDS; round++) {
        const order = Object.keys(turns);
        if (round % 2) order.reverse();
        for (const k of order) {
          const r = await userInfo(turns[k], token);
          runs[k].push(r);
          console.log('PostgreSQL', k, round, r);
        }
      }
      const med = (k) => ({
        rps: median(runs[k].map((r) => r.rps)),
        p95: median(runs[k].map((r) => r.p95)),
        cpu: median(runs[k].map((r) => r.cpu)),
        load1: median(runs[k].map((r) => r.load1)),
      });
      for (const k of Object.keys(turns)) {
        for (const r of runs[k])
          rows.push({ db: `PostgreSQL, ${k}`, call: 'GET /api/user/user_info', connections: CONNECTIONS, ...r });
      }
      sides.push({ on: med('cache on'), off: med('cache off'), floor: med('floor'), same });
      const h = await load({ url: `${cached.url}/api/health`, connections: CONNECTIONS, duration: DURATION });
      rows.push({ db: 'PostgreSQL', call: 'GET /api/health', connections: CONNECTIONS, ...h });
    } finally {
      await floor.stop();
      await bare.stop();
      await cached.stop();
    }
  } finally {
    await scratch.drop();
  }
}

const sideText = sides.length
  ? [
      '| user_info on PostgreSQL | req/s | × floor | p95 ms | Node CPU ms/request | × floor | load (1 min) |',
      '|---|---|---|---|---|---|---|',
      ...['cache on', 'cache off', 'floor'].map((k) => {
        const s = sides[0];
        const m = k === 'cache on' ? s.on : k === 'cache off' ? s.off : s.floor;
        return `| ${k === 'floor' ? 'floor (one query)' : `product, ${k}`} | ${m.rps} | ${(m.rps / s.floor.rps).toFixed(2)}× | ${m.p95.toFixed(1)} | ${m.cpu.toFixed(3)} | ${(m.cpu / s.floor.cpu).toFixed(2)}× | ${m.load1.toFixed(1)} |`;
      }),
      '',
      `Budget: the product with the cache off ≥ 0.5× the floor's requests/s: ${sides[0].off.rps / sides[0].floor.rps >= 0.5 ? 'met' : 'NOT met'}. The floor's and the uncached product's replies are ${sides[0].same ? 'byte-identical' : 'not byte-identical'}.`,
    ].join('\n')
  : 'PostgreSQL not measured (no DATABASE_URL): no side-by-side with the floor.';

writeSection(
  'auth',
  `## Session guard

Command: \`DATABASE_URL=postgres://… npm run bench auth\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC), autocannon, ${CONNECTIONS} connections, ${DURATION} s per turn, one demo user's token.
"cache on" is the default (a resolved session reused for \`SESSION_CACHE_SECONDS\` = 30 s); "cache off" runs with
\`SESSION_CACHE_SECONDS=0\`: every request resolves its token (what the first request after a sign-in, a role change or
the cache's expiry pays): one prepared statement (session by token hash, the account's state, its roles and
permissions), then the profile's prepared statement. The floor (\`bench/floor/server.mjs\`, GET /api/user/user_info) answers
the same reply from one query (session, account, roles, permissions and profile columns together) with no session cache,
no last-seen write (the product's is at most once a minute), no coin award (in memory after the first visit of the
day), no rate limit, security headers or i18n. The product runs without background content generation
(\`SEED_MEDIA_WIDTH=0 LIBRARY_PREBUILD=0\`). On PostgreSQL the three servers are up together and take turns (order
reversed every round, median of ${ROUNDS}); Node CPU per request from /proc. PGlite rows: the product alone.

${sideText}

### All runs

${table(rows)}`,
);
