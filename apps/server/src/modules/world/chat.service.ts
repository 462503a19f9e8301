import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import {
  CHAT_EXPORT_MAX_ROWS,
  type ChatRecord,
  type chatRecordQuery,
  WORLD_RECENT_CHAT,
  type WorldChatMessage,
} from '@xr/contract/world';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/http';
import type { AuditActor, AuditRecord, AuditRecorder } from '../audit/audit.service';
import { auditActorOf, scopeOf, type WorldActor } from './world.policy';
import { createWorldRepository, type WorldChatRow, type WorldRepository, type WorldVisitRow } from './world.repository';

type ChatQuery = z.output<typeof chatRecordQuery>;

/** A deleted chat message and where it was (its instance is told to drop it). */
export interface RemovedChat {
  id: number;
  entryId: number;
  instance: number;
}

/** A chat message as the reports module sees it. */
export interface ChatForReport {
  id: number;
  userId: number | null;
  /** The name chatted under (guests have only this). */
  name: string;
  text: string;
  entryId: number;
  instance: number;
  /** The world entry's name. */
  room: string;
}

/** The most chat messages of one instance a catch-up after a Redis outage sends again (the newest). */
export const CATCH_UP_CHAT_MAX = 500;

/** How long a chat message waits for others to share its transaction (ms). */
export const CHAT_COMMIT_MS = 10;

/**
 * The meta world's chat: messages written by room members (group commit), the history a joiner and a catch-up read,
 * and moderation (the /explore/chat-record-list records, their CSV export and deletion, the reports module's view).
 * Knows nothing of sockets: the rooms layer (world.rooms.ts) relays what this answers.
 */
export function createChatService({ db, audit }: { db: Db /** Deletions with an actor are audited. */; audit?: AuditRecorder }) {
  const repo = createWorldRepository(db);
  const batch = createChatBatcher(db, repo);
  const log = async (tx: DbOrTx, entry: AuditRecord) => {
    await audit?.record(tx, entry);
  };

  /**
   * Deletes chat messages (only of the actor's entries unless an administrator; any when no scope is given, e.g. a
   * report's decision) in one transaction with one audit entry per message when `by` is given. The one way chat
   * messages are deleted: the rooms layer then tells each message's instance (`world:chat_removed`).
   */
  async function removeChats(ids: number[], opts: { scope?: number; by?: AuditActor } = {}): Promise<RemovedChat[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return db.transaction(async (tx) => {
      const gone = await repo.deleteChat(unique, opts.scope, tx);
      if (opts.by && gone.length) {
        const names = await repo.entryNames([...new Set(gone.map((g) => g.entryId))], tx);
        for (const g of gone) {
          await log(tx, {
            actor: opts.by,
            action: 'world.chat_delete',
            target: { type: 'world_chat', id: g.id, label: names.get(g.entryId) ?? '' },
            before: { entry_id: g.entryId, instance: g.instance, name: g.name, text: g.text },
          });
        }
      }
      return gone.map((g) => ({ id: g.id, entryId: g.entryId, instance: g.instance }));
    });
  }

  async function chatRecordsOut(rows: WorldChatRow[]): Promise<ChatRecord[]> {
    const names = await repo.entryNames([...new Set(rows.map((r) => r.entryId))]);
    return rows.map((r) => ({
      id: r.id,
      entry_id: r.entryId,
      entry_name: names.get(r.entryId) ?? '',
      instance: r.instance,
      user_id: r.userId,
      name: r.name,
      text: r.text,
      created_at: iso(r.createdAt) ?? '',
    }));
  }

  return {
    /**
     * A chat message: stored and counted on the visit. Messages of all rooms are written together (group commit, see
     * {@link createChatBatcher}); this answers once the message's transaction committed, so an acknowledged message
     * survives a crash.
     */
    send: (visitId: number, text: string) => batch.add(visitId, text),

    /** Writes the chat messages waiting for their group commit now (shutdown, tests). */
    flush: () => batch.flush(),

    /** The newest messages of an entry, oldest first (what a joiner sees). */
    async recent(entryId: number): Promise<WorldChatMessage[]> {
      return (await repo.recentChat(entryId, WORLD_RECENT_CHAT)).map(chatOut);
    },

    /** The messages of one instance written since `since` (at most the newest `CATCH_UP_CHAT_MAX`). */
    async since(entryId: number, instance: number, since: Date): Promise<WorldChatMessage[]> {
      return (await repo.chatSince(entryId, instance, since, CATCH_UP_CHAT_MAX)).map(chatOut);
    },

    /** GET /explore/chat_record_page. */
    async chatPage(actor: NonNullable<WorldActor>, q: ChatQuery): Promise<Page<ChatRecord>> {
      const { rows, total } = await repo.chatPage(chatFilter(actor, q), q.page, q.limit);
      return { list: await chatRecordsOut(rows), total, page: q.page, limit: q.limit };
    },

    /** GET /explore/chat_record_export: the filtered records as CSV (newest first, at most CHAT_EXPORT_MAX_ROWS). */
    async chatCsv(actor: NonNullable<WorldActor>, q: ChatQuery): Promise<string> {
      const { rows } = await repo.chatPage(chatFilter(actor, q), 1, CHAT_EXPORT_MAX_ROWS);
      const list = await chatRecordsOut(rows);
      const lines = [['id', 'room', 'instance', 'user_id', 'name', 'time', 'message'].join(',')];
      for (const r of list) {
        lines.push(
          [r.id, r.entry_name, r.instance, r.user_id ?? '', r.name, r.created_at, r.text]
            .map((v) => csvCell(String(v)))
            .join(','),
        );
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },

    /**
     * POST /explore/del_chat_record: deletes the actor's rooms' messages (administrators: any), audited; answers what
     * went and where, for the rooms layer to tell the open rooms.
     */
    async deleteChat(actor: NonNullable<WorldActor>, ids: number[]): Promise<RemovedChat[]> {
      return removeChats(ids, { scope: scopeOf(actor), by: auditActorOf(actor) });
    },

    removeChats,

    /**
     * Chat records for the reports module (target kind `chat`): author, the name chatted under, text and the room's
     * name, by id; deleted messages are absent.
     */
    async chatForReports(ids: number[]): Promise<Map<number, ChatForReport>> {
      const rows = await repo.chatByIds([...new Set(ids)]);
      const entries = new Map<number, string>();
      for (const entryId of new Set(rows.map((r) => r.entryId)))
        entries.set(entryId, (await repo.entryById(entryId))?.name ?? '');
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            userId: r.userId,
            name: r.name,
            text: r.text,
            entryId: r.entryId,
            instance: r.instance,
            room: entries.get(r.entryId) ?? '',
          },
        ]),
      );
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

