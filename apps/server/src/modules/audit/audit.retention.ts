import type { JobQueue } from '../../lib/jobs';
import type { AuditService } from './audit.service';

export const AUDIT_RETENTION_JOB = 'audit-retention';
const FIRST_MS = 5 * 60_000;
const EVERY_MS = 24 * 60 * 60_000;

interface Log {
  error(obj: unknown, msg?: string): void;
}

/**
 * The retention job: once a day (first five minutes after start) a background job removes audit entries older
 * than AUDIT_RETENTION_DAYS. The job survives a restart like any job; it is queued only when none is waiting, so
 * several server processes sharing a database queue it about once per period. Answers a stop function.
 */
export function startAuditRetention(jobs: JobQueue, audit: Pick<AuditService, 'purgeExpired'>, log?: Log): () => void {
  jobs.register(AUDIT_RETENTION_JOB, async () => ({ removed: await audit.purgeExpired() }), { background: true });
  const queue = () => {
    void (async () => {
      if ((await jobs.pendingOfType(AUDIT_RETENTION_JOB)) === 0) await jobs.enqueue(AUDIT_RETENTION_JOB, {});
    })().catch((err: unknown) => log?.error({ err }, 'queueing the audit retention job failed'));
  };
  const first = setTimeout(queue, FIRST_MS);
  const every = setInterval(queue, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
