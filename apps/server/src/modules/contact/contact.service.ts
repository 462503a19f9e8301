import { PRODUCT_NAME } from '@xr/contract/constants';
import type { contactBody } from '@xr/contract/contact';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { createContactRepository } from './contact.repository';

type ContactInput = z.output<typeof contactBody>;

/** The address in MAIL_FROM (`Name <addr>` or a bare address): the site operator's mailbox. */
export function operatorAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/**
 * The contact form: every message is kept in the database first (so none is lost when mail is down), then mailed to
 * the site operator (the MAIL_FROM address).
 */
export function createContactService({ db, mailer, config }: { db: Db; mailer: Mailer; config: Config }) {
  const repo = createContactRepository(db);
  return {
    async contact(input: ContactInput, meta: { ip: string; log?: (err: unknown) => void }): Promise<{ id: number }> {
      const row = await repo.insertContact({
        name: input.name,
        email: input.email,
        phone: input.phone,
        organisation: input.organisation ?? '',
        message: input.message ?? '',
        ip: meta.ip.slice(0, 100),
      });
      const text = [
        `Name: ${row.name}`,
        `Email: ${row.email}`,
        `Phone: ${row.phone}`,
        `Organisation: ${row.organisation || '-'}`,
        '',
        row.message || '(no message)',
      ].join('\n');
      await mailer
        .send({ to: operatorAddress(config.mailFrom), subject: `${PRODUCT_NAME}: contact from ${row.name}`, text })
        .catch((err) => meta.log?.(err));
      return { id: row.id };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
