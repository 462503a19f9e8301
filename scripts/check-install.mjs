#!/usr/bin/env node
/**
 * After `npm ci`: proves the install scripts allowed in package.json's `allowScripts` really ran. esbuild's
 * postinstall swaps its `bin/esbuild` launcher for the platform's native binary (and checks its version); the ffmpeg
 * installer's makes its binary executable. Exits non-zero, naming the package, when one did not.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const problems = [];
let checked = 0;

for (const [where, entry] of Object.entries(lock.packages)) {
  if (!entry.hasInstallScript || !where) continue;
  const dir = path.join(root, where);
  if (!fs.existsSync(dir)) continue; // an optional package of another platform
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (name === 'esbuild') {
    const bin = path.join(dir, 'bin/esbuild');
    const native = process.platform === 'win32' || fs.readFileSync(bin).subarray(0, 2).toString() !== '#!';
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (!native) problems.push(`${where}: bin/esbuild is still the JavaScript launcher (its postinstall did not run)`);
    else if (r.status !== 0 || r.stdout.trim() !== entry.version)
      problems.push(`${where}: bin/esbuild --version answered ${JSON.stringify(r.stdout.trim())}, expected ${entry.version}`);
  } else if (name.startsWith('@ffmpeg-installer/')) {
    const bin = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    const r = spawnSync(bin, ['-version'], { encoding: 'utf8' });
    if (r.status !== 0) problems.push(`${where}: ${bin} does not run (${r.error?.message ?? `exit ${r.status}`})`);
  } else {
    problems.push(`${where}: has an install script this check does not know; add how to verify it here`);
  }
  checked++;
}

for (const p of problems) console.error(`install check: ${p}`);
console.log(`install check: ${checked} packages with install scripts, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
