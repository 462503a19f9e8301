import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Uploaded project files. `original_key` is the accepted upload in storage; `outputs` maps output names
 * (optimized GLB, thumbnail, previews…) to storage keys once processing is done. `bytes` counts against the
 * owner's quota (originals plus outputs); deleting the row and its files frees it.
 */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    kind: text('kind', { enum: ['model3d', 'image360', 'video360', 'image', 'audio', 'video'] }).notNull(),
    filename: text('filename').notNull(),
    extension: text('extension').notNull(),
    originalKey: text('original_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    outputs: jsonb('outputs').$type<Record<string, string>>().notNull().default({}),
    outputBytes: bigint('output_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['queued', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    jobId: integer('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assets_project_idx').on(t.projectId), index('assets_owner_idx').on(t.ownerId)],
);

/** Who approved or rejected which project, when and why (/approval/project-review-records). */
export const reviewRecords = pgTable(
  'review_records',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    projectName: text('project_name').notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_records_created_idx').on(t.createdAt), index('review_records_project_idx').on(t.projectId)],
);

/** One feedback questionnaire per project (/vrdata/questionnaire). `questions` follows the contract's question schema. */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaires_project_uq').on(t.projectId)],
);

/** One answer set per user and questionnaire. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id').notNull(),
    userId: integer('user_id').notNull(),
    answers: jsonb('answers').$type<(number | string)[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaire_answers_uq').on(t.questionnaireId, t.userId)],
);
