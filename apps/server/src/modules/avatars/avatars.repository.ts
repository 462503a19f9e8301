import type { AvatarModelStats } from '@xr/contract/avatars';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { avatarLibraryStats, avatars } from './avatars.table';

export type AvatarRow = typeof avatars.$inferSelect;
export type NewAvatarRow = typeof avatars.$inferInsert;

/** First key of the per-user advisory lock every avatar write takes (the second is the user id). */
const AVATAR_LOCK = 0x4156; // "AV"

/** The only code that touches the avatars table. */
export function createAvatarsRepository(db: DbOrTx) {
  return {
    /** Serialises one user's avatar writes until the transaction ends (status switches, creation, deletion). */
    async lockUser(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${AVATAR_LOCK}, ${userId})`);
    },

    async page(userId: number, pageNo: number, limit: number): Promise<{ rows: AvatarRow[]; total: number }> {
      const where = eq(avatars.userId, userId);
      const [rows, [n]] = await Promise.all([
        db
          .select()
          .from(avatars)
          .where(where)
          // The default first, then the newest.
          .orderBy(desc(avatars.isDefault), desc(avatars.createdAt), desc(avatars.id))
          .limit(limit)
          .offset((pageNo - 1) * limit),
        db.select({ n: count() }).from(avatars).where(where),
      ]);
      return { rows, total: n?.n ?? 0 };
    },

    async countCustom(userId: number): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(avatars)
        .where(and(eq(avatars.userId, userId), eq(avatars.isDefault, false), isNull(avatars.libraryModelId)));
      return n?.n ?? 0;
    },

    async hasAny(userId: number): Promise<boolean> {
      const [row] = await db.select({ id: avatars.id }).from(avatars).where(eq(avatars.userId, userId)).limit(1);
      return !!row;
    },

    async owned(userId: number, id: number): Promise<AvatarRow | undefined> {
      const [row] = await db
        .select()
        .from(avatars)
        .where(and(eq(avatars.id, id), eq(avatars.userId, userId)));
      return row;
    },

    /** The user's avatars made from these library characters. */
    async ofLibraryModels(userId: number, modelIds: number[]): Promise<AvatarRow[]> {
      if (modelIds.length === 0) return [];
      return db
        .select()
        .from(avatars)
        .where(and(eq(avatars.userId, userId), inArray(avatars.libraryModelId, modelIds)));
    },

    async byId(id: number): Promise<AvatarRow | undefined> {
      const [row] = await db.select().from(avatars).where(eq(avatars.id, id));
      return row;
    },

    async inUse(userId: number): Promise<AvatarRow | undefined> {
      const [row] = await db
        .select()
        .from(avatars)
        .where(and(eq(avatars.userId, userId), eq(avatars.status, 'in_use')));
      return row;
    },

    /** The avatar that takes over when `exceptId` stops being in use: the newest usable other one, else the default. */
    async successor(userId: number, exceptId: number): Promise<AvatarRow | undefined> {
      const [row] = await db
        .select()
        .from(avatars)
        .where(
          and(
            eq(avatars.userId, userId),
            ne(avatars.id, exceptId),
            sql`(${avatars.kind} = 'parametric' or ${avatars.modelStatus} = 'ready')`,
          ),
        )
        .orderBy(asc(avatars.isDefault), desc(avatars.updatedAt), desc(avatars.id))
        .limit(1);
      return row;
    },

    async insert(row: NewAvatarRow): Promise<AvatarRow> {
      const [created] = await db.insert(avatars).values(row).returning();
      if (!created) throw new Error('avatar insert returned nothing');
      return created;
    },

    async update(id: number, values: Partial<NewAvatarRow>): Promise<AvatarRow | undefined> {
      const [row] = await db
        .update(avatars)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(avatars.id, id))
        .returning();
      return row;
    },

    /**
     * Puts `id` in use and every other avatar of the user in alternative: two statements, because a unique index
     * is checked row by row and a single swapping UPDATE could meet the old row still in use.
     */
    async setInUse(userId: number, id: number): Promise<void> {
      await db
        .update(avatars)
        .set({ status: 'alternative', updatedAt: new Date() })
        .where(and(eq(avatars.userId, userId), eq(avatars.status, 'in_use'), ne(avatars.id, id)));
      await db
        .update(avatars)
        .set({ status: 'in_use', updatedAt: new Date() })
        .where(and(eq(avatars.id, id), eq(avatars.userId, userId)));
    },

    async remove(id: number): Promise<void> {
      await db.delete(avatars).where(eq(avatars.id, id));
    },

    /** The avatars in use of these users. */
    async inUseOf(userIds: number[]): Promise<AvatarRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(avatars)
        .where(and(inArray(avatars.userId, userIds), eq(avatars.status, 'in_use')));
    },

    /** The stored budget figures of these library characters (those measured before). */
    async libraryStats(modelIds: number[]): Promise<Map<number, AvatarModelStats>> {
      if (modelIds.length === 0) return new Map();
      const rows = await db.select().from(avatarLibraryStats).where(inArray(avatarLibraryStats.libraryModelId, modelIds));
      return new Map(rows.map((r) => [r.libraryModelId, r.stats]));
    },

    /** Stores a library character's budget figures (a second measurement of the same GLB overwrites its twin). */
    async saveLibraryStats(modelId: number, stats: AvatarModelStats): Promise<void> {
      await db
        .insert(avatarLibraryStats)
        .values({ libraryModelId: modelId, stats })
        .onConflictDoUpdate({ target: avatarLibraryStats.libraryModelId, set: { stats, measuredAt: new Date() } });
    },
  };
}
export type AvatarsRepository = ReturnType<typeof createAvatarsRepository>;
