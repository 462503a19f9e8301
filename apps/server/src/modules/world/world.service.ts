import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { SceneDetails } from '@xr/contract/scenes';
import {
  type addWorldBody,
  type banPageQuery,
  CHAT_EXPORT_MAX_ROWS,
  type ChatRecord,
  type chatRecordQuery,
  type FollowHostEvent,
  type HandQueueEvent,
  type MetaWorldCard,
  type metaWorldListQuery,
  type OnlineUserRow,
  type onlinePageQuery,
  type PresentState,
  type upWorldBody,
  WORLD_RECENT_CHAT,
  type WorldBan,
  type WorldChatMessage,
  type WorldDetails,
  type WorldEntry,
  type WorldMember,
  type WorldRole,
  type WorldSceneKind,
  type worldJoinPayload,
  type worldPageQuery,
} from '@xr/contract/world';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { type AuditActor, type AuditRecord, type AuditRecorder, changes } from '../audit/audit.service';
import { isMarketVisible, type ProjectsService } from '../projects/projects.service';
import type { ScenesService } from '../projects/scenes.service';
import type { ProfileService } from '../users/profile.service';
import { createMemoryAttempts, type PasswordAttempts } from './world.attempts';
import { createWorldRepository, type WorldChatRow, type WorldEntryRow, type WorldVisitRow } from './world.repository';

/**
 * Holders of /explore/list (creators, organisation admins) manage their own entries and see their own rooms' presence
 * and chat; administrators (role `admin`) see and manage every entry and are hosts of every room.
 */
const isAdmin = (actor: WorldActor) => !!actor && actor.roles.includes('admin');
/** The author filter of an actor's lists: none for administrators, their own id for everybody else. */
const scopeOf = (actor: NonNullable<WorldActor>) => (isAdmin(actor) ? undefined : actor.id);

/** Who acts: a signed-in person (with permissions) or an anonymous guest (null). */
export type WorldActor = {
  id: number;
  name: string;
  roles: readonly string[];
  permissions: ReadonlySet<string>;
  /** Address and request id of an HTTP call (the audit log records them). */
  ip?: string;
  requestId?: string;
} | null;

/** Who did an in-room host action, for the audit log (the socket's user, or the host's name; their address). */
export type HostActor = AuditActor;

/** What the audit log keeps of an entry (no password hash or invite token). */
function entryAudit(r: WorldEntryRow): Record<string, unknown> {
  return {
    name: r.name,
    project_id: r.projectId,
    author_id: r.authorId,
    weight: r.weight,
    room_type: r.roomType,
    capacity: r.capacity,
    access: r.access,
    locked: r.locked,
  };
}
const entryTarget = (r: Pick<WorldEntryRow, 'id' | 'name'>) => ({ type: 'world_entry', id: r.id, label: r.name });
const auditActorOf = (a: NonNullable<WorldActor>): AuditActor => ({ id: a.id, name: a.name, ip: a.ip, requestId: a.requestId });

/** A deleted chat message and where it was (its instance is told to drop it). */
export interface RemovedChat {
  id: number;
  entryId: number;
  instance: number;
}

/** The avatar look of people (the avatars module fills it; null: the default look). */
export type LookFor = (userIds: number[]) => Promise<Map<number, unknown>>;

type AddWorld = z.output<typeof addWorldBody>;
type UpWorld = z.output<typeof upWorldBody>;
type WorldPageQuery = z.output<typeof worldPageQuery>;
type MetaListQuery = z.output<typeof metaWorldListQuery>;
type OnlineQuery = z.output<typeof onlinePageQuery>;
type ChatQuery = z.output<typeof chatRecordQuery>;
type BanQuery = z.output<typeof banPageQuery>;
type JoinPayload = z.output<typeof worldJoinPayload>;

const newInviteToken = () => crypto.randomBytes(18).toString('base64url');
const roomPrefix = (entryId: number) => `world:${entryId}`;
/** The Socket.IO room of one instance. */
export const instanceRoom = (entryId: number, instance: number) => `world:${entryId}:${instance}`;
/** The Socket.IO room of every instance of an entry (host state, hands). */
export const entryRoom = (entryId: number) => `world:${entryId}`;

/** A chat message as the reports module sees it. */
export interface ChatForReport {
  id: number;
  userId: number | null;
  /** The name chatted under (guests have only this). */
  name: string;
  text: string;
  entryId: number;
  instance: number;
  /** The world entry's name. */
  room: string;
}

/** What a join gives the rooms layer (the socket side). */
export interface Joined {
  entry: WorldEntryRow;
  visit: WorldVisitRow;
  details: WorldDetails;
  members: WorldMember[];
  /** The entry's hosts in every instance. */
  hosts: WorldMember[];
  chat: WorldChatMessage[];
  hands: HandQueueEvent['hands'];
}

/**
 * The meta world: entries (admin and public), rooms' membership (visits), chat, host actions and the presence
 * statistics. The database is the authority on who is in which instance (so several server processes agree); the
 * rooms layer (world.rooms.ts) keeps only movement in memory and calls this service for everything else.
 */
