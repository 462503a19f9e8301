import {
  type LiveAudiencePayload,
  type LiveChatMessage,
  type LiveErrorPayload,
  LiveEvent,
  type LiveHistoryPayload,
  type LiveReactAck,
  type LiveReaction,
  type LiveReactionsPayload,
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
/** How long a reaction waits for the server's answer (ms). */
const REACT_TIMEOUT_MS = 5000;

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
  const [reactionError, setReactionError] = useState<string | null>(null);
  const [audience, setAudience] = useState<LiveAudiencePayload | null>(null);
  const socket = useRef<Socket | null>(null);
  // reactions go to their listeners (the floating animation), not to React state: a crowd sends many
  const reactionListeners = useRef(new Set<(p: LiveReactionsPayload) => void>());

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
      s.on(LiveEvent.reactions, (p: LiveReactionsPayload) => {
        if (p.stream_id !== id) return;
        for (const fn of reactionListeners.current) fn(p);
      });
      s.on(LiveEvent.audience, (p: LiveAudiencePayload) => p.stream_id === id && setAudience(p));
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
  /** Sends a reaction; a refusal (too fast) lands in `reactionError` until the next accepted one. */
  // answers may come out of order (a refusal before the acceptance of an earlier tap): only a tap sent after the
  // last refusal clears its message
  const reactSeq = useRef({ sent: 0, refused: 0 });
  const react = useCallback(
    (reaction: LiveReaction) => {
      const seq = ++reactSeq.current.sent;
      socket.current
        ?.timeout(REACT_TIMEOUT_MS)
        .emit(LiveEvent.react, { id, reaction }, (err: Error | null, ack?: LiveReactAck) => {
          if (err || !ack) return;
          if (!ack.ok) {
            reactSeq.current.refused = Math.max(reactSeq.current.refused, seq);
            setReactionError(ack.message);
          } else if (seq > reactSeq.current.refused) setReactionError(null);
        });
    },
    [id],
  );
  /** Asks for the viewer list (answered into `audience`). */
  const requestAudience = useCallback(() => void socket.current?.emit(LiveEvent.audience, { id }), [id]);
  const onReactions = useCallback((fn: (p: LiveReactionsPayload) => void) => {
    reactionListeners.current.add(fn);
    return () => {
      reactionListeners.current.delete(fn);
    };
  }, []);
  return {
    messages,
    viewers,
    state,
    interrupted,
    error,
    send,
    react,
    reactionError,
    onReactions,
    audience,
    requestAudience,
  };
}
