#!/usr/bin/env node
/**
 * `npm run bench`: starts the real server on a fresh database (PGlite, and PostgreSQL too when DATABASE_URL is
 * set), drives the API with autocannon and writes the figures to docs/perf.md (between the markers of each
 * benchmark, so other benchmarks' sections stay). Each file in bench/*.bench.mjs is one benchmark.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
let failed = false;
for (const f of files) {
  console.log(`\n▶ ${f}`);
  // Arguments after the benchmark's name go to it (`npm run bench corpus -- --help`).
  const args = ['--import', 'tsx', path.join(root, 'bench', f), ...process.argv.slice(3)];
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
