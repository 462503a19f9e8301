import { and, count, desc, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { liveChatMessages, liveStreams } from './live.table';

export type LiveStreamRow = typeof liveStreams.$inferSelect;
export type NewLiveStreamRow = typeof liveStreams.$inferInsert;
export type LiveChatRow = typeof liveChatMessages.$inferSelect;
type LiveStateValue = LiveStreamRow['state'];

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only code that touches the live stream and live chat tables. */
export function createLiveRepository(db: DbOrTx) {
  return {
    async page(f: { ownerId?: number; keyword?: string; state?: LiveStateValue }, pageNo: number, limit: number) {
      const parts: (SQL | undefined)[] = [];
      if (f.ownerId !== undefined) parts.push(eq(liveStreams.ownerId, f.ownerId));
      if (f.keyword) parts.push(ilike(liveStreams.name, likePattern(f.keyword)));
      if (f.state) parts.push(eq(liveStreams.state, f.state));
      const where = and(...parts);
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(liveStreams)
          .where(where)
          .orderBy(desc(liveStreams.createdAt), desc(liveStreams.id))
          .limit(limit)
          .offset((pageNo - 1) * limit),
        db.select({ n: count() }).from(liveStreams).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },

    async byId(id: number): Promise<LiveStreamRow | undefined> {
      const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, id));
      return row;
    },

    async insert(values: NewLiveStreamRow): Promise<LiveStreamRow> {
      const [row] = await db.insert(liveStreams).values(values).returning();
      return row as LiveStreamRow;
    },

    /** Updates a stream that has not ended (ended streams are final); undefined when none matched. */
    async updateOpen(id: number, values: Partial<NewLiveStreamRow>): Promise<LiveStreamRow | undefined> {
      const [row] = await db
        .update(liveStreams)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(liveStreams.id, id), sql`${liveStreams.state} <> 'ended'`))
        .returning();
      return row;
    },

    /** Moves a stream from one state to another, only when it is in `from` (a conditional update: races lose). */
    async transition(
      id: number,
      from: LiveStateValue[],
      values: Partial<NewLiveStreamRow> & { state: LiveStateValue },
    ): Promise<LiveStreamRow | undefined> {
      const [row] = await db
        .update(liveStreams)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(liveStreams.id, id), inArray(liveStreams.state, from)))
        .returning();
      return row;
    },

    /** Streams on air by the database's account (at start-up: possibly left so by a process that stopped). */
    async onAir(): Promise<LiveStreamRow[]> {
      return db.select().from(liveStreams).where(eq(liveStreams.state, 'live'));
    },

    async raisePeak(id: number, viewers: number): Promise<void> {
      await db
        .update(liveStreams)
        .set({ viewerPeak: sql`greatest(${liveStreams.viewerPeak}, ${viewers})` })
        .where(and(eq(liveStreams.id, id), sql`${liveStreams.viewerPeak} < ${viewers}`));
    },

    async addRecording(id: number, assetId: number): Promise<void> {
      await db
        .update(liveStreams)
        .set({ recordingAssetIds: sql`array_prepend(${assetId}::integer, ${liveStreams.recordingAssetIds})` })
        .where(eq(liveStreams.id, id));
    },

    /** Deletes a stream and its chat in one transaction (the caller passes it). */
    async remove(id: number): Promise<LiveStreamRow | undefined> {
      await db.delete(liveChatMessages).where(eq(liveChatMessages.streamId, id));
      const [row] = await db.delete(liveStreams).where(eq(liveStreams.id, id)).returning();
      return row;
    },

    async insertChat(values: typeof liveChatMessages.$inferInsert): Promise<LiveChatRow> {
      const [row] = await db.insert(liveChatMessages).values(values).returning();
      return row as LiveChatRow;
    },

    /** The newest `limit` chat messages of a stream, oldest first. */
    async recentChat(streamId: number, limit: number): Promise<LiveChatRow[]> {
      const rows = await db
        .select()
        .from(liveChatMessages)
        .where(eq(liveChatMessages.streamId, streamId))
        .orderBy(desc(liveChatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** Messages a user sent to a stream since a moment (the chat's rate limit, shared by every process). */
    async chatCountSince(streamId: number, userId: number, since: Date): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(liveChatMessages)
        .where(
          and(
            eq(liveChatMessages.streamId, streamId),
            eq(liveChatMessages.userId, userId),
            gt(liveChatMessages.createdAt, since),
          ),
        );
      return n?.n ?? 0;
    },
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
