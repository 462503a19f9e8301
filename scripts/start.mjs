#!/usr/bin/env node
// `npm start`: builds the web app when no build exists, then runs the server (API + web on one origin).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(dist) || process.env.REBUILD_WEB === '1') {
  console.log('Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@xr/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // sharp and file I/O of the API and the pipeline workers share libuv's thread pool (4 by default)
  env: { NODE_ENV: 'production', UV_THREADPOOL_SIZE: '8', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
