import type { DbOrTx } from '../../db/client';
import { contactMessages } from './contact.table';

/** The only code that touches the contact table (the messages sent through the contact form). */
export function createContactRepository(db: DbOrTx) {
  return {
    async insertContact(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('contact insert returned nothing');
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
