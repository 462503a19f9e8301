#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc` over each workspace, as many at once as there are cores (tsc uses one), each
 * incremental with its build info under node_modules/.cache/tsc (outside git), so a second run re-checks only
 * what changed. Each workspace keeps its own tsconfig, so `npx tsc -p <workspace> --noEmit` checks one alone.
 * Prints each project's errors when it ends; exits non-zero when any project has errors.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps/web', 'apps/server', 'e2e', 'packages/demo-content', 'packages/contract']; // largest first
const cache = path.join(root, 'node_modules/.cache/tsc');
fs.mkdirSync(cache, { recursive: true });
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  const t = Date.now();
  const info = path.join(cache, `${project.replace(/\W+/g, '-')}.tsbuildinfo`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(out));
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const lanes = Array.from({ length: Math.min(projects.length, Math.max(1, os.availableParallelism())) }, async () => {
  let ok = true;
  for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
