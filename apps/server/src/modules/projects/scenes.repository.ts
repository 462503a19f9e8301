import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets } from './assets.table';
import { projectScenes, sceneRevisions } from './scenes.table';

export type SceneRow = typeof projectScenes.$inferSelect;
export type SceneRevisionRow = typeof sceneRevisions.$inferSelect;
/** A revision without its document (the list). */
export type RevisionHead = Pick<SceneRevisionRow, 'version' | 'stats' | 'authorId' | 'createdAt'>;

const head = {
  version: sceneRevisions.version,
  stats: sceneRevisions.stats,
  authorId: sceneRevisions.authorId,
  createdAt: sceneRevisions.createdAt,
};

/** Scene documents: the per-project row (versions, review of the draft) and the revisions. */
export function createScenesRepository(db: DbOrTx) {
  return {
    async sceneOf(projectId: number, tx: DbOrTx = db): Promise<SceneRow | undefined> {
      const [row] = await tx.select().from(projectScenes).where(eq(projectScenes.projectId, projectId));
      return row;
    },
    async scenesOf(projectIds: number[]): Promise<SceneRow[]> {
      if (projectIds.length === 0) return [];
      return db.select().from(projectScenes).where(inArray(projectScenes.projectId, projectIds));
    },

    /**
     * The project's scene row, locked until the transaction ends (saves of one project run one at a time); a new
     * row (draft version 0) is made first when the project has none, and goes again if the transaction fails.
     */
    async lockScene(projectId: number, kind: SceneRow['kind'], tx: DbOrTx): Promise<SceneRow> {
      await tx.insert(projectScenes).values({ projectId, kind, draftVersion: 0, draftHash: '' }).onConflictDoNothing();
      const [row] = await tx.select().from(projectScenes).where(eq(projectScenes.projectId, projectId)).for('update');
      if (!row) throw new Error('scene row vanished');
      return row;
    },
    /** The project's scene row locked until the transaction ends, or undefined when it has none. */
    async lockExisting(projectId: number, tx: DbOrTx): Promise<SceneRow | undefined> {
      const [row] = await tx.select().from(projectScenes).where(eq(projectScenes.projectId, projectId)).for('update');
      return row;
    },
    async updateScene(projectId: number, values: Partial<typeof projectScenes.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx
        .update(projectScenes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(projectScenes.projectId, projectId))
        .returning();
      return row;
    },
    /** Publishes the submitted version if the draft's review is still `pending` (two reviewers cannot both decide). */
    async publishSubmitted(projectId: number, tx: DbOrTx): Promise<SceneRow | undefined> {
      const [row] = await tx
        .update(projectScenes)
        .set({
          publishedVersion: sql`${projectScenes.submittedVersion}`,
          submittedVersion: null,
          reviewState: 'none',
          reviewReason: '',
          updatedAt: new Date(),
        })
        .where(and(eq(projectScenes.projectId, projectId), eq(projectScenes.reviewState, 'pending')))
        .returning();
      return row;
    },
    /** Rejects the submitted version if the draft's review is still `pending`; the published version stays. */
    async rejectSubmitted(projectId: number, reason: string, tx: DbOrTx): Promise<SceneRow | undefined> {
      const [row] = await tx
        .update(projectScenes)
        .set({ submittedVersion: null, reviewState: 'rejected', reviewReason: reason, updatedAt: new Date() })
        .where(and(eq(projectScenes.projectId, projectId), eq(projectScenes.reviewState, 'pending')))
        .returning();
      return row;
    },

    async insertRevision(values: typeof sceneRevisions.$inferInsert, tx: DbOrTx): Promise<void> {
      await tx.insert(sceneRevisions).values(values);
    },
    /** The newest `n` revisions (without documents), newest first. */
    async latestRevisions(projectId: number, n: number, tx: DbOrTx = db): Promise<RevisionHead[]> {
      return tx
        .select(head)
        .from(sceneRevisions)
        .where(eq(sceneRevisions.projectId, projectId))
        .orderBy(desc(sceneRevisions.version))
        .limit(n);
    },
    async deleteRevision(projectId: number, version: number, tx: DbOrTx): Promise<void> {
      await tx.delete(sceneRevisions).where(and(eq(sceneRevisions.projectId, projectId), eq(sceneRevisions.version, version)));
    },
    /** Deletes the revisions older than the newest `max`, except the `keep` versions (published, submitted). */
    async prune(projectId: number, max: number, keep: number[], tx: DbOrTx): Promise<void> {
      const parts: SQL[] = [
        eq(sceneRevisions.projectId, projectId),
        sql`${sceneRevisions.version} < (select r.version from ${sceneRevisions} r where r.project_id = ${projectId}
          order by r.version desc offset ${max - 1} limit 1)`,
      ];
      if (keep.length) parts.push(notInArray(sceneRevisions.version, keep));
      await tx.delete(sceneRevisions).where(and(...parts));
    },
    async revision(projectId: number, version: number, tx: DbOrTx = db): Promise<SceneRevisionRow | undefined> {
      const [row] = await tx
        .select()
        .from(sceneRevisions)
        .where(and(eq(sceneRevisions.projectId, projectId), eq(sceneRevisions.version, version)));
      return row;
    },
    async revisions(projectId: number): Promise<RevisionHead[]> {
      return db
        .select(head)
        .from(sceneRevisions)
        .where(eq(sceneRevisions.projectId, projectId))
        .orderBy(desc(sceneRevisions.version));
    },
    /** Deletes a project's scene row and revisions (the project is being deleted). */
    async deleteOf(projectId: number, tx: DbOrTx): Promise<void> {
      await tx.delete(sceneRevisions).where(eq(sceneRevisions.projectId, projectId));
      await tx.delete(projectScenes).where(eq(projectScenes.projectId, projectId));
    },

    /** Assets by id (any owner: the caller checks ownership, state and kind). */
    async assetsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(assets).where(inArray(assets.id, ids));
    },
  };
}
export type ScenesRepository = ReturnType<typeof createScenesRepository>;
