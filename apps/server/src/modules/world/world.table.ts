import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Presenter and follow-the-host state of an entry: reaches every instance, survives a process change. */
export interface WorldStage {
  presenter: {
    presenter_member_id: number;
    presenter_name: string;
    kind: 'slides' | 'pdf' | 'screen';
    urls: string[];
    page: number;
  } | null;
  follow: { host_member_id: number; scene_id: string; yaw: number; pitch: number } | null;
}

/**
 * Meta world entries (spec section 3 "Meta world entry"). `views` counts joins; `visit_seconds` / `closed_visits` the
 * lengths of closed visits (average online time = their quotient). Deleted entries keep their row (`deleted_at`) so
 * visits and chat records still name their room.
 */
export const worldEntries = pgTable(
  'world_entries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    projectId: integer('project_id').notNull(),
    authorId: integer('author_id').notNull(),
    weight: integer('weight').notNull().default(0),
    roomType: text('room_type', { enum: ['meeting', 'classroom', 'exhibition', 'open'] })
      .notNull()
      .default('open'),
    capacity: integer('capacity').notNull().default(50),
    access: text('access', { enum: ['public', 'signed_in', 'invite', 'password'] })
      .notNull()
      .default('public'),
    /** argon2id hash; null when no password is set. */
    passwordHash: text('password_hash'),
    inviteToken: text('invite_token').notNull(),
    locked: boolean('locked').notNull().default(false),
    stage: jsonb('stage').$type<WorldStage>().notNull().default({ presenter: null, follow: null }),
    views: integer('views').notNull().default(0),
    visitSeconds: bigint('visit_seconds', { mode: 'number' }).notNull().default(0),
    closedVisits: integer('closed_visits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('world_entries_weight_idx').on(t.weight.desc(), t.id.desc()).where(sql`deleted_at is null`)],
);

/**
 * Visits: one row per socket in one instance of an entry (its id is the member id). Open while `left_at` is null;
 * `node_id` is the server process holding the socket (a process's open visits are closed when it starts again, and
 * other processes close them when its heartbeat stops). `user_id` is null for anonymous guests.
 */
export const worldVisits = pgTable(
  'world_visits',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull(),
    instance: integer('instance').notNull(),
    userId: integer('user_id'),
    guestId: text('guest_id'),
    name: text('name').notNull(),
    role: text('role', { enum: ['host', 'speaker', 'visitor'] })
      .notNull()
      .default('visitor'),
    muted: boolean('muted').notNull().default(false),
    selfMuted: boolean('self_muted').notNull().default(false),
    handRaisedAt: timestamp('hand_raised_at', { withTimezone: true }),
    nodeId: text('node_id').notNull(),
    socketId: text('socket_id').notNull(),
    messages: integer('messages').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** Length of the closed visit (seconds). */
    seconds: integer('seconds'),
  },
  (t) => [
    index('world_visits_open_idx').on(t.entryId, t.instance).where(sql`left_at is null`),
    index('world_visits_node_idx').on(t.nodeId).where(sql`left_at is null`),
    index('world_visits_user_idx').on(t.userId, t.entryId),
    index('world_visits_joined_idx').on(t.joinedAt),
  ],
);

/** Chat messages of rooms (persisted; admins list, search, export and delete them). */
export const worldChat = pgTable(
  'world_chat',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull(),
    instance: integer('instance').notNull(),
    visitId: integer('visit_id').notNull(),
    userId: integer('user_id'),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('world_chat_entry_idx').on(t.entryId, t.createdAt),
    index('world_chat_user_idx').on(t.userId, t.createdAt),
    index('world_chat_created_idx').on(t.createdAt),
  ],
);

/** People a host banned from an entry (refused on join). */
export const worldBans = pgTable(
  'world_bans',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull(),
    userId: integer('user_id').notNull(),
    bannedBy: integer('banned_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('world_bans_entry_user_uq').on(t.entryId, t.userId)],
);

/** Roles hosts gave signed-in people in an entry (kept for their next visits). */
export const worldRoles = pgTable(
  'world_roles',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull(),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: ['host', 'speaker', 'visitor'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('world_roles_entry_user_uq').on(t.entryId, t.userId)],
);

/** Server processes holding rooms and their heartbeat (visits of a silent process are closed by the others). */
export const worldNodes = pgTable('world_nodes', {
  id: text('id').primaryKey(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
