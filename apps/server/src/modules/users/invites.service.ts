import crypto from 'node:crypto';
import type { Page } from '@xr/contract/common';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { publicUrlOf } from './users.files';
import { createUsersRepository, type UserStatus, type UsersRepository } from './users.repository';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomInviteCode(): string {
  const bytes = crypto.randomBytes(8);
  return [...bytes].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}

/** A personal invite code no account (live or deleted) has had yet. */
export async function uniqueInviteCode(repo: UsersRepository, tx: DbOrTx): Promise<string> {
  for (;;) {
    const code = randomInviteCode();
    if (!(await repo.inviteCodeExists(code, tx))) return code;
  }
}

/**
 * Personal invite codes (every account has one; registering with it makes the new account the owner's member) and
 * who came in through whom. The codes module calls it for /user/invite_code and its campaign codes.
 */
export function createInvitesService({ db }: { db: Db }) {
  const repo = createUsersRepository(db);
  return {
    /** Gives the account a new personal invite code; the old one stops working at once. */
    async regenerateInviteCode(userId: number): Promise<{ invite_code: string }> {
      const row = await db.transaction(async (tx) => repo.update(userId, { inviteCode: await uniqueInviteCode(repo, tx) }, tx));
      if (!row) throw notFound();
      return { invite_code: row.inviteCode };
    },

    /** True when some account (live or deleted) has this personal invite code (upper case). */
    async personalInviteCodeExists(code: string): Promise<boolean> {
      return repo.inviteCodeExists(code);
    },

    /** One page of the live accounts this account brought in (its invite codes, or its imports), newest first. */
    async invitees(
      userId: number,
      page: number,
      limit: number,
    ): Promise<Page<{ id: number; name: string; avatar: string; status: UserStatus; created_at: string }>> {
      const { rows, total } = await repo.page({ invitedBy: userId }, page, limit);
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.username,
          avatar: publicUrlOf(r.avatar),
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
      };
    },

    /** Who invited a live account (their invite code or campaign code brought it in), or undefined. */
    async inviterOf(id: number): Promise<number | undefined> {
      return (await repo.byId(id))?.invitedBy ?? undefined;
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
