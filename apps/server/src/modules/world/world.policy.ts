import type { AuditActor } from '../audit/audit.service';

/** Who acts: a signed-in person (with permissions) or an anonymous guest (null). */
export type WorldActor = {
  id: number;
  name: string;
  roles: readonly string[];
  permissions: ReadonlySet<string>;
  /** Address and request id of an HTTP call (the audit log records them). */
  ip?: string;
  requestId?: string;
} | null;

/** Who did an in-room host action, for the audit log (the socket's user, or the host's name; their address). */
export type HostActor = AuditActor;

/**
 * Holders of /explore/list (creators, organisation admins) manage their own entries and see their own rooms' presence
 * and chat; administrators (role `admin`) see and manage every entry and are hosts of every room.
 */
export const isAdmin = (actor: WorldActor) => !!actor && actor.roles.includes('admin');

/** The author filter of an actor's lists: none for administrators, their own id for everybody else. */
export const scopeOf = (actor: NonNullable<WorldActor>) => (isAdmin(actor) ? undefined : actor.id);

/** The audit log's actor of an HTTP call. */
export const auditActorOf = (a: NonNullable<WorldActor>): AuditActor => ({
  id: a.id,
  name: a.name,
  ip: a.ip,
  requestId: a.requestId,
});
