import { authRoutes } from '../modules/auth/auth.routes';
import { createAuthService } from '../modules/auth/auth.service';
import { codesRoutes } from '../modules/codes/codes.routes';
import { createCodesService } from '../modules/codes/codes.service';
import type { MessagesService } from '../modules/messages/messages.service';
import { rbacRoutes } from '../modules/rbac/rbac.routes';
import { createAccountsService } from '../modules/users/accounts.service';
import { institutionRoutes } from '../modules/users/institution.routes';
import { createInstitutionService } from '../modules/users/institution.service';
import { createInvitesService } from '../modules/users/invites.service';
import { createMembersService } from '../modules/users/members.service';
import { createMembershipService } from '../modules/users/membership.service';
import { createProfileService } from '../modules/users/profile.service';
import { seatsRoutes } from '../modules/users/seats.routes';
import { createSeatsService } from '../modules/users/seats.service';
import { usersRoutes } from '../modules/users/users.routes';
import type { Core, RegisterRoutes } from './core';

/**
 * People and their access: accounts and credentials, profiles and cards, the membership an account holds, invite
 * codes, the /member screen, organisation seats, coupon and invite codes, sessions (sign-in, registration, OpenID
 * Connect) and organisation approval; with the routes of users, auth, codes, roles and permissions.
 */
export function wireAccounts(
  core: Pick<Core, 'db' | 'config' | 'rbac' | 'storage' | 'access' | 'audit' | 'mailer' | 'counters' | 'origins' | 'log'>,
  { messages }: { messages: MessagesService },
) {
  const { db, config, rbac, storage, access, audit, mailer, counters, origins, log } = core;
  const accounts = createAccountsService({ db, rbac, storage });
  const profile = createProfileService({ db, rbac, storage, renewalReminderDays: config.plans.renewalReminderDays });
  const membership = createMembershipService({ db, access });
  const invites = createInvitesService({ db });
  const members = createMembersService({ db, rbac, accounts, audit, access });
  const seats = createSeatsService({ db, audit, access });
  const codes = createCodesService({ db, profile, invites, membership, audit });
  const auth = createAuthService({ db, config, mailer, users: accounts, rbac, codes, access, counters, audit });
  // Organisation approval: registrations as organisations wait for an administrator.
  const institution = createInstitutionService({ db, rbac, messages, mailer, storage, access, audit, log });

  const routes: RegisterRoutes = async (api) => {
    await api.register(authRoutes, { auth, origins });
    await api.register(usersRoutes, { accounts, profile, members });
    await api.register(seatsRoutes, { seats });
    await api.register(codesRoutes, { codes, rateLimit: config.rateLimit });
    await api.register(rbacRoutes, { rbac });
    await api.register(institutionRoutes, { institution });
  };
  return { accounts, profile, membership, invites, members, seats, codes, auth, institution, routes };
}

export type Accounts = ReturnType<typeof wireAccounts>;
