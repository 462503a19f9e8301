/**
 * One client process of `npm run bench world`: `count` anonymous avatars join the entry, walk at `hz` for `seconds`
 * (positions spread over a 60 × 60 m floor, so some are near and some far), each says something in the chat every
 * `chatEvery` seconds, and they measure what they receive. The send time travels in the y coordinate (milliseconds
 * modulo 10 s, kept exactly by the server's millimetre rounding) and in the chat text, so every received state and
 * chat message gives its fan-out latency (all client processes share this machine's clock). Prints one JSON line:
 * moves sent, messages and states received after the warm-up, chat messages sent, acknowledged and received, the
 * latency histograms (count per millisecond) and how many avatars could not connect or join.
 */
import { io } from 'socket.io-client';

const [url, entryId, count, seconds, warmup, hz, chatEvery] = process.argv.slice(2).map((v, i) => (i === 0 ? v : Number(v)));
const sockets = [];
let sent = 0;
let messages = 0;
let states = 0;
let chatsSent = 0;
let chatsAcked = 0;
let chatsReceived = 0;
let failed = 0;
/** Latency histograms: count per millisecond up to 10 s. */
const histogram = new Uint32Array(10_000);
const chatHistogram = new Uint32Array(10_000);
let measuring = false;

const since = (sentMs) => {
  let d = (Date.now() % 10_000) - sentMs;
  if (d < 0) d += 10_000;
  return d;
};

function onStates(e) {
  if (!measuring) return;
  messages++;
  for (let i = 0; i < e.m.length; i++) {
    states++;
    histogram[since(Math.round(e.s[i * 5 + 1] * 1000))]++;
  }
}

function onChat(m) {
  const sentMs = /^bench (\d+)$/.exec(m.text)?.[1];
  if (!measuring || sentMs === undefined) return;
  chatsReceived++;
  chatHistogram[since(Number(sentMs))]++;
}

async function join(i) {
  const s = io(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    await new Promise((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    const r = await s
      .timeout(30_000)
      .emitWithAck('world:join', { entry_id: entryId || 1, guest_id: `bench-${process.pid}-${i}` });
    if (!r.ok) throw new Error(`join refused: ${JSON.stringify(r)}`);
  } catch (e) {
    console.error(`client ${process.pid}: avatar ${i} did not join (${e.message})`);
    failed++;
    s.disconnect();
    return;
  }
  s.on('world:states', onStates);
  s.on('world:chat', onChat);
  sockets.push({ s, x: Math.random() * 60, z: Math.random() * 60, a: Math.random() * Math.PI * 2, chatAt: 0 });
}

// By default every avatar starts connecting at once (a crowd arriving after an announcement), each waiting for its
// join; WORLD_BENCH_STAGGER_MS spaces their starts (to measure the fan-out on a machine too loaded for the crowd).
const stagger = Number(process.env.WORLD_BENCH_STAGGER_MS ?? 0);
await Promise.all(Array.from({ length: count }, (_, i) => new Promise((r) => setTimeout(r, i * stagger)).then(() => join(i))));
console.error(`client ${process.pid}: ${sockets.length} of ${count} joined`);
const start = Date.now();
for (const c of sockets) c.chatAt = start + Math.random() * chatEvery * 1000;

const walk = setInterval(() => {
  const now = Date.now();
  const y = (now % 10_000) / 1000;
  for (const c of sockets) {
    c.a += (Math.random() - 0.5) * 0.3;
    c.x = Math.min(60, Math.max(0, c.x + Math.cos(c.a) * 0.07));
    c.z = Math.min(60, Math.max(0, c.z + Math.sin(c.a) * 0.07));
    c.s.emit('world:move', { x: c.x, y, z: c.z, yaw: c.a % Math.PI, pitch: 0 });
    if (measuring) sent++;
    if (chatEvery > 0 && now >= c.chatAt) {
      c.chatAt = now + chatEvery * 1000;
      const counted = measuring;
      if (counted) chatsSent++;
      c.s.emit('world:chat', { text: `bench ${now % 10_000}` }, (r) => {
        if (counted && r?.ok) chatsAcked++;
      });
    }
  }
}, 1000 / hz);

await new Promise((r) => setTimeout(r, warmup * 1000));
measuring = true;
process.stdout.write('MEASURING\n');
await new Promise((r) => setTimeout(r, seconds * 1000));
measuring = false;
clearInterval(walk);
// Acknowledgements of the last messages still on their way.
await new Promise((r) => setTimeout(r, 1000));
for (const c of sockets) c.s.disconnect();
const buckets = (h) => {
  const out = {};
  h.forEach((n, ms) => {
    if (n) out[ms] = n;
  });
  return out;
};
process.stdout.write(
  `${JSON.stringify({ sent, messages, states, chatsSent, chatsAcked, chatsReceived, failed, buckets: buckets(histogram), chatBuckets: buckets(chatHistogram) })}\n`,
  () => process.exit(0),
);