export function createWorldService({
  db,
  projects,
  scenes,
  users,
  lookFor,
  audit,
  attempts = createMemoryAttempts(),
}: {
  db: Db;
  projects: Pick<ProjectsService, 'byId' | 'byIds'>;
  scenes: Pick<ScenesService, 'kindOf' | 'contentScene' | 'roomScene'>;
  /** `nameInUse` refuses guest names that are registered accounts' names (without it, guests name themselves freely). */
  users: Pick<ProfileService, 'contacts'> & Partial<Pick<ProfileService, 'nameInUse'>>;
  lookFor: LookFor;
  /** The audit log: admin and persisted host actions are recorded in their transaction. */
  audit?: AuditRecorder;
  /**
   * Wrong-password budget per address and room, shared by the scene call and the socket join (Redis-backed with
   * several processes). Default: this process's memory, WORLD_SCENE_CALLS_PER_MINUTE a minute.
   */
  attempts?: PasswordAttempts;
}) {
  const repo = createWorldRepository(db);
  const chatBatch = createChatBatcher(db, repo);
  const log = async (tx: DbOrTx, entry: AuditRecord) => {
    await audit?.record(tx, entry);
  };

  /**
   * Deletes chat messages (only of the actor's entries unless an administrator; any when no scope is given, e.g. a
   * report's decision) in one transaction with one audit entry per message when `by` is given. The one way chat
   * messages are deleted: the rooms layer then tells each message's instance (`world:chat_removed`).
   */
  async function removeChats(ids: number[], opts: { scope?: number; by?: AuditActor } = {}): Promise<RemovedChat[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return db.transaction(async (tx) => {
      const gone = await repo.deleteChat(unique, opts.scope, tx);
      if (opts.by && gone.length) {
        const names = await repo.entryNames([...new Set(gone.map((g) => g.entryId))], tx);
        for (const g of gone) {
          await log(tx, {
            actor: opts.by,
            action: 'world.chat_delete',
            target: { type: 'world_chat', id: g.id, label: names.get(g.entryId) ?? '' },
            before: { entry_id: g.entryId, instance: g.instance, name: g.name, text: g.text },
          });
        }
      }
      return gone.map((g) => ({ id: g.id, entryId: g.entryId, instance: g.instance }));
    });
  }

  /** A project a room may show for this author: a 3D scene or 360 tour, published (in the market) or the author's own. */
  async function usableProject(projectId: number, authorId: number): Promise<void> {
    const p = await projects.byId(projectId);
    const unusable = new AppError(ErrorCode.WORLD_PROJECT_UNUSABLE, { field: 'project_id' });
    if (!p) throw unusable;
    const kind = await scenes.kindOf(projectId);
    if (!kind) throw unusable;
    if (p.ownerId === authorId) return;
    if (!isMarketVisible(p) || !(await scenes.contentScene(null, p))) throw unusable;
  }

  async function entriesOut(rows: WorldEntryRow[]): Promise<WorldEntry[]> {
    const [online, contacts, projectRows, kinds] = await Promise.all([
      repo.onlineCounts(rows.map((r) => r.id)),
      users.contacts([...new Set(rows.map((r) => r.authorId))]),
      projects.byIds([...new Set(rows.map((r) => r.projectId))]),
      Promise.all(rows.map((r) => scenes.kindOf(r.projectId))),
    ]);
    const byProject = new Map(projectRows.map((p) => [p.id, p]));
    return rows.map((r, i) => {
      const author = contacts.get(r.authorId);
      const p = byProject.get(r.projectId);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        cover: p?.cover ?? '',
        author_id: r.authorId,
        author_name: author?.name ?? '',
        account: author?.email ?? '',
        weight: r.weight,
        online_users: online.get(r.id) ?? 0,
        views: r.views,
        average_online_time: r.closedVisits > 0 ? Math.round(r.visitSeconds / r.closedVisits) : 0,
        room_id: roomPrefix(r.id),
        project_id: r.projectId,
        project_name: p?.name ?? '',
        scene_kind: (kinds[i] ?? null) as WorldSceneKind | null,
        room_type: r.roomType,
        capacity: r.capacity,
        access: r.access,
        has_password: !!r.passwordHash,
        invite_token: r.inviteToken,
        locked: r.locked,
        created_at: iso(r.createdAt) ?? '',
        updated_at: iso(r.updatedAt) ?? '',
      };
    });
  }

  const cardOf = (e: WorldEntry): MetaWorldCard => ({
    id: e.id,
    name: e.name,
    description: e.description,
    cover: e.cover,
    author_name: e.author_name,
    weight: e.weight,
    online_users: e.online_users,
    views: e.views,
    average_online_time: e.average_online_time,
    room_id: e.room_id,
    room_type: e.room_type,
    access: e.access,
    capacity: e.capacity,
    locked: e.locked,
    scene_kind: e.scene_kind,
  });

  async function roleFor(actor: WorldActor, entry: WorldEntryRow): Promise<WorldRole> {
    if (!actor) return 'visitor';
    if (actor.id === entry.authorId || isAdmin(actor)) return 'host';
    return (await repo.roleOf(entry.id, actor.id)) ?? 'visitor';
  }

  async function membersOut(visits: WorldVisitRow[]): Promise<WorldMember[]> {
    const userIds = [...new Set(visits.map((v) => v.userId).filter((id): id is number => id !== null))];
    const looks = userIds.length ? await lookFor(userIds) : new Map<number, unknown>();
    return visits.map((v) => memberOf(v, v.userId !== null ? (looks.get(v.userId) ?? null) : null));
  }

  /** The entry's hosts in every instance (open visits): their voice and screen reach every instance. */
  async function hostsOf(entryId: number): Promise<WorldMember[]> {
    return membersOut(await repo.openHostVisits(entryId));
  }

  async function handsOf(entryId: number): Promise<HandQueueEvent['hands']> {
    const rows = await repo.raisedHands(entryId);
    return rows.map((v) => ({ member_id: v.id, name: v.name, raised_at: iso(v.handRaisedAt) ?? '' }));
  }

  /**
   * The room's access rule (joining and its scene): anonymous only in public rooms; not banned; invite token or
   * password unless a host. The lock is the join's concern (a locked room still shows its scene behind the refusal).
   */
  async function checkAccess(
    actor: WorldActor,
    entry: WorldEntryRow,
    host: boolean,
    p: { invite?: string; password?: string },
    ip?: string,
  ): Promise<void> {
    if (!actor && entry.access !== 'public') throw new AppError(ErrorCode.WORLD_SIGN_IN_REQUIRED);
    if (actor && !host && (await repo.isBanned(entry.id, actor.id))) throw new AppError(ErrorCode.WORLD_BANNED);
    if (!host && entry.access === 'invite') {
      const a = Buffer.from(p.invite ?? '');
      const b = Buffer.from(entry.inviteToken);
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new AppError(ErrorCode.WORLD_INVITE_INVALID);
    }
    if (!host && entry.access === 'password') {
      if (!entry.passwordHash || !p.password) throw new AppError(ErrorCode.WORLD_PASSWORD_WRONG);
      // One budget per address and room whichever way the guess comes (HTTP or socket), taken before the costly hash.
      const key = `${(ip ?? 'unknown').replace(/^::ffff:/, '')}|${entry.id}`;
      const budget = await attempts.take(key);
      if (!budget.allowed) {
        throw new AppError(ErrorCode.RATE_LIMITED, { headers: { 'retry-after': String(budget.retryAfterSeconds) } });
      }
      if (!(await verify(entry.passwordHash, p.password).catch(() => false))) {
        throw new AppError(ErrorCode.WORLD_PASSWORD_WRONG);
      }
      await attempts.giveBack(key);
    }
  }

  /** An entry the actor manages (administrators: any); others' entries are "not found". */
  async function ownEntry(actor: NonNullable<WorldActor>, id: number): Promise<WorldEntryRow> {
    const e = await repo.entryById(id);
    if (!e || (!isAdmin(actor) && e.authorId !== actor.id)) throw notFound();
    return e;
  }

  /** The open visit of a member, in the actor's entry; refuses when the member left. */
  async function memberIn(entryId: number, memberId: number): Promise<WorldVisitRow> {
    const v = await repo.openVisit(memberId);
    if (!v || v.entryId !== entryId) throw new AppError(ErrorCode.WORLD_MEMBER_GONE);
    return v;
  }

  /** The actor's own open visit, which must be a host's. */
  async function hostVisit(visitId: number): Promise<WorldVisitRow> {
    const v = await repo.openVisit(visitId);
    if (!v) throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
    if (v.role !== 'host') throw new AppError(ErrorCode.WORLD_NOT_HOST);
    return v;
  }

  return {
    // --- Admin: entries (/explore/list) ---

    /** GET /explore/world_page: every entry, weight first, with live online totals. */
    async worldPage(actor: NonNullable<WorldActor>, q: WorldPageQuery): Promise<Page<WorldEntry>> {
      const { rows, total } = await repo.entryPage(
        { keyword: q.keyword || undefined, authorId: scopeOf(actor) },
        q.page,
        q.limit,
      );
      return { list: await entriesOut(rows), total, page: q.page, limit: q.limit };
    },

    /**
     * POST /explore/add_world: the author is the caller (administrators may name another account); the project must
     * be one the author may use.
     */
    async addWorld(actor: NonNullable<WorldActor>, body: AddWorld): Promise<WorldEntry> {
      const authorId = isAdmin(actor) ? (body.author_id ?? actor.id) : actor.id;
      if (body.author_id !== undefined && !(await users.contacts([authorId])).has(authorId)) throw notFound();
      await usableProject(body.project_id, authorId);
      const passwordHash = body.password ? await hash(body.password) : null;
      const row = await db.transaction(async (tx) => {
        const r = await repo.insertEntry(
          {
            name: body.name,
            description: body.description,
            projectId: body.project_id,
            authorId,
            weight: body.weight,
            roomType: body.room_type,
            capacity: body.capacity,
            access: body.access,
            passwordHash,
            inviteToken: newInviteToken(),
            locked: body.locked,
          },
          tx,
        );
        await log(tx, { actor: auditActorOf(actor), action: 'world.entry_add', target: entryTarget(r), after: entryAudit(r) });
        return r;
      });
      const [out] = await entriesOut([row]);
      if (!out) throw notFound();
      return out;
    },

    /** POST /explore/up_world. Answers the entry and whether the lock changed (the rooms layer tells the rooms). */
    async updateWorld(actor: NonNullable<WorldActor>, body: UpWorld): Promise<{ entry: WorldEntry; lockChanged: boolean }> {
      const before = await ownEntry(actor, body.id);
      if (!isAdmin(actor)) body.author_id = undefined;
      const authorId = body.author_id ?? before.authorId;
      if (body.author_id !== undefined && !(await users.contacts([authorId])).has(authorId)) throw notFound();
      if (body.project_id !== undefined || body.author_id !== undefined)
        await usableProject(body.project_id ?? before.projectId, authorId);
      const access = body.access ?? before.access;
      if (access === 'password' && !body.password && !before.passwordHash) {
        throw new AppError(ErrorCode.VALIDATION, { field: 'password', messageKey: 'v.worldPasswordRequired' });
      }
      const passwordHash = body.password ? await hash(body.password) : undefined;
      const row = await db.transaction(async (tx) => {
        const r = await repo.updateEntry(
          body.id,
          {
            name: body.name,
            description: body.description,
            projectId: body.project_id,
            authorId: body.author_id,
            weight: body.weight,
            roomType: body.room_type,
            capacity: body.capacity,
            access: body.access,
            passwordHash,
            locked: body.locked,
            inviteToken: body.new_invite ? newInviteToken() : undefined,
          },
          tx,
        );
        if (!r) throw notFound();
        const diff = changes(entryAudit(before), entryAudit(r));
        // Secrets are never logged; that they changed is (as a plain flag).
        if (passwordHash) diff.after.credential_changed = true;
        if (body.new_invite) diff.after.invite_renewed = true;
        await log(tx, { actor: auditActorOf(actor), action: 'world.entry_update', target: entryTarget(r), ...diff });
        return r;
      });
      const [entry] = await entriesOut([row]);
      if (!entry) throw notFound();
      return { entry, lockChanged: row.locked !== before.locked };
    },

    /** POST /explore/del_world: the entry goes from every list; its rooms close (visits and chat records stay). */
    async deleteWorld(actor: NonNullable<WorldActor>, id: number): Promise<WorldVisitRow[]> {
      await ownEntry(actor, id);
      return db.transaction(async (tx) => {
        const row = await repo.updateEntry(id, { deletedAt: new Date() }, tx);
        if (!row) throw notFound();
        const closed = await repo.closeVisits(repo.visitsOfEntry(id), tx);
        await log(tx, {
          actor: auditActorOf(actor),
          action: 'world.entry_delete',
          target: entryTarget(row),
          before: entryAudit(row),
          after: { closed_visits: closed.length },
        });
        return closed;
      });
    },

    // --- Public (/meta, room page) ---

    /** GET /meta/world_list: the /meta cards, weight first; no password or invite data. */
    async metaList(q: MetaListQuery): Promise<Page<MetaWorldCard>> {
      const { rows, total } = await repo.entryPage({ keyword: q.keyword || undefined, roomType: q.room_type }, q.page, q.limit);
      return { list: (await entriesOut(rows)).map(cardOf), total, page: q.page, limit: q.limit };
    },

    /** GET /meta/world_details: what the room page loads before joining (the project and its scene kind). */
    async details(actor: WorldActor, id: number): Promise<WorldDetails> {
      const row = await repo.entryById(id);
      if (!row) throw notFound();
      const [e] = await entriesOut([row]);
      if (!e) throw notFound();
      return { ...cardOf(e), project_id: e.project_id, author_id: e.author_id, is_host: (await roleFor(actor, row)) === 'host' };
    },

    /**
     * POST /meta/world_scene: the room's scene for whoever may enter it (see `checkAccess`), even when the project is
     * paid and not bought, or not in the market: a room shows its scene to its visitors. Viewer-quality assets only.
     */
    async scene(
      actor: WorldActor,
      p: { entry_id: number; invite?: string; password?: string },
      from: { ip?: string } = {},
    ): Promise<SceneDetails> {
      const entry = await repo.entryById(p.entry_id);
      if (!entry) throw notFound();
      await checkAccess(actor, entry, (await roleFor(actor, entry)) === 'host', p, from.ip ?? actor?.ip);
      return scenes.roomScene(actor, entry.projectId, entry.authorId);
    },

    // --- Rooms ---

    /**
     * A socket enters an entry: access checks (anonymous only in public rooms; invite token or password unless a host;
     * bans; lock), then, holding the entry's row lock, the first instance with room (or a new one) and the visit row,
     * plus one view. Classroom visitors start muted.
     */
    async join(
      actor: WorldActor,
      p: JoinPayload,
      socket: { socketId: string; nodeId: string /** The client's address (password attempts). */; ip?: string },
    ): Promise<Joined> {
      const entry = await repo.entryById(p.entry_id);
      if (!entry) throw notFound();
      const role = await roleFor(actor, entry);
      const host = role === 'host';
      await checkAccess(actor, entry, host, p, socket.ip);
      const guestName = actor ? '' : (p.guest_name?.trim() ?? '');
      if (guestName && (await users.nameInUse?.(guestName))) {
        throw new AppError(ErrorCode.WORLD_GUEST_NAME_TAKEN, { field: 'guest_name' });
      }
      const visit = await db.transaction(async (tx) => {
        const locked = await repo.lockEntry(entry.id, tx);
        if (!locked) throw notFound();
        if (locked.locked && !host) throw new AppError(ErrorCode.WORLD_LOCKED);
        const counts = await repo.instanceCounts(entry.id, tx);
        let instance = 0;
        for (const [n, c] of [...counts].sort((a, b) => a[0] - b[0])) {
          if (c < locked.capacity) {
            instance = n;
            break;
          }
        }
        if (instance === 0) {
          instance = 1;
          while (counts.has(instance)) instance++;
        }
        await repo.addView(entry.id, tx);
        return repo.insertVisit(
          {
            entryId: entry.id,
            instance,
            userId: actor?.id ?? null,
            guestId: actor ? null : (p.guest_id ?? null),
            name: actor?.name ?? (guestName || 'Guest'),
            role,
            muted: locked.roomType === 'classroom' && role === 'visitor',
            nodeId: socket.nodeId,
            socketId: socket.socketId,
          },
          tx,
        );
      });
      const [members, hosts, chat, hands, [e]] = await Promise.all([
        repo.openVisitsOfInstance(entry.id, visit.instance).then(membersOut),
        hostsOf(entry.id),
        repo.recentChat(entry.id, WORLD_RECENT_CHAT),
        handsOf(entry.id),
        entriesOut([entry]),
      ]);
      if (!e) throw notFound();
      return {
        entry,
        visit,
        details: { ...cardOf(e), project_id: e.project_id, author_id: e.author_id, is_host: host },
        members,
        hosts,
        chat: chat.map(chatOut),
        hands,
      };
    },

    /**
     * Closes a visit (leave, disconnect). Answers the closed row (null when it was closed already), and whether the
     * entry's presenter / follow state or hand queue changed with it.
     */
    async leave(visitId: number): Promise<{ visit: WorldVisitRow; stageChanged: boolean; handsChanged: boolean } | null> {
      return db.transaction(async (tx) => {
        const before = await repo.openVisit(visitId, tx);
        const [visit] = await repo.closeVisits(repo.visitIs(visitId), tx);
        if (!visit) return null;
        const entry = await repo.entryById(visit.entryId, tx);
        let stageChanged = false;
        if (entry) {
          const stage = { ...entry.stage };
          if (stage.presenter?.presenter_member_id === visitId) stage.presenter = null;
          if (stage.follow?.host_member_id === visitId) stage.follow = null;
          if (stage.presenter !== entry.stage.presenter || stage.follow !== entry.stage.follow) {
            await repo.setStage(entry.id, stage, tx);
            stageChanged = true;
          }
        }
        return { visit, stageChanged, handsChanged: !!before?.handRaisedAt };
      });
    },

    /** The entry's presenter and follow state (for every instance). */
    async stageOf(entryId: number): Promise<{ presenter: PresentState | null; follow: FollowHostEvent | null; locked: boolean }> {
      const e = await repo.entryById(entryId);
      return { presenter: e?.stage.presenter ?? null, follow: e?.stage.follow ?? null, locked: e?.locked ?? false };
    },

    handsOf,

    /**
     * What the people of one instance may have missed while the server processes could not reach each other (Redis
     * restarting: their broadcasts were lost): the members now, the visits closed and the chat messages written since
     * `since`. The database holds all of it, whichever process acknowledged it.
     */
    async catchUp(
      entryId: number,
      instance: number,
      since: Date,
    ): Promise<{ members: WorldMember[]; left: number[]; chat: WorldChatMessage[] }> {
      const [members, left, chat] = await Promise.all([
        repo.openVisitsOfInstance(entryId, instance).then(membersOut),
        repo.visitsLeftSince(entryId, instance, since),
        repo.chatSince(entryId, instance, since, CATCH_UP_CHAT_MAX),
      ]);
      return { members, left, chat: chat.map(chatOut) };
    },

    /** The entry's hosts in every instance (`world:hosts`: people connect their voice to other instances' hosts). */
    hostsOf,

    /**
     * A chat message: stored and counted on the visit. Messages of all rooms are written together (group commit, see
     * {@link createChatBatcher}); this answers once the message's transaction committed, so an acknowledged message
     * survives a crash.
     */
    chat: (visitId: number, text: string) => chatBatch.add(visitId, text),

    /** Writes the chat messages waiting for their group commit now (shutdown, tests). */
    flushChat: () => chatBatch.flush(),

    /** The open visit of a socket's member (null once closed, e.g. by a kick on another process). */
    openVisit: (visitId: number) => repo.openVisit(visitId),

    /** A member of the same entry (any instance), for voice signalling. */
    memberIn,

    /** Host: mute or unmute a member's voice. */
    async setMuted(hostVisitId: number, memberId: number, muted: boolean): Promise<WorldMember> {
      const h = await hostVisit(hostVisitId);
      await memberIn(h.entryId, memberId);
      const v = await repo.updateVisit(memberId, { muted });
      if (!v) throw new AppError(ErrorCode.WORLD_MEMBER_GONE);
      return (await membersOut([v]))[0] as WorldMember;
    },

    /** Host: remove a member (kick) or ban them (persisted for signed-in people; every visit of theirs closes). */
    async remove(hostVisitId: number, memberId: number, ban: boolean, by: HostActor): Promise<WorldVisitRow[]> {
      const h = await hostVisit(hostVisitId);
      const target = await memberIn(h.entryId, memberId);
      if (target.id === h.id) throw new AppError(ErrorCode.VALIDATION, { messageKey: 'v.selfAction' });
      return db.transaction(async (tx) => {
        if (ban && target.userId !== null) {
          await repo.ban(h.entryId, target.userId, by.id ?? 0, tx);
          const closed = await repo.closeVisits(repo.visitsOfUserInEntry(h.entryId, target.userId), tx);
          await log(tx, {
            actor: { ...by, name: by.name ?? h.name },
            action: 'world.member_ban',
            target: { type: 'user', id: target.userId, label: target.name },
            after: { entry_id: h.entryId, banned: true },
          });
          return closed;
        }
        return repo.closeVisits(repo.visitIs(target.id), tx);
      });
    },

    /** Host: give a member a role (kept for signed-in people's next visits). Classroom visitors are muted, others not. */
    async setRole(hostVisitId: number, memberId: number, role: WorldRole, by: HostActor): Promise<WorldMember> {
      const h = await hostVisit(hostVisitId);
      const target = await memberIn(h.entryId, memberId);
      const entry = await repo.entryById(h.entryId);
      if (!entry) throw notFound();
      if (target.userId === entry.authorId && role !== 'host') throw new AppError(ErrorCode.FORBIDDEN);
      const v = await db.transaction(async (tx) => {
        if (target.userId !== null) {
          await repo.setRole(h.entryId, target.userId, role, tx);
          // Only signed-in people's roles persist (a guest's lasts the visit): those are audited.
          await log(tx, {
            actor: { ...by, name: by.name ?? h.name },
            action: 'world.member_role',
            target: { type: 'user', id: target.userId, label: target.name },
            before: { entry_id: h.entryId, role: target.role },
            after: { entry_id: h.entryId, role },
          });
        }
        return repo.updateVisit(target.id, { role, muted: entry.roomType === 'classroom' && role === 'visitor' }, tx);
      });
      if (!v) throw new AppError(ErrorCode.WORLD_MEMBER_GONE);
      return (await membersOut([v]))[0] as WorldMember;
    },

    /** Host: lock or unlock the room (only hosts join a locked room). Answers the entry id. */
    async setLocked(hostVisitId: number, locked: boolean, by: HostActor): Promise<number> {
      const h = await hostVisit(hostVisitId);
      await db.transaction(async (tx) => {
        const e = await repo.lockEntry(h.entryId, tx);
        if (!e) throw notFound();
        await repo.updateEntry(h.entryId, { locked }, tx);
        await log(tx, {
          actor: { ...by, name: by.name ?? h.name },
          action: locked ? 'world.room_lock' : 'world.room_unlock',
          target: entryTarget(e),
          before: { locked: e.locked },
          after: { locked },
        });
      });
      return h.entryId;
    },

    /** Host-only check for relayed host events (move, presenter, follow). Answers the host's visit. */
    hostVisit,

    /** Host: presenter and follow state of the entry (reaches every instance). */
    async setStage(
      hostVisitId: number,
      change: (stage: WorldEntryRow['stage'], host: WorldVisitRow) => WorldEntryRow['stage'],
    ): Promise<{ entryId: number; stage: WorldEntryRow['stage'] }> {
      const h = await hostVisit(hostVisitId);
      return db.transaction(async (tx) => {
        const e = await repo.lockEntry(h.entryId, tx);
        if (!e) throw notFound();
        const stage = change(e.stage, h);
        await repo.setStage(e.id, stage, tx);
        return { entryId: e.id, stage };
      });
    },

    /** Own microphone state. */
    async setSelfMuted(visitId: number, selfMuted: boolean): Promise<WorldMember> {
      const v = await repo.updateVisit(visitId, { selfMuted });
      if (!v) throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
      return (await membersOut([v]))[0] as WorldMember;
    },

    /** Raise or lower a hand (own; hosts lower anyone's in their entry). Answers the member and the new queue. */
    async setHand(
      visitId: number,
      raised: boolean,
      memberId?: number,
    ): Promise<{ member: WorldMember; hands: HandQueueEvent['hands']; entryId: number }> {
      const own = await repo.openVisit(visitId);
      if (!own) throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
      let targetId = visitId;
      if (memberId !== undefined && memberId !== visitId) {
        if (own.role !== 'host') throw new AppError(ErrorCode.WORLD_NOT_HOST);
        targetId = (await memberIn(own.entryId, memberId)).id;
      }
      const v = await repo.updateVisit(targetId, { handRaisedAt: raised ? new Date() : null });
      if (!v) throw new AppError(ErrorCode.WORLD_MEMBER_GONE);
      return { member: (await membersOut([v]))[0] as WorldMember, hands: await handsOf(own.entryId), entryId: own.entryId };
    },

    // --- Admin: presence and chat records ---

    /** GET /explore/online_page: per person and room, from the visits (open ones count until now). */
    async onlinePage(actor: NonNullable<WorldActor>, q: OnlineQuery): Promise<Page<OnlineUserRow>> {
      const { rows, total } = await repo.onlinePage(
        {
          authorId: scopeOf(actor),
          entryId: q.entry_id,
          keyword: q.keyword || undefined,
          dateFrom: q.date_from,
          dateTo: q.date_to,
          online: q.online === undefined ? undefined : q.online === 'true',
        },
        q.page,
        q.limit,
      );
      const [names, contacts] = await Promise.all([
        repo.entryNames([...new Set(rows.map((r) => r.entryId))]),
        users.contacts([...new Set(rows.map((r) => r.userId))]),
      ]);
      return {
        list: rows.map((r) => ({
          user_id: r.userId,
          name: contacts.get(r.userId)?.name ?? r.name,
          account: contacts.get(r.userId)?.email ?? '',
          entry_id: r.entryId,
          entry_name: names.get(r.entryId) ?? '',
          first_login: r.firstLogin.toISOString(),
          last_login: r.lastLogin.toISOString(),
          total_online_time: r.seconds,
          messages: r.messages,
          online: r.online,
        })),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    /** POST /explore/kick: closes the person's visits of the entry (not a ban). Answers the closed visits. */
    async kick(actor: NonNullable<WorldActor>, entryId: number, userId: number): Promise<WorldVisitRow[]> {
      const e = await ownEntry(actor, entryId);
      return db.transaction(async (tx) => {
        const closed = await repo.closeVisits(repo.visitsOfUserInEntry(entryId, userId), tx);
        if (closed.length) {
          await log(tx, {
            actor: auditActorOf(actor),
            action: 'world.member_kick',
            target: { type: 'user', id: userId, label: closed[0]?.name ?? '' },
            after: { entry_id: entryId, entry: e.name, closed_visits: closed.length },
          });
        }
        return closed;
      });
    },

    /** GET /explore/ban_page: who the entry's hosts banned (the actor's own entries; administrators: any). */
    async banPage(actor: NonNullable<WorldActor>, q: BanQuery): Promise<Page<WorldBan>> {
      await ownEntry(actor, q.entry_id);
      const { rows, total } = await repo.banPage(q.entry_id, q.page, q.limit);
      const contacts = await users.contacts([...new Set(rows.flatMap((r) => [r.userId, r.bannedBy]))]);
      return {
        list: rows.map((r) => ({
          entry_id: r.entryId,
          user_id: r.userId,
          name: contacts.get(r.userId)?.name ?? '',
          account: contacts.get(r.userId)?.email ?? '',
          banned_by: r.bannedBy,
          banned_by_name: contacts.get(r.bannedBy)?.name ?? '',
          created_at: iso(r.createdAt) ?? '',
        })),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    /** POST /explore/unban: lifts a ban, audited; a ban that is not there is "not found" (someone lifted it first). */
    async unban(actor: NonNullable<WorldActor>, entryId: number, userId: number): Promise<void> {
      const e = await ownEntry(actor, entryId);
      const label = (await users.contacts([userId])).get(userId)?.name ?? '';
      await db.transaction(async (tx) => {
        const gone = await repo.unban(entryId, userId, tx);
        if (!gone) throw notFound();
        await log(tx, {
          actor: auditActorOf(actor),
          action: 'world.member_unban',
          target: { type: 'user', id: userId, label },
          before: { entry_id: entryId, entry: e.name, banned: true, banned_by: gone.bannedBy },
          after: { entry_id: entryId, banned: false },
        });
      });
    },

    /** GET /explore/chat_record_page. */
    async chatPage(actor: NonNullable<WorldActor>, q: ChatQuery): Promise<Page<ChatRecord>> {
      const { rows, total } = await repo.chatPage(chatFilter(actor, q), q.page, q.limit);
      return { list: await chatRecordsOut(rows), total, page: q.page, limit: q.limit };
    },

    /** GET /explore/chat_record_export: the filtered records as CSV (newest first, at most CHAT_EXPORT_MAX_ROWS). */
    async chatCsv(actor: NonNullable<WorldActor>, q: ChatQuery): Promise<string> {
      const { rows } = await repo.chatPage(chatFilter(actor, q), 1, CHAT_EXPORT_MAX_ROWS);
      const list = await chatRecordsOut(rows);
      const lines = [['id', 'room', 'instance', 'user_id', 'name', 'time', 'message'].join(',')];
      for (const r of list) {
        lines.push(
          [r.id, r.entry_name, r.instance, r.user_id ?? '', r.name, r.created_at, r.text]
            .map((v) => csvCell(String(v)))
            .join(','),
        );
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },

    /**
     * POST /explore/del_chat_record: deletes the actor's rooms' messages (administrators: any), audited; answers what
     * went and where, for the rooms layer to tell the open rooms.
     */
    async deleteChat(actor: NonNullable<WorldActor>, ids: number[]): Promise<RemovedChat[]> {
      return removeChats(ids, { scope: scopeOf(actor), by: auditActorOf(actor) });
    },

    removeChats,

    /**
     * Chat records for the reports module (target kind `chat`): author, the name chatted under, text and the room's
     * name, by id; deleted messages are absent.
     */
    async chatForReports(ids: number[]): Promise<Map<number, ChatForReport>> {
      const rows = await repo.chatByIds([...new Set(ids)]);
      const entries = new Map<number, string>();
      for (const entryId of new Set(rows.map((r) => r.entryId)))
        entries.set(entryId, (await repo.entryById(entryId))?.name ?? '');
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            userId: r.userId,
            name: r.name,
            text: r.text,
            entryId: r.entryId,
            instance: r.instance,
            room: entries.get(r.entryId) ?? '',
          },
        ]),
      );
    },

    // --- Server processes ---

    /**
     * Start of a server process: closes the visits it held before a restart (at its last heartbeat), then beats every
     * `beatMs` and closes the visits of processes silent for `staleMs` (crashed). Answers the stop function.
     */
    async startNode(nodeId: string, opts: { beatMs?: number; staleMs?: number } = {}): Promise<() => Promise<void>> {
      const beatMs = opts.beatMs ?? 10_000;
      const staleMs = opts.staleMs ?? 45_000;
      const last = await repo.nodeHeartbeat(nodeId);
      await db.transaction((tx) => repo.closeVisits(repo.visitsOfNode(nodeId), tx, last && last < new Date() ? last : undefined));
      await repo.heartbeat(nodeId);
      const sweep = async () => {
        await repo.heartbeat(nodeId);
        for (const n of await repo.staleNodes(new Date(Date.now() - staleMs))) {
          if (n.id === nodeId) continue;
          await db.transaction((tx) => repo.closeVisits(repo.visitsOfNode(n.id), tx, n.heartbeatAt ?? undefined));
        }
      };
      const timer = setInterval(() => void sweep().catch(() => undefined), beatMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await chatBatch.flush().catch(() => undefined);
        await db.transaction((tx) => repo.closeVisits(repo.visitsOfNode(nodeId), tx)).catch(() => undefined);
        await repo.removeNode(nodeId).catch(() => undefined);
      };
    },
  };

  async function chatRecordsOut(rows: WorldChatRow[]): Promise<ChatRecord[]> {
    const names = await repo.entryNames([...new Set(rows.map((r) => r.entryId))]);
    return rows.map((r) => ({
      id: r.id,
      entry_id: r.entryId,
      entry_name: names.get(r.entryId) ?? '',
      instance: r.instance,
      user_id: r.userId,
      name: r.name,
      text: r.text,
      created_at: iso(r.createdAt) ?? '',
    }));
  }
}

