/**
 * `npm run bench world` (issue 9): one room with 50, 100, 200 and 400 simulated avatars walking at 20 Hz, driven by
 * socket.io-client processes on loopback, against the product server (the world module: batched `world:states`
 * every 50 ms with interest management, near members every tick and far ones every 4th) and, side by side, a bare
 * Socket.IO relay (the floor: one batched broadcast of everything that moved every 50 ms, no database, no filtering).
 * Figures: messages the clients receive per second (the server's outbound messages), fan-out latency from the
 * mover's send to each receiver (p50 / p95 / p99, including the wait for the next tick), server CPU (share of one
 * core) and resident memory per connection. Budget: 200 avatars in one room, fan-out p95 < 100 ms.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, writeSection } from './lib.mjs';

const LEVELS = (process.env.WORLD_BENCH_LEVELS ?? '50,100,200,400').split(',').map(Number);
const SECONDS = Number(process.env.WORLD_BENCH_SECONDS ?? 10);
const WARMUP = 3;
const CLIENT_PROCS = 2;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

function startServer(mode) {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/world/server.mjs'), mode], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /READY (\d+) (\d+)/.exec(out);
      if (m) resolve({ proc, url: `http://127.0.0.1:${m[1]}`, entryId: Number(m[2]) });
    });
    proc.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
}

const cpuTicks = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]);
};
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

function runClient(url, entryId, count) {
  const proc = spawn(process.execPath, [path.join(root, 'bench/world/client.mjs'), url, entryId, count, SECONDS, WARMUP], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) =>
    proc.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`client exited (${code})`);
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (e) {
        reject(e);
      }
    }),
  );
}

/** The p-th percentile (ms) of merged latency histograms `{ ms: count }`. */
function pct(buckets, p) {
  const entries = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  let seen = 0;
  for (const [ms, n] of entries) {
    seen += n;
    if (seen >= (p / 100) * total) return ms;
  }
  return Number.NaN;
}

async function level(mode, n) {
  const server = await startServer(mode);
  try {
    const rssBefore = rssMiB(server.proc.pid);
    const per = Math.ceil(n / CLIENT_PROCS);
    const clients = Array.from({ length: CLIENT_PROCS }, (_, i) =>
      runClient(server.url, server.entryId, Math.min(per, n - i * per)),
    );
    // CPU over the measured window: from the end of the warm-up to its end (joins take a while at 400).
    await new Promise((r) => setTimeout(r, 1000));
    let cpu0 = cpuTicks(server.proc.pid);
    let t0 = Date.now();
    const rssSamples = [];
    const sampler = setInterval(() => rssSamples.push(rssMiB(server.proc.pid)), 1000);
    const timer = setTimeout(() => {
      cpu0 = cpuTicks(server.proc.pid);
      t0 = Date.now();
    }, WARMUP * 1000);
    const results = await Promise.all(clients);
    clearTimeout(timer);
    clearInterval(sampler);
    const cpu = (cpuTicks(server.proc.pid) - cpu0) / TICKS / ((Date.now() - t0) / 1000);
    const latencies = new Map();
    for (const r of results)
      for (const [ms, n] of Object.entries(r.buckets)) latencies.set(Number(ms), (latencies.get(Number(ms)) ?? 0) + n);
    const messages = results.reduce((s, r) => s + r.messages, 0);
    const states = results.reduce((s, r) => s + r.states, 0);
    const rss = Math.max(...rssSamples, rssMiB(server.proc.pid));
    const row = {
      mode,
      n,
      msgs: Math.round(messages / SECONDS),
      states: Math.round(states / SECONDS),
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      cpu: Math.round(cpu * 100),
      kib: Math.round(((rss - rssBefore) * 1024) / n),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const loadBefore = os.loadavg()[0].toFixed(1);
const rows = [];
for (const n of LEVELS) {
  rows.push(await level('product', n));
  rows.push(await level('relay', n));
}
const loadAfter = os.loadavg()[0].toFixed(1);
const within = rows.find((r) => r.mode === 'product' && r.n === 200);

writeSection(
  'world',
  `## Meta world rooms (\`npm run bench world\`)

${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${CLIENT_PROCS} socket.io-client processes on loopback on the same
2-core machine as the server (the clients' own CPU competes with the server's). One room; every avatar sends its
position at 20 Hz for ${SECONDS} s after a ${WARMUP} s warm-up, walking on a 60 × 60 m floor. **product**: the world module
(batched \`world:states\` every 50 ms per recipient, members within 15 m — at most the nearest 30 — every tick, the rest
every 4th tick, only members that moved). **relay**: a bare Socket.IO server broadcasting one batch of everything that
moved every 50 ms (the floor: no database, no per-recipient filtering). Latency: from the mover's send to a receiver's
receipt, including the wait for the next tick (0–50 ms by design). Memory: the server's resident set growth per
connection. Budget: 200 avatars, fan-out p95 < 100 ms${within ? ` — measured **${within.p95} ms**` : ''}. Machine load average
(1 min) at the start and end of the run: ${loadBefore} and ${loadAfter} (other work on the machine takes CPU from both the
server and the clients: compare the two servers of one run, not runs with each other).

| server | avatars | messages/s out | states/s out | p50 ms | p95 ms | p99 ms | server CPU % of a core | KiB per connection |
|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.mode} | ${r.n} | ${r.msgs} | ${r.states} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpu} | ${r.kib} |`).join('\n')}
`,
);
