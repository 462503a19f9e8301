import crypto from 'node:crypto';
import { ErrorCode } from '@xr/contract/errors';
import type { DbOrTx } from '../../db/client';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError } from '../../lib/errors';
import type { UsersRepository } from './users.repository';

/**
 * The three names of an account that no two live accounts share (email, user name, forum name, ignoring case): the
 * checks and errors that account creation and profile edits answer alike.
 */

/** The 409 a unique index violation stands for (a concurrent request took the value first). */
export function conflictOf(err: unknown): AppError | null {
  const index = uniqueViolationOf(err);
  if (index === null) return null;
  if (index.includes('email')) return new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
  if (index.includes('username')) return new AppError(ErrorCode.USERNAME_TAKEN, { field: 'username' });
  if (index.includes('forum_name')) return new AppError(ErrorCode.FORUM_NAME_TAKEN, { field: 'forum_name' });
  return new AppError(ErrorCode.CONFLICT);
}

/** Refuses a value another live account already uses (409 naming the field); `exceptId` is the account itself. */
export async function assertFree(
  repo: UsersRepository,
  v: { email?: string; username?: string; forumName?: string },
  exceptId?: number,
  tx?: DbOrTx,
): Promise<void> {
  const taken = await repo.taken(v, exceptId, tx);
  if (taken.email) throw new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
  if (taken.username) throw new AppError(ErrorCode.USERNAME_TAKEN, { field: 'username' });
  if (taken.forumName) throw new AppError(ErrorCode.FORUM_NAME_TAKEN, { field: 'forum_name' });
}

/** `base` cut to `max` characters, with digits appended until `isTaken` says no. */
export async function freeName(base: string, max: number, isTaken: (v: string) => Promise<boolean>): Promise<string> {
  let candidate = base.slice(0, max);
  for (let i = 0; await isTaken(candidate); i++) {
    const suffix = String(crypto.randomInt(10 ** Math.min(2 + Math.floor(i / 3), 6)));
    candidate = base.slice(0, max - suffix.length) + suffix;
  }
  return candidate;
}
