import { type Actor, isAdmin } from '../users/users.policy';

/**
 * Campaign invite codes belong to whoever made them: administrators manage every code, other holders of
 * /invite-code/add-invite-code (organisation and group admins) only their own; the others answer "not found".
 */
export function canManageInviteCode(actor: Actor, code: { createdBy: number }): boolean {
  return isAdmin(actor) || code.createdBy === actor.id;
}

/** The owner filter of an actor's campaign-code list: everything for administrators. */
export function inviteCodeScope(actor: Actor): { createdBy?: number } {
  return isAdmin(actor) ? {} : { createdBy: actor.id };
}
