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
// Starting (PGlite's initdb and migrations on a new data dir, the demo seed) leaves hundreds of MiB of garbage outside
// V8's heap (WebAssembly memories, buffers) that V8 frees only at its next full collection, which a quiet server may
// not reach for hours: 750 MiB of idle RSS instead of ~300 (docs/perf.md, "Idle memory"). `npm start` runs Node
// with --expose-gc for this one collection; elsewhere `gc` is undefined and nothing happens.
globalThis.gc?.();

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
