import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets, questionnaireAnswers, questionnaires, reviewRecords } from './assets.table';
import { marketWrite } from './projects.repository';
import { comments, projects } from './projects.table';
import { projectScenes } from './scenes.table';

export type AssetRow = typeof assets.$inferSelect;
export type NewAssetRow = typeof assets.$inferInsert;
export type ReviewRecordRow = typeof reviewRecords.$inferSelect;
export type QuestionnaireRow = typeof questionnaires.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/** First key of the per-owner advisory locks (the second is the user id). */
const OWNER_LOCK = 0x4153; // "AS"

/** Bytes an owner stores: originals plus processed outputs of their assets (an aggregate over `assets`). */
const storedBytes = sql<string>`coalesce(sum(${assets.bytes} + ${assets.outputBytes}), 0)`;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The creator side of projects: the owner's lists and edits, assets, review records, questionnaires. */
export function createEditorRepository(db: DbOrTx) {
  return {
    async ownPage(
      ownerId: number | undefined,
      f: { keyword?: string; reviewStatus?: ProjectRow['reviewStatus']; inReview?: boolean },
      limit: number,
      offset: number,
    ) {
      const parts: (SQL | undefined)[] = [ownerId !== undefined ? eq(projects.ownerId, ownerId) : undefined];
      if (f.reviewStatus) parts.push(eq(projects.reviewStatus, f.reviewStatus));
      // The review queue: pending projects, and approved ones whose scene draft waits for review.
      if (f.inReview) {
        parts.push(
          or(
            eq(projects.reviewStatus, 'pending'),
            and(
              eq(projects.reviewStatus, 'approved'),
              sql`exists (select 1 from ${projectScenes} s where s.project_id = ${projects.id} and s.review_state = 'pending')`,
            ),
          ),
        );
      }
      if (f.keyword) {
        const p = like(f.keyword);
        parts.push(or(ilike(projects.name, p), ilike(projects.keywords, p), ilike(projects.description, p)));
      }
      const where = and(...parts);
      const [rows, [total]] = await Promise.all([
        db.select().from(projects).where(where).orderBy(desc(projects.updatedAt), desc(projects.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async update(id: number, values: Partial<typeof projects.$inferInsert>, tx: DbOrTx = db): Promise<ProjectRow | undefined> {
      const [row] = await marketWrite(() =>
        tx
          .update(projects)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(projects.id, id))
          .returning(),
      );
      return row;
    },
    /** Sets the review state only if it is still `from` (two reviewers cannot both decide). */
    async decide(
      id: number,
      from: ProjectRow['reviewStatus'],
      to: ProjectRow['reviewStatus'],
      reason: string,
      tx: DbOrTx = db,
    ): Promise<ProjectRow | undefined> {
      const [row] = await marketWrite(() =>
        tx
          .update(projects)
          .set({ reviewStatus: to, reviewReason: reason })
          .where(and(eq(projects.id, id), eq(projects.reviewStatus, from)))
          .returning(),
      );
      return row;
    },
    /** Deletes a project and everything that hangs on it; answers the storage keys to remove afterwards. */
    async deleteProject(id: number, tx: DbOrTx): Promise<string[]> {
      const gone = await tx.delete(assets).where(eq(assets.projectId, id)).returning();
      const qs = await tx.delete(questionnaires).where(eq(questionnaires.projectId, id)).returning({ id: questionnaires.id });
      if (qs.length) {
        await tx.delete(questionnaireAnswers).where(
          inArray(
            questionnaireAnswers.questionnaireId,
            qs.map((q) => q.id),
          ),
        );
      }
      await tx.delete(comments).where(eq(comments.projectId, id));
      await marketWrite(() => tx.delete(projects).where(eq(projects.id, id)));
      return gone.flatMap((a) => [a.originalKey, ...Object.values(a.outputs)]);
    },

    // --- Comments on my projects ---

    async myComments(ownerId: number, f: { state?: 'no_reply' | 'replied'; projectId?: number }, limit: number, offset: number) {
      const parts: (SQL | undefined)[] = [eq(projects.ownerId, ownerId)];
      if (f.projectId) parts.push(eq(comments.projectId, f.projectId));
      if (f.state === 'replied') parts.push(isNotNull(comments.reply));
      if (f.state === 'no_reply') parts.push(isNull(comments.reply));
      const where = and(...parts);
      const [rows, [total]] = await Promise.all([
        db
          .select({ comment: comments, projectName: projects.name })
          .from(comments)
          .innerJoin(projects, eq(projects.id, comments.projectId))
          .where(where)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(comments).innerJoin(projects, eq(projects.id, comments.projectId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async commentById(id: number) {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row;
    },

    // --- Assets ---

    async insertAsset(values: NewAssetRow, tx: DbOrTx = db): Promise<AssetRow> {
      const [row] = await tx.insert(assets).values(values).returning();
      if (!row) throw new Error('asset insert returned nothing');
      return row;
    },
    async assetById(id: number, tx: DbOrTx = db): Promise<AssetRow | undefined> {
      const [row] = await tx.select().from(assets).where(eq(assets.id, id));
      return row;
    },
    async assetsOf(projectIds: number[]): Promise<AssetRow[]> {
      if (projectIds.length === 0) return [];
      return db.select().from(assets).where(inArray(assets.projectId, projectIds)).orderBy(assets.id);
    },
    async assetsOfKind(projectId: number, kind: AssetRow['kind'], tx: DbOrTx = db): Promise<AssetRow[]> {
      return tx
        .select()
        .from(assets)
        .where(and(eq(assets.projectId, projectId), eq(assets.kind, kind)));
    },
    async updateAsset(id: number, values: Partial<NewAssetRow>, tx: DbOrTx = db): Promise<AssetRow | undefined> {
      const [row] = await tx.update(assets).set(values).where(eq(assets.id, id)).returning();
      return row;
    },
    /** Ready 3D models without the output `name` (id order, after `afterId`): the work list of an output's backfill. */
    async modelsWithoutOutput(name: string, afterId: number, limit: number): Promise<AssetRow[]> {
      return db
        .select()
        .from(assets)
        .where(
          and(
            eq(assets.kind, 'model3d'),
            eq(assets.status, 'ready'),
            sql`${assets.id} > ${afterId}`,
            sql`${assets.outputs} ? 'model'`,
            sql`not (${assets.outputs} ? ${name})`,
          ),
        )
        .orderBy(assets.id)
        .limit(limit);
    },
    /**
     * Adds one output to a ready asset (its bytes counted in the owner's storage), unless the asset was replaced,
     * deleted or given that output meanwhile: then nothing changes and undefined is returned.
     */
    async addAssetOutput(id: number, name: string, key: string, bytes: number): Promise<AssetRow | undefined> {
      const [row] = await db
        .update(assets)
        .set({
          outputs: sql`${assets.outputs} || jsonb_build_object(${name}::text, ${key}::text)`,
          outputBytes: sql`${assets.outputBytes} + ${bytes}`,
        })
        .where(and(eq(assets.id, id), eq(assets.status, 'ready'), sql`not (${assets.outputs} ? ${name})`))
        .returning();
      return row;
    },
    async deleteAssets(ids: number[], tx: DbOrTx = db): Promise<AssetRow[]> {
      if (ids.length === 0) return [];
      return tx.delete(assets).where(inArray(assets.id, ids)).returning();
    },
    /** Bytes a user stores: originals plus processed outputs. */
    async usedBytes(ownerId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: storedBytes }).from(assets).where(eq(assets.ownerId, ownerId));
      return Number(row?.n ?? 0);
    },

    /**
     * A page of the users who store anything (own at least one asset), largest usage first (ties by user id), with
     * how many such users there are: the storage overview of /system/capacity.
     */
    async usagePage(limit: number, offset: number): Promise<{ rows: { userId: number; usedBytes: number }[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ userId: assets.ownerId, n: storedBytes })
          .from(assets)
          .groupBy(assets.ownerId)
          .orderBy(desc(storedBytes), assets.ownerId)
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(distinct ${assets.ownerId})::int` }).from(assets),
      ]);
      return { rows: rows.map((r) => ({ userId: r.userId, usedBytes: Number(r.n) })), total: Number(total?.n ?? 0) };
    },
    /** Bytes stored by each of these users that owns at least one asset (users without assets are absent). */
    async usageOf(ownerIds: number[]): Promise<Map<number, number>> {
      if (ownerIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: assets.ownerId, n: storedBytes })
        .from(assets)
        .where(inArray(assets.ownerId, ownerIds))
        .groupBy(assets.ownerId);
      return new Map(rows.map((r) => [r.userId, Number(r.n)]));
    },

    /**
     * Holds a per-owner lock until the transaction ends, so that quota decisions of one user (check, then insert) run
     * one at a time across every server process sharing the database.
     */
    async lockOwner(ownerId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${OWNER_LOCK}, ${ownerId})`);
    },
    /** Projects the owner has (any review state). */
    async countOwned(ownerId: number, tx: DbOrTx): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(projects).where(eq(projects.ownerId, ownerId));
      return Number(row?.n ?? 0);
    },

    // --- Review records ---

    async insertRecord(values: typeof reviewRecords.$inferInsert, tx: DbOrTx = db): Promise<void> {
      await tx.insert(reviewRecords).values(values);
    },
    async recordPage(f: { decision?: ReviewRecordRow['decision']; projectId?: number }, limit: number, offset: number) {
      const where = and(
        f.decision ? eq(reviewRecords.decision, f.decision) : undefined,
        f.projectId ? eq(reviewRecords.projectId, f.projectId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(reviewRecords).where(where).orderBy(desc(reviewRecords.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(reviewRecords).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // --- Questionnaires ---

    async questionnaireOf(projectId: number): Promise<QuestionnaireRow | undefined> {
      const [row] = await db.select().from(questionnaires).where(eq(questionnaires.projectId, projectId));
      return row;
    },
    async saveQuestionnaire(projectId: number, title: string, questions: unknown[]): Promise<QuestionnaireRow> {
      const [row] = await db
        .insert(questionnaires)
        .values({ projectId, title, questions })
        .onConflictDoUpdate({ target: questionnaires.projectId, set: { title, questions, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('questionnaire upsert returned nothing');
      return row;
    },
    /** Inserts one answer set; false when the user answered already. */
    async insertAnswers(questionnaireId: number, userId: number, answers: (number | string)[]): Promise<boolean> {
      const rows = await db
        .insert(questionnaireAnswers)
        .values({ questionnaireId, userId, answers })
        .onConflictDoNothing()
        .returning({ id: questionnaireAnswers.id });
      return rows.length > 0;
    },
    async hasAnswered(questionnaireId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: questionnaireAnswers.id })
        .from(questionnaireAnswers)
        .where(and(eq(questionnaireAnswers.questionnaireId, questionnaireId), eq(questionnaireAnswers.userId, userId)));
      return !!row;
    },
    async answersOf(questionnaireId: number) {
      return db
        .select()
        .from(questionnaireAnswers)
        .where(eq(questionnaireAnswers.questionnaireId, questionnaireId))
        .orderBy(desc(questionnaireAnswers.id));
    },
  };
}
