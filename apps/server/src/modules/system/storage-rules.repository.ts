import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileTypes, planCapacities, userCapacities } from './system.table';

export type FileTypeRow = typeof fileTypes.$inferSelect;
export type NewFileTypeRow = typeof fileTypes.$inferInsert;
export type UserCapacityRow = typeof userCapacities.$inferSelect;

/** The only code that touches the file-type allow-list and the capacity tables. */
export function createStorageRulesRepository(db: Db) {
  return {
    async fileTypePage(kind: FileTypeRow['kind'] | undefined, limit: number, offset: number) {
      const where = kind ? eq(fileTypes.kind, kind) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(fileTypes)
          .where(where)
          .orderBy(asc(fileTypes.kind), asc(fileTypes.extension))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(fileTypes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async fileTypeById(id: number): Promise<FileTypeRow | undefined> {
      const [row] = await db.select().from(fileTypes).where(eq(fileTypes.id, id));
      return row;
    },
    async fileType(kind: FileTypeRow['kind'], extension: string): Promise<FileTypeRow | undefined> {
      const [row] = await db
        .select()
        .from(fileTypes)
        .where(and(eq(fileTypes.kind, kind), eq(fileTypes.extension, extension)));
      return row;
    },
    /** Inserts; undefined when the kind + extension exists already. */
    async insertFileType(values: NewFileTypeRow): Promise<FileTypeRow | undefined> {
      const [row] = await db.insert(fileTypes).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateFileType(id: number, values: Partial<NewFileTypeRow>): Promise<FileTypeRow | undefined> {
      const [row] = await db.update(fileTypes).set(values).where(eq(fileTypes.id, id)).returning();
      return row;
    },
    async deleteFileType(id: number): Promise<boolean> {
      const rows = await db.delete(fileTypes).where(eq(fileTypes.id, id)).returning({ id: fileTypes.id });
      return rows.length > 0;
    },
    async seedFileTypes(rows: NewFileTypeRow[]): Promise<void> {
      await db.insert(fileTypes).values(rows).onConflictDoNothing();
    },

    async planQuotas(): Promise<Map<string, number>> {
      const rows = await db.select().from(planCapacities);
      return new Map(rows.map((r) => [r.plan, r.quotaBytes]));
    },
    async seedPlans(rows: { plan: string; quotaBytes: number }[]): Promise<void> {
      await db.insert(planCapacities).values(rows).onConflictDoNothing();
    },
    async setPlanQuota(plan: string, quotaBytes: number): Promise<void> {
      await db
        .insert(planCapacities)
        .values({ plan, quotaBytes })
        .onConflictDoUpdate({ target: planCapacities.plan, set: { quotaBytes } });
    },
    async userCapacity(userId: number): Promise<UserCapacityRow | undefined> {
      const [row] = await db.select().from(userCapacities).where(eq(userCapacities.userId, userId));
      return row;
    },
    async userCapacities(ids: number[]): Promise<UserCapacityRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(userCapacities).where(inArray(userCapacities.userId, ids));
    },
    /** Every user that has a capacity setting (plan or override), by user id. */
    async userCapacityIds(): Promise<number[]> {
      const rows = await db.select({ id: userCapacities.userId }).from(userCapacities).orderBy(asc(userCapacities.userId));
      return rows.map((r) => r.id);
    },
    async setUserCapacity(userId: number, values: { plan?: string; overrideBytes?: number | null }): Promise<void> {
      await db
        .insert(userCapacities)
        .values({ userId, plan: values.plan ?? 'free', overrideBytes: values.overrideBytes ?? null })
        .onConflictDoUpdate({
          target: userCapacities.userId,
          set: {
            ...(values.plan !== undefined ? { plan: values.plan } : {}),
            ...(values.overrideBytes !== undefined ? { overrideBytes: values.overrideBytes } : {}),
            updatedAt: sql`now()`,
          },
        });
    },
  };
}
