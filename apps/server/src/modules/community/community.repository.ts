import type { DbOrTx } from '../../db/client';
import { contactMessages } from './community.table';

/** The only code that touches the community tables (so far: contact messages). */
export function createCommunityRepository(db: DbOrTx) {
  return {
    async insertContact(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('contact insert returned nothing');
      return row;
    },
  };
}
export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
