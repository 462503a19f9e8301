#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure:
 * lint + format (Biome), typecheck, unit and integration tests (Vitest; the server suite on PGlite and, when
 * DATABASE_URL is set, again on PostgreSQL), then the end-to-end journeys in headless Chromium against the
 * built web app and the real server. Ends with one "N passed, N failed" line over all Vitest runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function vitest(title, args, env = {}) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  } else if (!ok) totals.failed += 1;
  return ok;
}

function finish(ok) {
  console.log(`\nAll checks ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const pgUrl = process.env.DATABASE_URL;
const noPg = { DATABASE_URL: '' };
const steps = [
  () => run('lint and format (biome)', 'npx', ['biome', 'check', '.']),
  () => run('typecheck (tsc)', 'npm', ['run', 'typecheck']),
  () => vitest('unit and integration (PGlite)', [], noPg),
  ...(pgUrl ? [() => vitest('server integration (PostgreSQL)', ['--project', 'server'], { DATABASE_URL: pgUrl })] : []),
  () => run('build web', 'npm', ['run', 'build']),
  () => vitest('end-to-end (Chromium)', ['--config', 'e2e/vitest.config.ts'], noPg),
];
for (const step of steps) if (!step()) finish(false);
finish(true);