function chatFilter(actor: NonNullable<WorldActor>, q: ChatQuery) {
  return {
    authorId: scopeOf(actor),
    entryId: q.entry_id,
    userId: q.user_id,
    keyword: q.keyword || undefined,
    dateFrom: q.date_from,
    dateTo: q.date_to,
  };
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function chatOut(r: WorldChatRow): WorldChatMessage {
  return { id: r.id, member_id: r.visitId, user_id: r.userId, name: r.name, text: r.text, created_at: iso(r.createdAt) ?? '' };
}

/** A visit as a room member (its movement state is the rooms layer's). */
export function memberOf(v: WorldVisitRow, look: unknown): WorldMember {
  return {
    member_id: v.id,
    user_id: v.userId,
    guest_id: v.guestId,
    name: v.name,
    role: v.role,
    muted: v.muted,
    self_muted: v.selfMuted,
    hand_raised: v.handRaisedAt !== null,
    look,
    instance: v.instance,
    state: null,
  };
}

export type WorldService = ReturnType<typeof createWorldService>;

/** The most chat messages of one instance a catch-up after a Redis outage sends again (the newest). */
export const CATCH_UP_CHAT_MAX = 500;

/** How long a chat message waits for others to share its transaction (ms). */
export const CHAT_COMMIT_MS = 10;

/**
 * Group commit of world chat: messages arriving within `CHAT_COMMIT_MS` of the first waiting one are written in one
 * transaction (the open visits read, one multi-row insert, the visits' message counts) instead of one transaction
 * each. Each `add` answers after that transaction committed (a message of a closed visit is refused alone); a failed
 * transaction refuses all of its messages. One batch is written at a time; messages arriving meanwhile wait for the
 * next.
 */
function createChatBatcher(db: Db, repo: ReturnType<typeof createWorldRepository>) {
  interface Pending {
    visitId: number;
    text: string;
    resolve: (r: { message: WorldChatMessage; visit: WorldVisitRow }) => void;
    reject: (e: unknown) => void;
  }
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Pending[]) {
    try {
      const done = await db.transaction(async (tx) => {
        const visits = new Map((await repo.openVisitsByIds([...new Set(batch.map((p) => p.visitId))], tx)).map((v) => [v.id, v]));
        const kept = batch.filter((p) => visits.has(p.visitId));
        const rows = await repo.insertChats(
          kept.map((p) => {
            const v = visits.get(p.visitId) as WorldVisitRow;
            return { entryId: v.entryId, instance: v.instance, visitId: v.id, userId: v.userId, name: v.name, text: p.text };
          }),
          tx,
        );
        const counts = new Map<number, number>();
        for (const p of kept) counts.set(p.visitId, (counts.get(p.visitId) ?? 0) + 1);
        await repo.addMessages(counts, tx);
        return { visits, kept, rows };
      });
      for (const p of batch) if (!done.visits.has(p.visitId)) p.reject(new AppError(ErrorCode.WORLD_NOT_IN_ROOM));
      done.kept.forEach((p, i) => {
        const row = done.rows[i];
        if (row) p.resolve({ message: chatOut(row), visit: done.visits.get(p.visitId) as WorldVisitRow });
        else p.reject(new Error('chat insert returned fewer rows'));
      });
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    writing = writing.then(() => (batch.length ? write(batch) : undefined));
    return writing;
  }

  return {
    add(visitId: number, text: string): Promise<{ message: WorldChatMessage; visit: WorldVisitRow }> {
      return new Promise((resolve, reject) => {
        queue.push({ visitId, text, resolve, reject });
        timer ??= setTimeout(() => void flush(), CHAT_COMMIT_MS);
      });
    },
    flush,
  };
}
