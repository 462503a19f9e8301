import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * The number of rows `matches` yields, counted up to `cap + 1` and no further (the audit log's and the forum's
 * `total_exact` rule, like the market's prepared count): a count then costs at most `cap + 1` index entries or
 * probes, however many rows match. A result above `cap` means "more than cap": reply `total: cap, total_exact:
 * false` ("10,000+"). `matches` is a dynamic select (`.$dynamic()`) without a limit; what it selects is not read.
 */
export async function countUpTo(db: DbOrTx, matches: PgSelect, cap: number): Promise<number> {
  const capped = matches.limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}
