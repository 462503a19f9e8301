import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OutboxStore } from '../../lib/mailer';
import { mailOutbox } from './system.table';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  transport: string;
  error: string | null;
  createdAt: Date;
}

/** The system module's tables: the mail outbox. */
export function createSystemRepository(db: Db) {
  return {
    async record(mail: Parameters<OutboxStore['record']>[0]): Promise<number> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? '', transport: mail.transport })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row.id;
    },
    async markSent(id: number, error?: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set(error ? { error } : { sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
    },
    async listOutbox(opts: { to?: string; limit: number }): Promise<OutboxMail[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(opts.to ? and(eq(sql`lower(${mailOutbox.to})`, opts.to.toLowerCase())) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(opts.limit);
    },
  } satisfies OutboxStore & Record<string, unknown>;
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
