import { ErrorCode, type ErrorCodeValue } from '@xr/contract/errors';
import { type Lang, langFromHeader } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import {
  emptyPayload,
  followHostPayload,
  handLowerPayload,
  type IceServer,
  presentPagePayload,
  presentStartPayload,
  voiceSignalPayload,
  WORLD_CHAT_PER_SECOND,
  WORLD_TICK_MS,
  type WorldAck,
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldRemovedEvent,
  worldChatPayload,
  worldEmotePayload,
  worldHostAction,
  worldJoinPayload,
  worldMovePayload,
  worldVoiceStatePayload,
} from '@xr/contract/world';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../lib/errors';
import type { RequestUser } from '../../plugins/auth';
import type { Realtime } from '../../plugins/realtime';
import type { ChatService, RemovedChat } from './chat.service';
import type { PresenceService } from './presence.service';
import { entryRoom, instanceRoom } from './world.channels';
import { createMovement, type StatesMessage } from './world.movement';
import type { HostActor } from './world.policy';
import type { WorldVisitRow } from './world.repository';

/** Messages between server processes (Socket.IO's server-side events over the Redis adapter). */
type Ctl =
  | StatesMessage
  | { t: 'left'; room: string; id: number }
  | { t: 'evict'; ids: number[]; reason: WorldRemovedEvent['reason'] };

const CTL_EVENT = 'world:ctl';

/** A socket's membership (one room at a time). */
interface Membership {
  visitId: number;
  entryId: number;
  instance: number;
  room: string;
}

/**
 * The socket side of the meta world: thin handlers (validate with the contract schema, call the presence or chat
 * service, relay) and the per-process movement loop (world.movement.ts). With several processes (`cluster`), they
 * tell each other of movement, departures and evictions over Socket.IO's server-side events.
 */
