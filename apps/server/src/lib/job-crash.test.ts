import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonChildren, startJsonChild } from '../../test/json-child';

let dataDir = '';

const start = (mode: 'hang' | 'finish') => startJsonChild('job-crash-child.ts', [dataDir, mode]);

afterAll(async () => {
  for (const c of jsonChildren) if (c.exitCode === null) c.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('jobs survive kill -9', () => {
  it('a job whose server was killed mid-way is picked up within seconds of the restart, and its scratch is swept', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-crash-'));
    const first = start('hang');
    const running = await first.next('running');
    const scratch = running.dir as string;
    expect(existsSync(path.join(scratch, 'partial.bin'))).toBe(true);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    // Immediate restart: the dead process's lease is recognised at once (its pid is gone), not after a timeout.
    const second = start('finish');
    const starting = await second.next('starting');
    const picked = await second.next('picked', 30_000);
    expect(picked.attempt).toBe(2);
    expect((picked.at as number) - (starting.at as number)).toBeLessThan(5000);
    const finished = await second.next('finished');
    expect(finished).toMatchObject({ status: 'done', attempts: 2, progress: 100 });
    expect(existsSync(scratch)).toBe(false);
    await new Promise((r) => (second.child.exitCode === null ? second.child.once('exit', r) : r(null)));
    expect(await fs.readdir(path.join(dataDir, 'tmp', 'jobs'))).toEqual([]);
  }, 240_000);
});
