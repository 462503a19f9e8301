/**
 * Memory of the server and where it goes, on the embedded database (PGlite) as `npm start` runs it (the compiled
 * server with its environment and Node flags), at four moments of one data dir's life:
 *  1. first start (initdb, migrations, demo seed), a warm-up of public and signed-in calls, then 10 s of quiet;
 *  2. the peak of a burst (BENCH_MEMORY_BURST_SECONDS, default 20 s, of 50 connections on the market's list, details
 *     and user info) and
 *  3. one minute of quiet after it;
 *  4. a restart on the same data dir (no seed), the same warm-up, 10 s of quiet.
 * Background content generation (SEED_MEDIA_WIDTH=0) and the library prebuild (LIBRARY_PREBUILD=0) are off so "idle"
 * means idle. Each row is broken down by the process itself (bench/memory-probe.cjs, preloaded: process.memoryUsage()
 * and the size of its WebAssembly memories) and by /proc/<pid>/smaps (resident memory by mapping).
 * BENCH_MEMORY_TSX=1 adds the sources through tsx (`npm run dev`); DATABASE_URL adds a PostgreSQL first start.
 * Budget: ≤ 200 MiB idle on the embedded database, and back within 10 % of idle one minute after a burst.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, root, startServer, writeSection } from './lib.mjs';

const MiB = 1024 * 1024;
const PROBE = path.join(root, 'bench/memory-probe.cjs');
const burstSeconds = Number(process.env.BENCH_MEMORY_BURST_SECONDS ?? 20);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

/**
 * Resident memory by kind of mapping from /proc/<pid>/smaps. V8 reserves a WebAssembly memory with guard regions of
 * several GiB and makes only the memory's current size readable, so a read-write anonymous mapping followed by an
 * inaccessible one that together span ≥ 4 GiB is counted as WebAssembly; `[heap]` is glibc's main arena; glibc's
 * other arenas (threads' heaps) are the same pair spanning exactly 64 MiB from a 64 MiB boundary (glibc's
 * HEAP_MAX_SIZE); file-backed mappings are code and data of node and the shared libraries, native addons apart
 * (sharp's libvips, argon2, …); the remaining anonymous memory is V8's heap, buffers outside V8 and thread stacks.
 */
function smaps(pid) {
  const maps = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[4];
      const size = Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16);
      let kind = 'anon';
      if (name === '[heap]') kind = 'brk';
      else if (name.startsWith('/')) kind = /\.node$|\/sharp|libvips/.test(name) ? 'nativeAddons' : 'files';
      maps.push({ start: head[1], end: head[2], perms: head[3], name, size, kind, rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1].rss = Number(rss[1]) * 1024;
  }
  const arena = 64 * MiB;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [a, b] = [maps[i], maps[i + 1]];
    const anon = a.kind === 'anon' && b.kind === 'anon' && !a.name && !b.name;
    if (!anon || !a.perms.startsWith('rw') || !b.perms.startsWith('---') || a.end !== b.start) continue;
    if (a.size + b.size >= 4 * 1024 * MiB) a.kind = 'wasm';
    else if (a.size + b.size === arena && Number.parseInt(a.start, 16) % arena === 0) a.kind = 'arenas';
  }
  const out = { wasm: 0, brk: 0, arenas: 0, files: 0, nativeAddons: 0, anon: 0 };
  for (const m of maps) out[m.kind] += m.rss;
  const threads = Number(/Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return { ...Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v / MiB)])), threads };
}

/** The process's own figures (bench/memory-probe.cjs answers SIGUSR2). */
async function probe(pid, file) {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(100);
  const m = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, k === 'wasmCount' ? v : Math.round(v / MiB)]));
}

async function breakdown(label, server, file) {
  const own = await probe(server.pid, file);
  const row = { label, rss: rssMiB(server.pid), ...own, ...smaps(server.pid) };
  console.log(JSON.stringify(row));
  return row;
}

async function warmUp(url) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user@demo.test', password: 'Demo@12345' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.data.access_token}` };
  for (let i = 0; i < 20; i++) {
    const list = await fetch(`${url}/api/home_page/item_list?page=${(i % 5) + 1}&limit=12`).then((r) => r.json());
    const id = list.data.list[0]?.id;
    if (id) await fetch(`${url}/api/project/front_project_details?id=${id}`);
    await fetch(`${url}/api/user/user_info`, { headers: auth });
    await fetch(`${url}/api/library/model_page?page=${i + 1}&limit=24`, { headers: auth });
  }
  return { auth, id: (await fetch(`${url}/api/home_page/item_list?page=1&limit=12`).then((r) => r.json())).data.list[0]?.id };
}

