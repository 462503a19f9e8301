import type { AvatarLookParams, AvatarModelStats } from '@xr/contract/avatars';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Each user's avatars (/avatar-list). `look` holds a built-in figure's parameters (kind parametric); an uploaded
 * model (kind model) has its original and processed files in storage and a processing job. Exactly one row per
 * user is in use (partial unique index), and at most one is the built-in default (made from the user's id).
 */
export const avatars = pgTable(
  'avatars',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['parametric', 'model'] }).notNull(),
    look: jsonb('look').$type<AvatarLookParams>(),
    /** Uploaded model: the file's name, its format, the accepted original and the delivered model in storage. */
    modelFilename: text('model_filename'),
    modelFormat: text('model_format', { enum: ['glb', 'vrm'] }),
    originalKey: text('original_key'),
    modelKey: text('model_key'),
    modelBytes: bigint('model_bytes', { mode: 'number' }).notNull().default(0),
    modelStatus: text('model_status', { enum: ['processing', 'ready', 'failed'] }),
    /** What processing measured (the budget figures), once known. */
    modelStats: jsonb('model_stats').$type<AvatarModelStats>(),
    /** A refusal: the job failure reason and, for a budget refusal, the figure found. */
    failureReason: text('failure_reason'),
    failureValue: integer('failure_value'),
    jobId: integer('job_id'),
    /**
     * A character of the platform library chosen as avatar (its GLB and thumbnail are the library's public files,
     * never deleted with the avatar; not counted in the plan's allowance), else null.
     */
    libraryModelId: integer('library_model_id'),
    /** Storage key of the preview image (public/avatar-previews/…), or null. */
    previewKey: text('preview_key'),
    status: text('status', { enum: ['in_use', 'alternative'] })
      .notNull()
      .default('alternative'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('avatars_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('avatars_in_use_uq').on(t.userId).where(sql`${t.status} = 'in_use'`),
    uniqueIndex('avatars_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('avatars_library_uq').on(t.userId, t.libraryModelId).where(sql`${t.libraryModelId} is not null`),
  ],
);

/**
 * The avatar budget's figures of each library character measured so far (`measureAvatarGlb` of its GLB), so the
 * character list offers only those that fit without reading every GLB again after a restart. An imported model's GLB
 * never changes, so a row stays true; the budget itself is applied when reading (a new budget needs no new figures).
 */
export const avatarLibraryStats = pgTable('avatar_library_stats', {
  libraryModelId: integer('library_model_id').primaryKey(),
  stats: jsonb('stats').$type<AvatarModelStats>().notNull(),
  measuredAt: timestamp('measured_at', { withTimezone: true }).notNull().defaultNow(),
});
