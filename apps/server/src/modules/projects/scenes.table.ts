import type { DocumentStats } from '@xr/contract/scenes';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The scene document of a project (a 360 tour or a 3D scene), one row per project once it is first saved. `kind` is
 * fixed by that save. `draft_version` is the newest revision (what the creator edits), `submitted_version` the one
 * waiting for review (null when none), `published_version` the one visitors and buyers see (null until approved).
 * `review_state` is the review of the draft of a project that stays approved on the market meanwhile: `pending`
 * once submitted, `rejected` with `review_reason` after a rejection, `none` otherwise. `draft_hash` (sha-256 of the
 * stored draft) lets an unchanged autosave answer at once.
 */
export const projectScenes = pgTable('project_scenes', {
  projectId: integer('project_id').primaryKey(),
  kind: text('kind', { enum: ['tour', 'scene'] }).notNull(),
  draftVersion: integer('draft_version').notNull(),
  draftHash: text('draft_hash').notNull(),
  submittedVersion: integer('submitted_version'),
  publishedVersion: integer('published_version'),
  reviewState: text('review_state', { enum: ['none', 'pending', 'rejected'] })
    .notNull()
    .default('none'),
  reviewReason: text('review_reason').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every kept revision of a project's scene document (validated when saved; `version` counts up per project). */
export const sceneRevisions = pgTable(
  'scene_revisions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').notNull(),
    /** Counts of its parts (scenes, hotspots, models…), worded in the reader's language by the revision list. */
    stats: jsonb('stats').$type<DocumentStats>().notNull(),
    authorId: integer('author_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scene_revisions_project_version_uq').on(t.projectId, t.version)],
);
