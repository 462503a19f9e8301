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
  WORLD_FAR_EVERY,
  WORLD_NEAR_COUNT,
  WORLD_NEAR_RADIUS,
  WORLD_TICK_MS,
  type WorldAck,
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldRemovedEvent,
  type WorldStatesEvent,
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
import type { WorldVisitRow } from './world.repository';
import { entryRoom, type HostActor, instanceRoom, type RemovedChat, type WorldService } from './world.service';

/** Last known movement of a member (this process's sockets, or received from the other processes). */
interface Avatar {
  /** x, y, z, yaw, pitch, rounded. */
  s: [number, number, number, number, number];
  anim: string | null;
  scene: string | null;
  /** The tick of this process at which it last changed. */
  tick: number;
}

/** One instance as this process sees it: its local sockets and every member's movement. */
interface Instance {
  room: string;
  entryId: number;
  instance: number;
  locals: Map<number, Socket>;
  avatars: Map<number, Avatar>;
}

/** Messages between server processes (Socket.IO's server-side events over the Redis adapter). */
type Ctl =
  | { t: 'states'; room: string; d: number[]; a?: Record<string, string>; sc?: Record<string, string> }
  | { t: 'left'; room: string; id: number }
  | { t: 'evict'; ids: number[]; reason: WorldRemovedEvent['reason'] };

const CTL_EVENT = 'world:ctl';
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** A socket's membership (one room at a time). */
interface Membership {
  visitId: number;
  entryId: number;
  instance: number;
  room: string;
}

/**
 * The socket side of the meta world: thin handlers (validate with the contract schema, call the world service, relay),
 * and the per-process movement loop: every tick, for each local socket, one `world:states` message with the members
 * that moved, near ones (within `WORLD_NEAR_RADIUS`, at most `WORLD_NEAR_COUNT`) every tick and far ones every
 * `WORLD_FAR_EVERY`th. With several processes (`cluster`), each process forwards its own sockets' movement to the
 * others once per tick, so every process can filter per recipient.
 */
