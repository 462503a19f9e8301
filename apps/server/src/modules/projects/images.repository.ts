import { and, count, eq, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectImages } from './images.table';
import { projects } from './projects.table';

export type ProjectImageRow = typeof projectImages.$inferSelect;

/**
 * True when one of the owner's projects refers to the picture, by URL (`/api/files/<key>`) or by key, as its cover
 * or among its images. Only the owner's projects count: a project may only use its owner's pictures.
 */
const referenced = (): SQL => sql`exists (
  select 1 from ${projects}
  where ${projects.ownerId} = ${projectImages.ownerId}
    and (${projects.cover} in ('/api/files/' || ${projectImages.key}, ${projectImages.key})
      or ${projects.images} @> jsonb_build_array('/api/files/' || ${projectImages.key})
      or ${projects.images} @> jsonb_build_array(${projectImages.key})))`;

/** Uploaded project pictures (covers and "more images"). */
export function createImagesRepository(db: DbOrTx) {
  return {
    async insert(values: typeof projectImages.$inferInsert): Promise<ProjectImageRow> {
      const [row] = await db.insert(projectImages).values(values).returning();
      if (!row) throw new Error('project image insert returned nothing');
      return row;
    },

    /** How many of the owner's pictures no saved project has used yet. */
    async unusedCount(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(projectImages)
        .where(and(eq(projectImages.ownerId, ownerId), not(projectImages.used)));
      return row?.n ?? 0;
    },

    /**
     * Marks the owner's pictures among `keys` as used and answers the keys found. The row lock it takes makes a
     * concurrent clean-up skip them (it re-checks `used` on the locked row).
     */
    async markUsed(ownerId: number, keys: string[], tx: DbOrTx = db): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await tx
        .update(projectImages)
        .set({ used: true })
        .where(and(eq(projectImages.ownerId, ownerId), inArray(projectImages.key, keys)))
        .returning({ key: projectImages.key });
      return new Set(rows.map((r) => r.key));
    },

    /** Deletes the owner's pictures among `keys` that none of the owner's projects refers to; answers their keys. */
    async deleteUnreferenced(ownerId: number, keys: string[], tx: DbOrTx = db): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await tx
        .delete(projectImages)
        .where(and(eq(projectImages.ownerId, ownerId), inArray(projectImages.key, keys), not(referenced())))
        .returning({ key: projectImages.key });
      return rows.map((r) => r.key);
    },

    /** Deletes pictures uploaded before `cutoff` that no project ever used (nor refers to); answers their keys. */
    async deleteOrphans(cutoff: Date, limit = 500): Promise<string[]> {
      const candidates = db
        .select({ id: projectImages.id })
        .from(projectImages)
        .where(and(not(projectImages.used), lt(projectImages.createdAt, cutoff)))
        .limit(limit);
      const rows = await db
        .delete(projectImages)
        .where(
          and(
            inArray(projectImages.id, candidates),
            not(projectImages.used),
            lt(projectImages.createdAt, cutoff),
            not(referenced()),
          ),
        )
        .returning({ key: projectImages.key });
      return rows.map((r) => r.key);
    },
  };
}
