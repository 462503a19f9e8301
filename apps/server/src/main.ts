import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
// `npm start` runs Node with --expose-gc for the two steps below (docs/perf.md, "Memory"); elsewhere `gc` is undefined
// and neither runs.
if (globalThis.gc) {
  collectStartGarbage(globalThis.gc);
  shrinkYoungGenerationWhenQuiet(globalThis.gc);
}

const url = config.publicUrl ?? `http://localhost:${config.port}`;
const lines = [
  '',
  `  XR Studio is running at ${url}/`,
  `  API docs:        ${url}/api/docs`,
  `  Health:          ${url}/api/health (alive)   Ready: ${url}/api/ready (database, storage, mail, Redis)`,
  ...(config.smtpUrl
    ? []
    : [
        '  Mail:            no SMTP_URL, so mails (registration codes, links) are printed in this log',
        '                   and listed for administrators at /api/system/mail_outbox',
      ]),
  `  Database:        ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`}`,
  '',
  '  Demo accounts (password Demo@12345):',
  '    admin@demo.test      administrator',
  '    orgadmin@demo.test   organisation admin',
  '    creator@demo.test    creator',
  '    user@demo.test       ordinary user',
  '',
];
console.log(lines.join('\n'));

/**
 * Starting (PGlite's migrations on a new data dir, the demo seed) leaves hundreds of MiB of garbage outside V8's heap
 * (WebAssembly memories, buffers) that V8 frees only at its next full collection, which a quiet server may not reach
 * for hours (750 MiB of idle RSS instead of ~300). One collection frees it; V8 compacts the old generation's
 * half-empty pages only in the collections after that (a first start's seed left ~20 MiB of them), so this collects
 * at least twice, and again while that still gives pages back (at most four, ~50 ms each).
 */
function collectStartGarbage(gc: NodeJS.GCFunction): void {
  const heapTotal = () => process.memoryUsage().heapTotal;
  for (let i = 0; i < 4; i++) {
    const before = heapTotal();
    gc();
    if (i > 0 && heapTotal() > before - 1024 * 1024) break;
  }
}

/**
 * V8 grows the young generation while the start allocates (up to --max-semi-space-size, both halves resident: 16 MiB)
 * and shrinks it only in a collection made while little is being allocated, which a quiet server never reaches:
 * nothing allocates, so nothing is collected. Every 5 s, when the event loop was busy less than 5 % of that time and
 * the young generation holds more than 2 MiB, one young-generation collection (about a millisecond) lets V8 shrink it
 * to 1 MiB; it grows again with the next burst. A busy server is left to V8's own collections.
 */
function shrinkYoungGenerationWhenQuiet(gc: NodeJS.GCFunction): void {
  let since = performance.eventLoopUtilization();
  setInterval(() => {
    const quiet = performance.eventLoopUtilization(since).utilization < 0.05;
    since = performance.eventLoopUtilization();
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (quiet && (young?.physical_space_size ?? 0) > 2 * 1024 * 1024) gc(true);
  }, 5000).unref();
}