export function createWorldRooms({
  realtime,
  world,
  nodeId,
  cluster,
  log,
  iceServers = [],
  trustProxy = false,
}: {
  realtime: Pick<Realtime, 'io' | 'onConnection'> & Partial<Pick<Realtime, 'onResync'>>;
  world: WorldService;
  nodeId: string;
  cluster: boolean;
  log?: FastifyBaseLogger;
  /** STUN / TURN servers handed to every joiner for the voice mesh (config WEBRTC_ICE_SERVERS). */
  iceServers?: IceServer[];
  /** Behind a reverse proxy (TRUST_PROXY): a socket's client address is the first of X-Forwarded-For, as for HTTP. */
  trustProxy?: boolean;
}) {
  const io = realtime.io as unknown as Server;
  const instances = new Map<string, Instance>();
  const memberships = new Map<string, Membership>();
  let tick = 0;

  const ctl = (msg: Ctl) => {
    if (cluster) io.serverSideEmit(CTL_EVENT, msg);
  };

  function instanceOf(room: string, entryId: number, instance: number): Instance {
    let inst = instances.get(room);
    if (!inst) {
      inst = { room, entryId, instance, locals: new Map(), avatars: new Map() };
      instances.set(room, inst);
    }
    return inst;
  }

  function dropMember(room: string, visitId: number) {
    const inst = instances.get(room);
    if (!inst) return;
    inst.avatars.delete(visitId);
    inst.locals.delete(visitId);
    if (inst.locals.size === 0) instances.delete(room);
  }

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
      dropMember(room, v.id);
      ctl({ t: 'left', room, id: v.id });
      if (v.role === 'host') hostsLeft.add(v.entryId);
    }
    for (const entryId of hostsLeft) void broadcastHosts(entryId).catch((err) => log?.error({ err }, 'world hosts failed'));
  }

  /** Sends the entry's hosts of every instance to every instance (`world:hosts`). */
  async function broadcastHosts(entryId: number) {
    io.to(entryRoom(entryId)).emit(WorldEvent.hosts, { hosts: await world.hostsOf(entryId) });
  }

  /** Removes local sockets of these visits from their rooms with a `world:removed` event. */
  function evictLocal(ids: number[], reason: WorldRemovedEvent['reason']) {
    const wanted = new Set(ids);
    for (const [socketId, m] of memberships) {
      if (!wanted.has(m.visitId)) continue;
      const socket = io.of('/').sockets.get(socketId);
      memberships.delete(socketId);
      dropMember(m.room, m.visitId);
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
    else if (msg.t === 'left') {
      const inst = instances.get(msg.room);
      inst?.avatars.delete(msg.id);
    } else if (msg.t === 'states') {
      const inst = instances.get(msg.room);
      if (!inst) return;
      for (let i = 0; i * 6 < msg.d.length; i++) {
        const o = i * 6;
        const id = msg.d[o] as number;
        if (inst.locals.has(id)) continue;
        inst.avatars.set(id, {
          s: [msg.d[o + 1] ?? 0, msg.d[o + 2] ?? 0, msg.d[o + 3] ?? 0, msg.d[o + 4] ?? 0, msg.d[o + 5] ?? 0],
          anim: msg.a?.[id] ?? null,
          scene: msg.sc?.[id] ?? null,
          tick,
        });
      }
    }
  });

  // --- The movement loop ---

  function runTick() {
    tick++;
    const now = Date.now();
    const farTick = tick % WORLD_FAR_EVERY === 0;
    for (const inst of instances.values()) {
      // Forward this process's movement of the last tick to the other processes.
      if (cluster) {
        const d: number[] = [];
        const a: Record<string, string> = {};
        const sc: Record<string, string> = {};
        for (const [id, av] of inst.avatars) {
          if (av.tick !== tick - 1 || !inst.locals.has(id)) continue;
          d.push(id, ...av.s);
          if (av.anim) a[id] = av.anim;
          if (av.scene) sc[id] = av.scene;
        }
        if (d.length) ctl({ t: 'states', room: inst.room, d, a, sc });
      }
      sendStates(inst, now, farTick);
    }
  }

  /**
   * One tick's `world:states` of an instance, encoded once per group of recipients that share it instead of once per
   * socket (a broadcast to a list of socket ids encodes the message and its WebSocket frame once for all of them). On
   * the far tick everybody gets everyone that moved recently. Otherwise the floor is cut into cells of
   * `WORLD_NEAR_RADIUS` (x, z); the members in one cell share one message of the members that moved in the last tick
   * in its cell and the 8 around it (at most the `WORLD_NEAR_COUNT` nearest to the cell's centre; the others come at
   * the far rate), which holds everybody within the radius of any point of the cell. Members without a position yet
   * get the first `WORLD_NEAR_COUNT` movers. A member's own state may come back in its cell's message (clients skip
   * their own id).
   */
  function sendStates(inst: Instance, now: number, farTick: boolean) {
    const ids: number[] = [];
    const avs: Avatar[] = [];
    for (const [id, av] of inst.avatars) {
      if (av.tick < tick - WORLD_FAR_EVERY) continue;
      if (farTick || av.tick === tick - 1) {
        ids.push(id);
        avs.push(av);
      }
    }
    if (ids.length === 0) return;
    if (farTick) {
      emitStates([...inst.locals.values()], now, ids, avs);
      return;
    }
    const cell = (x: number) => Math.floor(x / WORLD_NEAR_RADIUS);
    const key = (cx: number, cz: number) => (cx + 32768) * 65536 + (cz + 32768);
    /** The movers of each cell (indexes into ids / avs). */
    const movers = new Map<number, number[]>();
    avs.forEach((av, i) => {
      const k = key(cell(av.s[0]), cell(av.s[2]));
      const list = movers.get(k);
      if (list) list.push(i);
      else movers.set(k, [i]);
    });
    /** The recipients of each cell; NaN: no position yet. */
    const groups = new Map<number, Socket[]>();
    for (const [selfId, socket] of inst.locals) {
      const me = inst.avatars.get(selfId);
      const k = me ? key(cell(me.s[0]), cell(me.s[2])) : Number.NaN;
      const g = groups.get(k);
      if (g) g.push(socket);
      else groups.set(k, [socket]);
    }
    for (const [k, sockets] of groups) {
      let chosen: number[];
      if (Number.isNaN(k)) chosen = ids.slice(0, WORLD_NEAR_COUNT).map((_, i) => i);
      else {
        const cx = Math.floor(k / 65536) - 32768;
        const cz = (k % 65536) - 32768;
        chosen = [];
        for (let dx = -1; dx <= 1; dx++)
          for (let dz = -1; dz <= 1; dz++) {
            const list = movers.get(key(cx + dx, cz + dz));
            if (list) chosen.push(...list);
          }
        if (chosen.length > WORLD_NEAR_COUNT) {
          const mx = (cx + 0.5) * WORLD_NEAR_RADIUS;
          const mz = (cz + 0.5) * WORLD_NEAR_RADIUS;
          const d2 = (i: number) => {
            const s = (avs[i] as Avatar).s;
            return (s[0] - mx) ** 2 + (s[2] - mz) ** 2;
          };
          chosen = chosen
            .map((i) => [d2(i), i] as const)
            .sort((a, b) => a[0] - b[0])
            .slice(0, WORLD_NEAR_COUNT)
            .map(([, i]) => i);
        }
      }
      if (chosen.length === 0) continue;
      emitStates(
        sockets,
        now,
        chosen.map((i) => ids[i] as number),
        chosen.map((i) => avs[i] as Avatar),
      );
    }
  }

  /** One `world:states` message, encoded once, to these local sockets (not to other processes: they send their own). */
  function emitStates(sockets: Socket[], now: number, ids: number[], avs: Avatar[]) {
    if (sockets.length === 0) return;
    const e: WorldStatesEvent = { t: now, m: ids, s: new Array(avs.length * 5) };
    avs.forEach((av, i) => {
      for (let j = 0; j < 5; j++) e.s[i * 5 + j] = av.s[j] as number;
      if (av.anim) {
        e.a ??= {};
        e.a[i] = av.anim;
      }
      if (av.scene) {
        e.sc ??= {};
        e.sc[i] = av.scene;
      }
    });
    io.local.to(sockets.map((s) => s.id)).volatile.emit(WorldEvent.states, e);
  }
  const timer = setInterval(runTick, WORLD_TICK_MS);
  timer.unref();

  /**
   * After Redis was away, the arrivals, departures, chat and host state other processes broadcast meanwhile never
   * reached this process's sockets. Each instance held here gets them again from the database, on the sockets people
   * already hold (clients take a member or message they know already as an update: no duplicates).
   */
  async function catchUp(since: Date) {
    const entries = new Set<number>();
    for (const inst of [...instances.values()]) {
      if (inst.locals.size === 0) continue;
      entries.add(inst.entryId);
      const missed = await world.catchUp(inst.entryId, inst.instance, since);
      const open = new Set(missed.members.map((m) => m.member_id));
      const to = io.local.to(inst.room);
      for (const id of missed.left) {
        if (open.has(id)) continue;
        if (!inst.locals.has(id)) inst.avatars.delete(id);
        to.emit(WorldEvent.memberLeft, { member_id: id });
      }
      for (const mb of missed.members) {
        const av = inst.avatars.get(mb.member_id);
        const state = av
          ? { x: av.s[0], y: av.s[1], z: av.s[2], yaw: av.s[3], pitch: av.s[4], anim: av.anim, scene: av.scene }
          : mb.state;
        to.emit(WorldEvent.memberJoined, { ...mb, state });
      }
      for (const message of missed.chat) to.emit(WorldEvent.chatMessage, message);
    }
    for (const entryId of entries) {
      const [hosts, hands, stage] = await Promise.all([world.hostsOf(entryId), world.handsOf(entryId), world.stageOf(entryId)]);
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
      dropMember(m.room, m.visitId);
      void socket.leave(m.room);
      void socket.leave(entryRoom(m.entryId));
      const left = await world.leave(m.visitId);
      if (!left) return;
      announceLeft([left.visit]);
      if (left.stageChanged) await broadcastStage(m.entryId);
      if (left.handsChanged) io.to(entryRoom(m.entryId)).emit(WorldEvent.handQueue, { hands: await world.handsOf(m.entryId) });
    }

    async function broadcastStage(entryId: number) {
      const s = await world.stageOf(entryId);
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
      const joined = await world.join(user, p, { socketId: socket.id, nodeId, ip });
      const { visit } = joined;
      const room = instanceRoom(visit.entryId, visit.instance);
      // The socket may have gone while the join ran: close the visit again.
      if (!socket.connected) {
        await world.leave(visit.id);
        throw new AppError(ErrorCode.WORLD_NOT_IN_ROOM);
      }
      const m: Membership = { visitId: visit.id, entryId: visit.entryId, instance: visit.instance, room };
      memberships.set(socket.id, m);
      const inst = instanceOf(room, visit.entryId, visit.instance);
      inst.locals.set(visit.id, socket);
      const members = joined.members.map((mb) => {
        const av = inst.avatars.get(mb.member_id);
        return av
          ? { ...mb, state: { x: av.s[0], y: av.s[1], z: av.s[2], yaw: av.s[3], pitch: av.s[4], anim: av.anim, scene: av.scene } }
          : mb;
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
      const p = r.data;
      const inst = instances.get(m.room);
      if (!inst) return;
      inst.avatars.set(m.visitId, {
        s: [r3(p.x), r3(p.y), r3(p.z), r3(p.yaw), r3(p.pitch)],
        anim: p.anim ?? null,
        scene: p.scene ?? null,
        tick,
      });
    });

    on(WorldEvent.chat, async (payload) => {
      const m = membership();
      const p = parse(worldChatPayload, payload);
      const now = Date.now();
      while (chatTimes.length && now - (chatTimes[0] as number) >= 1000) chatTimes.shift();
      if (chatTimes.length >= WORLD_CHAT_PER_SECOND) throw new AppError(ErrorCode.WORLD_CHAT_TOO_FAST);
      chatTimes.push(now);
      const { message } = await world.chat(m.visitId, p.text);
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
          memberUpdated(m, await world.setMuted(m.visitId, a.member_id, a.action === 'mute'));
          break;
        case 'kick':
        case 'ban':
          evict(await world.remove(m.visitId, a.member_id, a.action === 'ban', by), a.action);
          break;
        case 'role': {
          const member = await world.setRole(m.visitId, a.member_id, a.role, by);
          memberUpdated(m, member);
          await broadcastHosts(m.entryId);
          break;
        }
        case 'lock':
        case 'unlock': {
          const entryId = await world.setLocked(m.visitId, a.action === 'lock', by);
          io.to(entryRoom(entryId)).emit(WorldEvent.locked, { locked: a.action === 'lock' });
          break;
        }
        case 'move': {
          const h = await world.hostVisit(m.visitId);
          const target = await world.memberIn(h.entryId, a.member_id);
          io.to(target.socketId).emit(WorldEvent.moved, { x: a.x, y: a.y, z: a.z, scene: a.scene ?? null });
          break;
        }
      }
      return {};
    });

    on(WorldEvent.voiceState, async (payload) => {
      const m = membership();
      const p = parse(worldVoiceStatePayload, payload);
      memberUpdated(m, await world.setSelfMuted(m.visitId, p.self_muted));
      return {};
    });

    on(WorldEvent.voiceSignal, async (payload) => {
      const m = membership();
      const p = parse(voiceSignalPayload, payload);
      const target = await world.memberIn(m.entryId, p.to);
      io.to(target.socketId).emit(WorldEvent.voiceSignalFrom, { from: m.visitId, data: p.data });
      return {};
    });

    on(WorldEvent.presentStart, async (payload) => {
      const m = membership();
      const p = parse(presentStartPayload, payload);
      const { entryId, stage } = await world.setStage(m.visitId, (s, host) => ({
        ...s,
        presenter: { presenter_member_id: host.id, presenter_name: host.name, kind: p.kind, urls: p.urls, page: p.page },
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, stage.presenter);
      return stage.presenter;
    });

    on(WorldEvent.presentPage, async (payload) => {
      const m = membership();
      const p = parse(presentPagePayload, payload);
      const { entryId, stage } = await world.setStage(m.visitId, (s) => ({
        ...s,
        presenter: s.presenter ? { ...s.presenter, page: p.page } : null,
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, stage.presenter);
      return stage.presenter;
    });

    on(WorldEvent.presentStop, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const { entryId } = await world.setStage(m.visitId, (s) => ({ ...s, presenter: null }));
      io.to(entryRoom(entryId)).emit(WorldEvent.presentState, null);
      return {};
    });

    on(WorldEvent.followHost, async (payload) => {
      const m = membership();
      const p = parse(followHostPayload, payload);
      const { entryId, stage } = await world.setStage(m.visitId, (s, host) => ({
        ...s,
        follow: { host_member_id: host.id, scene_id: p.scene_id, yaw: p.yaw, pitch: p.pitch },
      }));
      io.to(entryRoom(entryId)).emit(WorldEvent.followState, stage.follow);
      return stage.follow;
    });

    on(WorldEvent.followStop, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const { entryId } = await world.setStage(m.visitId, (s) => ({ ...s, follow: null }));
      io.to(entryRoom(entryId)).emit(WorldEvent.followState, null);
      return {};
    });

    on(WorldEvent.handRaise, async (payload) => {
      const m = membership();
      parse(emptyPayload, payload);
      const r = await world.setHand(m.visitId, true);
      memberUpdated(m, r.member);
      io.to(entryRoom(r.entryId)).emit(WorldEvent.handQueue, { hands: r.hands });
      return { hands: r.hands };
    });

    on(WorldEvent.handLower, async (payload) => {
      const m = membership();
      const p = parse(handLowerPayload, payload);
      const r = await world.setHand(m.visitId, false, p.member_id);
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
     * Deletes a chat message through the world service (a report decided to hide it; the report's decision is the
     * audit entry) and tells its instance to drop it (`world:chat_removed`). Answers false when it was already gone.
     */
    async removeChat(id: number): Promise<boolean> {
      const removed = await world.removeChats([id]);
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
      clearInterval(timer);
    },
  };
}
export type WorldRooms = ReturnType<typeof createWorldRooms>;
