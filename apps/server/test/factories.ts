import crypto from 'node:crypto';
import path from 'node:path';
import type { AccountType } from '@xr/contract/auth';
import type { RoleName } from '@xr/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { createLocalStorage } from '../src/lib/storage';
import { createRbacService } from '../src/modules/rbac/rbac.service';
import { createSystemRepository } from '../src/modules/system/system.repository';
import { type AccountsService, createAccountsService } from '../src/modules/users/accounts.service';
import { createInvitesService, type InvitesService } from '../src/modules/users/invites.service';
import { createMembersService, type MembersService } from '../src/modules/users/members.service';
import { createMembershipService, type MembershipService } from '../src/modules/users/membership.service';
import { createProfileService, type ProfileService } from '../src/modules/users/profile.service';
import { type TestApp, testAppOf } from './app';

/** The users module's services over one database, for direct calls in tests. */
export interface UsersServices {
  accounts: AccountsService;
  profile: ProfileService;
  membership: MembershipService;
  invites: InvitesService;
  members: MembersService;
}

/** What `makeUser` can build with: a test app (from `createTestApp`) or users services of your own. */
export type UserFactoryTarget = TestApp | { users: UsersServices };

export interface MakeUserOverrides {
  email?: string;
  username?: string;
  forum_name?: string;
  /** Default `Passw0rd!x`. */
  password?: string;
  account_type?: AccountType;
  /** Default 'active' (so `login` works at once). */
  status?: 'pending' | 'active' | 'disabled';
  /** Role names; default the role of the account type (creator for individual). */
  roles?: RoleName[];
  /** Default: the free trial (now + FREE_TRIAL_DAYS); null for no membership. */
  vip_date?: Date | null;
  gender?: 'male' | 'female' | 'other';
  phone?: string;
  /** Id of the inviting account (makes the user a member of that organisation admin). */
  invited_by?: number;
}

export interface MadeUser {
  id: number;
  email: string;
  username: string;
  forum_name: string;
  password: string;
}

const servicesOf = new WeakMap<TestApp, UsersServices>();

/** The users services of a test app (same database), for direct calls. */
export function usersOf(target: UserFactoryTarget): UsersServices {
  if ('users' in target) return target.users;
  let users = servicesOf.get(target);
  if (!users) {
    const { db } = target.database;
    const rbac = createRbacService(db);
    const storage = createLocalStorage(path.join(target.config.dataDir, 'files'));
    const accounts = createAccountsService({ db, rbac, storage });
    users = {
      accounts,
      profile: createProfileService({ db, rbac, storage }),
      membership: createMembershipService({ db }),
      invites: createInvitesService({ db }),
      members: createMembersService({ db, rbac, accounts }),
    };
    servicesOf.set(target, users);
  }
  return users;
}

/**
 * Creates an account straight through the accounts service (no mail, no code), active by default, with
 * unique email / user name / forum name unless given. Example:
 *   const admin = await makeUser(t, { roles: ['admin'] });
 *   const token = await login(t.app, admin.email, admin.password);
 */
export async function makeUser(target: UserFactoryTarget, overrides: MakeUserOverrides = {}): Promise<MadeUser> {
  const tag = crypto.randomBytes(4).toString('hex');
  const made = {
    email: overrides.email ?? `u${tag}@example.test`,
    username: overrides.username ?? `user_${tag}`,
    forum_name: overrides.forum_name ?? `f${tag}`,
    password: overrides.password ?? 'Passw0rd!x',
  };
  const { id } = await usersOf(target).accounts.createAccount({
    email: made.email,
    username: made.username,
    password: made.password,
    accountType: overrides.account_type ?? 'individual',
    gender: overrides.gender,
    phone: overrides.phone,
    forumName: made.forum_name,
    status: overrides.status ?? 'active',
    roleNames: overrides.roles,
    vipDate: overrides.vip_date,
    invitedBy: overrides.invited_by,
  });
  return { id, ...made, email: made.email.toLowerCase() };
}

/** Logs in through POST /api/login and answers the bearer token; throws with the reply when refused. */
export async function login(app: FastifyInstance | TestApp, email: string, password: string): Promise<string> {
  const fastify = 'app' in app ? app.app : app;
  const res = await fastify.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
  const body = res.json() as { code: number; data: { access_token?: string } | null };
  if (body.code !== 200 || !body.data?.access_token) throw new Error(`login of ${email} failed: ${res.body}`);
  return body.data.access_token;
}

/** `Authorization` header of a token, for `app.inject({ headers: auth(token) })`. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body with one file field named `file`, for `app.inject({ ...multipartFile(...) })`. */
export function multipartFile(filename: string, content: Buffer | string, contentType = 'application/octet-stream') {
  const boundary = `----xr${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The newest mail kept for an address (the outbox administrators read at /api/system/mail_outbox), or undefined.
 * Read straight from the test app's database: the admin call itself is tested in system.test.ts.
 */
export async function lastMail(
  app: FastifyInstance | TestApp,
  to: string,
): Promise<{ subject: string; text: string; html: string } | undefined> {
  const target = 'app' in app ? app : testAppOf(app);
  const [row] = await createSystemRepository(target.database.db).listOutbox({ to, limit: 1 });
  return row && { subject: row.subject, text: row.text, html: row.html };
}

/** The 6-digit code of the newest mail to an address. */
export async function mailedCode(app: FastifyInstance | TestApp, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await lastMail(app, to))?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
