import { AUDIT_COUNT_CAP, AUDIT_OFFSET_MAX, type AuditEntry, type AuditListQuery, type AuditListReply } from '@xr/contract/audit';
import type { Db, DbOrTx } from '../../db/client';
import { invalid } from '../../lib/errors';
import { type AuditFilter, type AuditRow, createAuditRepository } from './audit.repository';

/**
 * Who did it, as routes hand it to services: the signed-in user (`currentUser(request)` carries `name`, `ip` and
 * `requestId`), or the bare address and request id of an anonymous call (a failed sign-in, a password reset).
 */
export interface AuditActor {
  id?: number | null;
  name?: string;
  ip?: string;
  requestId?: string;
}

/** One entry to record. `actor: null` is the system itself (e.g. the retention job). */
export interface AuditRecord {
  actor: AuditActor | null;
  /** `module.verb`, e.g. `user.update`; list new ones in AUDIT_ACTIONS (@xr/contract/audit) for their label. */
  action: string;
  target?: { type: string; id: string | number; label?: string };
  /** Summary of the state before and after; `changes(before, after)` keeps the fields that differ. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Keys never stored in a summary, whatever a caller passes. */
const SECRET_KEY = /pass(word)?|token|secret|hash|cdk_plain|otp/i;
const TEXT_MAX = 200;
/** How long a count beyond the cap ("10,000+") is reused for the same filter, and how many filters are kept. */
const BEYOND_CAP_MS = 60_000;
const BEYOND_CAP_MAX = 1000;
const LIST_MAX = 50;
const DEPTH_MAX = 3;

/** A bounded, secret-free copy of a summary value (long texts cut, long lists shortened, deep objects elided). */
function summarise(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth >= DEPTH_MAX) return '…';
  if (Array.isArray(value)) return value.slice(0, LIST_MAX).map((v) => summarise(v, depth + 1));
  if (value instanceof Set) return summarise([...value], depth);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(k) || v === undefined) continue;
      out[k] = summarise(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

const summary = (v: Record<string, unknown> | null | undefined) => (v ? (summarise(v) as Record<string, unknown>) : null);

/**
 * The fields of `after` whose value differs from `before` (compared as JSON), as a before/after pair: what an
 * update changed, without the untouched rest of the row.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(summarise(before[key])) !== JSON.stringify(summarise(after[key]))) {
      b[key] = before[key] ?? null;
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    ip: row.ip,
    request_id: row.requestId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const RETENTION_BATCH = 5_000;

/**
 * The audit log: who did what to which target, from where, with a before/after summary.
 *
 * `record(tx, entry)` is the only writer, and it writes with the caller's transaction handle: the entry commits
 * with the action or not at all, so a failed action leaves no entry. Other modules receive this service as their
 * `audit` dependency (app.ts) and never touch its table. A new audited action (payouts, plan changes, approvals...)
 * is one call inside the action's transaction:
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   const before = await repo.forUpdate(id, tx);
 *   const after = await repo.decide(id, decision, tx);
 *   await audit.record(tx, {
 *     actor,                                  // currentUser(request) from the route: id, name, ip, requestId
 *     action: 'wallet.cash_out_decide',       // add it to AUDIT_ACTIONS (@xr/contract/audit) and the web's audit.json
 *     target: { type: 'cash_out', id, label: `#${id}` },
 *     ...changes({ state: before.state }, { state: after.state, reference }),
 *   });
 * });
 * ```
 *
 * Events outside a transaction (a failed sign-in) pass the plain database handle. Summaries drop keys that look
 * like secrets (password, token, hash) and are bounded in size. Entries can never be edited or deleted through
 * the API; only `purgeExpired` (the retention job, AUDIT_RETENTION_DAYS) removes old ones, and records that it did.
 */
export function createAuditService({ db, retentionDays }: { db: Db; retentionDays: number }) {
  const repo = createAuditRepository(db);

  /** Filters (as JSON) whose count went beyond AUDIT_COUNT_CAP, with when that stops being trusted. */
  const beyondCap = new Map<string, number>();
  function rememberBeyondCap(key: string) {
    beyondCap.delete(key);
    if (beyondCap.size >= BEYOND_CAP_MAX) {
      const oldest = beyondCap.keys().next().value;
      if (oldest !== undefined) beyondCap.delete(oldest);
    }
    beyondCap.set(key, Date.now() + BEYOND_CAP_MS);
  }

  async function record(tx: DbOrTx, entry: AuditRecord): Promise<void> {
    const actor = entry.actor;
    await repo.insert(
      {
        actorId: actor?.id ?? null,
        actorName: (actor ? (actor.name ?? '') : 'system').slice(0, TEXT_MAX),
        action: entry.action,
        targetType: entry.target?.type ?? '',
        targetId: entry.target ? String(entry.target.id) : '',
        targetLabel: (entry.target?.label ?? '').slice(0, TEXT_MAX),
        ip: actor?.ip ?? '',
        requestId: actor?.requestId ?? '',
        before: summary(entry.before),
        after: summary(entry.after),
      },
      tx,
    );
  }

  return {
    record,

    /**
     * GET /logs_list: one page, newest first. A page is at most two index range scans: the rows (ids from the index,
     * then those rows), and (only when the page is full, else the total is known) a count that stops at
     * AUDIT_COUNT_CAP (`total_exact: false` then, shown as "10,000+"; remembered for a minute per filter). Offsets beyond AUDIT_OFFSET_MAX are refused (narrow the filters), so no request walks a million
     * rows.
     */
    async list(q: AuditListQuery): Promise<AuditListReply> {
      const offset = (q.page - 1) * q.limit;
      if (offset >= AUDIT_OFFSET_MAX) throw invalid('page', 'v.auditPageTooDeep');
      const filter: AuditFilter = {
        actorId: q.actor_id,
        actorName: q.actor,
        action: q.action,
        targetType: q.target_type,
        targetId: q.target_type ? q.target_id : undefined,
        from: q.start ? new Date(q.start) : undefined,
        until: q.end ? new Date(q.end) : undefined,
      };
      const rows = await repo.page(filter, offset, q.limit);
      // A page that is not full ends the result: its total is known without counting (most filtered searches).
      // A filter already seen beyond the cap stays beyond it (entries are only added; retention removes year-old
      // ones), so it is not counted again for a minute.
      const key = JSON.stringify(filter);
      const known = beyondCap.get(key);
      let counted: number;
      if (rows.length < q.limit && (rows.length > 0 || offset === 0)) counted = offset + rows.length;
      else if (known !== undefined && known > Date.now()) counted = AUDIT_COUNT_CAP + 1;
      else {
        counted = await repo.countUpTo(filter, AUDIT_COUNT_CAP);
        if (counted > AUDIT_COUNT_CAP) rememberBeyondCap(key);
        else beyondCap.delete(key);
      }
      return {
        list: rows.map(toEntry),
        total: Math.min(counted, AUDIT_COUNT_CAP),
        total_exact: counted <= AUDIT_COUNT_CAP,
        page: q.page,
        limit: q.limit,
      };
    },

    /**
     * Removes entries older than the retention period in batches (short locks on a large table), then records a
     * system entry saying how many went. Safe to run twice at once: a row is deleted once.
     */
    async purgeExpired(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
      let removed = 0;
      for (;;) {
        const n = await repo.deleteOlderThan(cutoff, RETENTION_BATCH);
        removed += n;
        if (n < RETENTION_BATCH) break;
      }
      await record(db, {
        actor: null,
        action: 'audit.retention',
        target: { type: 'audit_log', id: '', label: '' },
        after: { removed, before: cutoff.toISOString(), retention_days: retentionDays },
      });
      return removed;
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** What other services receive: the writer only. */
export type AuditRecorder = Pick<AuditService, 'record'>;
