// Session-guard cost: the calls every signed-in page makes (user_info) and the bare health probe.
import { load, startServer, table, writeSection } from './lib.mjs';

const targets = [{ db: 'PGlite', env: {} }];
if (process.env.DATABASE_URL) targets.push({ db: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: '1' } });
const rows = [];
for (const t of targets) {
  const server = await startServer(t.env);
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'user@demo.test', password: 'Demo@12345' }),
    }).then((r) => r.json());
    const token = login.data.access_token;
    for (const [call, opts] of [
      ['GET /api/user/user_info', { url: `${server.url}/api/user/user_info`, headers: { authorization: `Bearer ${token}` } }],
      ['GET /api/health', { url: `${server.url}/api/health` }],
    ]) {
      const r = await load({ ...opts, connections: 50, duration: 10 });
      rows.push({ db: t.db, call, connections: 50, ...r });
      console.log(t.db, call, r);
    }
  } finally {
    await server.stop();
  }
}
writeSection(
  'auth',
  `## Session guard (issue 2)\n\nCommand: \`npm run bench auth\` (${new Date().toISOString().slice(0, 10)}), 10 s per call, autocannon, 50 connections.\n\n${table(rows)}`,
);
