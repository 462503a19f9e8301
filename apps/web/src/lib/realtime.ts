import type { QueryClient } from '@tanstack/react-query';
import { REALTIME_PATH, RealtimeEvent } from '@xr/contract/realtime';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { MESSAGES_KEY } from './messages';

/**
 * The realtime channel of a signed-in page: one Socket.IO connection to the API's origin with the bearer token in the
 * handshake. socket.io-client is loaded on first use (public pages for visitors never load it). A `message:new` notice
 * refreshes the messages (badge and lists); when the server ends the connection (logout elsewhere, changed roles) and
 * the page still holds a token, it reconnects, so the new rights apply.
 */
export function useRealtime(token: string | null, client: QueryClient): void {
  useEffect(() => {
    if (!token) return;
    let socket: Socket | undefined;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'] });
      socket.on(RealtimeEvent.messageNew, () => {
        void client.invalidateQueries({ queryKey: MESSAGES_KEY });
      });
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect' && !stopped) setTimeout(() => socket?.connect(), 1000);
      });
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [token, client]);
}
