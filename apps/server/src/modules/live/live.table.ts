import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Live streams (/explore/live-streaming-list). `password` is the 6-digit share code viewers type, kept in
 * clear so the owner can share it again (six digits hashed would be guessed offline in a second; see
 * docs/decisions/0045-live-streaming.md). `key_hash` is the SHA-256 of the secret half of the stream key (192 random bits): the key is
 * shown once, at creation or rotation, and compared by hash when a publisher connects.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    password: text('password').notNull(),
    keyHash: text('key_hash').notNull(),
    state: text('state', { enum: ['idle', 'live', 'ended'] })
      .notNull()
      .default('idle'),
    projection: text('projection', { enum: ['flat', '360'] })
      .notNull()
      .default('360'),
    keepRecording: boolean('keep_recording').notNull().default(false),
    viewerPeak: integer('viewer_peak').notNull().default(0),
    /** Recordings imported as 360 video assets of the owner. */
    recordingAssetIds: integer('recording_asset_ids').array().notNull().default(sql`'{}'::integer[]`),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_streams_owner_idx').on(t.ownerId, t.createdAt),
    index('live_streams_created_idx').on(t.createdAt),
    check('live_streams_password_ck', sql`${t.password} ~ '^[0-9]{6}$'`),
    check('live_streams_peak_ck', sql`${t.viewerPeak} >= 0`),
  ],
);

/** Live chat messages, persisted (deleted with their stream). */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: serial('id').primaryKey(),
    streamId: integer('stream_id').notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_chat_messages_stream_idx').on(t.streamId, t.id)],
);
