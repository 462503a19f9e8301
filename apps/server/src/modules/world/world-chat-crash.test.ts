import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
let dataDir = '';

/** Starts test/world-chat-crash-child.ts; `until` resolves once its JSON lines satisfy the predicate. */
function start(mode: 'chat' | 'check') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/world-chat-crash-child.ts', dataDir, mode], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const events: Record<string, unknown>[] = [];
  let buffered = '';
  let errors = '';
  let wake: () => void = () => undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('{')) events.push(JSON.parse(line) as Record<string, unknown>);
    }
    wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const until = (done: (events: Record<string, unknown>[]) => boolean) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => {
      wake = () => {
        if (done(events)) resolve(events);
      };
      child.once('exit', (code) => (done(events) ? resolve(events) : reject(new Error(`child exited ${code}: ${errors}`))));
      wake();
    });
  return { child, until };
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('world chat group commit', () => {
  it('keeps every acknowledged message when the process is killed with SIGKILL', { timeout: 400_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-world-chat-crash-'));
    const writer = start('chat');
    const seen = await writer.until((ev) => ev.filter((e) => e.event === 'acked').length >= 15);
    writer.child.kill('SIGKILL');
    await new Promise((r) => writer.child.once('exit', r));
    // Acknowledgements printed up to the kill (stdout may hold a few more than the 15 awaited).
    const acked = seen.filter((e) => e.event === 'acked').map((e) => e.text as string);
    const checker = start('check');
    const [stored] = (await checker.until((ev) => ev.some((e) => e.event === 'stored'))).filter((e) => e.event === 'stored');
    const texts = new Set(stored?.texts as string[]);
    expect(acked.filter((t) => !texts.has(t))).toEqual([]);
    // The visit's count was written in the same transactions as the messages.
    expect(stored?.messages).toBe(texts.size);
  });
});
