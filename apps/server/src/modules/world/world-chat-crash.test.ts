import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonChildren, startJsonChild } from '../../../test/json-child';

let dataDir = '';

const start = (mode: 'chat' | 'check') => startJsonChild('world-chat-crash-child.ts', [dataDir, mode]);

afterAll(async () => {
  for (const c of jsonChildren) if (c.exitCode === null) c.kill('SIGKILL');
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
