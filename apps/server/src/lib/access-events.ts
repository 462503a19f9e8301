import type { Redis } from 'ioredis';

const CHANNEL = 'xr:access-changed';
type Listener = (userId: number | null) => void;

/**
 * "Who may do what has changed" notices. The session guard keeps resolved sessions for a few seconds
 * (`SESSION_CACHE_SECONDS`); every write that changes a user's sessions, status, roles, permissions or membership
 * calls `changed(userId)` once its transaction has committed (`changed()` for everyone, e.g. a role's permissions),
 * so the guard forgets them at once. With `REDIS_URL` the notice also reaches the other server processes over
 * pub/sub; without it there is one process and the local notice is all there is.
 */
export function createAccessEvents(redis?: Redis) {
  const listeners: Listener[] = [];
  const emit = (userId: number | null) => {
    for (const l of listeners) l(userId);
  };
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const sub = redis?.duplicate({ enableOfflineQueue: true });
  if (sub) {
    sub.subscribe(CHANNEL).catch(() => undefined);
    sub.on('message', (_channel: string, message: string) => {
      const [from, who] = message.split(' ');
      if (from === origin) return;
      emit(who === '*' || who === undefined ? null : Number(who));
    });
    // Notices published while Redis was away are lost: once the subscription is back, every session this process
    // keeps resolved is forgotten (read again on its next request), as if everyone's access had changed.
    let lost = false;
    sub.on('close', () => {
      lost = true;
    });
    sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      emit(null);
    });
    // The connection's errors while Redis is away; ioredis reconnects by itself (and would print them otherwise).
    sub.on('error', () => undefined);
  }
  return {
    /** Announces a change for one user, or for everyone. */
    changed(userId?: number): void {
      emit(userId ?? null);
      redis?.publish(CHANNEL, `${origin} ${userId ?? '*'}`).catch(() => undefined);
    },
    /** Calls `listener` with the user id (null: everyone) of every change, local or from another process. */
    subscribe(listener: Listener): void {
      listeners.push(listener);
    },
    async close(): Promise<void> {
      await sub?.quit().catch(() => undefined);
    },
  };
}
export type AccessEvents = ReturnType<typeof createAccessEvents>;
