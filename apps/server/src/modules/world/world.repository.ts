import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { worldBans, worldChat, worldEntries, worldNodes, worldRoles, worldVisits } from './world.table';

export type WorldEntryRow = typeof worldEntries.$inferSelect;
export type NewWorldEntryRow = typeof worldEntries.$inferInsert;
export type WorldVisitRow = typeof worldVisits.$inferSelect;
export type NewWorldVisitRow = typeof worldVisits.$inferInsert;
export type WorldChatRow = typeof worldChat.$inferSelect;

/** `%text%` for ILIKE with the pattern characters of the text escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Start of a `YYYY-MM-DD` day (UTC) and the start of the day after. */
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 24 * 3600 * 1000);

export interface ChatFilter {
  /** Only rooms of this author (creators see their own rooms' records). */
  authorId?: number;
  entryId?: number;
  userId?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}
export interface OnlineFilter {
  authorId?: number;
  entryId?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  online?: boolean;
}
export interface OnlineAggregate {
  userId: number;
  entryId: number;
  name: string;
  firstLogin: Date;
  lastLogin: Date;
  seconds: number;
  messages: number;
  online: boolean;
}

/** Seconds between joining and `at`, never negative. */
const secondsUntil = (at: SQL) => sql<number>`greatest(0, floor(extract(epoch from (${at} - ${worldVisits.joinedAt}))))::int`;

