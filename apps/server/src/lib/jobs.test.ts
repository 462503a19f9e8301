import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/app';
import type { Database } from '../db/client';
import { createJobQueue, PermanentJobError } from './jobs';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop();
});

const until = async (fn: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

describe('job queue', () => {
  it('runs jobs with progress and result; retries, then fails permanent errors at once', async () => {
    const q = createJobQueue({ db: database.db, pollMs: 20 });
    let calls = 0;
    q.register<{ n: number }>('double', async (ctx) => {
      await ctx.progress(50);
      return { value: ctx.payload.n * 2 };
    });
    q.register('flaky', async () => {
      calls++;
      throw new Error('try again');
    });
    q.register('bad', async () => {
      throw new PermanentJobError('invalid_model', 'bad input at /tmp/x');
    });
    await q.start();
    const a = await q.enqueue('double', { n: 21 });
    const b = await q.enqueue('flaky', {}, undefined, { maxAttempts: 1 });
    const c = await q.enqueue('bad', {});
    await until(async () => (await q.byIds([a.id, b.id, c.id])).every((j) => j.status === 'done' || j.status === 'failed'));
    await q.stop();
    const [ja, jb, jc] = await Promise.all([q.get(a.id), q.get(b.id), q.get(c.id)]);
    expect(ja).toMatchObject({ status: 'done', progress: 100, result: { value: 42 } });
    expect(jb).toMatchObject({ status: 'failed', error: 'try again', reason: 'processing_failed', attempts: 1 });
    expect(calls).toBe(1);
    expect(jc).toMatchObject({ status: 'failed', error: 'bad input at /tmp/x', reason: 'invalid_model', attempts: 1 });
  });

  it('starts a job queued in a transaction as soon as it commits, however slow the poll (the server on PGlite)', async () => {
    // app.ts polls every 5 s on PGlite: the enqueue's wake-up must be enough there. The woken claim waits for the
    // transaction (PGlite's one connection) and so sees the job; PostgreSQL keeps the default poll. On PGlite the
    // poll and the lease check here never fire during the test, so the job can only run through the wake-up.
    const never = 2 ** 31 - 1;
    const slow = database.kind === 'pglite';
    const q = createJobQueue({ db: database.db, ...(slow ? { pollMs: never, reapMs: never } : {}) });
    q.register('quick', async () => ({ ok: true }));
    await q.start();
    const job = await database.db.transaction(async (tx) => {
      const row = await q.enqueue('quick', {}, tx);
      await new Promise((r) => setTimeout(r, 100));
      return row;
    });
    await until(async () => (await q.get(job.id))?.status === 'done');
    await q.stop();
    expect(await q.get(job.id)).toMatchObject({ status: 'done', result: { ok: true } });
  });

  it('a job whose worker stopped renewing its lease is taken over within the lease, and its scratch is swept', async () => {
    const scratchRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-scratch-'));
    // First worker: claims the job, writes scratch, and hangs without renewing its lease (heartbeat never fires).
    const first = createJobQueue({ db: database.db, pollMs: 20, leaseMs: 300, heartbeatMs: 60_000, reapMs: 60_000, scratchRoot });
    let firstDir = '';
    first.register('convert', async (ctx) => {
      firstDir = await ctx.scratchDir();
      await fs.writeFile(path.join(firstDir, 'part.bin'), 'x'.repeat(1000));
      await ctx.progress(30);
      await new Promise(() => undefined);
    });
    await first.start();
    const job = await first.enqueue('convert', { file: 'a.glb' });
    await until(async () => !!firstDir && (await first.get(job.id))?.progress === 30);
    await first.stop(10);
    expect(await first.get(job.id)).toMatchObject({ status: 'running', progress: 30, leaseOwner: first.owner });
    expect(existsSync(firstDir)).toBe(true);

    // Second worker: the lease runs out, the job is queued again and finishes; the first attempt's scratch goes.
    const second = createJobQueue({ db: database.db, pollMs: 20, reapMs: 50, scratchRoot });
    let secondDir = '';
    second.register('convert', async (ctx) => {
      secondDir = await ctx.scratchDir();
      await second.sweepScratch();
      expect(existsSync(secondDir)).toBe(true);
      return { ok: true };
    });
    await second.start();
    await until(async () => (await second.get(job.id))?.status === 'done');
    expect(await second.get(job.id)).toMatchObject({ status: 'done', attempts: 2, result: { ok: true }, leaseOwner: null });
    expect(existsSync(firstDir)).toBe(false);
    await until(async () => !existsSync(secondDir));
    await second.stop();
    await fs.rm(scratchRoot, { recursive: true, force: true });
  });

  it('gives a job up with reason `interrupted` when its worker is lost on the last attempt', async () => {
    const q = createJobQueue({ db: database.db, pollMs: 20, reapMs: 50 });
    const given: unknown[] = [];
    q.register<{ n: number }>('fragile', async () => ({}), {
      giveUp: async (payload, reason) => void given.push({ payload, reason }),
    });
    const [row] = await database.db
      .execute(sql`insert into jobs (type, payload, status, attempts, max_attempts, lease_owner, lease_until)
      values ('fragile', '{"n":7}', 'running', 3, 3, 'elsewhere|1|x', now() - interval '1 second') returning id`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await q.start();
    await until(async () => (await q.get(row?.id as number))?.status === 'failed');
    expect(await q.get(row?.id as number)).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(given).toEqual([{ payload: { n: 7 }, reason: 'interrupted' }]);
    await q.stop();
    await database.db.execute(sql`delete from jobs`);
  });

  it('a job stopped gracefully goes back to the queue at once', async () => {
    const q = createJobQueue({ db: database.db, pollMs: 20 });
    q.register(
      'slow',
      (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
    );
    await q.start();
    const job = await q.enqueue('slow', {});
    await until(async () => (await q.get(job.id))?.status === 'running');
    await q.stop();
    expect(await q.get(job.id)).toMatchObject({ status: 'queued' });
    await database.db.execute(sql`delete from jobs`);
  });

  it('runs up to `concurrency` jobs at once, each claimed once', async () => {
    const q = createJobQueue({ db: database.db, pollMs: 20, concurrency: 2 });
    let active = 0;
    let most = 0;
    const seen: number[] = [];
    q.register<{ i: number }>('wait', async (ctx) => {
      active++;
      most = Math.max(most, active);
      seen.push(ctx.payload.i);
      await new Promise((r) => setTimeout(r, 100));
      active--;
    });
    await q.start();
    const jobs = await Promise.all([0, 1, 2, 3, 4].map((i) => q.enqueue('wait', { i })));
    await until(async () => (await q.byIds(jobs.map((j) => j.id))).every((j) => j.status === 'done'));
    await q.stop();
    expect(most).toBe(2);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
    await database.db.execute(sql`delete from jobs`);
  });

  it('runs an upload while background work takes every loop, and other types before queued background jobs', async () => {
    const q = createJobQueue({ db: database.db, pollMs: 20, concurrency: 1 });
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    q.register<{ name: string }>(
      'catalogue',
      async (ctx) => {
        order.push(ctx.payload.name);
        if (ctx.payload.name === 'first') await held;
      },
      { background: true },
    );
    q.register<{ name: string }>('upload', async (ctx) => {
      order.push(ctx.payload.name);
    });
    await q.start();
    const first = await q.enqueue('catalogue', { name: 'first' });
    await until(async () => (await q.get(first.id))?.status === 'running');
    const second = await q.enqueue('catalogue', { name: 'second' });
    const upload = await q.enqueue('upload', { name: 'upload' });
    // The only ordinary loop is held by background work: the upload still runs, the next background job waits.
    await until(async () => (await q.get(upload.id))?.status === 'done');
    expect((await q.get(second.id))?.status).toBe('queued');
    // Queued after the second background job, an upload still goes first: it runs while the background job waits
    // (waiting for it before the release keeps the order of the two starts from racing on a busy database).
    const later = await q.enqueue('upload', { name: 'later upload' });
    await until(async () => (await q.get(later.id))?.status === 'done');
    expect((await q.get(second.id))?.status).toBe('queued');
    release();
    await until(async () => (await q.get(second.id))?.status === 'done');
    await q.stop();
    // Queued before `later upload`, the second background job still ran after it.
    expect(order).toEqual(['first', 'upload', 'later upload', 'second']);
    await database.db.execute(sql`delete from jobs`);
  });
});
