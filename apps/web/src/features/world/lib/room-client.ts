import {
  type FollowHostEvent,
  type HandQueueEvent,
  type PresentState,
  readStates,
  WORLD_RECENT_CHAT,
  type WorldAck,
  type WorldChatMessage,
  type WorldChatRemovedEvent,
  type WorldEmote,
  type WorldEmoteEvent,
  WorldEvent,
  type WorldHostAction,
  type WorldHostsEvent,
  type WorldJoinPayload,
  type WorldJoinReply,
  type WorldLeftEvent,
  type WorldLockEvent,
  type WorldMember,
  type WorldMovedEvent,
  type WorldMovePayload,
  type WorldRemovedEvent,
  type WorldStatesEvent,
} from '@xr/contract/world';
import type { Socket } from 'socket.io-client';
import { createStore, type Store } from '../../../lib/store';
import { INTERPOLATION_DELAY_MS, type Pose, type PoseSample, pushSample } from './interpolation';

/** How long a room call waits for the server's answer (ms). */
const ACK_TIMEOUT_MS = 8000;
/** How long an emote shows above its person (ms). */
export const EMOTE_MS = 2500;

/** A refused room call: the contract code and the server's translated message. */
export class RoomError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export type RoomPhase = 'idle' | 'joining' | 'joined' | 'refused' | 'removed';

export interface RoomState {
  phase: RoomPhase;
  /** Why joining failed or why we were removed. */
  error: RoomError | null;
  reply: WorldJoinReply | null;
  me: WorldMember | null;
  members: WorldMember[];
  /** The entry's hosts in every instance (their voice and screen reach us even from another instance). */
  hosts: WorldMember[];
  chat: WorldChatMessage[];
  presenter: PresentState | null;
  follow: FollowHostEvent | null;
  hands: HandQueueEvent['hands'];
  locked: boolean;
  /** Emotes playing now, by member id. */
  emotes: Record<number, { emote: WorldEmote; until: number }>;
  /** A host moved us here (the viewer jumps there once). */
  movedTo: (WorldMovedEvent & { seq: number }) | null;
}

const initial: RoomState = {
  phase: 'idle',
  error: null,
  reply: null,
  me: null,
  members: [],
  hosts: [],
  chat: [],
  presenter: null,
  follow: null,
  hands: [],
  locked: false,
  emotes: {},
  movedTo: null,
};

/** What the room tells the voice layer (peers come and go, signals arrive). */
export interface RoomVoiceListener {
  onSignal(from: number, data: unknown): void;
  /** Someone of the entry left (any instance): drop a connection they offered us from another instance. */
  onLeft?(memberId: number): void;
}

/**
 * One visit of a room over the page's shared socket: joins (again after a reconnection, with the same password or
 * invite), keeps the members, chat, presenter, follow-the-host, hand queue and lock state in a store for React, and
 * the members' movement snapshots in per-person buffers read every frame (not in React state). Every call waits
 * for the server's acknowledgement and rejects with a `RoomError` carrying the contract code.
 */
export class RoomClient {
  readonly store: Store<RoomState> = createStore<RoomState>(initial);
  /** Movement snapshots per member id, local receive time. */
  readonly poses = new Map<number, PoseSample[]>();
  /** Tour rooms: the scene each member stands in. */
  readonly scenes = new Map<number, string>();
  /** Tour rooms: where each member looks (their view markers on the panorama). */
  readonly views = new Map<number, { yaw: number; pitch: number }>();
  private readonly moveListeners = new Set<() => void>();
  /** How far behind remote avatars are drawn (ms). */
  delay = INTERPOLATION_DELAY_MS;
  private voiceListener: RoomVoiceListener | null = null;
  /** Signals that came before the voice layer was ready (an offer right after joining), handed over when it is. */
  private pendingSignals: { from: number; data: unknown }[] = [];
  /** Our own latest pose as sent (the minimap's "you are here"). */
  selfPose: Pose | null = null;
  private joinPayload: WorldJoinPayload | null = null;
  private offs: (() => void)[] = [];
  private movedSeq = 0;

