#!/usr/bin/env node
/**
 * `npm test`: every check, stopping after the first stage with a failure:
 *   1. lint + format (Biome), typecheck (`tsc` per workspace, incremental, one per core) and the web build, side by
 *      side: each tsc and Vite build keeps about one core busy, so they share the cores instead of queueing;
 *   2. unit and integration tests (Vitest, the server suite on PGlite), one test file per core;
 *   3. the end-to-end journeys in headless Chromium against the built web app and real servers, in one lane per two cores
 *      (each lane with a server of its own, see e2e/lanes.ts);
 *   4. when DATABASE_URL is set, the server's database tests again on PostgreSQL (the files that never read the
 *      database are not repeated).
 * A step that runs beside another prints its output when it ends, so logs do not interleave. Ends with one
 * "N passed, N failed, N skipped" line: the tests of all Vitest runs, plus one failure per other failed step; the
 * exit code is non-zero on any failure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
const timings = [];
const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Runs one command; with `buffered`, its output is kept and printed in one piece when it ends. A failed step that is
 * not a Vitest run (lint, typecheck, build) counts as one failure in the totals.
 */
function run(title, cmd, args, { env = {}, buffered = false, counted = false } = {}) {
  console.log(`\n▶ ${title}${buffered ? ' (output when it ends)' : ''}`);
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env, ...(buffered ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}) },
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    const done = (code) => {
      const ok = code === 0;
      if (!ok && !counted) totals.failed += 1;
      if (buffered) {
        console.log(`\n▼ ${title}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      const s = seconds(Date.now() - t);
      timings.push(`${title}: ${ok ? 'ok' : 'FAILED'} in ${s} s`);
      console.log(`  ${title}: ${ok ? 'ok' : 'FAILED'} in ${s} s`);
      resolve(ok);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      done(1);
    });
    child.on('close', done);
  });
}

/** A Vitest run whose JSON report adds to the totals (a file that fails before its tests counts as one failure). */
async function vitest(title, args, opts = {}) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const ok = await run(
    title,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { ...opts, counted: true },
  );
  let failed = 0;
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    const failedFiles = (j.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    failed = (j.numFailedTests ?? 0) + failedFiles;
  }
  if (!ok && failed === 0) failed = 1;
  totals.failed += failed;
  return ok;
}

function finish(ok) {
  console.log(`\nStep times:\n  ${timings.join('\n  ')}`);
  console.log(`\nAll checks ${ok ? 'passed' : 'FAILED'} in ${seconds(Date.now() - started)} s`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

/**
 * The server test files that use a database: the ones PostgreSQL's run repeats. The others (pipeline, generators,
 * pure functions) do not read DATABASE_URL, so running them a second time would prove nothing new.
 */
function serverDatabaseTests() {
  const dir = path.join(root, 'apps/server/src');
  const usesDatabase =
    /test\/(app|world|commerce|pg)['.]|freshDatabase|createTestApp|openDatabase|DATABASE_URL|job-crash-child|db\/(client|postgres)['.]/;
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith('.test.ts'))
    .filter((f) => usesDatabase.test(fs.readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => path.join('apps/server/src', f))
    .sort();
}

const pgUrl = process.env.DATABASE_URL;
const noPg = { DATABASE_URL: '' };
const stages = [
  () =>
    Promise.all([
      run('lint and format (biome)', 'npx', ['biome', 'check', '.'], { buffered: true }),
      run(
        'import rules (dependency-cruiser)',
        'npx',
        ['depcruise', 'apps', 'packages', 'e2e', '--config', '.dependency-cruiser.cjs', '--ignore-known'],
        { buffered: true },
      ),
      run('typecheck (tsc)', 'npm', ['run', 'typecheck'], { buffered: true }),
      run('build web', 'npm', ['run', 'build'], { buffered: true }),
    ]),
  () => vitest('unit and integration (PGlite)', [], { env: noPg }),
  // The journeys run on a quiet machine: beside the PostgreSQL suite their toasts and timed waits were flaky on two
  // cores, and the PostgreSQL suite on one worker took longer than the two steps one after the other.
  () => vitest('end-to-end (Chromium)', ['--config', 'e2e/vitest.config.ts'], { env: noPg }),
  ...(pgUrl
    ? [
        () =>
          vitest(
            'server database tests (PostgreSQL)',
            ['--project', 'server', '--project', 'server-isolated', ...serverDatabaseTests()],
            {
              env: { DATABASE_URL: pgUrl },
            },
          ),
      ]
    : []),
];
for (const stage of stages) {
  const ok = [await stage()].flat().every(Boolean);
  if (!ok) finish(false);
}
finish(true);
