import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server in production mode on a fresh data dir; `env` may carry DATABASE_URL. `dataDir`: an
 * existing data dir to start on (a restart), which `stop()` leaves in place.
 */
export async function startServer(env = {}, { compiled = false, nodeArgs = [], dataDir } = {}) {
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-'));
  // compiled: the bundle `npm start` runs (apps/server/build.mjs), else the sources through tsx (`npm run dev`)
  const build = compiled ? await import('../apps/server/build.mjs') : null;
  if (build) await build.buildServer();
  const main = build ? [...build.SERVER_NODE_ARGS, build.SERVER_ENTRY] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const proc = spawn(process.execPath, [...nodeArgs, ...main], {
    cwd: root,
    env: {
      ...(build?.SERVER_ENV ?? {}),
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      // no RTMP ingest (live streaming): benchmark servers may run side by side
      LIVE_RTMP_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT: '100000000',
      API_RATE_LIMIT: '100000000',
      WEB_DIST: path.join(dir, 'none'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 3 minutes (BENCH_START_SECONDS): a first start seeds the demo data, slow on a busy machine.
  const tries = Number(process.env.BENCH_START_SECONDS ?? 180) * 5;
  let up = false;
  for (let i = 0; i < tries && !up && proc.exitCode === null; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {}
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) {
    // stopped before its data dir goes, which it would otherwise keep writing to
    if (proc.exitCode === null) {
      proc.kill('SIGKILL');
      await new Promise((r) => proc.once('exit', r));
    }
    throw new Error(`the server did not start (exit code ${proc.exitCode})`);
  }
  return {
    url,
    pid: proc.pid,
    /** The server's DATA_DIR (its files are under `files/`: `files/public/…` is served at /api/files/public/…). */
    dir,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the market's floor (bench/floor/server.mjs): `env` carries DATABASE_URL, or FLOOR_PGLITE_DIR (a PGlite
 * data dir no other process holds).
 */
export async function startFloor(env = {}) {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'bench/floor/server.mjs')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: proc.pid,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

/** Runs autocannon and returns the latency percentiles (ms) and throughput. */
export async function load(opts) {
  const r = await autocannon({ duration: 10, connections: 50, ...opts });
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: r.latency.p97_5 !== undefined ? (r.latency.p90 + r.latency.p97_5) / 2 : r.latency.p90,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Replaces the section between `<!-- bench:NAME -->` markers in docs/perf.md (appends it when missing). */
/** Calls the API (GET without a body, POST with one) with the token; throws unless the envelope says 200. */
export async function api(base, token, pathname, body) {
  const r = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${pathname}: ${j.code} ${j.message}`);
  return j.data;
}

/** A demo account's access token (the seeded demo password). */
export async function demoToken(base, username) {
  return (await api(base, null, '/login', { username, password: 'Demo@12345' })).access_token;
}

export function writeSection(name, markdown) {
  const file = path.join(root, 'docs/perf.md');
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Performance figures\n\nMeasured with `npm run bench` (see bench/). Machine: 2 cores, 24 GiB.\n';
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}

/**
 * The table rows of a section of docs/perf.md whose first cell starts with `prefix` (e.g. the PostgreSQL rows of a
 * run made with DATABASE_URL), so a later run without that database can keep them instead of dropping them.
 */
export function sectionRows(name, prefix) {
  const file = path.join(root, 'docs/perf.md');
  if (!fs.existsSync(file)) return [];
  const m = fs.readFileSync(file, 'utf8').match(new RegExp(`<!-- bench:${name} -->([\\s\\S]*?)<!-- /bench:${name} -->`));
  return m ? m[1].split('\n').filter((line) => line.startsWith(`| ${prefix}`)) : [];
}

export function table(rows) {
  const head = '| database | call | connections | requests/s | p50 ms | p95 ms | p99 ms | non-2xx |';
  const sep = '|---|---|---|---|---|---|---|---|';
  return [
    head,
    sep,
    ...rows.map(
      (r) => `| ${r.db} | ${r.call} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95.toFixed(1)} | ${r.p99} | ${r.non2xx} |`,
    ),
  ].join('\n');
}

/**
 * A PostgreSQL database of the benchmark's own on the server DATABASE_URL names (`xr_bench_<name>_<pid>`, made
 * afresh): answers its URL and `drop()`, which removes it and closes the admin connection.
 */
export async function scratchDatabase(name) {
  const { default: pg } = await import('pg');
  const adminUrl = new URL(process.env.DATABASE_URL);
  const dbName = `xr_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}
