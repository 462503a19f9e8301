import { FORUM_MANAGE_PATH } from '@xr/contract/forum';
import type { AuditActor } from '../audit/audit.service';

/** The caller as the forum sees them: signed in (with permissions) or an anonymous reader. */
export type ForumActor =
  | ({ id: number; permissions: ReadonlySet<string>; roles: readonly string[] } & Omit<AuditActor, 'id'>)
  | null;

/** Moderators hold `/forum/manage`: they see switched-off boards and moderate any thread and post. */
export const isModerator = (actor: ForumActor) => !!actor?.permissions.has(FORUM_MANAGE_PATH);
