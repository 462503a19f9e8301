import type { Server as HttpServer } from 'node:http';
import type { createAdapter } from '@socket.io/redis-adapter';
import { ErrorCode } from '@xr/contract/errors';
import { langFromHeader } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import {
  REALTIME_PATH,
  RealtimeEvent,
  SOCKET_EVENT_LIMITS,
  SOCKET_EVENTS_PER_SECOND,
  SOCKET_MAX_PAYLOAD_BYTES,
} from '@xr/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AccessEvents } from '../lib/access-events';
import type { OriginPolicy } from '../lib/origin';
import type { RequestUser, SessionResolver } from './auth';

/** What a socket knows about its person (null: an anonymous visitor). */
export interface SocketData {
  user: RequestUser | null;
}

/** A module's per-socket set-up: registers its event listeners on the socket. */
export type ConnectionHandler = (socket: Socket, user: RequestUser | null) => void;

/** Server-side event by which a process whose Redis connection came back asks the others to catch their sockets up. */
const RESYNC_EVENT = 'realtime:resync';
/**
 * How long after a Redis connection came back the catch-up runs: the other connections of this process reconnect in
 * the same moment, and one catch-up serves them all.
 */
export const RESYNC_DELAY_MS = 300;
/** Clocks of server processes differ a little: a catch-up reaches back this much further than the outage began. */
export const RESYNC_MARGIN_MS = 5000;

/** A module's catch-up: re-sends its sockets, from the database, what broadcasts since `since` may have carried. */
export type ResyncHandler = (since: Date) => Promise<void> | void;

/** Loads the Socket.IO Redis adapter: only a process with `REDIS_URL` needs its code (idle memory). */
export async function loadRedisAdapter(): Promise<typeof createAdapter> {
  return (await import('@socket.io/redis-adapter')).createAdapter;
}

/**
 * The realtime channel: Socket.IO on the API's own HTTP server and origin (`/socket.io/`), authenticated with the same
 * bearer tokens as the API (`auth: { token }` in the handshake; anonymous visitors connect without personal rooms).
 * A browser's handshake must come from an origin we answer at. Each signed-in socket joins `user:<id>` and
 * `role:<name>` rooms, so services address people, roles or everyone; with `REDIS_URL` the Redis adapter carries
 * those broadcasts to every server process. Per socket: messages up to 16 KB, and per event kind a rate limit
 * (`SOCKET_EVENT_LIMITS`, else `SOCKET_EVENTS_PER_SECOND`; beyond, events are dropped with a `refused` event and an
 * acknowledgement, when the event asked for one, answers the refusal). When a user's access changes (logout, disabled, roles) their sockets
 * are disconnected, and the client reconnects with whatever token it still holds.
 */
