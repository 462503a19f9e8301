/**
 * `npm run bench world`: one world entry with 50 to 800 simulated avatars walking at 10 Hz and chatting, driven by
 * socket.io-client processes on loopback, against the product server (the world module: batched `world:states`
 * every 50 ms with interest management, chat stored before it is sent) and, interleaved level by level so the
 * machine's other load falls on both, a bare Socket.IO 4.8 relay (the floor: one batched broadcast of everything that
 * moved every 50 ms per room of 200, chat relayed at once, no database, no filtering).
 * Figures: messages the clients receive per second, fan-out latency from the mover's send to each receiver (p50 / p95
 * / p99, including the wait for the next tick), chat latency from the sender's send to each receiver, server CPU per
 * move (µs of server CPU per position update received), avatars that could not connect or join, and, product only,
 * the p95 of ordinary HTTP calls (market list, user info) with no one in the world and then during the crowd, in
 * the same server process. The ratios product ÷ relay of one level are the budget's measure (≤ 1.0 for states p95
 * and CPU per move, ≤ 1.5 for chat p95; HTTP p95 with the room ≤ 1.5 × without).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoToken, root, writeSection } from './lib.mjs';

const LEVELS = (process.env.WORLD_BENCH_LEVELS ?? '50,200,400,800').split(',').map(Number);
const MODES = (process.env.WORLD_BENCH_MODES ?? 'product,relay').split(',');
const SECONDS = Number(process.env.WORLD_BENCH_SECONDS ?? 10);
const HZ = Number(process.env.WORLD_BENCH_HZ ?? 10);
/** Seconds between two chat messages of one avatar. */
const CHAT_EVERY = Number(process.env.WORLD_BENCH_CHAT_EVERY ?? 10);
const PROBE_SECONDS = 5;
const WARMUP = 3;
const CLIENT_PROCS = 2;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;
const PROFILE = process.env.WORLD_BENCH_CPU_PROF;

