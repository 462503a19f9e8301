import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { ErrorCode } from '@xr/contract/errors';
import { REALTIME_PATH, RealtimeEvent, SOCKET_EVENTS_PER_SECOND, SOCKET_MAX_PAYLOAD_BYTES } from '@xr/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AccessEvents } from '../lib/access-events';
import type { OriginPolicy } from '../lib/origin';
import type { RequestUser, SessionResolver } from './auth';

/** What a socket knows about its person (null: an anonymous visitor). */
interface SocketData {
  user: RequestUser | null;
}

/**
 * The realtime channel: Socket.IO on the API's own HTTP server and origin (`/socket.io/`), authenticated with the same
 * bearer tokens as the API (`auth: { token }` in the handshake; anonymous visitors connect without personal rooms).
 * A browser's handshake must come from an origin we answer at. Each signed-in socket joins `user:<id>` and
 * `role:<name>` rooms, so services address people, roles or everyone; with `REDIS_URL` the Redis adapter carries
 * those broadcasts to every server process. Per socket: messages up to 16 KB, at most 20 events a second (beyond,
 * events are dropped with a `refused` event). When a user's access changes (logout, disabled, roles) their sockets
 * are disconnected, and the client reconnects with whatever token it still holds.
 */
export function createRealtime(opts: {
  server: HttpServer;
  resolve: SessionResolver;
  origins: OriginPolicy;
  access?: AccessEvents;
  redis?: Redis;
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
  const pub = opts.redis?.duplicate();
  const sub = opts.redis?.duplicate();
  if (pub && sub) io.adapter(createAdapter(pub, sub));

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (token === undefined || token === null || token === '') {
      socket.data.user = null;
      return next();
    }
    const r = typeof token === 'string' ? await opts.resolve(token, undefined as never) : ErrorCode.TOKEN_INVALID;
    if (typeof r === 'number') return next(Object.assign(new Error('unauthorized'), { data: { code: r } }));
    socket.data.user = r;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const user = (socket.data as SocketData).user;
    if (user) {
      void socket.join(`user:${user.id}`);
      for (const role of user.roles) void socket.join(`role:${role}`);
    }
    // Rate limit: a fixed one-second window per socket.
    let windowStart = Date.now();
    let count = 0;
    socket.use((_packet, next) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        count = 0;
      }
      if (++count > SOCKET_EVENTS_PER_SECOND) {
        socket.emit(RealtimeEvent.refused, { code: ErrorCode.RATE_LIMITED, message: 'rateLimited' });
        return;
      }
      next();
    });
  });

  opts.access?.subscribe((userId) => {
    if (userId !== null) io.in(`user:${userId}`).disconnectSockets(true);
  });

  return {
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
      io.disconnectSockets(true);
      io.engine.close();
      await pub?.quit().catch(() => undefined);
      await sub?.quit().catch(() => undefined);
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