/** The only code that touches the world tables. */
export function createWorldRepository(db: DbOrTx) {
  return {
    // --- Entries ---

    async insertEntry(row: NewWorldEntryRow, tx: DbOrTx = db): Promise<WorldEntryRow> {
      const [r] = await tx.insert(worldEntries).values(row).returning();
      if (!r) throw new Error('insert returned nothing');
      return r;
    },
    async updateEntry(id: number, patch: Partial<NewWorldEntryRow>, tx: DbOrTx = db): Promise<WorldEntryRow | undefined> {
      const [r] = await tx
        .update(worldEntries)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(worldEntries.id, id), isNull(worldEntries.deletedAt)))
        .returning();
      return r;
    },
    async entryById(id: number, tx: DbOrTx = db): Promise<WorldEntryRow | undefined> {
      const [r] = await tx
        .select()
        .from(worldEntries)
        .where(and(eq(worldEntries.id, id), isNull(worldEntries.deletedAt)));
      return r;
    },
    /** Locks the entry's row: joins of one entry take their instance one after the other (on every process). */
    async lockEntry(id: number, tx: DbOrTx): Promise<WorldEntryRow | undefined> {
      const [r] = await tx
        .select()
        .from(worldEntries)
        .where(and(eq(worldEntries.id, id), isNull(worldEntries.deletedAt)))
        .for('update');
      return r;
    },
    async entryNames(ids: number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: worldEntries.id, name: worldEntries.name })
        .from(worldEntries)
        .where(inArray(worldEntries.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async entryPage(
      f: { keyword?: string; roomType?: WorldEntryRow['roomType']; authorId?: number },
      page: number,
      limit: number,
    ) {
      const where = and(
        isNull(worldEntries.deletedAt),
        f.authorId ? eq(worldEntries.authorId, f.authorId) : undefined,
        f.keyword ? ilike(worldEntries.name, likePattern(f.keyword)) : undefined,
        f.roomType ? eq(worldEntries.roomType, f.roomType) : undefined,
      );
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(worldEntries)
          .where(where)
          // `desc nulls last` as the index is built (drizzle-kit writes it so): a plain `desc` (nulls first) could not walk it
          .orderBy(sql`${worldEntries.weight} desc nulls last`, sql`${worldEntries.id} desc nulls last`)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(worldEntries).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },
    async addView(id: number, tx: DbOrTx): Promise<void> {
      await tx
        .update(worldEntries)
        .set({ views: sql`${worldEntries.views} + 1` })
        .where(eq(worldEntries.id, id));
    },
    async setStage(id: number, stage: WorldEntryRow['stage'], tx: DbOrTx = db): Promise<void> {
      await tx.update(worldEntries).set({ stage }).where(eq(worldEntries.id, id));
    },

    // --- Visits ---

    /** People per instance of an entry now. */
    async instanceCounts(entryId: number, tx: DbOrTx = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ instance: worldVisits.instance, n: count() })
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), isNull(worldVisits.leftAt)))
        .groupBy(worldVisits.instance);
      return new Map(rows.map((r) => [r.instance, r.n]));
    },
    /** People in each entry now (across instances). */
    async onlineCounts(entryIds: number[]): Promise<Map<number, number>> {
      if (entryIds.length === 0) return new Map();
      const rows = await db
        .select({ entryId: worldVisits.entryId, n: count() })
        .from(worldVisits)
        .where(and(inArray(worldVisits.entryId, entryIds), isNull(worldVisits.leftAt)))
        .groupBy(worldVisits.entryId);
      return new Map(rows.map((r) => [r.entryId, r.n]));
    },
    async insertVisit(row: NewWorldVisitRow, tx: DbOrTx): Promise<WorldVisitRow> {
      const [r] = await tx.insert(worldVisits).values(row).returning();
      if (!r) throw new Error('insert returned nothing');
      return r;
    },
    async openVisit(id: number, tx: DbOrTx = db): Promise<WorldVisitRow | undefined> {
      const [r] = await tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.id, id), isNull(worldVisits.leftAt)));
      return r;
    },
    async openVisitsOfInstance(entryId: number, instance: number, tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      return tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), eq(worldVisits.instance, instance), isNull(worldVisits.leftAt)))
        .orderBy(asc(worldVisits.id));
    },
    /** The entry's hosts now, in every instance (a few rows even when the rooms hold hundreds). */
    async openHostVisits(entryId: number, tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      return tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), isNull(worldVisits.leftAt), eq(worldVisits.role, 'host')))
        .orderBy(asc(worldVisits.id));
    },
    async openVisitsOfEntry(entryId: number, tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      return tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), isNull(worldVisits.leftAt)))
        .orderBy(asc(worldVisits.id));
    },
    async openVisitsOfUser(entryId: number, userId: number, tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      return tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), eq(worldVisits.userId, userId), isNull(worldVisits.leftAt)));
    },
    async raisedHands(entryId: number, tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      return tx
        .select()
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), isNull(worldVisits.leftAt), isNotNull(worldVisits.handRaisedAt)))
        .orderBy(asc(worldVisits.handRaisedAt), asc(worldVisits.id));
    },
    async updateVisit(id: number, patch: Partial<NewWorldVisitRow>, tx: DbOrTx = db): Promise<WorldVisitRow | undefined> {
      const [r] = await tx
        .update(worldVisits)
        .set(patch)
        .where(and(eq(worldVisits.id, id), isNull(worldVisits.leftAt)))
        .returning();
      return r;
    },
    /**
     * Closes open visits matching `where` at `at` (now by default) and adds their lengths to their entries' counters,
     * in one statement each, so a visit is counted once even when a disconnect and a sweep race. Answers the closed rows.
     */
    async closeVisits(where: SQL, tx: DbOrTx, at?: Date): Promise<WorldVisitRow[]> {
      const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
      const closed = await tx
        .update(worldVisits)
        .set({ leftAt: sql`${when}`, seconds: secondsUntil(when), handRaisedAt: null })
        .where(and(where, isNull(worldVisits.leftAt)))
        .returning();
      const byEntry = new Map<number, { seconds: number; n: number }>();
      for (const v of closed) {
        const e = byEntry.get(v.entryId) ?? { seconds: 0, n: 0 };
        e.seconds += v.seconds ?? 0;
        e.n += 1;
        byEntry.set(v.entryId, e);
      }
      for (const [entryId, e] of byEntry) {
        await tx
          .update(worldEntries)
          .set({
            visitSeconds: sql`${worldEntries.visitSeconds} + ${e.seconds}`,
            closedVisits: sql`${worldEntries.closedVisits} + ${e.n}`,
          })
          .where(eq(worldEntries.id, entryId));
      }
      return closed;
    },
    visitIs: (id: number) => eq(worldVisits.id, id),
    visitsOfNode: (nodeId: string) => eq(worldVisits.nodeId, nodeId),
    visitsOfEntry: (entryId: number) => eq(worldVisits.entryId, entryId),
    visitsOfUserInEntry: (entryId: number, userId: number) =>
      and(eq(worldVisits.entryId, entryId), eq(worldVisits.userId, userId)) as SQL,
    /** Counts messages on visits: one statement per distinct count (usually one: one message per visit). */
    async addMessages(counts: Map<number, number>, tx: DbOrTx): Promise<void> {
      const byCount = new Map<number, number[]>();
      for (const [id, n] of counts) byCount.set(n, [...(byCount.get(n) ?? []), id]);
      for (const [n, ids] of byCount) {
        await tx
          .update(worldVisits)
          .set({ messages: sql`${worldVisits.messages} + ${n}` })
          .where(inArray(worldVisits.id, ids));
      }
    },
    async addMessage(visitId: number, tx: DbOrTx): Promise<void> {
      await tx
        .update(worldVisits)
        .set({ messages: sql`${worldVisits.messages} + 1` })
        .where(eq(worldVisits.id, visitId));
    },

    // --- Nodes ---

    async heartbeat(nodeId: string): Promise<void> {
      await db
        .insert(worldNodes)
        .values({ id: nodeId, heartbeatAt: new Date() })
        .onConflictDoUpdate({ target: worldNodes.id, set: { heartbeatAt: new Date() } });
    },
    async nodeHeartbeat(nodeId: string): Promise<Date | undefined> {
      const [r] = await db.select().from(worldNodes).where(eq(worldNodes.id, nodeId));
      return r?.heartbeatAt;
    },
    /** Processes whose heartbeat is older than `before` and that still hold open visits. */
    async staleNodes(before: Date): Promise<{ id: string; heartbeatAt: Date | null }[]> {
      const rows = await db
        .selectDistinct({ id: worldVisits.nodeId, heartbeatAt: worldNodes.heartbeatAt })
        .from(worldVisits)
        .leftJoin(worldNodes, eq(worldNodes.id, worldVisits.nodeId))
        .where(and(isNull(worldVisits.leftAt), or(isNull(worldNodes.heartbeatAt), lt(worldNodes.heartbeatAt, before))));
      return rows;
    },
    async removeNode(nodeId: string): Promise<void> {
      await db.delete(worldNodes).where(eq(worldNodes.id, nodeId));
    },

    // --- Chat ---

    async insertChat(row: typeof worldChat.$inferInsert, tx: DbOrTx): Promise<WorldChatRow> {
      const [r] = await tx.insert(worldChat).values(row).returning();
      if (!r) throw new Error('insert returned nothing');
      return r;
    },
    /** Several chat messages in one statement; answers their rows in the order given. */
    async insertChats(rows: (typeof worldChat.$inferInsert)[], tx: DbOrTx): Promise<WorldChatRow[]> {
      if (rows.length === 0) return [];
      const out = await tx.insert(worldChat).values(rows).returning();
      // Serial ids follow the order of the rows.
      return out.sort((a, b) => a.id - b.id);
    },
    /** The open ones of these visits. */
    async openVisitsByIds(ids: number[], tx: DbOrTx = db): Promise<WorldVisitRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(worldVisits)
        .where(and(inArray(worldVisits.id, ids), isNull(worldVisits.leftAt)));
    },
    /** Ids of the instance's visits closed at or after `since`. */
    async visitsLeftSince(entryId: number, instance: number, since: Date): Promise<number[]> {
      const rows = await db
        .select({ id: worldVisits.id })
        .from(worldVisits)
        .where(and(eq(worldVisits.entryId, entryId), eq(worldVisits.instance, instance), gte(worldVisits.leftAt, since)));
      return rows.map((r) => r.id);
    },
    /** The instance's chat messages written at or after `since`, oldest first (at most `limit`, the newest). */
    async chatSince(entryId: number, instance: number, since: Date, limit: number): Promise<WorldChatRow[]> {
      const rows = await db
        .select()
        .from(worldChat)
        .where(and(eq(worldChat.entryId, entryId), eq(worldChat.instance, instance), gte(worldChat.createdAt, since)))
        .orderBy(desc(worldChat.createdAt), desc(worldChat.id))
        .limit(limit);
      return rows.reverse();
    },
    async recentChat(entryId: number, limit: number): Promise<WorldChatRow[]> {
      const rows = await db
        .select()
        .from(worldChat)
        .where(eq(worldChat.entryId, entryId))
        .orderBy(desc(worldChat.createdAt), desc(worldChat.id))
        .limit(limit);
      return rows.reverse();
    },
    async chatPage(f: ChatFilter, page: number, limit: number) {
      const where = chatWhere(db, f);
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(worldChat)
          .where(where)
          .orderBy(desc(worldChat.createdAt), desc(worldChat.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(worldChat).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },
    async chatByIds(ids: number[]): Promise<WorldChatRow[]> {
      return ids.length ? db.select().from(worldChat).where(inArray(worldChat.id, ids)) : [];
    },
    /** Deletes chat messages (only of the author's entries when `authorId` is given); answers what went and where it was. */
    async deleteChat(
      ids: number[],
      authorId?: number,
      tx: DbOrTx = db,
    ): Promise<{ id: number; entryId: number; instance: number; name: string; text: string }[]> {
      if (ids.length === 0) return [];
      return tx
        .delete(worldChat)
        .where(and(inArray(worldChat.id, ids), authorId ? inArray(worldChat.entryId, entriesOf(db, authorId)) : undefined))
        .returning({
          id: worldChat.id,
          entryId: worldChat.entryId,
          instance: worldChat.instance,
          name: worldChat.name,
          text: worldChat.text,
        });
    },

    // --- Bans and roles ---

    async isBanned(entryId: number, userId: number, tx: DbOrTx = db): Promise<boolean> {
      const [r] = await tx
        .select({ id: worldBans.id })
        .from(worldBans)
        .where(and(eq(worldBans.entryId, entryId), eq(worldBans.userId, userId)));
      return !!r;
    },
    async banPage(
      entryId: number,
      page: number,
      limit: number,
    ): Promise<{ rows: (typeof worldBans.$inferSelect)[]; total: number }> {
      const where = eq(worldBans.entryId, entryId);
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(worldBans)
          .where(where)
          .orderBy(desc(worldBans.createdAt), desc(worldBans.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(worldBans).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },
    /** Lifts a ban; answers the removed row (none when there was no such ban). */
    async unban(entryId: number, userId: number, tx: DbOrTx = db): Promise<typeof worldBans.$inferSelect | undefined> {
      const [r] = await tx
        .delete(worldBans)
        .where(and(eq(worldBans.entryId, entryId), eq(worldBans.userId, userId)))
        .returning();
      return r;
    },
    async ban(entryId: number, userId: number, bannedBy: number, tx: DbOrTx = db): Promise<void> {
      await tx.insert(worldBans).values({ entryId, userId, bannedBy }).onConflictDoNothing();
    },
    async roleOf(entryId: number, userId: number, tx: DbOrTx = db): Promise<WorldVisitRow['role'] | undefined> {
      const [r] = await tx
        .select({ role: worldRoles.role })
        .from(worldRoles)
        .where(and(eq(worldRoles.entryId, entryId), eq(worldRoles.userId, userId)));
      return r?.role;
    },
    async setRole(entryId: number, userId: number, role: WorldVisitRow['role'], tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(worldRoles)
        .values({ entryId, userId, role })
        .onConflictDoUpdate({ target: [worldRoles.entryId, worldRoles.userId], set: { role, updatedAt: new Date() } });
    },

    // --- Presence statistics ---

    /** Per (user, entry): first and last login, total online time (open visits count until now), messages. */
    async onlinePage(f: OnlineFilter, page: number, limit: number): Promise<{ rows: OnlineAggregate[]; total: number }> {
      const where = and(
        isNotNull(worldVisits.userId),
        f.authorId ? inArray(worldVisits.entryId, entriesOf(db, f.authorId)) : undefined,
        f.entryId ? eq(worldVisits.entryId, f.entryId) : undefined,
        f.keyword ? ilike(worldVisits.name, likePattern(f.keyword)) : undefined,
      );
      const having = and(
        f.dateFrom ? gte(sql`max(${worldVisits.joinedAt})`, dayStart(f.dateFrom)) : undefined,
        f.dateTo ? lt(sql`min(${worldVisits.joinedAt})`, dayAfter(f.dateTo)) : undefined,
        f.online === undefined
          ? undefined
          : f.online
            ? sql`bool_or(${worldVisits.leftAt} is null)`
            : sql`not bool_or(${worldVisits.leftAt} is null)`,
      );
      const grouped = db
        .select({
          userId: sql<number>`${worldVisits.userId}`.as('user_id'),
          entryId: sql<number>`${worldVisits.entryId}`.as('entry_id'),
          name: sql<string>`(array_agg(${worldVisits.name} order by ${worldVisits.joinedAt} desc))[1]`.as('name'),
          firstLogin: sql<Date>`min(${worldVisits.joinedAt})`.as('first_login'),
          lastLogin: sql<Date>`max(${worldVisits.joinedAt})`.as('last_login'),
          seconds: sql<number>`sum(coalesce(${worldVisits.seconds}, ${secondsUntil(sql`now()`)}))::int`.as('seconds'),
          messages: sql<number>`sum(${worldVisits.messages})::int`.as('messages'),
          online: sql<boolean>`bool_or(${worldVisits.leftAt} is null)`.as('online'),
        })
        .from(worldVisits)
        .where(where)
        .groupBy(worldVisits.userId, worldVisits.entryId)
        .having(having)
        .as('g');
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(grouped)
          .orderBy(desc(grouped.lastLogin), desc(grouped.userId), desc(grouped.entryId))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(grouped),
      ]);
      return {
        rows: rows.map((r) => ({
          userId: Number(r.userId),
          entryId: Number(r.entryId),
          name: r.name,
          firstLogin: new Date(r.firstLogin),
          lastLogin: new Date(r.lastLogin),
          seconds: Number(r.seconds),
          messages: Number(r.messages),
          online: !!r.online,
        })),
        total: n?.n ?? 0,
      };
    },
  };
}

/** Ids of an author's entries (deleted ones too: their records stay theirs). */
const entriesOf = (db: DbOrTx, authorId: number) =>
  db.select({ id: worldEntries.id }).from(worldEntries).where(eq(worldEntries.authorId, authorId));

function chatWhere(db: DbOrTx, f: ChatFilter): SQL | undefined {
  return and(
    f.authorId ? inArray(worldChat.entryId, entriesOf(db, f.authorId)) : undefined,
    f.entryId ? eq(worldChat.entryId, f.entryId) : undefined,
    f.userId ? eq(worldChat.userId, f.userId) : undefined,
    f.keyword ? or(ilike(worldChat.text, likePattern(f.keyword)), ilike(worldChat.name, likePattern(f.keyword))) : undefined,
    f.dateFrom ? gte(worldChat.createdAt, dayStart(f.dateFrom)) : undefined,
    f.dateTo ? lt(worldChat.createdAt, dayAfter(f.dateTo)) : undefined,
  );
}

export type WorldRepository = ReturnType<typeof createWorldRepository>;
