import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../modules/system/jobs.table';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler receives: its payload, a progress reporter (0-100) and a signal that fires when the worker stops. */
export interface JobContext<P = Record<string, unknown>> {
  id: number;
  payload: P;
  attempt: number;
  /** True on the last attempt: a failure now fails the job for good. */
  final: boolean;
  progress(percent: number): Promise<void>;
  signal: AbortSignal;
}

export type JobHandler<P = Record<string, unknown>> = (ctx: JobContext<P>) => Promise<unknown>;

/** Thrown by a handler when retrying cannot help (bad input): the job fails at once. */
export class PermanentJobError extends Error {}

interface Log {
  error(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  db: Db;
  log?: Log;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** A running job whose lock is older than this belongs to a dead process and is queued again. */
  staleMs?: number;
  /** How often a running job refreshes its lock. */
  heartbeatMs?: number;
  /** Jobs this process runs at once (e.g. one per asset-pipeline worker thread). */
  concurrency?: number;
}

/**
 * Jobs that survive a restart: rows in the `jobs` table, claimed one at a time with `FOR UPDATE SKIP LOCKED`
 * (several server processes can share one PostgreSQL database), retried with back-off, and queued again at
 * start-up when a dead process left them running (its lock is no longer refreshed). Up to `concurrency` handlers
 * run at once in this process; they must not block request handling (they are async; CPU-heavy work goes to
 * worker threads, see lib/pipeline/pool.ts, or native code).
 */
export function createJobQueue({
  db,
  log,
  pollMs = 500,
  staleMs = 60_000,
  heartbeatMs = 10_000,
  concurrency = 1,
}: JobQueueOptions) {
  const handlers = new Map<string, JobHandler<never>>();
  let running = false;
  /** Idle worker loops waiting for their next poll: calling one wakes it at once. */
  const sleepers = new Set<() => void>();
  let loops: Promise<void>[] = [];
  const controller = new AbortController();

  async function claim(): Promise<JobRow | undefined> {
    const types = [...handlers.keys()];
    if (types.length === 0) return undefined;
    const next = sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.runAfter} <= now()
      and ${inArray(jobs.type, types)} order by ${jobs.id} limit 1 for update skip locked)`;
    const [row] = await db
      .update(jobs)
      .set({ status: 'running', lockedAt: new Date(), attempts: sql`${jobs.attempts} + 1`, updatedAt: new Date() })
      .where(sql`${jobs.id} = ${next}`)
      .returning();
    return row;
  }

  async function requeueStale(): Promise<number> {
    const rows = await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(Date.now() - staleMs))))
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** A job given up by a stopping worker goes back to the queue at once (best effort: a crash leaves it to `requeueStale`). */
  async function requeue(id: number): Promise<void> {
    await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
      .catch(() => undefined);
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers.get(job.type) as JobHandler | undefined;
    if (!handler) return;
    const beat = setInterval(() => {
      db.update(jobs)
        .set({ lockedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
        .catch(() => undefined);
    }, heartbeatMs);
    try {
      const result = await handler({
        id: job.id,
        payload: job.payload,
        attempt: job.attempts,
        final: job.attempts >= job.maxAttempts,
        signal: controller.signal,
        progress: async (percent) => {
          const p = Math.max(0, Math.min(100, Math.round(percent)));
          await db.update(jobs).set({ progress: p, lockedAt: new Date(), updatedAt: new Date() }).where(eq(jobs.id, job.id));
        },
      });
      if (controller.signal.aborted) return requeue(job.id);
      await db
        .update(jobs)
        .set({ status: 'done', progress: 100, result: result ?? null, error: null, lockedAt: null, updatedAt: new Date() })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      if (controller.signal.aborted) return requeue(job.id);
      const message = err instanceof Error ? err.message : String(err);
      const retry = !(err instanceof PermanentJobError) && job.attempts < job.maxAttempts;
      if (!retry) log?.error({ err, job: job.id, type: job.type }, 'job failed');
      await db
        .update(jobs)
        .set(
          retry
            ? { status: 'queued', error: message, lockedAt: null, runAfter: new Date(Date.now() + 1000 * job.attempts ** 2) }
            : { status: 'failed', error: message, lockedAt: null },
        )
        .where(eq(jobs.id, job.id));
    } finally {
      clearInterval(beat);
    }
  }

  async function work(): Promise<void> {
    while (running) {
      let job: JobRow | undefined;
      try {
        job = await claim();
      } catch (err) {
        if (running) log?.error({ err }, 'job claim failed');
      }
      if (job) {
        await runOne(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wakeUp, pollMs);
        function wakeUp() {
          clearTimeout(timer);
          sleepers.delete(wakeUp);
          resolve();
        }
        sleepers.add(wakeUp);
      });
    }
  }

  return {
    /** Registers the handler of a job type (before `start`). */
    register<P>(type: string, handler: JobHandler<P>): void {
      handlers.set(type, handler as JobHandler<never>);
    },

    /** Queues a job (in the caller's transaction when given) and wakes an idle worker loop. */
    async enqueue(type: string, payload: Record<string, unknown>, tx?: DbOrTx, opts: { maxAttempts?: number } = {}) {
      const [row] = await (tx ?? db)
        .insert(jobs)
        .values({ type, payload, maxAttempts: opts.maxAttempts ?? 3 })
        .returning();
      if (!row) throw new Error('job insert returned nothing');
      sleepers.values().next().value?.();
      return row;
    },

    async byIds(ids: number[]): Promise<JobRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(jobs).where(inArray(jobs.id, ids));
    },

    /** Jobs of a type still to run or running (e.g. to queue a self-continuing job only once). */
    async pendingOfType(type: string): Promise<number> {
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.type, type), inArray(jobs.status, ['queued', 'running'])));
      return rows.length;
    },

    async get(id: number): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** Queues again what a dead process left running, then starts the worker loops. */
    async start(): Promise<void> {
      if (running) return;
      await requeueStale();
      running = true;
      loops = Array.from({ length: Math.max(1, concurrency) }, () => work());
    },

    /**
     * Stops the loops. A job in progress is told through its signal and queued again for the next start; one whose
     * handler ignores the signal is waited for at most `graceMs` and then left to `requeueStale` (as after a crash).
     */
    async stop(graceMs = 5000): Promise<void> {
      running = false;
      controller.abort();
      for (const wakeUp of [...sleepers]) wakeUp();
      await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },

    requeueStale,
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
