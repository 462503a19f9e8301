/**
 * Idle memory of the server: the resident set (VmRSS) of the real server process after a fresh
 * start with the demo data seeded and a short warm-up of public and signed-in calls, then 10 s of quiet. Background
 * content generation (SEED_MEDIA_WIDTH=0) and the library prebuild (LIBRARY_PREBUILD=0) are off so "idle" means idle.
 * The embedded database runs inside the process (PGlite, WebAssembly), so its shared buffers count in the RSS:
 * the runs use the product's default (PGLITE_SHARED_BUFFERS=auto: 16MB for this demo-sized database). They compare the sources run through tsx
 * (`npm run dev`) with the compiled server `npm start` runs (apps/server/build.mjs, with its environment).
 * Budget: the embedded idle under 350 MiB.
 */
import fs from 'node:fs';
import { startServer, writeSection } from './lib.mjs';

const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

async function measure(label, env, opts = {}) {
  const server = await startServer({ SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0', ...env }, opts);
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'user@demo.test', password: 'Demo@12345' }),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${login.data.access_token}` };
    for (let i = 0; i < 20; i++) {
      const list = await fetch(`${server.url}/api/home_page/item_list?page=${(i % 5) + 1}&limit=12`).then((r) => r.json());
      const id = list.data.list[0]?.id;
      if (id) await fetch(`${server.url}/api/project/front_project_details?id=${id}`);
      await fetch(`${server.url}/api/user/user_info`, { headers: auth });
      await fetch(`${server.url}/api/library/model_page?page=${i + 1}&limit=24`, { headers: auth });
    }
    // The warm-up's library pages may build models on demand in the pipeline's worker threads, for longer than
    // 10 s on a busy machine: the RSS is read after 10 s and again after a minute.
    await new Promise((r) => setTimeout(r, 10_000));
    const rss = rssMiB(server.pid);
    await new Promise((r) => setTimeout(r, 50_000));
    const rss60 = rssMiB(server.pid);
    console.log(`${label}: ${rss} MiB after 10 s, ${rss60} MiB after 60 s`);
    return { label, rss, rss60 };
  } finally {
    await server.stop();
  }
}

const runs = [
  await measure('PGlite, sources through tsx (`npm run dev`), glibc defaults', {}),
  await measure('PGlite, compiled server as `npm start` runs it (its environment and Node flags)', {}, { compiled: true }),
];
if (process.env.DATABASE_URL)
  runs.push(await measure('PostgreSQL server, compiled', { DATABASE_URL: process.env.DATABASE_URL }, { compiled: true }));
const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');

writeSection(
  'memory',
  `## Idle memory (\`npm run bench memory\`)

${new Date().toISOString().slice(0, 10)}, Node ${process.version}: RSS of the server process after a fresh start with the demo data,
a warm-up of 80 calls (market pages, details, user info, library pages) and 10 s (then 60 s) idle; content generation and the
library prebuild off; load average (1/5/15 min) after the runs ${load}. Budget: embedded idle under 350 MiB.

| server | idle RSS MiB after 10 s | after 60 s |
|---|---|---|
${runs.map((r) => `| ${r.label} | ${r.rss} | ${r.rss60} |`).join('\n')}
`,
);
