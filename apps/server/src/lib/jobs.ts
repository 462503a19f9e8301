import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isJobFailureReason, type JobFailureReason } from '@xr/contract/jobs';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from './jobs.table';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler receives: its payload, a progress reporter (0-100) and a signal that fires when it must stop. */
export interface JobContext<P = Record<string, unknown>> {
  id: number;
  payload: P;
  attempt: number;
  /** True on the last attempt: a failure now fails the job for good. */
  final: boolean;
  progress(percent: number): Promise<void>;
  /** Fires when the queue stops (shutdown) or this process lost the job's lease (another took it over). */
  signal: AbortSignal;
  /**
   * A scratch folder of this attempt (created on first call) under the queue's scratch root. The queue removes it
   * when the attempt ends, and sweeps folders whose attempt is no longer running (e.g. after a crash).
   */
  scratchDir(): Promise<string>;
  /**
   * Ends the job inside the caller's transaction `tx`: done with `result`, or failed with `reason` (shown, translated),
   * `error` (the detail, logged, never shown) and `result` (facts the reason's message may name). What the handler
   * records in the same transaction (an asset marked ready or failed) becomes visible together with the job's outcome,
   * never before it. Only while this queue holds the job's lease (false otherwise); the queue then leaves the job as
   * it is when the handler returns or throws.
   */
  settle(outcome: JobOutcome, tx: DbOrTx): Promise<boolean>;
}

/** How a handler ends its job itself (`JobContext.settle`). */
export type JobOutcome =
  | { status: 'done'; result: unknown }
  | { status: 'failed'; reason: JobFailureReason; error: string; result?: unknown };

export type JobHandler<P = Record<string, unknown>> = (ctx: JobContext<P>) => Promise<unknown>;

/**
 * Thrown by a handler when retrying cannot help (bad input): the job fails at once with `reason`, the only failure
 * detail the API shows (translated, see @xr/contract/jobs). `detail` goes to the log and the job row, never to users.
 */
export class PermanentJobError extends Error {
  readonly reason: JobFailureReason;
  constructor(reason: JobFailureReason, detail?: string, options?: { cause?: unknown }) {
    super(detail ?? reason, options);
    this.name = 'PermanentJobError';
    this.reason = reason;
  }
}

/** What happens to a job the queue gives up on without its handler (its worker died on the last attempt). */
export type GiveUpHandler<P = Record<string, unknown>> = (payload: P, reason: JobFailureReason) => Promise<void>;

