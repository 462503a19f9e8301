import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
let dataDir = '';

/** Starts the child process of test/job-crash-child.ts and collects its JSON lines. */
function start(mode: 'hang' | 'finish') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-crash-child.ts', dataDir, mode], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const events: Record<string, unknown>[] = [];
  let buffered = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('{')) events.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const next = async (event: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find((e) => e.event === event);
      if (found) return found;
      if (child.exitCode !== null && child.exitCode !== 0) throw new Error(`child exited ${child.exitCode}: ${errors}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${event} from the ${mode} child: ${errors}`);
  };
  return { child, next };
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
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