function startServer(mode) {
  const flags = PROFILE && mode === 'product' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(root, 'bench/world/server.mjs'), mode], {
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

function runClient(url, entryId, count, onMeasuring) {
  const args = [url, entryId, count, SECONDS, WARMUP, HZ, CHAT_EVERY];
  const proc = spawn(process.execPath, [path.join(root, 'bench/world/client.mjs'), ...args.map(String)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    if (!out.includes('MEASURING') && `${out}${d}`.includes('MEASURING')) onMeasuring();
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

/** The p-th percentile of merged histograms `{ ms: count }` (or a plain list of ms). */
function pct(buckets, p) {
  const entries = Array.isArray(buckets) ? buckets.map((ms) => [ms, 1]) : [...buckets];
  entries.sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  let seen = 0;
  for (const [ms, n] of entries) {
    seen += n;
    if (seen >= (p / 100) * total) return Math.round(ms);
  }
  return Number.NaN;
}

function merge(results, key) {
  const out = new Map();
  for (const r of results) for (const [ms, n] of Object.entries(r[key])) out.set(Number(ms), (out.get(Number(ms)) ?? 0) + n);
  return out;
}

/**
 * Ordinary HTTP calls one after another (the market's first page, the signed-in person's info), 20 ms apart, until
 * `stop()`: answers each call's duration in ms.
 */
function probe(base, token) {
  const calls = [
    [`${base}/api/home_page/item_list?page=1&limit=20`, {}],
    [`${base}/api/user/user_info`, { headers: { authorization: `Bearer ${token}` } }],
  ];
  const times = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const [url, init] = calls[i % calls.length];
      const t0 = performance.now();
      const r = await fetch(url, init);
      await r.arrayBuffer();
      times.push(performance.now() - t0);
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return times;
    },
  };
}

async function level(mode, n) {
  const server = await startServer(mode);
  try {
    let token;
    let httpIdle = [];
    if (mode === 'product') {
      token = await demoToken(server.url, 'creator@demo.test');
      const idle = probe(server.url, token);
      await new Promise((r) => setTimeout(r, PROBE_SECONDS * 1000));
      httpIdle = await idle.stop();
    }
    const per = Math.ceil(n / CLIENT_PROCS);
    // The HTTP probe runs from the first connection on: the crowd's arrival counts too.
    const busy = mode === 'product' ? probe(server.url, token) : null;
    // CPU over the measured window: from the end of the last client's warm-up (counted from its last join) to its end
    // (a client waits a second for late acknowledgements after its window: left out).
    let cpu0 = cpuTicks(server.proc.pid);
    let t0 = Date.now();
    let measuring = 0;
    const onMeasuring = () => {
      if (++measuring < CLIENT_PROCS) return;
      cpu0 = cpuTicks(server.proc.pid);
      t0 = Date.now();
    };
    const clients = Array.from({ length: CLIENT_PROCS }, (_, i) =>
      runClient(server.url, server.entryId, Math.min(per, n - i * per), onMeasuring),
    );
    const results = await Promise.all(clients);
    const cpuSeconds = (cpuTicks(server.proc.pid) - cpu0) / TICKS;
    const elapsed = (Date.now() - t0) / 1000 - 1;
    const httpBusy = (await busy?.stop()) ?? [];
    const sum = (k) => results.reduce((s, r) => s + r[k], 0);
    const latencies = merge(results, 'buckets');
    const chats = merge(results, 'chatBuckets');
    const row = {
      mode,
      n,
      joined: n - sum('failed'),
      msgs: Math.round(sum('messages') / SECONDS),
      states: Math.round(sum('states') / SECONDS),
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      chatP95: pct(chats, 95),
      chatAcked: `${sum('chatsAcked')}/${sum('chatsSent')}`,
      cpu: Math.round((cpuSeconds / elapsed) * 100),
      usPerMove: Math.round((cpuSeconds * 1e6) / Math.max(1, (sum('sent') * elapsed) / SECONDS)),
      httpIdleP95: httpIdle.length ? pct(httpIdle, 95) : null,
      httpBusyP95: httpBusy.length ? pct(httpBusy, 95) : null,
      httpBusyMax: httpBusy.length ? Math.round(Math.max(...httpBusy)) : null,
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const loadBefore = os.loadavg()[0].toFixed(1);
const rows = [];
for (const n of LEVELS) for (const mode of MODES) rows.push(await level(mode, n));
const loadAfter = os.loadavg()[0].toFixed(1);

const ratio = (a, b) => (a != null && b ? (a / b).toFixed(2) : '–');
const lines = rows.map((r) => {
  const relay = rows.find((x) => x.mode === 'relay' && x.n === r.n);
  const rel = r.mode === 'product' && relay;
  return `| ${r.mode} | ${r.n} | ${r.joined} | ${r.msgs} | ${r.states} | ${r.p50} | ${r.p95} | ${r.p99} | ${rel ? ratio(r.p95, relay.p95) : ''} | ${r.chatP95} | ${rel ? ratio(r.chatP95, relay.chatP95) : ''} | ${r.chatAcked} | ${r.cpu} | ${r.usPerMove} | ${rel ? ratio(r.usPerMove, relay.usPerMove) : ''} | ${r.httpIdleP95 ?? ''} | ${r.httpBusyP95 ?? ''}${r.httpBusyMax != null ? ` (max ${r.httpBusyMax})` : ''} | ${r.mode === 'product' ? ratio(r.httpBusyP95, r.httpIdleP95) : ''} |`;
});
for (const l of lines) console.log(l);

writeSection(
  'world',
  `## Meta world rooms (\`npm run bench world\`)

${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${CLIENT_PROCS} socket.io-client processes on loopback on
the same 2-core machine as the server (the clients' own CPU competes with the server's). One world entry (capacity
200: beyond, members overflow into further instances); every avatar connects ${process.env.WORLD_BENCH_STAGGER_MS ? `${process.env.WORLD_BENCH_STAGGER_MS} ms after the previous one of its client process` : 'at once'}, sends its
position at ${HZ} Hz and a chat message every ${CHAT_EVERY} s, measured for ${SECONDS} s after a ${WARMUP} s warm-up, walking on a 60 × 60 m floor.
**product**: the world module (batched \`world:states\` every 50 ms, members within 15 m — at most the nearest 30 —
every tick, the rest every 4th tick, only members that moved; chat stored before it is sent). **relay**: a bare
Socket.IO server broadcasting one batch of everything that moved every 50 ms to each room of 200 and relaying chat at
once (the floor: no database, no per-recipient filtering). Latency: from the sender's send to a receiver's receipt
(states include the wait for the next tick, 0–50 ms by design). CPU per move: µs of server CPU in the measured window
per position update received. HTTP: p95 of ordinary calls (market list, user info, one after another) on the product
server with no one in the world, then from the crowd's first connection to the end of its run (its slowest call in
brackets). Ratios: product ÷ relay of the same level, and HTTP with the crowd ÷ without. Budget: states p95 and CPU
per move ≤ 1.0 × the relay's at 200 and 400, chat p95 ≤ 1.5 × at 200, HTTP ≤ 1.5 × at 200, every avatar joins.
Machine load average (1 min) at the start and end of the run: ${loadBefore} and ${loadAfter} (other work on the machine
takes CPU from both servers: compare the two servers of one level, not runs with each other).

| server | avatars | joined | messages/s out | states/s out | p50 ms | p95 ms | p99 ms | p95 ÷ relay | chat p95 ms | chat ÷ relay | chat acked | server CPU % of a core | CPU µs per move | CPU ÷ relay | HTTP p95 ms without | HTTP p95 ms with | HTTP with ÷ without |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${lines.join('\n')}
`,
);
