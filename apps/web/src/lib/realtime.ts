import type { QueryClient } from '@tanstack/react-query';
import { REALTIME_PATH, RealtimeEvent } from '@xr/contract/realtime';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { getToken } from './auth/session';
import { currentLang } from './i18n';
import { MESSAGES_KEY } from './messages';

/**
 * The page's one realtime connection (Socket.IO on the API's origin), shared by the message bell and the meta world
 * room: whoever needs it takes a lease with `acquireRealtime()` and releases it when done; the connection opens with
 * the first lease and closes with the last. The handshake carries the current bearer token and language (read at every
 * (re)connection), or no token for an anonymous visitor of a public room. socket.io-client is loaded on first use (public
 * pages for visitors never load it). When the token changes (sign in or out) the connection is remade so the server
 * sees the new person; when the server ends it (logout elsewhere, changed roles) it reconnects after a second.
 */
let shared: { socket: Promise<Socket>; leases: number; token: string | null } | null = null;

function open(): Promise<Socket> {
  return import('socket.io-client').then(({ io }) => {
    const socket = io({
      path: REALTIME_PATH,
      // read at every (re)connection: the current token (none for an anonymous visitor) and language (the server's
      // refusals and room messages come translated)
      auth: (cb) => {
        const token = getToken();
        cb(token ? { token, lang: currentLang() } : { lang: currentLang() });
      },
      transports: ['websocket', 'polling'],
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => shared && socket.connect(), 1000);
    });
    return socket;
  });
}

export interface RealtimeLease {
  /** The shared socket (resolves once socket.io-client loaded; it may still be connecting). */
  socket: Promise<Socket>;
  /** Gives the lease back; the last one closes the connection. */
  release(): void;
}

/** Takes a lease on the page's shared socket (opening it when it is the first). */
export function acquireRealtime(): RealtimeLease {
  if (!shared) shared = { socket: open(), leases: 0, token: getToken() };
  const entry = shared;
  entry.leases += 1;
  let released = false;
  return {
    socket: entry.socket,
    release() {
      if (released) return;
      released = true;
      entry.leases -= 1;
      if (entry.leases === 0 && shared === entry) {
        shared = null;
        void entry.socket.then((s) => s.disconnect());
      }
    },
  };
}

/**
 * Reconnects the shared socket when the session's token differs from the one it was opened with (sign in / out
 * while a room or the bell holds it), so the server re-authenticates it.
 */
export function syncRealtimeToken(token: string | null): void {
  const entry = shared;
  if (!entry || entry.token === token) return;
  entry.token = token;
  void entry.socket.then((s) => {
    s.disconnect();
    s.connect();
  });
}

/** React: the shared socket while the component is mounted (null until it is loaded). */
export function useRealtimeSocket(token: string | null): Socket | null {
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    const lease = acquireRealtime();
    let live = true;
    void lease.socket.then((s) => live && setSocket(s));
    return () => {
      live = false;
      lease.release();
    };
  }, []);
  useEffect(() => syncRealtimeToken(token), [token]);
  return socket;
}

/**
 * The bell's use of the shared channel (signed-in pages): a `message:new` notice refreshes the messages (badge and
 * lists).
 */
export function useRealtime(token: string | null, client: QueryClient): void {
  const socket = useRealtimeSocket(token);
  useEffect(() => {
    if (!socket || !token) return;
    const onNew = () => void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    socket.on(RealtimeEvent.messageNew, onNew);
    return () => {
      socket.off(RealtimeEvent.messageNew, onNew);
    };
  }, [socket, token, client]);
}
