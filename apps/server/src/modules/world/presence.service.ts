import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type {
  FollowHostEvent,
  HandQueueEvent,
  OnlineUserRow,
  onlinePageQuery,
  PresentState,
  WorldChatMessage,
  WorldDetails,
  WorldMember,
  WorldRole,
  worldJoinPayload,
} from '@xr/contract/world';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import type { AuditRecord, AuditRecorder } from '../audit/audit.service';
import type { ProfileService } from '../users/profile.service';
import type { ChatService } from './chat.service';
import type { EntriesService } from './entries.service';
import { type HostActor, scopeOf, type WorldActor } from './world.policy';
import { createWorldRepository, type WorldEntryRow, type WorldVisitRow } from './world.repository';

type OnlineQuery = z.output<typeof onlinePageQuery>;
type JoinPayload = z.output<typeof worldJoinPayload>;

/** The avatar look of people (the avatars module fills it; null: the default look). */
export type LookFor = (userIds: number[]) => Promise<Map<number, unknown>>;

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
 * Who is where in the meta world: joining (which instance), leaving, the members of each instance, hosts' actions
 * on members and on the room (mute, kick, ban, roles, lock, presenter and follow state), hands, the /explore/onlinelist
 * statistics, and the server processes that hold visits. The database is the authority on who is in which instance
 * (so several server processes agree); the rooms layer (world.rooms.ts) keeps only movement in memory and calls this
 * service for everything else.
 */
export function createPresenceService({
  db,
  entries,
  chat,
  users,
  lookFor,
  audit,
}: {
  db: Db;
  /** Who may enter (access rule, role) and the room page's details of the entry. */
  entries: Pick<EntriesService, 'admit' | 'detailsOf'>;
  /** The history a joiner and a catch-up get; the messages still waiting are written before a process stops. */
  chat: Pick<ChatService, 'recent' | 'since' | 'flush'>;
  /** `nameInUse` refuses guest names that are registered accounts' names (without it, guests name themselves freely). */
  users: Pick<ProfileService, 'contacts'> & Partial<Pick<ProfileService, 'nameInUse'>>;
  lookFor: LookFor;
  /** The audit log: persisted host actions are recorded in their transaction. */
  audit?: AuditRecorder;
}) {
  const repo = createWorldRepository(db);
  const log = async (tx: DbOrTx, entry: AuditRecord) => {
    await audit?.record(tx, entry);
  };

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
      const { entry, role } = await entries.admit(actor, p, socket.ip);
      const host = role === 'host';
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
      const [members, hosts, recent, hands, details] = await Promise.all([
        repo.openVisitsOfInstance(entry.id, visit.instance).then(membersOut),
        hostsOf(entry.id),
        chat.recent(entry.id),
        handsOf(entry.id),
        entries.detailsOf(entry, host),
      ]);
      return { entry, visit, details, members, hosts, chat: recent, hands };
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
      const [members, left, missed] = await Promise.all([
        repo.openVisitsOfInstance(entryId, instance).then(membersOut),
        repo.visitsLeftSince(entryId, instance, since),
        chat.since(entryId, instance, since),
      ]);
      return { members, left, chat: missed };
    },

    /** The entry's hosts in every instance (`world:hosts`: people connect their voice to other instances' hosts). */
    hostsOf,

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
          target: { type: 'world_entry', id: e.id, label: e.name },
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

    // --- Admin: presence statistics ---

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

    // --- Server processes ---

    /**
     * Start of a server process: closes the visits it held before a restart (at its last heartbeat), then beats every
     * `beatMs` and closes the visits of processes silent for `staleMs` (crashed). Answers the stop function, which
     * writes the chat messages still waiting before it closes this process's visits.
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
        await chat.flush().catch(() => undefined);
        await db.transaction((tx) => repo.closeVisits(repo.visitsOfNode(nodeId), tx)).catch(() => undefined);
        await repo.removeNode(nodeId).catch(() => undefined);
      };
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;

/** A visit as a room member (its movement state is the rooms layer's). */
function memberOf(v: WorldVisitRow, look: unknown): WorldMember {
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
