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
      throw new PermanentJobError('bad input');
    });
    await q.start();
    const a = await q.enqueue('double', { n: 21 });
    const b = await q.enqueue('flaky', {}, undefined, { maxAttempts: 1 });
    const c = await q.enqueue('bad', {});
    await until(async () => (await q.byIds([a.id, b.id, c.id])).every((j) => j.status === 'done' || j.status === 'failed'));
    await q.stop();
    const [ja, jb, jc] = await Promise.all([q.get(a.id), q.get(b.id), q.get(c.id)]);
    expect(ja).toMatchObject({ status: 'done', progress: 100, result: { value: 42 } });
    expect(jb).toMatchObject({ status: 'failed', error: 'try again', attempts: 1 });
    expect(calls).toBe(1);
    expect(jc).toMatchObject({ status: 'failed', error: 'bad input' });
  });

  it('a job interrupted by a dead process completes after a restart', async () => {
    // First "process": claims the job and dies mid-way (its handler never returns, its lock is never refreshed).
    const first = createJobQueue({ db: database.db, pollMs: 20, heartbeatMs: 60_000 });
    let started = false;
    first.register('convert', async (ctx) => {
      started = true;
      await ctx.progress(30);
      await new Promise(() => undefined);
    });
    await first.start();
    const job = await first.enqueue('convert', { file: 'a.glb' });
    await until(async () => started && (await first.get(job.id))?.progress === 30);
    await first.stop(10);
    expect(await first.get(job.id)).toMatchObject({ status: 'running', progress: 30 });

    // Second process: the stale lock means the first one is gone; the job is queued again and finishes.
    const second = createJobQueue({ db: database.db, pollMs: 20, staleMs: 0 });
    second.register('convert', async () => ({ ok: true }));
    await second.start();
    await until(async () => (await second.get(job.id))?.status === 'done');
    expect(await second.get(job.id)).toMatchObject({ status: 'done', attempts: 2, result: { ok: true } });
    await second.stop();
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
});
