import type { SystemMessage } from '@xr/contract/creator';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { createMessagesRepository } from './messages.repository';

/** System messages to users (review decisions; later /stationletter pushes), shown in the reader's language. */
export function createMessagesService({ db, notify }: { db: Db; notify?: (userIds: number[], count: number) => void }) {
  const repo = createMessagesRepository(db);
  /**
   * Tells the recipients' open pages (realtime `message:new`) so their badge refreshes. Inside a transaction the notice
   * waits a moment for the commit; the client only refetches, so a notice for a rolled-back message shows nothing.
   */
  const announce = (userIds: number[], count: number, inTx: boolean) => {
    if (!notify || userIds.length === 0) return;
    if (inTx) setTimeout(() => notify(userIds, count), 300).unref();
    else notify(userIds, count);
  };
  return {
    /** Sends a message: `type` is a contract message key, `params` fill its placeholders. */
    async send(userId: number, type: string, params: Record<string, string | number>, tx?: DbOrTx): Promise<void> {
      await repo.insert({ userId, type, params }, tx);
      announce([userId], 1, !!tx);
    },
    /** Sends one message to many accounts in one statement per batch (pushes); announces it to them. */
    async sendMany(userIds: number[], type: string, params: Record<string, string | number>, tx?: DbOrTx): Promise<void> {
      if (userIds.length === 0) return;
      await repo.insertMany(
        userIds.map((userId) => ({ userId, type, params })),
        tx,
      );
      announce(userIds, 1, !!tx);
    },
    async page(userId: number, q: { page: number; limit: number; unread?: string }, lang: Lang) {
      const unreadOnly = q.unread === '1' || q.unread === 'true';
      const { rows, total, unread } = await repo.page(userId, unreadOnly, q.limit, (q.page - 1) * q.limit);
      const list: SystemMessage[] = rows.map((r) => ({
        id: r.id,
        type: r.type,
        message: translateMessage(r.type, lang, r.params),
        read: !!r.readAt,
        created_at: r.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, limit: q.limit, unread };
    },
    /** Marks a message read (or all of them without an id); 40401 for someone else's message. */
    async read(userId: number, id?: number): Promise<void> {
      if (id && !(await repo.exists(userId, id))) throw notFound();
      await repo.markRead(userId, id);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