/** Peak RSS while `work` runs, sampled every 250 ms. */
async function peakDuring(pid, work) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 250);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssMiB(pid));
}

async function lifecycle(prefix, env, opts) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-memory-'));
  const file = path.join(dataDir, 'probe.json');
  const full = {
    ...opts,
    dataDir,
    nodeArgs: ['--require', PROBE],
  };
  const serverEnv = { SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0', MEMORY_PROBE_FILE: file, ...env };
  const rows = [];
  try {
    let server = await startServer(serverEnv, full);
    try {
      const { auth, id } = await warmUp(server.url);
      await sleep(10_000);
      rows.push(await breakdown(`${prefix}: first start, warm-up, 10 s idle`, server, file));
      const calls = [
        { method: 'GET', path: '/api/home_page/item_list?page=1&limit=12' },
        { method: 'GET', path: `/api/project/front_project_details?id=${id}` },
        { method: 'GET', path: '/api/user/user_info', headers: auth },
      ];
      let requests = 0;
      const peak = await peakDuring(
        server.pid,
        load({ url: server.url, requests: calls, duration: burstSeconds, connections: 50 }).then((r) => {
          requests = r.requests;
        }),
      );
      const after = await breakdown(`${prefix}: end of a ${burstSeconds} s burst (${requests} requests)`, server, file);
      rows.push({ ...after, peak });
      await sleep(60_000);
      rows.push(await breakdown(`${prefix}: 60 s after the burst`, server, file));
    } finally {
      await server.stop();
    }
    server = await startServer(serverEnv, full);
    try {
      await warmUp(server.url);
      await sleep(10_000);
      rows.push(await breakdown(`${prefix}: restart on the same data, warm-up, 10 s idle`, server, file));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const rows = await lifecycle('PGlite, `npm start`', {}, { compiled: true });
if (process.env.BENCH_MEMORY_TSX === '1') rows.push(...(await lifecycle('PGlite, tsx (`npm run dev`)', {}, {})));
if (process.env.DATABASE_URL)
  rows.push(...(await lifecycle('PostgreSQL, `npm start`', { DATABASE_URL: process.env.DATABASE_URL }, { compiled: true })));
const loadavg = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');

const first = rows[0];
const afterBurst = rows[2];
const restart = rows[3];
const idle = Math.max(first.rss, restart.rss);
const back = afterBurst.rss <= first.rss * 1.1;
writeSection(
  'memory',
  `## Memory (\`npm run bench memory\`)

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average (1/5/15 min) after the runs ${loadavg}. One data dir's life
(bench/memory.bench.mjs): first start with the demo seed, a warm-up of 80 calls (market pages, details, user info,
library pages) and 10 s idle; a ${burstSeconds} s burst of 50 connections (market list, details, user info); 60 s idle; a
restart on the same data dir with the same warm-up and 10 s idle. Content generation and the library prebuild off.
MiB. From the process: RSS, V8 heap used / total, external (buffers outside V8's heap, WebAssembly memories
included), of which ArrayBuffers, WebAssembly memories' size (PGlite's Postgres). From /proc/<pid>/smaps, resident:
WebAssembly reservations, glibc's main heap and its threads' arenas, the node binary and shared libraries, native
addons (sharp/libvips, argon2, …), other anonymous memory (V8's heap, buffers outside it, thread stacks).

| moment | RSS | peak | heap used / total | external | arrayBuffers | WASM size | WASM resident | glibc heap | glibc arenas | node + libs | native addons | other anon | threads |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.label} | ${r.rss} | ${r.peak ?? ''} | ${r.heapUsed} / ${r.heapTotal} | ${r.external} | ${r.arrayBuffers} | ${r.wasmBytes} (${r.wasmCount}) | ${r.wasm} | ${r.brk} | ${r.arenas} | ${r.files} | ${r.nativeAddons} | ${r.anon} | ${r.threads} |`,
  )
  .join('\n')}

Budget: idle ≤ 200 MiB on the embedded database (${idle} MiB: ${idle <= 200 ? 'met' : 'NOT met'}); back within 10 % of
idle one minute after a burst (${afterBurst.rss} vs ${first.rss} MiB: ${back ? 'met' : 'NOT met'}).
`,
);