  constructor(
    private readonly socket: Socket,
    private readonly now: () => number = () => performance.now(),
  ) {
    const on = <T>(event: string, fn: (payload: T) => void) => {
      const h = fn as (...args: unknown[]) => void;
      socket.on(event, h);
      this.offs.push(() => socket.off(event, h));
    };
    on<WorldStatesEvent>(WorldEvent.states, (e) => this.onStates(e));
    on<WorldMember>(WorldEvent.memberJoined, (m) => this.upsert(m));
    on<WorldMember>(WorldEvent.memberUpdated, (m) => this.upsert(m));
    on<WorldLeftEvent>(WorldEvent.memberLeft, ({ member_id }) => {
      this.poses.delete(member_id);
      this.scenes.delete(member_id);
      this.views.delete(member_id);
      this.set((s) => ({
        ...s,
        members: s.members.filter((m) => m.member_id !== member_id),
        hosts: s.hosts.filter((m) => m.member_id !== member_id),
      }));
      this.voiceListener?.onLeft?.(member_id);
    });
    on<WorldHostsEvent>(WorldEvent.hosts, ({ hosts }) => this.set((s) => ({ ...s, hosts })));
    on<WorldChatMessage>(WorldEvent.chatMessage, (m) => this.addChat(m));
    on<WorldChatRemovedEvent>(WorldEvent.chatRemoved, ({ ids }) =>
      this.set((s) => ({ ...s, chat: s.chat.filter((c) => !ids.includes(c.id)) })),
    );
    on<WorldEmoteEvent>(WorldEvent.emoteShown, (e) =>
      this.set((s) => ({ ...s, emotes: { ...s.emotes, [e.member_id]: { emote: e.emote, until: Date.now() + EMOTE_MS } } })),
    );
    on<WorldLockEvent>(WorldEvent.locked, ({ locked }) => this.set((s) => ({ ...s, locked })));
    on<WorldRemovedEvent>(WorldEvent.removed, (e) => {
      this.joinPayload = null;
      this.set((s) => ({ ...s, phase: 'removed', error: new RoomError(e.code, e.message) }));
    });
    on<WorldMovedEvent>(WorldEvent.moved, (e) => this.set((s) => ({ ...s, movedTo: { ...e, seq: ++this.movedSeq } })));
    on<PresentState | null>(WorldEvent.presentState, (p) => this.set((s) => ({ ...s, presenter: p })));
    on<FollowHostEvent | null>(WorldEvent.followState, (f) => this.set((s) => ({ ...s, follow: f })));
    on<HandQueueEvent>(WorldEvent.handQueue, (e) => this.set((s) => ({ ...s, hands: e.hands })));
    on<{ from: number; data: unknown }>(WorldEvent.voiceSignalFrom, (e) => {
      if (this.voiceListener) this.voiceListener.onSignal(e.from, e.data);
      else if (this.pendingSignals.length < 200) this.pendingSignals.push(e);
    });
    // the server forgets a socket's room when it reconnects: join again with what worked before
    on<void>('connect', () => {
      if (this.joinPayload && this.store.get().phase === 'joined') void this.join(this.joinPayload).catch(() => undefined);
    });
  }

  /** The voice layer that takes the signals (null while there is none). */
  set voice(listener: RoomVoiceListener | null) {
    this.voiceListener = listener;
    if (!listener) return;
    for (const e of this.pendingSignals.splice(0)) listener.onSignal(e.from, e.data);
  }

  get voice(): RoomVoiceListener | null {
    return this.voiceListener;
  }

  get state(): RoomState {
    return this.store.get();
  }

  private set(fn: (s: RoomState) => RoomState): void {
    this.store.set(fn);
  }

