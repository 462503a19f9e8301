/**
 * One client process of `npm run bench world`: `count` anonymous avatars join the entry, walk at 20 Hz for `seconds`
 * (positions spread over a 60 × 60 m floor, so some are near and some far), and measure what they receive. The send
 * time travels in the y coordinate (milliseconds modulo 10 s, kept exactly by the server's millimetre rounding), so
 * every received state gives its fan-out latency (all client processes share this machine's clock). Prints one JSON
 * line: messages and states received after the warm-up, and the latency histogram (count per millisecond).
 */
import { io } from 'socket.io-client';

const [url, entryId, count, seconds, warmup] = process.argv.slice(2).map((v, i) => (i === 0 ? v : Number(v)));
const sockets = [];
let messages = 0;
let states = 0;
/** Latency histogram: count per millisecond up to 10 s. */
const histogram = new Uint32Array(10_000);
let measuring = false;

function onStates(e) {
  if (!measuring) return;
  messages++;
  const now = Date.now() % 10_000;
  for (let i = 0; i < e.m.length; i++) {
    states++;
    const sent = Math.round(e.s[i * 5 + 1] * 1000);
    let d = now - sent;
    if (d < 0) d += 10_000;
    histogram[d]++;
  }
}

for (let i = 0; i < count; i++) {
  const s = io(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  const r = await s.timeout(30_000).emitWithAck('world:join', { entry_id: entryId || 1, guest_id: `bench-${process.pid}-${i}` });
  if (!r.ok) throw new Error(`join refused: ${JSON.stringify(r)}`);
  s.on('world:states', onStates);
  sockets.push({ s, x: Math.random() * 60, z: Math.random() * 60, a: Math.random() * Math.PI * 2 });
}
console.error(`client ${process.pid}: ${count} joined`);

const walk = setInterval(() => {
  const y = (Date.now() % 10_000) / 1000;
  for (const c of sockets) {
    c.a += (Math.random() - 0.5) * 0.3;
    c.x = Math.min(60, Math.max(0, c.x + Math.cos(c.a) * 0.07));
    c.z = Math.min(60, Math.max(0, c.z + Math.sin(c.a) * 0.07));
    c.s.emit('world:move', { x: c.x, y, z: c.z, yaw: c.a % Math.PI, pitch: 0 });
  }
}, 50);

await new Promise((r) => setTimeout(r, warmup * 1000));
measuring = true;
await new Promise((r) => setTimeout(r, seconds * 1000));
measuring = false;
clearInterval(walk);
for (const c of sockets) c.s.disconnect();
const buckets = {};
histogram.forEach((n, ms) => {
  if (n) buckets[ms] = n;
});
process.stdout.write(`${JSON.stringify({ messages, states, buckets })}\n`, () => process.exit(0));
