#!/usr/bin/env node
// `npm start`: builds the web app when no build exists, compiles the server (apps/server/build.mjs, about a second,
// so the bundle never lags the sources), then runs the compiled server (API + web on one origin).
// `npm run dev` keeps running the sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(dist) || process.env.REBUILD_WEB === '1') {
  console.log('Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@xr/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await buildServer();
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
