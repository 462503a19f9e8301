import { ErrorCode } from '@xr/contract/errors';
import {
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_PER_WINDOW,
  LIVE_CHAT_WINDOW_MS,
  type LiveChatMessage,
  LiveEvent,
  type LiveStatePayload,
} from '@xr/contract/live';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { BroadcastService } from './broadcast.service';
import { roomOf } from './live.channels';
import { createLiveRepository, type LiveChatRow } from './live.repository';
import type { LiveViewers } from './live.viewers';

export interface LiveChatDeps {
  db: Db;
  /** Sends a realtime event to the sockets in a room (the stream's room `live:<id>`). */
  emit?: (room: string, event: string, payload: unknown) => void;
  /** A joiner's ticket is checked and the joiner counted as a viewer while the chat socket is in the room. */
  viewers: Pick<LiveViewers, 'ticketNonce' | 'hold' | 'totalsOf'>;
  /** The state a joiner is told (with whether the publisher is interrupted). */
  broadcast: Pick<BroadcastService, 'stateOf'>;
}

/**
 * The live chat of a stream's watch page: joining with the viewer ticket (the recent history, the state as of
 * joining), persisted messages of signed-in viewers at most LIVE_CHAT_PER_WINDOW per window, the viewer total.
 */
export function createLiveChatService(deps: LiveChatDeps) {
  const { viewers, broadcast } = deps;
  const repo = createLiveRepository(deps.db);

  return {
    /** Checks a chat join: the ticket proves the password. Answers the recent history and a release of the viewer. */
    async joinChat(
      id: number,
      ticket: string,
    ): Promise<{ history: LiveChatMessage[]; state: LiveStatePayload; release: () => void }> {
      const nonce = viewers.ticketNonce(id, ticket);
      if (!nonce) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const history = (await repo.recentChat(id, LIVE_CHAT_HISTORY)).map(toChat);
      return { history, state: broadcast.stateOf(id, row.state), release: viewers.hold(id, nonce) };
    },

    /** Persists a chat message of a signed-in viewer who joined, at most LIVE_CHAT_PER_WINDOW per window, and sends it. */
    async sendChat(user: { id: number; name: string }, id: number, text: string): Promise<LiveChatMessage> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      const recent = await repo.chatCountSince(id, user.id, new Date(Date.now() - LIVE_CHAT_WINDOW_MS));
      if (recent >= LIVE_CHAT_PER_WINDOW) throw new AppError(ErrorCode.RATE_LIMITED);
      const message = toChat(await repo.insertChat({ streamId: id, userId: user.id, userName: user.name, text }));
      deps.emit?.(roomOf(id), LiveEvent.message, message);
      return message;
    },

    /** Viewers of a stream over every server process (this process's alone without Redis). */
    async viewerTotal(id: number): Promise<number> {
      return (await viewers.totalsOf([id])).get(id) ?? 0;
    },
  };
}

function toChat(r: LiveChatRow): LiveChatMessage {
  return { id: r.id, stream_id: r.streamId, user_name: r.userName, text: r.text, created_at: r.createdAt.toISOString() };
}

export type LiveChatService = ReturnType<typeof createLiveChatService>;