export function createWorldRooms({
  realtime,
  presence,
  chat,
  nodeId,
  cluster,
  log,
  iceServers = [],
  trustProxy = false,
}: {
  realtime: Pick<Realtime, 'io' | 'onConnection'> & Partial<Pick<Realtime, 'onResync'>>;
  presence: PresenceService;
  chat: Pick<ChatService, 'send' | 'removeChats'>;
  nodeId: string;
  cluster: boolean;
  log?: FastifyBaseLogger;
  /** STUN / TURN servers handed to every joiner for the voice mesh (config WEBRTC_ICE_SERVERS). */
  iceServers?: IceServer[];
  /** Behind a reverse proxy (TRUST_PROXY): a socket's client address is the first of X-Forwarded-For, as for HTTP. */
  trustProxy?: boolean;
}) {
  const io = realtime.io as unknown as Server;
  const memberships = new Map<string, Membership>();

  const ctl = (msg: Ctl) => {
    if (cluster) io.serverSideEmit(CTL_EVENT, msg);
  };
  const movement = createMovement({ io, forward: cluster ? ctl : undefined });

  /**
   * Tells everybody that closed visits left, and removes the sockets (on whichever process holds them). The whole
   * entry hears it (hosts hold voice connections with people of other instances); when a host left, the entry's
   * host list changes too.
   */
  function announceLeft(visits: WorldVisitRow[]) {
    const hostsLeft = new Set<number>();
    for (const v of visits) {
      const room = instanceRoom(v.entryId, v.instance);
      io.to(entryRoom(v.entryId)).emit(WorldEvent.memberLeft, { member_id: v.id });
      movement.dropMember(room, v.id);
      ctl({ t: 'left', room, id: v.id });
      if (v.role === 'host') hostsLeft.add(v.entryId);
    }
    for (const entryId of hostsLeft) void broadcastHosts(entryId).catch((err) => log?.error({ err }, 'world hosts failed'));
  }

  /** Sends the entry's hosts of every instance to every instance (`world:hosts`). */
  async function broadcastHosts(entryId: number) {
    io.to(entryRoom(entryId)).emit(WorldEvent.hosts, { hosts: await presence.hostsOf(entryId) });
  }

  /** Removes local sockets of these visits from their rooms with a `world:removed` event. */
  function evictLocal(ids: number[], reason: WorldRemovedEvent['reason']) {
    const wanted = new Set(ids);
    for (const [socketId, m] of memberships) {
      if (!wanted.has(m.visitId)) continue;
      const socket = io.of('/').sockets.get(socketId);
      memberships.delete(socketId);
      movement.dropMember(m.room, m.visitId);
      if (!socket) continue;
      const code = reason === 'ban' ? ErrorCode.WORLD_BANNED : ErrorCode.NOT_FOUND;
      const lang = langOf(socket);
      const key = reason === 'ban' ? 'worldBanned' : reason === 'entry_deleted' ? 'notFound' : 'worldKicked';
      socket.emit(WorldEvent.removed, { reason, code, message: translateMessage(key, lang) });
      void socket.leave(m.room);
      void socket.leave(entryRoom(m.entryId));
    }
  }

  /** Closed visits (kick, ban, admin kick, deleted entry): their sockets leave and everybody hears of it. */
  function evict(visits: WorldVisitRow[], reason: WorldRemovedEvent['reason']) {
    if (visits.length === 0) return;
    const ids = visits.map((v) => v.id);
    evictLocal(ids, reason);
    ctl({ t: 'evict', ids, reason });
    announceLeft(visits);
  }

  io.on(CTL_EVENT, (msg: Ctl) => {
    if (msg.t === 'evict') evictLocal(msg.ids, msg.reason);
    else if (msg.t === 'left') movement.forget(msg.room, msg.id);
    else if (msg.t === 'states') movement.receive(msg);
  });

  /**
   * After Redis was away, the arrivals, departures, chat and host state other processes broadcast meanwhile never
   * reached this process's sockets. Each instance held here gets them again from the database, on the sockets people
   * already hold (clients take a member or message they know already as an update: no duplicates).
   */
  async function catchUp(since: Date) {
    const entries = new Set<number>();
    for (const inst of [...movement.instances.values()]) {
      if (inst.locals.size === 0) continue;
      entries.add(inst.entryId);
      const missed = await presence.catchUp(inst.entryId, inst.instance, since);
      const open = new Set(missed.members.map((m) => m.member_id));
      const to = io.local.to(inst.room);
      for (const id of missed.left) {
        if (open.has(id)) continue;
        if (!inst.locals.has(id)) movement.forget(inst.room, id);
        to.emit(WorldEvent.memberLeft, { member_id: id });
      }
      for (const mb of missed.members) {
        to.emit(WorldEvent.memberJoined, { ...mb, state: movement.stateOf(inst, mb.member_id) ?? mb.state });
      }
      for (const message of missed.chat) to.emit(WorldEvent.chatMessage, message);
    }
    for (const entryId of entries) {
      const [hosts, hands, stage] = await Promise.all([
        presence.hostsOf(entryId),
        presence.handsOf(entryId),
        presence.stageOf(entryId),
      ]);
      const to = io.local.to(entryRoom(entryId));
      to.emit(WorldEvent.hosts, { hosts });
      to.emit(WorldEvent.handQueue, { hands });
      to.emit(WorldEvent.presentState, stage.presenter);
      to.emit(WorldEvent.followState, stage.follow);
      to.emit(WorldEvent.locked, { locked: stage.locked });
    }
  }
  realtime.onResync?.(catchUp);

  // --- Handlers ---

  function langOf(socket: Socket): Lang {
    const auth = socket.handshake.auth as { lang?: unknown } | undefined;
    return langFromHeader(typeof auth?.lang === 'string' ? auth.lang : socket.handshake.headers['accept-language']);
  }

  function parse<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
    const r = schema.safeParse(payload ?? {});
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new AppError(ErrorCode.VALIDATION, { messageKey: issue?.message ?? 'validation', field: issue?.path.join('.') });
    }
    return r.data;
  }

  function failure(e: unknown, lang: Lang): { ok: false; code: number; message: string } {
    if (e instanceof AppError) return { ok: false, code: e.code, message: translateMessage(e.messageKey, lang, e.params) };
    // The database restarting: the same event works again once it is back (as HTTP answers 503, plugins/errors.ts).
    if (isDatabaseUnavailable(e)) {
      return { ok: false, code: ErrorCode.SERVICE_UNAVAILABLE, message: translateMessage('serviceUnavailable', lang) };
    }
    return { ok: false, code: ErrorCode.INTERNAL as ErrorCodeValue, message: translateMessage('internal', lang) };
  }

  /** Tells each deleted message's instance to drop it (`world:chat_removed`, one event per instance). */
  function chatRemoved(removed: RemovedChat[]) {
    const byRoom = new Map<string, number[]>();
    for (const r of removed) {
      const room = instanceRoom(r.entryId, r.instance);
      byRoom.set(room, [...(byRoom.get(room) ?? []), r.id]);
    }
    for (const [room, ids] of byRoom) io.to(room).emit(WorldEvent.chatRemoved, { ids });
  }

  function addressOf(socket: Socket): string {
    const forwarded = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return trustProxy && first ? first : socket.handshake.address;
  }

  realtime.onConnection((socket: Socket, user: RequestUser | null) => {
    const lang = langOf(socket);
    const chatTimes: number[] = [];
    const ip = addressOf(socket);
    /** The audit log's actor of this socket's host actions (a guest host is named by their visit). */
    const by: HostActor = user ? { id: user.id, name: user.name, ip } : { id: null, ip };

    /** Runs a handler with an acknowledgement: `{ ok, data }` or the refusal. */
    function on<T>(event: string, run: (payload: unknown) => Promise<T>) {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply =
          typeof ack === 'function'
            ? (ack as (r: WorldAck<T>) => void)
            : typeof payload === 'function'
              ? (payload as (r: WorldAck<T>) => void)
              : undefined;
        run(typeof payload === 'function' ? {} : payload).then(
          (data) => reply?.({ ok: true, data }),
          (e) => {
            if (isDatabaseUnavailable(e)) log?.warn({ err: e, event }, 'world event failed: database unavailable');
            else if (!(e instanceof AppError)) log?.error({ err: e, event }, 'world event failed');
            reply?.(failure(e, lang));
          },
        );
      });
    }

    const membership = () => {
      const m = memberships.get(socket.id);
      if (!m) throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
      return m;
    };

    async function leaveCurrent() {
      const m = memberships.get(socket.id);
      if (!m) return;
      memberships.delete(socket.id);
      movement.dropMember(m.room, m.visitId);
      void socket.leave(m.room);
      void socket.leave(entryRoom(m.entryId));
      const left = await presence.leave(m.visitId);
      if (!left) return;
      announceLeft([left.visit]);
      if (left.stageChanged) await broadcastStage(m.entryId);
      if (left.handsChanged) io.to(entryRoom(m.entryId)).emit(WorldEvent.handQueue, { hands: await presence.handsOf(m.entryId) });
    }

    async function broadcastStage(entryId: number) {
      const s = await presence.stageOf(entryId);
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, s.presenter);
      io.to(entryRoom(entryId)).emit(WorldEvent.followState, s.follow);
    }

    const memberUpdated = (m: Membership, member: WorldMember) => {
      io.to(instanceRoom(m.entryId, member.instance)).emit(WorldEvent.memberUpdated, member);
      // A host is heard in every instance (on any process): their mute and hand reach those instances' host lists.
      if (member.role === 'host') {
        void broadcastHosts(m.entryId).catch((err) => log?.error({ err }, 'world hosts failed'));
      }
    };

    on(WorldEvent.join, async (payload): Promise<WorldJoinReply> => {
      const p = parse(worldJoinPayload, payload);
      await leaveCurrent();
      const joined = await presence.join(user, p, { socketId: socket.id, nodeId, ip });
      const { visit } = joined;
      const room = instanceRoom(visit.entryId, visit.instance);
      // The socket may have gone while the join ran: close the visit again.
      if (!socket.connected) {
        await presence.leave(visit.id);
        throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
      }
      const m: Membership = { visitId: visit.id, entryId: visit.entryId, instance: visit.instance, room };
      memberships.set(socket.id, m);
      const inst = movement.instanceOf(room, visit.entryId, visit.instance);
      inst.locals.set(visit.id, socket);
      const members = joined.members.map((mb) => {
        const state = movement.stateOf(inst, mb.member_id);
        return state ? { ...mb, state } : mb;
      });
      const me = members.find((mb) => mb.member_id === visit.id) as WorldMember;
      socket.to(room).emit(WorldEvent.memberJoined, me);
      await socket.join([room, entryRoom(visit.entryId)]);
      // A host's voice and screen reach every instance: the other instances learn of the new host.
      if (me.role === 'host') await broadcastHosts(visit.entryId);
      const stage = joined.entry.stage;
      return {
        entry: joined.details,
        instance: visit.instance,
        room,
        member_id: visit.id,
        me,
        members,
        hosts: joined.hosts,
        chat: joined.chat,
        host: { presenter: stage.presenter, follow: stage.follow },
        hands: joined.hands,
        locked: joined.entry.locked,
        tick_ms: WORLD_TICK_MS,
        ice_servers: iceServers,
      };
    });

    on(WorldEvent.leave, async (payload) => {
      parse(emptyPayload, payload);
      await leaveCurrent();
      return {};
    });

    socket.on(WorldEvent.move, (payload: unknown) => {
      const m = memberships.get(socket.id);
      if (!m) {
        socket.emit('refused', { code: ErrorCode.WORLD_NOT_IN_ROOM, message: 'worldNotInRoom' });
        return;
      }
      const r = worldMovePayload.safeParse(payload);
      if (!r.success) {
        socket.emit('refused', { code: ErrorCode.VALIDATION, message: r.error.issues[0]?.message ?? 'validation' });
        return;
      }
      movement.move(m.room, m.visitId, r.data);
    });

    on(WorldEvent.chat, async (payload) => {
      const m = membership();
      const p = parse(worldChatPayload, payload);
      const now = Date.now();
      while (chatTimes.length && now - (chatTimes[0] as number) >= 1000) chatTimes.shift();
      if (chatTimes.length >= WORLD_CHAT_PER_SECOND) throw new AppError(ErrorCode.WORLD_CHAT_TOO_FAST);
      chatTimes.push(now);
      const { message } = await chat.send(m.visitId, p.text);
      io.to(m.room).emit(WorldEvent.chatMessage, message);
      return message;
    });

    on(WorldEvent.emote, async (payload) => {
      const m = membership();
      const p = parse(worldEmotePayload, payload);
      io.to(m.room).emit(WorldEvent.emoteShown, { member_id: m.visitId, emote: p.emote });
      return {};
    });

    on(WorldEvent.host, async (payload) => {
      const m = membership();
      const a = parse(worldHostAction, payload);
      switch (a.action) {
        case 'mute':
        case 'unmute':
          memberUpdated(m, await presence.setMuted(m.visitId, a.member_id, a.action === 'mute'));
          break;
        case 'kick':
        case 'ban':
          evict(await presence.remove(m.visitId, a.member_id, a.action === 'ban', by), a.action);
          break;
        case 'role': {
          const member = await presence.setRole(m.visitId, a.member_id, a.role, by);
          memberUpdated(m, member);
          await broadcastHosts(m.entryId);
          break;
        }
        case 'lock':
        case 'unlock': {
          const entryId = await presence.setLocked(m.visitId, a.action === 'lock', by);
          io.to(entryRoom(entryId)).emit(WorldEvent.locked, { locked: a.action === 'lock' });
          break;
        }
        case 'move': {
          const h = await presence.hostVisit(m.visitId);
          const target = await presence.memberIn(h.entryId, a.member_id);
          io.to(target.socketId).emit(WorldEvent.moved, { x: a.x, y: a.y, z: a.z, scene: a.scene ?? null });
          break;
        }
      }
      return {};
    });

    on(WorldEvent.voiceState, async (payload) => {
      const m = membership();
      const p = parse(worldVoiceStatePayload, payload);
      memberUpdated(m, await presence.setSelfMuted(m.visitId, p.self_muted));
      return {};
    });

    on(WorldEvent.voiceSignal, async (payload) => {
      const m = membership();
      const p = parse(voiceSignalPayload, payload);
      const target = await presence.memberIn(m.entryId, p.to);
      io.to(target.socketId).emit(WorldEvent.voiceSignalFrom, { from: m.visitId, data: p.data });
      return {};
    });

    on(WorldEvent.presentStart, async (payload) => {
      const m = membership();
      const p = parse(presentStartPayload, payload);
      const { entryId, stage } = await presence.setStage(m.visitId, (s, host) => ({
        ...s,
        presenter: { presenter_member_id: host.id, presenter_name: host.name, kind: p.kind, urls: p.urls, page: p.page },
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, stage.presenter);
      return stage.presenter;
    });

    on(WorldEvent.presentPage, async (payload) => {
      const m = membership();
      const p = parse(presentPagePayload, payload);
      const { entryId, stage } = await presence.setStage(m.visitId, (s) => ({
        ...s,
        presenter: s.presenter ? { ...s.presenter, page: p.page } : null,
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, stage.presenter);
      return stage.presenter;
    });

    on(WorldEvent.presentStop, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const { entryId } = await presence.setStage(m.visitId, (s) => ({ ...s, presenter: null }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, null);
      return {};
    });

    on(WorldEvent.followHost, async (payload) => {
      const m = membership();
      const p = parse(followHostPayload, payload);
      const { entryId, stage } = await presence.setStage(m.visitId, (s, host) => ({
        ...s,
        follow: { host_member_id: host.id, scene_id: p.scene_id, yaw: p.yaw, pitch: p.pitch },
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.followState, stage.follow);
      return stage.follow;
    });

    on(WorldEvent.followStop, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const { entryId } = await presence.setStage(m.visitId, (s) => ({ ...s, follow: null }));
      io.to(entryRoom(entryId)).emit(WorldEvent.followState, null);
      return {};
    });

    on(WorldEvent.handRaise, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const r = await presence.setHand(m.visitId, true);
      memberUpdated(m, r.member);
      io.to(entryRoom(r.entryId)).emit(WorldEvent.handQueue, { hands: r.hands });
      return { hands: r.hands };
    });

    on(WorldEvent.handLower, async (payload) => {
      const m = membership();
      const p = parse(handLowerPayload, payload);
      const r = await presence.setHand(m.visitId, false, p.member_id);
      memberUpdated(m, r.member);
      io.to(entryRoom(r.entryId)).emit(WorldEvent.handQueue, { hands: r.hands });
      return { hands: r.hands };
    });

    socket.on('disconnect', () => {
      void leaveCurrent().catch(() => undefined);
    });
  });

  return {
    /** Closed visits (admin kick, deleted entry): their sockets leave the room and everybody hears of it. */
    evict,
    /** Tells every instance of an entry that an admin locked or unlocked it. */
    lockChanged(entryId: number, locked: boolean) {
      io.to(entryRoom(entryId)).emit(WorldEvent.locked, { locked });
    },
    /**
     * Deletes a chat message through the chat service (a report decided to hide it; the report's decision is the
     * audit entry) and tells its instance to drop it (`world:chat_removed`). Answers false when it was already gone.
     */
    async removeChat(id: number): Promise<boolean> {
      const removed = await chat.removeChats([id]);
      chatRemoved(removed);
      return removed.length > 0;
    },
    /** Deleted chat messages (admin /explore/chat-record-list): their instances drop them. */
    chatRemoved,
    /** Members of this process's rooms (health and tests). */
    localMembers(): number {
      return memberships.size;
    },
    stop() {
      movement.stop();
    },
  };
}
export type WorldRooms = ReturnType<typeof createWorldRooms>;
