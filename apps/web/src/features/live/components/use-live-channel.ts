import {
  type LiveChatMessage,
  type LiveErrorPayload,
  LiveEvent,
  type LiveHistoryPayload,
  type LiveState,
  type LiveStatePayload,
  type LiveViewersPayload,
} from '@xr/contract/live';
import { REALTIME_PATH } from '@xr/contract/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { getToken } from '../../../lib/auth/session';
import { currentLang } from '../../../lib/i18n';

/** Messages kept on screen. */
const KEEP = 200;

/**
 * The stream's realtime channel (Socket.IO on the API's origin): joins its chat with the ticket of check_password,
 * then keeps the chat lines, the viewer count and the stream's state up to date (`interrupted`: on air, but the
 * publisher dropped and may come back). `send` writes a line (signed-in viewers); refusals arrive in `error`.
 */
export function useLiveChannel(id: number, ticket: string | null) {
  const [messages, setMessages] = useState<LiveChatMessage[]>([]);
  const [viewers, setViewers] = useState<number | null>(null);
  const [state, setState] = useState<LiveState | null>(null);
  const [interrupted, setInterrupted] = useState(false);
  const [error, setError] = useState<LiveErrorPayload | null>(null);
  const socket = useRef<Socket | null>(null);

  useEffect(() => {
    if (!ticket) return;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const token = getToken();
      const s = io({
        path: REALTIME_PATH,
        auth: { ...(token ? { token } : {}), lang: currentLang() },
        transports: ['websocket', 'polling'],
      });
      socket.current = s;
      s.on('connect', () => s.emit(LiveEvent.join, { id, ticket }));
      s.on(LiveEvent.history, (p: LiveHistoryPayload) => setMessages(p.messages));
      s.on(LiveEvent.message, (m: LiveChatMessage) => setMessages((list) => [...list, m].slice(-KEEP)));
      s.on(LiveEvent.viewers, (p: LiveViewersPayload) => setViewers(p.viewers));
      s.on(LiveEvent.state, (p: LiveStatePayload) => {
        setState(p.state);
        setInterrupted(p.state === 'live' && !!p.interrupted);
      });
      s.on(LiveEvent.error, (e: LiveErrorPayload) => setError(e));
    });
    return () => {
      stopped = true;
      socket.current?.disconnect();
      socket.current = null;
    };
  }, [id, ticket]);

  const send = useCallback(
    (text: string) => {
      setError(null);
      socket.current?.emit(LiveEvent.send, { id, text });
    },
    [id],
  );
  return { messages, viewers, state, interrupted, error, send };
}