function chatFilter(actor: NonNullable<WorldActor>, q: ChatQuery) {
  return {
    authorId: scopeOf(actor),
    entryId: q.entry_id,
    userId: q.user_id,
    keyword: q.keyword || undefined,
    dateFrom: q.date_from,
    dateTo: q.date_to,
  };
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function chatOut(r: WorldChatRow): WorldChatMessage {
  return { id: r.id, member_id: r.visitId, user_id: r.userId, name: r.name, text: r.text, created_at: iso(r.createdAt) ?? '' };
}

/**
 * Group commit of world chat: messages arriving within `CHAT_COMMIT_MS` of the first waiting one are written in one
 * transaction (the open visits read, one multi-row insert, the visits' message counts) instead of one transaction
 * each. Each `add` answers after that transaction committed (a message of a closed visit is refused alone); a failed
 * transaction refuses all of its messages. One batch is written at a time; messages arriving meanwhile wait for the
 * next.
 */
function createChatBatcher(db: Db, repo: WorldRepository) {
  interface Pending {
    visitId: number;
    text: string;
    resolve: (r: { message: WorldChatMessage; visit: WorldVisitRow }) => void;
    reject: (e: unknown) => void;
  }
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Pending[]) {
    try {
      const done = await db.transaction(async (tx) => {
        const visits = new Map((await repo.openVisitsByIds([...new Set(batch.map((p) => p.visitId))], tx)).map((v) => [v.id, v]));
        const kept = batch.filter((p) => visits.has(p.visitId));
        const rows = await repo.insertChats(
          kept.map((p) => {
            const v = visits.get(p.visitId) as WorldVisitRow;
            return { entryId: v.entryId, instance: v.instance, visitId: v.id, userId: v.userId, name: v.name, text: p.text };
          }),
          tx,
        );
        const counts = new Map<number, number>();
        for (const p of kept) counts.set(p.visitId, (counts.get(p.visitId) ?? 0) + 1);
        await repo.addMessages(counts, tx);
        return { visits, kept, rows };
      });
      for (const p of batch) if (!done.visits.has(p.visitId)) p.reject(new AppError(ErrorCode.WORLD_NOT_IN_ROOM));
      done.kept.forEach((p, i) => {
        const row = done.rows[i];
        if (row) p.resolve({ message: chatOut(row), visit: done.visits.get(p.visitId) as WorldVisitRow });
        else p.reject(new Error('chat insert returned fewer rows'));
      });
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    writing = writing.then(() => (batch.length ? write(batch) : undefined));
    return writing;
  }

  return {
    add(visitId: number, text: string): Promise<{ message: WorldChatMessage; visit: WorldVisitRow }> {
      return new Promise((resolve, reject) => {
        queue.push({ visitId, text, resolve, reject });
        timer ??= setTimeout(() => void flush(), CHAT_COMMIT_MS);
      });
    },
    flush,
  };
}