  /** Emits a room event and waits for its acknowledgement. */
  call<T>(event: string, payload: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (err: Error | null, ack: WorldAck<T>) => {
        if (err) return reject(new RoomError(0, err.message));
        if (ack.ok) resolve(ack.data);
        else reject(new RoomError(ack.code, ack.message));
      });
    });
  }

  /** Joins the entry (rejects with the refusal: wrong password, invite, locked, banned, sign-in needed…). */
  async join(payload: WorldJoinPayload): Promise<WorldJoinReply> {
    this.set((s) => ({ ...s, phase: s.phase === 'joined' ? 'joined' : 'joining', error: null }));
    try {
      const reply = await this.call<WorldJoinReply>(WorldEvent.join, payload);
      this.joinPayload = payload;
      // a host keeps offers from other instances' people too (they connect to the hosts they know of)
      this.pendingSignals = this.pendingSignals.filter(
        (e) =>
          reply.me.role === 'host' ||
          reply.members.some((m) => m.member_id === e.from) ||
          reply.hosts.some((m) => m.member_id === e.from),
      );
      this.poses.clear();
      this.scenes.clear();
      this.views.clear();
      this.delay = Math.max(INTERPOLATION_DELAY_MS, reply.tick_ms * 2);
      const t = this.now();
      for (const m of reply.members) if (m.state) this.addPose(m.member_id, m.state, t);
      this.movesChanged();
      this.set((s) => ({
        ...s,
        phase: 'joined',
        error: null,
        reply,
        me: reply.me,
        members: reply.members,
        hosts: reply.hosts,
        chat: reply.chat,
        presenter: reply.host.presenter,
        follow: reply.host.follow,
        hands: reply.hands,
        locked: reply.locked,
      }));
      return reply;
    } catch (e) {
      const error = e instanceof RoomError ? e : new RoomError(0, String(e));
      this.set((s) => ({ ...s, phase: 'refused', error }));
      throw error;
    }
  }

  /** Our pose (no acknowledgement; the caller keeps it at ≤ 20 Hz and only on change). */
  move(p: WorldMovePayload): void {
    this.selfPose = { p: [p.x, p.y, p.z], yaw: p.yaw };
    if (this.state.phase === 'joined') this.socket.emit(WorldEvent.move, p);
  }

  chatSend(text: string): Promise<WorldChatMessage> {
    return this.call<WorldChatMessage>(WorldEvent.chat, { text }).then((m) => {
      this.addChat(m);
      return m;
    });
  }

  emote(emote: WorldEmote): Promise<unknown> {
    return this.call(WorldEvent.emote, { emote });
  }

  host(action: WorldHostAction): Promise<unknown> {
    return this.call(WorldEvent.host, action);
  }

  voiceState(selfMuted: boolean): Promise<unknown> {
    return this.call(WorldEvent.voiceState, { self_muted: selfMuted });
  }

  signal(to: number, data: unknown): void {
    this.socket.emit(WorldEvent.voiceSignal, { to, data }, () => undefined);
  }

  /** Leaves the room and stops listening (the shared socket stays open for the rest of the page). */
  leave(): void {
    if (this.state.phase === 'joined') this.socket.emit(WorldEvent.leave, {}, () => undefined);
    this.joinPayload = null;
    for (const off of this.offs) off();
    this.offs = [];
  }

  /**
   * Calls `fn` after members' states arrived (a `world:states` message, a join): tour rooms redraw the others' view
   * markers from `views` and `scenes` then, outside React. Answers the unsubscribe.
   */
  onMoves(fn: () => void): () => void {
    this.moveListeners.add(fn);
    return () => {
      this.moveListeners.delete(fn);
    };
  }

  private movesChanged(): void {
    for (const fn of [...this.moveListeners]) fn();
  }

  private upsert(m: WorldMember): void {
    if (m.state && !this.poses.has(m.member_id)) {
      this.addPose(m.member_id, m.state, this.now());
      this.movesChanged();
    }
    this.set((s) => {
      const i = s.members.findIndex((x) => x.member_id === m.member_id);
      const members = i < 0 ? [...s.members, m] : s.members.map((x) => (x.member_id === m.member_id ? m : x));
      return { ...s, members, me: s.me?.member_id === m.member_id ? m : s.me };
    });
  }

  private addChat(m: WorldChatMessage): void {
    this.set((s) => (s.chat.some((c) => c.id === m.id) ? s : { ...s, chat: [...s.chat, m].slice(-WORLD_RECENT_CHAT * 4) }));
  }

  private addPose(
    id: number,
    st: { x: number; y: number; z: number; yaw: number; pitch: number; scene: string | null },
    t: number,
  ): void {
    this.poses.set(id, pushSample(this.poses.get(id) ?? [], { t, p: [st.x, st.y, st.z], yaw: st.yaw }));
    this.views.set(id, { yaw: st.yaw, pitch: st.pitch });
    if (st.scene) this.scenes.set(id, st.scene);
  }

  private onStates(e: WorldStatesEvent): void {
    const t = this.now();
    const me = this.state.me?.member_id;
    for (const { member_id, state } of readStates(e)) if (member_id !== me) this.addPose(member_id, state, t);
    if (this.moveListeners.size > 0) this.movesChanged();
  }
}