interface Log {
  error(obj: unknown, msg?: string): void;
  warn?(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  db: Db;
  log?: Log;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** A lease not renewed for this long belongs to a dead worker: the job is queued again. */
  leaseMs?: number;
  /** How often a running job renews its lease. */
  heartbeatMs?: number;
  /** How often leases are checked for dead workers (also at start). */
  reapMs?: number;
  /** Jobs this process runs at once (e.g. one per asset-pipeline worker thread). */
  concurrency?: number;
  /** Folder of the jobs' scratch folders (e.g. DATA_DIR/tmp/jobs); default a folder in the OS temp directory. */
  scratchRoot?: string;
  /** How often scratch folders of attempts no longer running are removed (also at start). */
  sweepMs?: number;
}

/** Who holds a lease: host, process id and a nonce of this queue (`host|pid|nonce`). */
const ownerId = () => `${os.hostname()}|${process.pid}|${crypto.randomBytes(4).toString('hex')}`;

/** True when `owner` was a process of this machine that no longer exists (it crashed or was killed). */
function deadOnThisHost(owner: string): boolean {
  const [host, pidText] = owner.split('|');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const SCRATCH_NAME = /^job-(\d+)-(\d+)$/;

/**
 * Jobs that survive a crash: rows in the `jobs` table, claimed with `FOR UPDATE SKIP LOCKED` (several server
 * processes can share one PostgreSQL database) under a lease that the running process renews every `heartbeatMs`.
 * A lease that is not renewed within `leaseMs`, or whose owner is a process of this machine that no longer exists,
 * is taken back by whichever queue notices first (checked every `reapMs` and at start), so a job whose worker was
 * killed runs again within seconds; after `maxAttempts` it fails with reason `interrupted`. Failures are retried
 * with back-off unless the handler throws `PermanentJobError`. Scratch folders of attempts that no longer run are
 * swept. Up to `concurrency` handlers run at once; they must not block request handling (CPU-heavy work goes to
 * worker threads, see lib/pipeline/pool.ts).
 *
 * Job types registered as `background` (catalogue building and seeding, which can run for minutes) never keep a user
 * waiting: the other types are claimed first, and while background jobs take every loop one more loop runs only the
 * other types, so an upload is processed at once even on a one-worker machine still building its catalogue.
 */
export function createJobQueue({
  db,
  log,
  pollMs = 500,
  leaseMs = 15_000,
  heartbeatMs = Math.max(50, Math.floor(leaseMs / 3)),
  reapMs = 2_000,
  concurrency = 1,
  scratchRoot = path.join(os.tmpdir(), 'xr-jobs'),
  sweepMs = 30_000,
}: JobQueueOptions) {
  const handlers = new Map<string, { run: JobHandler<never>; giveUp?: GiveUpHandler<never>; background: boolean }>();
  /** Background jobs this queue runs now (the foreground lane works only while they take every loop). */
  let backgroundRunning = 0;
  const me = ownerId();
  let running = false;
  /** Idle worker loops waiting for their next poll: calling one wakes it at once. */
  const sleepers = new Set<() => void>();
  let loops: Promise<void>[] = [];
  const controller = new AbortController();
  /** Jobs this queue runs now, with the attempt number (their scratch folders are kept). */
  const mine = new Map<number, number>();
  let timers: NodeJS.Timeout[] = [];

  const leaseUntil = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const wakeAll = () => {
    for (const wakeUp of [...sleepers]) wakeUp();
  };

  /** Claims the next job: foreground types first, then background ones (`foregroundOnly`: never those). */
  async function claim(foregroundOnly = false): Promise<JobRow | undefined> {
    const all = [...handlers.entries()];
    const background = all.filter(([, h]) => h.background).map(([type]) => type);
    const types = all.filter(([, h]) => !(foregroundOnly && h.background)).map(([type]) => type);
    if (types.length === 0) return undefined;
    const order = background.length
      ? sql`case when ${inArray(jobs.type, background)} then 1 else 0 end, ${jobs.id}`
      : sql`${jobs.id}`;
    const next = sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.runAfter} <= now()
      and ${inArray(jobs.type, types)} order by ${order} limit 1 for update skip locked)`;
    const [row] = await db
      .update(jobs)
      .set({
        status: 'running',
        leaseOwner: me,
        leaseUntil: leaseUntil(),
        lockedAt: new Date(),
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${jobs.id} = ${next}`)
      .returning();
    return row;
  }

  /**
   * Takes back the jobs of dead workers: expired leases, and leases of processes of this machine that are gone.
   * Queued again while attempts remain, else failed with reason `interrupted` (and the type's give-up hook runs).
   */
  async function reap(): Promise<number> {
    const owners = await db.selectDistinct({ owner: jobs.leaseOwner }).from(jobs).where(eq(jobs.status, 'running'));
    const dead = owners.flatMap((o) => (o.owner && o.owner !== me && deadOnThisHost(o.owner) ? [o.owner] : []));
    const lost = and(
      eq(jobs.status, 'running'),
      or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, sql`now()`), dead.length ? inArray(jobs.leaseOwner, dead) : undefined),
    );
    const requeued = await db
      .update(jobs)
      .set({ status: 'queued', leaseOwner: null, leaseUntil: null, lockedAt: null, runAfter: new Date(), updatedAt: new Date() })
      .where(and(lost, lt(jobs.attempts, jobs.maxAttempts)))
      .returning({ id: jobs.id });
    const failed = await db
      .update(jobs)
      .set({
        status: 'failed',
        reason: 'interrupted',
        error: 'worker lost',
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: new Date(),
      })
      .where(and(lost, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .returning();
    for (const job of failed) {
      log?.error({ job: job.id, type: job.type }, 'job given up: its worker was lost on every attempt');
      await handlers
        .get(job.type)
        ?.giveUp?.(job.payload as never, 'interrupted')
        .catch((err: unknown) => log?.error({ err, job: job.id }, 'job give-up hook failed'));
    }
    if (requeued.length) {
      log?.warn?.({ jobs: requeued.map((r) => r.id) }, 'jobs of a dead worker queued again');
      wakeAll();
    }
    return requeued.length + failed.length;
  }

  /** Removes scratch folders whose attempt no longer runs (finished, failed, or its worker died). */
  async function sweepScratch(): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(scratchRoot);
    } catch {
      return 0;
    }
    const found = names.flatMap((name) => {
      const m = SCRATCH_NAME.exec(name);
      return m ? [{ name, id: Number(m[1]), attempt: Number(m[2]) }] : [];
    });
    if (found.length === 0) return 0;
    const rows = await db
      .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, owner: jobs.leaseOwner })
      .from(jobs)
      .where(inArray(jobs.id, [...new Set(found.map((f) => f.id))]));
    const live = new Map(
      rows
        .filter((r) => r.status === 'running' && r.owner && (r.owner === me || !deadOnThisHost(r.owner)))
        .map((r) => [r.id, r.attempts]),
    );
    let removed = 0;
    for (const f of found) {
      if (mine.get(f.id) === f.attempt || live.get(f.id) === f.attempt) continue;
      await fs.rm(path.join(scratchRoot, f.name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  /** Writes the outcome of an attempt, only while this queue still holds the lease. */
  async function finish(job: JobRow, values: Partial<typeof jobs.$inferInsert>): Promise<void> {
    await db
      .update(jobs)
      .set({ ...values, leaseOwner: null, leaseUntil: null, lockedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, me), eq(jobs.status, 'running')));
  }

  async function runOne(job: JobRow): Promise<void> {
    const entry = handlers.get(job.type);
    if (!entry) return;
    if (entry.background) backgroundRunning++;
    try {
      await runHandler(job, entry.run as JobHandler);
    } finally {
      if (entry.background) backgroundRunning--;
    }
  }

  async function runHandler(job: JobRow, handler: JobHandler): Promise<void> {
    const lease = new AbortController();
    const signal = AbortSignal.any([controller.signal, lease.signal]);
    mine.set(job.id, job.attempts);
    const beat = setInterval(() => {
      db.update(jobs)
        .set({ leaseUntil: leaseUntil(), lockedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, me), eq(jobs.status, 'running')))
        .returning({ id: jobs.id })
        .then((rows) => {
          // Another worker took the job over (this process stalled past its lease): stop working on it.
          if (rows.length === 0) lease.abort();
        })
        .catch(() => undefined);
    }, heartbeatMs);
    let dir: string | undefined;
    let settled = false;
    try {
      const result = await handler({
        id: job.id,
        payload: job.payload,
        attempt: job.attempts,
        final: job.attempts >= job.maxAttempts,
        signal,
        scratchDir: async () => {
          dir ??= path.join(scratchRoot, `job-${job.id}-${job.attempts}`);
          await fs.mkdir(dir, { recursive: true });
          return dir;
        },
        progress: async (percent) => {
          const p = Math.max(0, Math.min(100, Math.round(percent)));
          await db
            .update(jobs)
            .set({ progress: p, leaseUntil: leaseUntil(), lockedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, me)));
        },
        settle: async (outcome, tx) => {
          const values =
            outcome.status === 'done'
              ? { status: 'done' as const, progress: 100, result: outcome.result ?? null, error: null, reason: null }
              : { status: 'failed' as const, result: outcome.result ?? null, error: outcome.error, reason: outcome.reason };
          const rows = await tx
            .update(jobs)
            .set({ ...values, leaseOwner: null, leaseUntil: null, lockedAt: null, updatedAt: new Date() })
            .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, me), eq(jobs.status, 'running')))
            .returning({ id: jobs.id });
          settled ||= rows.length > 0;
          return rows.length > 0;
        },
      });
      if (settled) return;
      if (signal.aborted) return requeue(job.id);
      await finish(job, { status: 'done', progress: 100, result: result ?? null, error: null, reason: null });
    } catch (err) {
      if (signal.aborted) return requeue(job.id);
      const permanent = err instanceof PermanentJobError;
      const retry = !permanent && job.attempts < job.maxAttempts;
      const reason: JobFailureReason = permanent && isJobFailureReason(err.reason) ? err.reason : 'processing_failed';
      const detail = err instanceof Error ? err.message : String(err);
      if (retry) log?.warn?.({ err, job: job.id, type: job.type, attempt: job.attempts }, 'job attempt failed, will retry');
      else log?.error({ err, job: job.id, type: job.type, reason }, 'job failed');
      if (settled) return;
      await finish(
        job,
        retry
          ? { status: 'queued', error: detail, runAfter: new Date(Date.now() + 1000 * job.attempts ** 2) }
          : { status: 'failed', error: detail, reason },
      );
    } finally {
      clearInterval(beat);
      mine.delete(job.id);
      if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** A job given up by a stopping worker goes back to the queue at once (a crash leaves it to `reap`). */
  async function requeue(id: number): Promise<void> {
    await db
      .update(jobs)
      .set({ status: 'queued', leaseOwner: null, leaseUntil: null, lockedAt: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, me), eq(jobs.status, 'running')))
      .catch(() => undefined);
  }

  /** A worker loop; the foreground lane claims only while background jobs take every ordinary loop. */
  async function work(lane: 'any' | 'foreground' = 'any'): Promise<void> {
    while (running) {
      let job: JobRow | undefined;
      try {
        if (lane === 'any') job = await claim();
        else if (backgroundRunning >= Math.max(1, concurrency)) job = await claim(true);
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

  const every = (ms: number, fn: () => Promise<unknown>, what: string) => {
    const t = setInterval(() => {
      fn().catch((err: unknown) => {
        if (running) log?.error({ err }, what);
      });
    }, ms);
    t.unref();
    timers.push(t);
  };

  return {
    /**
     * Registers the handler of a job type (before `start`); `giveUp` runs when its worker died on the last attempt;
     * `background` marks work nobody waits for (it yields to the other types, see above).
     */
    register<P>(type: string, handler: JobHandler<P>, opts: { giveUp?: GiveUpHandler<P>; background?: boolean } = {}): void {
      handlers.set(type, {
        run: handler as JobHandler<never>,
        giveUp: opts.giveUp as GiveUpHandler<never> | undefined,
        background: !!opts.background,
      });
    },

    /** Queues a job (in the caller's transaction when given) and wakes the idle worker loops. */
    async enqueue(type: string, payload: Record<string, unknown>, tx?: DbOrTx, opts: { maxAttempts?: number } = {}) {
      const [row] = await (tx ?? db)
        .insert(jobs)
        .values({ type, payload, maxAttempts: opts.maxAttempts ?? 3 })
        .returning();
      if (!row) throw new Error('job insert returned nothing');
      // Every idle loop looks (the first one may be the foreground lane, which does not take every type).
      wakeAll();
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

    /** Takes back what dead workers left running, sweeps scratch space, then starts the worker loops and checks. */
    async start(): Promise<void> {
      if (running) return;
      await reap();
      await sweepScratch();
      running = true;
      loops = [...Array.from({ length: Math.max(1, concurrency) }, () => work()), work('foreground')];
      every(reapMs, reap, 'job lease check failed');
      every(sweepMs, sweepScratch, 'job scratch sweep failed');
    },

    /**
     * Stops the loops. A job in progress is told through its signal and queued again for the next start; one whose
     * handler ignores the signal is waited for at most `graceMs` and then left to its lease (as after a crash).
     */
    async stop(graceMs = 5000): Promise<void> {
      running = false;
      for (const t of timers) clearInterval(t);
      timers = [];
      controller.abort();
      wakeAll();
      await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },

    reap,
    sweepScratch,
    /** The lease owner id of this queue (`host|pid|nonce`). */
    owner: me,
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
