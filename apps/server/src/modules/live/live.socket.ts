import { ErrorCode } from '@xr/contract/errors';
import {
  LIVE_AUDIENCE_LIST_MAX,
  type LiveAudiencePayload,
  LiveEvent,
  liveAudienceRequest,
  liveJoinPayload,
  liveLeavePayload,
  liveReactPayload,
  liveSendPayload,
} from '@xr/contract/live';
import { translateMessage } from '@xr/contract/messages';
import type { Server, Socket } from 'socket.io';
import type { ZodType } from 'zod';
import { AppError } from '../../lib/errors';
import type { RequestUser } from '../../plugins/auth';
import type { ConnectionHandler, Realtime } from '../../plugins/realtime';
import type { LiveChatService } from './chat.service';
import { roomOf } from './live.channels';
import type { LiveReactions } from './live.reactions';

/** Streams a socket may join at once. */
const JOINED_MAX = 5;

/**
 * Live chat over the realtime channel: `live:join { id, ticket }` (the ticket of check_password proves the password)
 * puts the socket in the stream's room and answers the history; `live:send { id, text }` (signed-in viewers who
 * joined) persists and broadcasts a message; viewer counts and state changes arrive as `live:viewers` / `live:state`.
 * Every refusal answers `live:error { code, message }`.
 */
export function liveSocketHandler(chat: LiveChatService, reactions?: LiveReactions): ConnectionHandler {
  return (socket: Socket, user: RequestUser | null) => {
    const joined = new Map<number, () => void>();
    const reactors = new Map<number, string>();
    // who this socket is, for the viewer list of any process (`fetchSockets` reads `data` over the Redis adapter)
    socket.data.liveViewer = { user: user?.id ?? null, name: user?.name ?? null } satisfies LiveViewerData;
    const lang = (socket.handshake.auth as { lang?: unknown } | undefined)?.lang;
    const refuse = (err: unknown) => {
      const e = err instanceof AppError ? err : new AppError(ErrorCode.INTERNAL);
      socket.emit(LiveEvent.error, { code: e.code, message: translateMessage(e.messageKey, langOf(lang), e.params) });
    };
    const on = <T>(event: string, schema: ZodType<T>, run: (payload: T) => Promise<void>) => {
      socket.on(event, (raw: unknown) => {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return refuse(new AppError(ErrorCode.VALIDATION));
        run(parsed.data).catch(refuse);
      });
    };

    on(LiveEvent.join, liveJoinPayload, async ({ id, ticket }) => {
      if (joined.has(id)) return;
      if (joined.size >= JOINED_MAX) throw new AppError(ErrorCode.RATE_LIMITED);
      const { history, state, release } = await chat.joinChat(id, ticket);
      if (socket.disconnected) return release();
      joined.set(id, release);
      // the reaction limit's person: the account, or a guest's ticket (one per password check, which is limited too)
      reactors.set(id, user ? `u${user.id}` : `t${ticket.split('.')[1] ?? ticket}`);
      await socket.join(roomOf(id));
      socket.emit(LiveEvent.history, { stream_id: id, messages: history });
      socket.emit(LiveEvent.viewers, { stream_id: id, viewers: await chat.viewerTotal(id) });
      // The state as of joining: it may have changed since the ticket was issued (and says whether it is interrupted).
      socket.emit(LiveEvent.state, state);
    });

    on(LiveEvent.leave, liveLeavePayload, async ({ id }) => {
      joined.get(id)?.();
      joined.delete(id);
      reactors.delete(id);
      await socket.leave(roomOf(id));
    });

    on(LiveEvent.send, liveSendPayload, async ({ id, text }) => {
      if (!joined.has(id)) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      if (!user) throw new AppError(ErrorCode.LIVE_CHAT_SIGN_IN);
      await chat.sendChat({ id: user.id, name: user.name }, id, text);
    });

    // a reaction answers its acknowledgement (`{ ok }` or `{ ok: false, code, message }`) so the page tells a refused
    // reaction apart from a refused chat line; without one, a refusal comes as `live:error`
    socket.on(LiveEvent.react, (raw: unknown, ack?: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (reply: unknown) => void) : null;
      const fail = (err: unknown) => {
        if (!answer) return refuse(err);
        const e = err instanceof AppError ? err : new AppError(ErrorCode.INTERNAL);
        answer({ ok: false, code: e.code, message: translateMessage(e.messageKey, langOf(lang), e.params) });
      };
      const parsed = liveReactPayload.safeParse(raw);
      if (!parsed.success) return fail(new AppError(ErrorCode.VALIDATION));
      const { id, reaction } = parsed.data;
      const who = reactors.get(id);
      if (!joined.has(id) || !who || !reactions) return fail(new AppError(ErrorCode.LIVE_TICKET_INVALID));
      reactions.react(who, id, reaction).then(() => answer?.({ ok: true }), fail);
    });

    on(LiveEvent.audience, liveAudienceRequest, async ({ id }) => {
      if (!joined.has(id)) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      const sockets = await socket.nsp.in(roomOf(id)).fetchSockets();
      socket.emit(
        LiveEvent.audience,
        audienceOf(
          id,
          sockets.map((s) => s.data?.liveViewer as LiveViewerData | undefined),
        ),
      );
    });

    socket.on('disconnect', () => {
      for (const release of joined.values()) release();
      joined.clear();
    });
  };
}

const langOf = (lang: unknown) => (lang === 'en' || lang === 'tc' || lang === 'zh' ? lang : 'zh');

interface LiveViewerData {
  user: number | null;
  name: string | null;
}

/** The viewer list from the sockets in a stream's room: each account once, each guest socket as a guest. */
export function audienceOf(stream: number, viewers: (LiveViewerData | undefined)[]): LiveAudiencePayload {
  const seen = new Set<number>();
  const people: LiveAudiencePayload['viewers'] = [];
  let guests = 0;
  for (const v of viewers) {
    if (v?.user != null) {
      if (seen.has(v.user)) continue;
      seen.add(v.user);
      people.push({ name: v.name ?? '', guest: false });
    } else guests++;
  }
  people.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  const list = [...people, ...Array.from({ length: guests }, () => ({ name: null, guest: true }))];
  return { stream_id: stream, total: list.length, viewers: list.slice(0, LIVE_AUDIENCE_LIST_MAX) };
}

const CUT_EVENT = 'live:cut';

/**
 * With several processes on one Redis: a publisher cut by one process (end, delete, key rotation) is cut by the one
 * that ingests it (Socket.IO server-side events over the Redis adapter). `cut` goes to the other processes only.
 */
export function liveCutsAcrossProcesses(realtime: Pick<Realtime, 'io'>) {
  const io = realtime.io as unknown as Server;
  return {
    cut(id: number): void {
      io.serverSideEmit(CUT_EVENT, id);
    },
    onCut(fn: (id: number) => void): void {
      io.on(CUT_EVENT, (id: unknown) => {
        if (typeof id === 'number' && Number.isSafeInteger(id)) fn(id);
      });
    },
  };
}