export function createRealtime(opts: {
  server: HttpServer;
  resolve: SessionResolver;
  origins: OriginPolicy;
  access?: AccessEvents;
  redis?: Redis;
  /** The Redis adapter's factory, loaded by the caller only with Redis (see {@link loadRedisAdapter}). */
  redisAdapter?: typeof createAdapter;
  log: FastifyBaseLogger;
}) {
  const io = new Server<Record<string, never>, Record<string, (...args: unknown[]) => void>, Record<string, never>, SocketData>(
    opts.server,
    {
      path: REALTIME_PATH,
      serveClient: false,
      maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        if (!origin) return callback(null, true); // not a browser page (a native client, a test)
        try {
          const u = new URL(origin);
          const ok = u.host === req.headers.host || opts.origins.allowedHostnames().includes(u.hostname);
          if (!ok) opts.log.warn({ origin }, 'socket handshake from a foreign origin refused');
          callback(ok ? null : 'origin not allowed', ok);
        } catch {
          callback('origin not allowed', false);
        }
      },
    },
  );
  const pub = opts.redis?.duplicate({ enableOfflineQueue: true });
  const sub = opts.redis?.duplicate({ enableOfflineQueue: true });
  if (pub && sub) {
    if (!opts.redisAdapter) throw new Error('createRealtime: Redis given without its adapter (loadRedisAdapter)');
    // The adapter publishes without waiting for the reply. A publish that fails (Redis gone, or a room event sent by
    // a disconnect handler while the server shuts down) is logged here instead of becoming an unhandled rejection.
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) => {
      const sent = publish(...args);
      sent.catch((err: unknown) => opts.log.debug({ err }, 'realtime publish failed'));
      return sent;
    };
    pub.on('error', (err) => opts.log.warn({ err }, 'realtime Redis publisher error'));
    sub.on('error', (err) => opts.log.warn({ err }, 'realtime Redis subscriber error'));
    io.adapter(opts.redisAdapter(pub, sub));
  }

  // Broadcasts between processes go through Redis pub/sub, which keeps nothing: what was published while Redis was
  // away (or before a process had subscribed again) is lost. When either connection of this process is back, its
  // modules catch their own sockets up from the database (`onResync`) and the other processes are asked to do the
  // same, so whichever connection comes back last, every process catches up after the last message that was lost.
  const resyncHandlers: ResyncHandler[] = [];
  let resyncSince: number | null = null;
  let resyncTimer: NodeJS.Timeout | undefined;
  let resyncing: Promise<void> = Promise.resolve();
  const scheduleResync = (since: number) => {
    resyncSince = Math.min(resyncSince ?? since, since);
    if (resyncTimer) return;
    resyncTimer = setTimeout(() => {
      resyncTimer = undefined;
      const from = new Date((resyncSince ?? Date.now()) - RESYNC_MARGIN_MS);
      resyncSince = null;
      resyncing = resyncing.then(async () => {
        for (const h of resyncHandlers) {
          await Promise.resolve()
            .then(() => h(from))
            .catch((err: unknown) => opts.log.warn({ err }, 'realtime catch-up failed'));
        }
      });
    }, RESYNC_DELAY_MS);
    resyncTimer.unref();
  };
  if (pub && sub) {
    io.on(RESYNC_EVENT, (since: unknown) => {
      if (typeof since === 'number' && Number.isFinite(since)) scheduleResync(since);
    });
    for (const conn of [pub, sub]) {
      let lostAt: number | null = null;
      conn.on('close', () => {
        lostAt ??= Date.now();
      });
      conn.on('ready', () => {
        if (lostAt === null) return;
        const since = lostAt;
        lostAt = null;
        // The subscriptions are restored by commands sent right after 'ready': a PING behind them answers once they
        // are in place, so nothing published after the catch-up's reads can be missed any more.
        void conn
          .ping()
          .catch(() => undefined)
          .then(() => {
            scheduleResync(since);
            io.serverSideEmit(RESYNC_EVENT, since);
          });
      });
    }
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (token === undefined || token === null || token === '') {
      socket.data.user = null;
      return next();
    }
    let r: Awaited<ReturnType<SessionResolver>>;
    try {
      r = typeof token === 'string' ? await opts.resolve(token, undefined as never) : ErrorCode.TOKEN_INVALID;
    } catch (err) {
      // A session that cannot be read (the database restarting) refuses this handshake with a code the client can
      // retry on; thrown out of this async middleware it would be an unhandled rejection that ends the process.
      const code = isDatabaseUnavailable(err) ? ErrorCode.SERVICE_UNAVAILABLE : ErrorCode.INTERNAL;
      if (code === ErrorCode.INTERNAL) opts.log.error({ err }, 'socket session check failed');
      return next(Object.assign(new Error('unavailable'), { data: { code } }));
    }
    if (typeof r === 'number') return next(Object.assign(new Error('unauthorized'), { data: { code: r } }));
    socket.data.user = r;
    next();
  });

  /** Modules' connection handlers (world rooms, live chat…), registered through `onConnection`. */
  const handlers: ConnectionHandler[] = [];

  io.on('connection', (socket: Socket) => {
    const user = (socket.data as SocketData).user;
    if (user) {
      void socket.join(`user:${user.id}`);
      for (const role of user.roles) void socket.join(`role:${role}`);
    }
    // Rate limit: a fixed one-second window per socket and event kind.
    const windows = new Map<string, { start: number; count: number }>();
    socket.use((packet, next) => {
      const kind = typeof packet[0] === 'string' ? packet[0] : '';
      // Kinds without a limit of their own share one window each socket, so made-up names cannot grow the map.
      const key = Object.hasOwn(SOCKET_EVENT_LIMITS, kind) ? kind : '';
      const limit = SOCKET_EVENT_LIMITS[key] ?? SOCKET_EVENTS_PER_SECOND;
      const now = Date.now();
      let w = windows.get(key);
      if (!w || now - w.start >= 1000) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      if (++w.count > limit) {
        const refusal = { code: ErrorCode.RATE_LIMITED, message: 'rateLimited' };
        socket.emit(RealtimeEvent.refused, refusal);
        const ack = packet[packet.length - 1];
        if (typeof ack === 'function') {
          const lang = langFromHeader(socket.handshake.headers['accept-language']);
          ack({ ok: false, code: ErrorCode.RATE_LIMITED, message: translateMessage('rateLimited', lang) });
        }
        return;
      }
      next();
    });
    for (const handler of handlers) handler(socket, user);
  });

  opts.access?.subscribe((userId) => {
    if (userId !== null) io.in(`user:${userId}`).disconnectSockets(true);
  });

  return {
    /** The Socket.IO server, for modules that keep rooms of their own (world rooms, live chat). */
    io,
    /**
     * Registers a module's handler, called for every new socket after authentication and the rate limit are in place.
     * Handlers stay thin: validate each message with a contract schema, then call a service.
     */
    onConnection(handler: ConnectionHandler): void {
      handlers.push(handler);
    },
    /**
     * Registers a module's catch-up, run after a lost Redis connection of this or another process is back (see above).
     * Without Redis there is one process and nothing to catch up.
     */
    onResync(handler: ResyncHandler): void {
      resyncHandlers.push(handler);
    },
    /** Sends an event to every socket of these users (on every server process). */
    toUsers(userIds: number[], event: string, payload: unknown): void {
      if (userIds.length === 0) return;
      io.to(userIds.map((id) => `user:${id}`)).emit(event, payload);
    },
    /** Sends an event to every signed-in socket of people holding a role. */
    toRole(role: string, event: string, payload: unknown): void {
      io.to(`role:${role}`).emit(event, payload);
    },
    /** Sends an event to every connected socket. */
    toAll(event: string, payload: unknown): void {
      io.emit(event, payload);
    },
    /** Sockets connected to this process (health and tests). */
    localCount(): number {
      return io.of('/').sockets.size;
    },
    /** Disconnects every socket and stops the engine; the HTTP server itself is Fastify's to close. */
    async close(): Promise<void> {
      clearTimeout(resyncTimer);
      await resyncing;
      io.disconnectSockets(true);
      io.engine.close();
      await pub?.quit().catch(() => undefined);
      await sub?.quit().catch(() => undefined);
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
