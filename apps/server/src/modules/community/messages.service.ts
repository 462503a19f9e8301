import type { SystemMessage } from '@xr/contract/creator';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { createMessagesRepository } from './messages.repository';

/** System messages to users (review decisions; later /stationletter pushes), shown in the reader's language. */
export function createMessagesService({ db }: { db: Db }) {
  const repo = createMessagesRepository(db);
  return {
    /** Sends a message: `type` is a contract message key, `params` fill its placeholders. */
    async send(userId: number, type: string, params: Record<string, string | number>, tx?: DbOrTx): Promise<void> {
      await repo.insert({ userId, type, params }, tx);
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
