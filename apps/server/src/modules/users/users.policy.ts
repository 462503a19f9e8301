/** Who is acting: the signed-in user as the guard resolved it. */
export interface Actor {
  id: number;
  roles: readonly string[];
  permissions: ReadonlySet<string>;
  /** Name, address and request id of the caller, recorded by the audit log (see modules/audit). */
  name?: string;
  ip?: string;
  requestId?: string;
}

export const ADMIN_ROLE = 'admin';

/** Administrators manage every account; other holders of /member (organisation and group admins) only their members. */
export const isAdmin = (actor: Actor) => actor.roles.includes(ADMIN_ROLE);

/**
 * The accounts an actor sees on the /member screen: everyone for administrators, otherwise the accounts
 * registered with the actor's invite code (or imported by the actor). Others are answered as "not found".
 */
export function memberScope(actor: Actor): { invitedBy?: number } {
  return isAdmin(actor) ? {} : { invitedBy: actor.id };
}

export function canSee(actor: Actor, target: { invitedBy: number | null }): boolean {
  return isAdmin(actor) || target.invitedBy === actor.id;
}

/**
 * A role may be given (or a holder of it managed) by an actor who holds every permission the role grants,
 * so an organisation admin can never hand out, or act on, more power than they have.
 */
export function canAssignRole(actor: Actor, rolePaths: readonly string[]): boolean {
  return isAdmin(actor) || rolePaths.every((p) => actor.permissions.has(p));
}
