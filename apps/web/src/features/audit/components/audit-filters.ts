/**
 * The audit log's filter bar as typed (`AuditFilters`) and the GET /logs_list parameters it becomes. Kept apart from
 * the component so the mapping is tested on its own.
 */

/** What the filter bar holds. Days are `YYYY-MM-DD` in the viewer's zone. */
export interface AuditFilters {
  /** An account id (digits, or `#12`) or a user name / typed account. */
  actor: string;
  action?: string;
  targetType?: string;
  targetId: string;
  days: [string, string] | null;
}

export const BLANK_FILTERS: AuditFilters = { actor: '', targetId: '', days: null };

/** The query string of GET /logs_list (undefined values are left out by the HTTP client). */
export interface AuditListParams {
  page: number;
  limit: number;
  actor_id?: number;
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  start?: string;
  end?: string;
}

const ID = /^#?(\d{1,10})$/;

/** Midnight starting a local day (`YYYY-MM-DD`), as an ISO instant; `plusDays` moves it. */
function localMidnight(day: string, plusDays = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/**
 * Filters to parameters: an actor made of digits (or `#digits`) is an account id, anything else a name; a target id
 * is sent only with a target type (the server ignores it alone); the day range covers both whole days in the
 * viewer's zone (`start` the first midnight, `end` the midnight after the last day).
 */
export function toAuditListParams(f: AuditFilters, page: number, limit: number): AuditListParams {
  const actor = f.actor.trim();
  const id = ID.exec(actor);
  const idValue = id ? Number(id[1]) : undefined;
  const targetId = f.targetId.trim();
  return {
    page,
    limit,
    ...(idValue !== undefined && idValue > 0 && idValue <= 2_147_483_647 ? { actor_id: idValue } : actor ? { actor } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.targetType ? { target_type: f.targetType, ...(targetId ? { target_id: targetId } : {}) } : {}),
    ...(f.days ? { start: localMidnight(f.days[0]), end: localMidnight(f.days[1], 1) } : {}),
  };
}
