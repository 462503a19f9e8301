import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { SceneDetails } from '@xr/contract/scenes';
import type {
  addWorldBody,
  banPageQuery,
  MetaWorldCard,
  metaWorldListQuery,
  upWorldBody,
  WorldBan,
  WorldDetails,
  WorldEntry,
  WorldRole,
  WorldSceneKind,
  worldPageQuery,
} from '@xr/contract/world';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { type AuditRecord, type AuditRecorder, changes } from '../audit/audit.service';
import { isMarketVisible, type ProjectsService } from '../projects/projects.service';
import type { ScenesService } from '../projects/scenes.service';
import type { ProfileService } from '../users/profile.service';
import { createMemoryAttempts, type PasswordAttempts } from './world.attempts';
import { entryRoom } from './world.channels';
import { auditActorOf, isAdmin, scopeOf, type WorldActor } from './world.policy';
import { createWorldRepository, type WorldEntryRow, type WorldVisitRow } from './world.repository';

type AddWorld = z.output<typeof addWorldBody>;
type UpWorld = z.output<typeof upWorldBody>;
type WorldPageQuery = z.output<typeof worldPageQuery>;
type MetaListQuery = z.output<typeof metaWorldListQuery>;
type BanQuery = z.output<typeof banPageQuery>;

/** What opens a room's door: its id and, depending on its access, the invite token or the password. */
export interface EntryKey {
  entry_id: number;
  invite?: string;
  password?: string;
}

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

const newInviteToken = () => crypto.randomBytes(18).toString('base64url');

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

/**
 * The meta world's rooms as entries: creating, listing and changing them (/explore/list), the public /meta cards and
 * room page, who may enter (access rule, invite token, password with its attempt budget, bans, the roles kept per
 * entry) and an administrator's kick and ban list. Entering itself (the visit) is the presence service's.
 */
export function createEntriesService({
  db,
  projects,
  scenes,
  users,
  audit,
  attempts = createMemoryAttempts(),
}: {
  db: Db;
  projects: Pick<ProjectsService, 'byId' | 'byIds'>;
  scenes: Pick<ScenesService, 'kindOf' | 'contentScene' | 'roomScene'>;
  users: Pick<ProfileService, 'contacts'>;
  /** The audit log: admin actions are recorded in their transaction. */
  audit?: AuditRecorder;
  /**
   * Wrong-password budget per address and room, shared by the scene call and the socket join (Redis-backed with
   * several processes). Default: this process's memory, WORLD_SCENE_CALLS_PER_MINUTE a minute.
   */
  attempts?: PasswordAttempts;
}) {
  const repo = createWorldRepository(db);
  const log = async (tx: DbOrTx, entry: AuditRecord) => {
    await audit?.record(tx, entry);
  };

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
        room_id: entryRoom(r.id),
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

  /** The room page's view of an entry (the card, its project and whether the viewer hosts it). */
  async function detailsOf(entry: WorldEntryRow, host: boolean): Promise<WorldDetails> {
    const [e] = await entriesOut([entry]);
    if (!e) throw notFound();
    return { ...cardOf(e), project_id: e.project_id, author_id: e.author_id, is_host: host };
  }

  async function roleFor(actor: WorldActor, entry: WorldEntryRow): Promise<WorldRole> {
    if (!actor) return 'visitor';
    if (actor.id === entry.authorId || isAdmin(actor)) return 'host';
    return (await repo.roleOf(entry.id, actor.id)) ?? 'visitor';
  }

  /**
   * The room's access rule (joining and its scene): anonymous only in public rooms; not banned; invite token or
   * password unless a host. The lock is the join's concern (a locked room still shows its scene behind the refusal).
   */
  async function checkAccess(actor: WorldActor, entry: WorldEntryRow, host: boolean, p: EntryKey, ip?: string): Promise<void> {
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

  /**
   * The entry behind a key and the actor's role in it, once the access rule let them through (see `checkAccess`).
   * `ip` is the caller's address (password attempts).
   */
  async function admit(actor: WorldActor, key: EntryKey, ip?: string): Promise<{ entry: WorldEntryRow; role: WorldRole }> {
    const entry = await repo.entryById(key.entry_id);
    if (!entry) throw notFound();
    const role = await roleFor(actor, entry);
    await checkAccess(actor, entry, role === 'host', key, ip);
    return { entry, role };
  }

  /** An entry the actor manages (administrators: any); others' entries are "not found". */
  async function ownEntry(actor: NonNullable<WorldActor>, id: number): Promise<WorldEntryRow> {
    const e = await repo.entryById(id);
    if (!e || (!isAdmin(actor) && e.authorId !== actor.id)) throw notFound();
    return e;
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
      return detailsOf(row, (await roleFor(actor, row)) === 'host');
    },

    /**
     * POST /meta/world_scene: the room's scene for whoever may enter it (see `checkAccess`), even when the project is
     * paid and not bought, or not in the market: a room shows its scene to its visitors. Viewer-quality assets only.
     */
    async scene(actor: WorldActor, p: EntryKey, from: { ip?: string } = {}): Promise<SceneDetails> {
      const { entry } = await admit(actor, p, from.ip ?? actor?.ip);
      return scenes.roomScene(actor, entry.projectId, entry.authorId);
    },

    // --- Entering (the presence service's join) ---

    admit,
    detailsOf,

    // --- Admin: kick and bans ---

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
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
