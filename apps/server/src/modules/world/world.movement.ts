import {
  WORLD_FAR_EVERY,
  WORLD_NEAR_COUNT,
  WORLD_NEAR_RADIUS,
  WORLD_TICK_MS,
  WorldEvent,
  type WorldMemberState,
  type WorldStatesEvent,
  type worldMovePayload,
} from '@xr/contract/world';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';

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
export interface Instance {
  room: string;
  entryId: number;
  instance: number;
  locals: Map<number, Socket>;
  avatars: Map<number, Avatar>;
}

/** One tick's movement of one process's sockets in one instance, forwarded to the other processes. */
export interface StatesMessage {
  t: 'states';
  room: string;
  /** Per member: id, x, y, z, yaw, pitch. */
  d: number[];
  a?: Record<string, string>;
  sc?: Record<string, string>;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Where members are and how they move, in this process's memory (movement never touches the database): the instances
 * with local sockets, each member's last movement, and the loop that sends it. Every tick, for each local socket, one
 * `world:states` message with the members that moved, near ones (within `WORLD_NEAR_RADIUS`, at most
 * `WORLD_NEAR_COUNT`) every tick and far ones every `WORLD_FAR_EVERY`th. With several processes, `forward` takes this
 * process's own sockets' movement to the others once per tick (and `receive` takes theirs), so every process can
 * filter per recipient.
 */
export function createMovement({
  io,
  forward,
}: {
  io: Server;
  /** Set with several server processes: sends this process's movement of the last tick to the others. */
  forward?: (msg: StatesMessage) => void;
}) {
  const instances = new Map<string, Instance>();
  let tick = 0;

  function runTick() {
    tick++;
    const now = Date.now();
    const farTick = tick % WORLD_FAR_EVERY === 0;
    for (const inst of instances.values()) {
      // Forward this process's movement of the last tick to the other processes.
      if (forward) {
        const d: number[] = [];
        const a: Record<string, string> = {};
        const sc: Record<string, string> = {};
        for (const [id, av] of inst.avatars) {
          if (av.tick !== tick - 1 || !inst.locals.has(id)) continue;
          d.push(id, ...av.s);
          if (av.anim) a[id] = av.anim;
          if (av.scene) sc[id] = av.scene;
        }
        if (d.length) forward({ t: 'states', room: inst.room, d, a, sc });
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

  return {
    /** The instances this process holds sockets of (or heard movement of). */
    instances,

    /** The instance of a room, made when this process holds its first socket. */
    instanceOf(room: string, entryId: number, instance: number): Instance {
      let inst = instances.get(room);
      if (!inst) {
        inst = { room, entryId, instance, locals: new Map(), avatars: new Map() };
        instances.set(room, inst);
      }
      return inst;
    },

    /** A member left: their movement goes, and the instance too once it has no local socket. */
    dropMember(room: string, visitId: number) {
      const inst = instances.get(room);
      if (!inst) return;
      inst.avatars.delete(visitId);
      inst.locals.delete(visitId);
      if (inst.locals.size === 0) instances.delete(room);
    },

    /** A member another process held left: only their movement goes. */
    forget(room: string, visitId: number) {
      instances.get(room)?.avatars.delete(visitId);
    },

    /** A local socket's move (`world:move`), sent with the next tick. */
    move(room: string, visitId: number, p: z.output<typeof worldMovePayload>) {
      instances.get(room)?.avatars.set(visitId, {
        s: [r3(p.x), r3(p.y), r3(p.z), r3(p.yaw), r3(p.pitch)],
        anim: p.anim ?? null,
        scene: p.scene ?? null,
        tick,
      });
    },

    /** Another process's sockets' movement of one tick (see `forward`). */
    receive(msg: StatesMessage) {
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
    },

    /** A member's last known movement as their state in a member list (undefined: not moved yet). */
    stateOf(inst: Instance, visitId: number): WorldMemberState | undefined {
      const av = inst.avatars.get(visitId);
      return av
        ? { x: av.s[0], y: av.s[1], z: av.s[2], yaw: av.s[3], pitch: av.s[4], anim: av.anim, scene: av.scene }
        : undefined;
    },

    stop() {
      clearInterval(timer);
    },
  };
}

export type Movement = ReturnType<typeof createMovement>;
