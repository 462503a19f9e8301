import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AccountType,
  emailField,
  forumNameField,
  passwordField,
  type registerBody,
  type thirdPartyRegisterBody,
  type UserImportReply,
  type UserInfo,
  type upInformationBody,
  usernameField,
} from '@xr/contract/auth';
import type { Page } from '@xr/contract/common';
import { AVATAR_MAX_BYTES, CERTIFICATE_MAX_BYTES, FORUM_NAME_MAX, FREE_TRIAL_DAYS, USERNAME_MAX } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import { ROLE_NAMES, ROLE_OF_ACCOUNT_TYPE, type RoleName } from '@xr/contract/permissions';
import { daysLeft, RENEWAL_REMINDER_DAYS_DEFAULT } from '@xr/contract/plans';
import type { AdminUser, userManageBody, userPageQuery, userStatistic } from '@xr/contract/rbac';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolationOf } from '../../db/unique-violation';
import type { AccessEvents } from '../../lib/access-events';
import { AppError, invalid, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import type { Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/upload';
import { type AuditRecorder, changes } from '../audit/audit.service';
import type { RbacService, RoleRef } from '../rbac/rbac.service';
import { createInstitutionRepository } from './institution.repository';
import { AVATAR_KINDS, CERTIFICATE_KINDS, isPublicKey, parseCsv, publicContentType, publicUrlOf, sniffKind } from './users.files';
import { hashPassword, verifyPassword } from './users.password';
import { type Actor, canAssignRole, canSee, isAdmin, memberScope } from './users.policy';
import {
  accountStateSql,
  createUsersRepository,
  type ProfileRow,
  publicCardSql,
  type UserRow,
  type UserStatus,
} from './users.repository';

export type { Actor } from './users.policy';

/** A new account, however it comes to exist (registration, OpenID Connect, import, demo seed). */
export interface NewAccount {
  email: string;
  username: string;
  /** Plain password; null for accounts that only sign in through OpenID Connect. */
  password: string | null;
  accountType: AccountType;
  gender?: string;
  phone?: string;
  forumName: string;
  /** Someone else's invite code the account registers with (40002 when unknown). */
  inviteCode?: string;
  invitedBy?: number;
  /** Storage key returned by the certificate upload. */
  certificate?: string;
  status: UserStatus;
  /** Roles by name (default: the role of the account type); `roleIds` wins when given. */
  roleNames?: readonly RoleName[];
  roleIds?: number[];
  /** Defaults to the free trial (now + FREE_TRIAL_DAYS). */
  vipDate?: Date | null;
  oidc?: { issuer: string; subject: string };
}

/** What the session check needs of an account. */
export interface AccountState {
  id: number;
  /** The user name now (the audit log keeps it with each entry). */
  name: string;
  status: UserStatus;
  vipDate: Date | null;
}

/** Called in the same transaction when an account is disabled or deleted (the auth module ends its sessions). */
export type AccessEndedListener = (userId: number, tx: DbOrTx) => Promise<void>;

type RegisterInput = z.output<typeof registerBody>;
type UpInformation = z.output<typeof upInformationBody>;
type ThirdPartyProfile = z.output<typeof thirdPartyRegisterBody>;
type UserPageQuery = z.output<typeof userPageQuery>;
type UserManage = z.output<typeof userManageBody>;
type UserStatistic = z.infer<typeof userStatistic>;

const DAY = 24 * 60 * 60 * 1000;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Storage keys /register_certificate_upload hands out. */
export const CERTIFICATE_KEY = /^certificates\/[a-f0-9]{32}\.(pdf|png|jpg)$/;
const IMPORT_MAX_ROWS = 1000;
const IMPORT_HEADER = ['email', 'username', 'forum_name', 'password'];

const trialEnd = () => new Date(Date.now() + FREE_TRIAL_DAYS * DAY);
const randomHex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
function randomInviteCode(): string {
  const bytes = crypto.randomBytes(8);
  return [...bytes].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}

/** Roles sorted by weight: the built-in ones in contract order (admin first), then the others by name. */
function sortRoles(names: string[]): string[] {
  const rank = (n: string) => {
    const i = (ROLE_NAMES as readonly string[]).indexOf(n);
    return i === -1 ? ROLE_NAMES.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export const vipActive = (vipDate: Date | null | undefined) => !!vipDate && vipDate.getTime() > Date.now();

/** The renewal reminder shows from `days` days before the membership ends, and after it ended (not without one). */
export const renewalDue = (vipDate: Date | null | undefined, days: number) => {
  const left = daysLeft(vipDate);
  return left !== null && left < days;
};

/** The 409 a unique index violation stands for (a concurrent request took the value first). */
function conflictOf(err: unknown): AppError | null {
  const index = uniqueViolationOf(err);
  if (index === null) return null;
  if (index.includes('email')) return new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
  if (index.includes('username')) return new AppError(ErrorCode.USERNAME_TAKEN, { field: 'username' });
  if (index.includes('forum_name')) return new AppError(ErrorCode.FORUM_NAME_TAKEN, { field: 'forum_name' });
  return new AppError(ErrorCode.CONFLICT);
}

function toAdminUser(row: UserRow, roles: RoleRef[]): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    forum_name: row.forumName,
    account_type: row.accountType,
    status: row.status,
    roles,
    vip_date: iso(row.vipDate),
    created_at: row.createdAt.toISOString(),
    last_login_at: iso(row.lastLoginAt),
  };
}

/** First issue message of a zod field schema, or null when the value passes. */
function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'v.invalidValue');
}

/**
 * Accounts: creation (registration, OpenID Connect, import, demo seed), credentials, profile, avatar and
 * certificate files, and the /member administration. Owns the users table; roles come from the rbac service.
 */
export function createUsersService({
  db,
  rbac,
  storage,
  access,
  audit,
  renewalReminderDays = RENEWAL_REMINDER_DAYS_DEFAULT,
}: {
  db: Db;
  rbac: RbacService;
  /** Days before the membership ends when user_info starts asking for renewal (RENEWAL_REMINDER_DAYS). */
  renewalReminderDays?: number;
  /** The audit log: member edits (status, roles, membership end) and deletions, in their transaction. */
  audit?: AuditRecorder;
  storage: Storage;
  /** Change notices for the guard's session cache (roles, status, membership). */
  access?: AccessEvents;
}) {
  const repo = createUsersRepository(db);
  const listeners: AccessEndedListener[] = [];

  async function uniqueInviteCode(tx: DbOrTx): Promise<string> {
    for (;;) {
      const code = randomInviteCode();
      if (!(await repo.inviteCodeExists(code, tx))) return code;
    }
  }

  async function assertFree(v: { email?: string; username?: string; forumName?: string }, exceptId?: number, tx: DbOrTx = db) {
    const taken = await repo.taken(v, exceptId, tx);
    if (taken.email) throw new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
    if (taken.username) throw new AppError(ErrorCode.USERNAME_TAKEN, { field: 'username' });
    if (taken.forumName) throw new AppError(ErrorCode.FORUM_NAME_TAKEN, { field: 'forum_name' });
  }

  async function insertAccount(input: NewAccount, tx: DbOrTx, passwordHash: string | null): Promise<UserRow> {
    await assertFree({ email: input.email, username: input.username, forumName: input.forumName }, undefined, tx);
    let invitedBy = input.invitedBy ?? null;
    if (input.inviteCode) {
      const inviter = await repo.byInviteCode(input.inviteCode, tx);
      if (!inviter) throw new AppError(ErrorCode.INVITE_CODE_INVALID, { field: 'invite_code' });
      invitedBy = inviter.id;
    }
    if (input.certificate !== undefined) {
      if (!CERTIFICATE_KEY.test(input.certificate) || !(await storage.stat(input.certificate))) {
        throw invalid('certificate', 'v.certificateRequired');
      }
    }
    const now = new Date();
    let row: UserRow;
    try {
      row = await repo.insert(
        {
          email: input.email.trim().toLowerCase(),
          username: input.username,
          passwordHash,
          accountType: input.accountType,
          gender: input.gender ?? 'other',
          phone: input.phone ?? '',
          forumName: input.forumName,
          inviteCode: await uniqueInviteCode(tx),
          invitedBy,
          certificate: input.certificate ?? null,
          status: input.status,
          vipDate: input.vipDate === undefined ? trialEnd() : input.vipDate,
          oidcIssuer: input.oidc?.issuer ?? null,
          oidcSubject: input.oidc?.subject ?? null,
          activatedAt: input.status === 'active' ? now : null,
        },
        tx,
      );
    } catch (err) {
      throw conflictOf(err) ?? err;
    }
    if (input.roleIds) await rbac.setUserRoles(row.id, input.roleIds, tx);
    else await rbac.assignRolesByName(row.id, [...(input.roleNames ?? [ROLE_OF_ACCOUNT_TYPE[input.accountType]])], tx);
    return row;
  }

  async function userInfoOf(
    row: ProfileRow,
    known?: { roles: readonly string[]; permissions: Iterable<string> },
  ): Promise<UserInfo> {
    const access = known ?? (await rbac.accessOf(row.id));
    const roles = sortRoles([...access.roles]);
    return {
      id: row.id,
      username: row.username,
      name: row.username,
      avatar: publicUrlOf(row.avatar),
      role_name: roles[0] ?? '',
      roles,
      permissions: [...access.permissions].sort().map((http_path) => ({ http_path })),
      introduction: row.introduction,
      vip_date: iso(row.vipDate),
      vip_status: vipActive(row.vipDate),
      vip_days_left: daysLeft(row.vipDate),
      renewal_reminder: renewalDue(row.vipDate, renewalReminderDays),
      email: row.email,
      gender: row.gender,
      phone: row.phone,
      xp_value: row.xpValue,
      forum_name: row.forumName,
      invite_code: row.inviteCode,
      account_type: row.accountType,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function liveUser(id: number): Promise<UserRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return row;
  }

  /** The target of a /member action, checked against the actor's scope and power. */
  async function managedTarget(actor: Actor, id: number): Promise<{ row: UserRow; roles: RoleRef[] }> {
    const row = await repo.byId(id);
    if (!row || !canSee(actor, row)) throw notFound();
    const roles = (await rbac.rolesOfUsers([id])).get(id) ?? [];
    if (!isAdmin(actor)) {
      const paths = await rbac.permissionPathsOfRoles(roles.map((r) => r.id));
      if (!roles.every((r) => canAssignRole(actor, paths.get(r.id) ?? []))) throw new AppError(ErrorCode.FORBIDDEN);
    }
    return { row, roles };
  }

  /**
   * The admin role id when `change` would take away an active admin (the target is one now and would not be after),
   * else null. Read before the transaction (PGlite has one connection: reads outside a running transaction wait).
   */
  async function demotesAdmin(target: UserRow, change: { role_ids?: number[]; status?: string }): Promise<number | null> {
    const adminRole = (await rbac.listRoles()).find((r) => r.name === 'admin');
    if (!adminRole || target.status !== 'active') return null;
    const current = (await rbac.rolesOfUsers([target.id])).get(target.id) ?? [];
    if (!current.some((r) => r.id === adminRole.id)) return null;
    const staysAdmin =
      (change.role_ids === undefined || change.role_ids.includes(adminRole.id)) &&
      (change.status === undefined || change.status === 'active');
    return staysAdmin ? null : adminRole.id;
  }

  /**
   * Inside the change's transaction: refuses it when no other active admin would remain, counted under a lock from
   * the admin role's holders (rbac) that are active accounts (users).
   */
  async function assertAnotherAdmin(field: string, adminRoleId: number, tx: DbOrTx): Promise<void> {
    await repo.lockAdminChanges(tx);
    const holders = await rbac.userIdsWithRole(adminRoleId, tx);
    if ((await repo.countActive(holders, tx)) <= 1) throw invalid(field, 'v.lastAdmin');
  }

  /** Refuses role ids that do not exist or that the actor may not give (field `field`). */
  async function assertAssignable(actor: Actor, roleIds: number[], field: string): Promise<void> {
    const known = new Set((await rbac.listRoles()).map((r) => r.id));
    if (roleIds.some((id) => !known.has(id))) throw invalid(field, 'v.roleUnknown');
    if (isAdmin(actor)) return;
    const paths = await rbac.permissionPathsOfRoles(roleIds);
    if (!roleIds.every((id) => canAssignRole(actor, paths.get(id) ?? []))) throw invalid(field, 'v.roleUnknown');
  }

  async function createAccount(input: NewAccount, tx?: DbOrTx): Promise<{ id: number; email: string; username: string }> {
    const passwordHash = input.password === null ? null : await hashPassword(input.password);
    const run = async (t: DbOrTx) => {
      const row = await insertAccount(input, t, passwordHash);
      return { id: row.id, email: row.email, username: row.username };
    };
    return tx ? run(tx) : db.transaction(run);
  }

  async function details(actor: Actor, id: number): Promise<AdminUser> {
    const row = await repo.byId(id);
    if (!row || !canSee(actor, row)) throw notFound();
    return toAdminUser(row, (await rbac.rolesOfUsers([id])).get(id) ?? []);
  }

  async function endAccess(userId: number, tx: DbOrTx): Promise<void> {
    for (const listener of listeners) await listener(userId, tx);
  }

  return {
    /** True while no account exists (first start: the demo accounts are seeded). */
    async isEmpty(): Promise<boolean> {
      return !(await repo.any());
    },

    /** Registers a callback run (in the same transaction) when an account is disabled or deleted. */
    onAccessEnded(listener: AccessEndedListener): void {
      listeners.push(listener);
    },

    // --- Credentials and account state (used by the auth module) ---

    /**
     * Checks a login (email or user name) and password. Unknown accounts still cost a hash verification,
     * so the answer time does not tell whether an account exists. Null when they do not match.
     */
    async authenticate(login: string, password: string): Promise<AccountState | null> {
      const row = await repo.byLogin(login);
      const okPassword = await verifyPassword(row?.passwordHash, password);
      return row && okPassword ? { id: row.id, name: row.username, status: row.status, vipDate: row.vipDate } : null;
    },

    /** Id of the live account an e-mail or user name names (sign-in limits count per account, not per typed text). */
    async accountIdByLogin(login: string): Promise<number | undefined> {
      return (await repo.byLogin(login))?.id;
    },

    async recordLogin(userId: number): Promise<void> {
      await repo.touchLogin(userId);
    },

    /** Status and membership of a live account (undefined when deleted). */
    async accountState(userId: number): Promise<AccountState | undefined> {
      const row = await repo.byId(userId);
      return row && { id: row.id, name: row.username, status: row.status, vipDate: row.vipDate };
    },
    /**
     * SQL of a live account's state for another module's query to embed (the session guard reads the session, the
     * account and its access in one statement); `accountStateFrom` turns the value it reads into the state.
     */
    accountStateSql,
    /** Account `id`'s state from the value `accountStateSql` read (undefined for a deleted or unknown account). */
    accountStateFrom(id: number, value: unknown): AccountState | undefined {
      if (!Array.isArray(value)) return undefined;
      const [name, status, vip] = value as [string, UserStatus, string | null];
      return { id, name, status, vipDate: vip === null ? null : new Date(vip) };
    },

    async accountByEmail(email: string): Promise<{ id: number; email: string; status: UserStatus } | undefined> {
      const row = await repo.byEmail(email);
      return row && { id: row.id, email: row.email, status: row.status };
    },

    /** Creates an account and gives it its roles, in the caller's transaction when one is passed. */
    createAccount,

    /**
     * Creates the pending account of a registration form (inside the registration transaction). `invitedBy`
     * is the owner of a campaign invite code the codes module already accepted (then `invite_code` is unset).
     */
    async register(input: RegisterInput, tx: DbOrTx, invitedBy?: number): Promise<{ id: number; email: string }> {
      // An organisation or group admin starts as a creator with a pending application: the role that
      // creates invite codes and manages members comes with an administrator's approval (institution.service).
      const applying = input.account_type === 'individual' ? null : input.account_type;
      const account = await createAccount(
        {
          email: input.email,
          username: input.username,
          password: input.password,
          accountType: input.account_type,
          gender: input.gender,
          phone: input.phone,
          forumName: input.forum_name,
          inviteCode: input.invite_code,
          invitedBy,
          certificate: input.account_type === 'individual' ? undefined : input.certificate,
          status: 'pending',
          roleNames: applying ? ['creator'] : undefined,
        },
        tx,
      );
      if (applying) {
        await createInstitutionRepository(db).insert(
          { userId: account.id, accountType: applying, certificate: input.certificate ?? null },
          tx,
        );
      }
      return account;
    },

    /** Activates a pending account by email; false when there was none. */
    async activate(email: string, tx?: DbOrTx): Promise<boolean> {
      return !!(await repo.activatePending(email, tx ?? db));
    },

    /** Sets a new password (reset by email code or change). */
    async setPassword(userId: number, password: string, tx?: DbOrTx): Promise<void> {
      const passwordHash = await hashPassword(password);
      await repo.update(userId, { passwordHash }, tx ?? db);
    },

    /** Checks the current password of a signed-in user: 40104 (field old_password) when wrong. */
    async assertPassword(userId: number, password: string): Promise<void> {
      const row = await liveUser(userId);
      if (!(await verifyPassword(row.passwordHash, password))) {
        throw new AppError(ErrorCode.OLD_PASSWORD_WRONG, { field: 'old_password' });
      }
    },

    /**
     * The account of an OpenID Connect identity: the one linked to it; else, when the provider vouches for the
     * email, the account with that email (linked now, and activated: the email is proven); else a new active one.
     */
    async oidcAccount(p: {
      issuer: string;
      subject: string;
      email?: string;
      emailVerified: boolean;
      name?: string;
      preferredUsername?: string;
    }): Promise<{ id: number; status: UserStatus; created: boolean }> {
      const linked = await repo.byOidc(p.issuer, p.subject);
      if (linked) return { id: linked.id, status: linked.status, created: false };
      const email = p.email?.trim().toLowerCase();
      if (!email || emailField.safeParse(email).success === false) throw invalid('email', 'v.emailRequired');
      const existing = await repo.byEmail(email);
      if (existing) {
        if (!p.emailVerified) throw new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
        const now = new Date();
        const row = await repo.update(existing.id, {
          oidcIssuer: p.issuer,
          oidcSubject: p.subject,
          ...(existing.status === 'pending' ? { status: 'active' as const, activatedAt: now } : {}),
        });
        return { id: existing.id, status: row?.status ?? existing.status, created: false };
      }
      const base = (p.preferredUsername || p.name || email.split('@')[0] || 'user').replace(/[\s@,/<>'"\\&;]/g, '');
      const username = await freeName(base || 'user', USERNAME_MAX, (v) => repo.taken({ username: v }).then((t) => t.username));
      const forumName = await freeName(base || 'user', FORUM_NAME_MAX, (v) =>
        repo.taken({ forumName: v }).then((t) => t.forumName),
      );
      const created = await createAccount({
        email,
        username,
        password: null,
        accountType: 'individual',
        forumName,
        status: 'active',
        oidc: { issuer: p.issuer, subject: p.subject },
      });
      return { id: created.id, status: 'active', created: true };
    },

    // --- The signed-in user's own account ---

    /** User info of spec section 3 "User", with roles and `{ http_path }` permissions. */
    /** The signed-in user's info; `access` is what the guard already resolved for this request (saves a query). */
    async userInfo(userId: number, access?: { roles: readonly string[]; permissions: Iterable<string> }): Promise<UserInfo> {
      const row = await repo.profileById(userId);
      if (!row) throw notFound();
      return userInfoOf(row, access);
    },

    /** Changes user name, gender, phone or introduction (40902 when the user name is taken). */
    async updateInformation(userId: number, input: UpInformation): Promise<UserInfo> {
      if (input.username) await assertFree({ username: input.username }, userId);
      const values = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.introduction !== undefined ? { introduction: input.introduction } : {}),
      };
      try {
        const row = Object.keys(values).length ? await repo.update(userId, values) : await repo.byId(userId);
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Changes the forum name (40903 when taken). */
    async updateForumName(userId: number, forumName: string): Promise<UserInfo> {
      await assertFree({ forumName }, userId);
      try {
        const row = await repo.update(userId, { forumName });
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Completes the profile of an account made by third-party sign-in: names, gender, phone. */
    async completeThirdPartyProfile(userId: number, input: ThirdPartyProfile): Promise<UserInfo> {
      await assertFree({ username: input.username, forumName: input.forum_name }, userId);
      try {
        const row = await repo.update(userId, {
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...(input.forum_name !== undefined ? { forumName: input.forum_name } : {}),
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
        });
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Stores a new avatar (jpg, png, webp or gif by content, at most AVATAR_MAX_BYTES) and answers its URL. */
    async uploadAvatar(userId: number, file: UploadedFile): Promise<{ avatar: string }> {
      const row = await liveUser(userId);
      if (file.buffer.length > AVATAR_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const kind = sniffKind(file.buffer);
      if (!kind || !AVATAR_KINDS.includes(kind)) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file' });
      const key = `public/avatars/${userId}/${randomHex(16)}.${kind}`;
      await storage.put(key, file.buffer, publicContentType(key).type);
      await repo.update(userId, { avatar: key });
      if (row.avatar.startsWith(`public/avatars/${userId}/`)) await storage.delete(row.avatar).catch(() => undefined);
      return { avatar: publicUrlOf(key) };
    },

    /** Stores an organisation's certificate (pdf, jpg or png by content, at most 10 MB); the key goes with /register. */
    async storeCertificate(file: UploadedFile): Promise<{ certificate: string }> {
      if (file.buffer.length > CERTIFICATE_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const kind = sniffKind(file.buffer);
      if (!kind || !CERTIFICATE_KINDS.includes(kind)) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file' });
      const key = `certificates/${randomHex(16)}.${kind}`;
      await storage.put(key, file.buffer);
      return { certificate: key };
    },

    /** A file under `public/` (avatars and other public images), or null. Never anything outside `public/`. */
    async readPublicFile(key: string): Promise<{ stream: Readable; size: number; type: string; inline: boolean } | null> {
      if (!isPublicKey(key)) return null;
      const stat = await storage.stat(key);
      if (!stat) return null;
      const stream = await storage.get(key);
      if (!stream) return null;
      return { stream, size: stat.size, ...publicContentType(key) };
    },

    // --- Administration: the /member screen ---

    /** One page of accounts (keyword over email, user name and forum name; status; role). */
    async page(actor: Actor, q: UserPageQuery): Promise<Page<AdminUser>> {
      const ids = q.role_id ? await rbac.userIdsWithRole(q.role_id) : undefined;
      const { rows, total } = await repo.page(
        { keyword: q.keyword, status: q.status, ids, ...memberScope(actor) },
        q.page,
        q.limit,
      );
      const roles = await rbac.rolesOfUsers(rows.map((r) => r.id));
      return { list: rows.map((r) => toAdminUser(r, roles.get(r.id) ?? [])), total, page: q.page, limit: q.limit };
    },

    details,

    /** Counts per status, new accounts of the last 7 days, holders per role (within the actor's scope). */
    async statistic(actor: Actor): Promise<UserStatistic> {
      const scope = memberScope(actor);
      const s = await repo.statistic(scope, new Date(Date.now() - 7 * DAY));
      const byRole = await rbac.roleUserCounts(isAdmin(actor) ? undefined : await repo.liveIds(scope));
      return {
        total: s.active + s.pending + s.disabled,
        active: s.active,
        pending: s.pending,
        disabled: s.disabled,
        new_last_7_days: s.fresh,
        by_role: byRole.map((r) => ({ name: r.name, count: r.count })),
      };
    },

    async roles(): Promise<RoleRef[]> {
      return rbac.listRoles();
    },

    /**
     * Sets an account's roles, status and membership end (the end: administrators only). Nobody changes their own roles or status; disabling
     * ends the account's sessions (their next request answers 50008).
     */
    async manage(actor: Actor, input: UserManage): Promise<AdminUser> {
      const { row, roles: rolesBefore } = await managedTarget(actor, input.id);
      // Organisation admins extend memberships only out of seats they bought (seats.service), never by dates.
      if (input.vip_date !== undefined && !isAdmin(actor)) throw invalid('vip_date', 'v.seatsNotDates');
      if (input.id === actor.id && (input.role_ids !== undefined || (input.status && input.status !== row.status))) {
        throw invalid('id', 'v.selfAction');
      }
      if (input.role_ids) await assertAssignable(actor, input.role_ids, 'role_ids');
      // The platform must keep at least one active admin (checked under a lock before anything changes).
      const lostAdminRole = await demotesAdmin(row, input);
      const roleNames = new Map((await rbac.listRoles()).map((r) => [r.id, r.name]));
      await db.transaction(async (tx) => {
        if (lostAdminRole !== null) {
          await assertAnotherAdmin(input.role_ids !== undefined ? 'role_ids' : 'status', lostAdminRole, tx);
        }
        const now = new Date();
        const values = {
          ...(input.status ? { status: input.status } : {}),
          ...(input.status === 'active' && row.status === 'pending' ? { activatedAt: now } : {}),
          ...(input.vip_date !== undefined ? { vipDate: input.vip_date === null ? null : new Date(input.vip_date) } : {}),
        };
        if (Object.keys(values).length) await repo.update(row.id, values, tx);
        if (input.role_ids) await rbac.setUserRoles(row.id, input.role_ids, tx);
        if (input.status === 'disabled' && row.status !== 'disabled') await endAccess(row.id, tx);
        const summary = (status: string, vipDate: Date | null, roles: string[]) => ({
          status,
          vip_date: vipDate ? vipDate.toISOString() : null,
          roles: [...roles].sort(),
        });
        await audit?.record(tx, {
          actor,
          action: 'user.update',
          target: { type: 'user', id: row.id, label: row.username },
          ...changes(
            summary(
              row.status,
              row.vipDate,
              rolesBefore.map((r) => r.name),
            ),
            summary(
              input.status ?? row.status,
              input.vip_date === undefined ? row.vipDate : input.vip_date === null ? null : new Date(input.vip_date),
              input.role_ids ? input.role_ids.map((id) => roleNames.get(id) ?? String(id)) : rolesBefore.map((r) => r.name),
            ),
          ),
        });
      });
      access?.changed(row.id);
      return details(actor, row.id);
    },

    /** Deletes an account (soft: other records keep pointing at it); its sessions end and its roles go. */
    async remove(actor: Actor, id: number): Promise<void> {
      if (id === actor.id) throw invalid('id', 'v.selfAction');
      const { row, roles } = await managedTarget(actor, id);
      const lostAdminRole = await demotesAdmin(row, { role_ids: [] });
      await db.transaction(async (tx) => {
        if (lostAdminRole !== null) await assertAnotherAdmin('id', lostAdminRole, tx);
        await repo.softDelete(row.id, tx);
        await rbac.setUserRoles(row.id, [], tx);
        await endAccess(row.id, tx);
        await audit?.record(tx, {
          actor,
          action: 'user.delete',
          target: { type: 'user', id: row.id, label: row.username },
          before: { email: row.email, status: row.status, roles: roles.map((r) => r.name) },
        });
      });
      access?.changed(row.id);
    },

    /**
     * Imports accounts from CSV (header `email,username,forum_name,password[,role]`). Every row is checked with
     * the registration rules; nothing is created unless every row is fine (one transaction). Imported accounts
     * are active, get the free trial, role `user` unless the row names one, and count as the actor's members.
     */
    async importCsv(actor: Actor, csv: string, lang: Lang): Promise<UserImportReply> {
      const errors: UserImportReply['errors'] = [];
      const fail = (row: number, field: string, key: string) => errors.push({ row, field, message: translateMessage(key, lang) });
      const parsed = parseCsv(csv);
      if (!parsed) {
        fail(1, 'file', 'v.csvUnreadable');
        return { imported: 0, errors };
      }
      const lines = parsed.filter((r) => r.some((f) => f.trim() !== ''));
      const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase());
      const hasRole = header.length === 5 && header[4] === 'role';
      if (!IMPORT_HEADER.every((h, i) => header[i] === h) || (header.length !== 4 && !hasRole)) {
        fail(1, 'file', 'v.csvHeader');
        return { imported: 0, errors };
      }
      const data = lines.slice(1);
      if (data.length === 0) fail(1, 'file', 'v.csvEmpty');
      if (data.length > IMPORT_MAX_ROWS) fail(1, 'file', 'v.csvTooManyRows');
      if (errors.length) return { imported: 0, errors };

      const roleList = await rbac.listRoles();
      const roleByName = new Map(roleList.map((r) => [r.name.toLowerCase(), r]));
      const defaultRole = roleByName.get('user');
      const rolePaths = await rbac.permissionPathsOfRoles(roleList.map((r) => r.id));
      const seen = { email: new Set<string>(), username: new Set<string>(), forum_name: new Set<string>() };
      const rows: { line: number; email: string; username: string; forumName: string; password: string; roleId?: number }[] = [];
      data.forEach((fields, i) => {
        const line = i + 2;
        const [email = '', username = '', forumName = '', password = '', role = ''] = fields.map((f) => f.trim());
        const problems = [
          ['email', fieldProblem(emailField, email)],
          ['username', fieldProblem(usernameField, username)],
          ['forum_name', fieldProblem(forumNameField, forumName)],
          ['password', fieldProblem(passwordField, password)],
        ] as const;
        let bad = false;
        for (const [field, problem] of problems) {
          if (problem) {
            fail(line, field, problem);
            bad = true;
          }
        }
        const r = role ? roleByName.get(role.toLowerCase()) : defaultRole;
        if (!r || !canAssignRole(actor, rolePaths.get(r.id) ?? [])) {
          fail(line, 'role', 'v.roleUnknown');
          bad = true;
        }
        for (const [field, value] of [
          ['email', email],
          ['username', username],
          ['forum_name', forumName],
        ] as const) {
          const k = value.toLowerCase();
          if (k && seen[field].has(k)) {
            fail(line, field, 'v.duplicateInFile');
            bad = true;
          }
          seen[field].add(k);
        }
        if (!bad) rows.push({ line, email: email.toLowerCase(), username, forumName, password, roleId: r?.id });
      });
      const taken = await repo.takenAmong({
        emails: rows.map((r) => r.email),
        usernames: rows.map((r) => r.username),
        forumNames: rows.map((r) => r.forumName),
      });
      for (const r of rows) {
        if (taken.emails.has(r.email)) fail(r.line, 'email', 'emailTaken');
        if (taken.usernames.has(r.username.toLowerCase())) fail(r.line, 'username', 'usernameTaken');
        if (taken.forumNames.has(r.forumName.toLowerCase())) fail(r.line, 'forum_name', 'forumNameTaken');
      }
      if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };

      const hashes: string[] = [];
      for (let i = 0; i < rows.length; i += 8) {
        hashes.push(...(await Promise.all(rows.slice(i, i + 8).map((r) => hashPassword(r.password)))));
      }
      await db.transaction(async (tx) => {
        for (const [i, r] of rows.entries()) {
          await insertAccount(
            {
              email: r.email,
              username: r.username,
              password: null,
              accountType: 'individual',
              forumName: r.forumName,
              status: 'active',
              invitedBy: isAdmin(actor) ? undefined : actor.id,
              roleIds: r.roleId ? [r.roleId] : [],
            },
            tx,
            hashes[i] ?? null,
          );
        }
        await audit?.record(tx, {
          actor,
          action: 'user.import',
          target: { type: 'user', id: '', label: `${rows.length}` },
          after: { imported: rows.length, emails: rows.map((r) => r.email) },
        });
      });
      return { imported: rows.length, errors: [] };
    },

    // --- For the codes module: coupon effects and personal invite codes ---

    /**
     * Adds membership days from the later of now and the current end, in one UPDATE, so parallel
     * redemptions add up. Runs in the redemption's transaction.
     */
    /** Tells the session guard that a user's membership or rights changed (call after the transaction commits). */
    accessChanged(userId: number): void {
      access?.changed(userId);
    },

    async extendMembership(userId: number, days: number, tx: DbOrTx): Promise<{ vip_date: string | null; xp_value: number }> {
      const row = await repo.addMembershipDays(userId, days, tx);
      if (!row) throw notFound();
      return { vip_date: iso(row.vipDate), xp_value: row.xpValue };
    },

    /**
     * Plans: adds whole calendar months to the membership from the later of now and its current end, in
     * one UPDATE (a renewal before expiry adds to the end). Runs in the payment's transaction; answers the new end.
     */
    async extendMembershipMonths(userId: number, months: number, tx: DbOrTx): Promise<Date> {
      const row = await repo.addMembershipMonths(userId, months, tx);
      if (!row?.vipDate) throw notFound();
      return row.vipDate;
    },

    /** Membership ends of these users (plans module: which plan is in force). */
    async vipDates(userIds: number[]): Promise<Map<number, Date | null>> {
      return repo.vipDates(userIds);
    },

    /** Adds experience points in one UPDATE (in the redemption's transaction). */
    async addXp(userId: number, xp: number, tx: DbOrTx): Promise<{ vip_date: string | null; xp_value: number }> {
      const row = await repo.addXp(userId, xp, tx);
      if (!row) throw notFound();
      return { vip_date: iso(row.vipDate), xp_value: row.xpValue };
    },

    /** Gives the account a new personal invite code; the old one stops working at once. */
    async regenerateInviteCode(userId: number): Promise<{ invite_code: string }> {
      const row = await db.transaction(async (tx) => repo.update(userId, { inviteCode: await uniqueInviteCode(tx) }, tx));
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

    // --- For the market, cart and orders ---

    /** Public cards (name, avatar URL, introduction) of live accounts, in one query; deleted accounts are absent. */
    async publicCards(ids: number[]): Promise<Map<number, PublicCard>> {
      const rows = await repo.cardsByIds([...new Set(ids)]);
      return new Map(
        rows.map((r) => [r.id, { id: r.id, name: r.username, avatar: publicUrlOf(r.avatar), introduction: r.introduction }]),
      );
    },

    /**
     * SQL of a public card for another module's query to embed (one query instead of a second trip for the
     * creators); `publicCardFrom` turns the value it reads into the card. `userIdRef` is a qualified column.
     */
    publicCardSql,
    /** The card of `id` from the value `publicCardSql` read (the unknown-creator card when the account is gone). */
    publicCardFrom(id: number, value: unknown): PublicCard {
      if (!Array.isArray(value)) return { id, name: '—', avatar: '', introduction: '' };
      const [name, avatar, introduction] = value as [string, string, string];
      return { id, name, avatar: publicUrlOf(avatar), introduction };
    },

    /** Ids of live, active accounts (all, among `ids`, or an organisation admin's members): pushed messages' audiences. */
    async activeIds(f: { ids?: number[]; memberOf?: number } = {}): Promise<number[]> {
      return repo.activeIds(f);
    },

    /** Forum names and avatar URLs of live accounts, in one query (the forum's posts); deleted accounts are absent. */
    async forumCards(ids: number[]): Promise<Map<number, { id: number; forum_name: string; avatar: string }>> {
      const rows = await repo.forumCardsByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { id: r.id, forum_name: r.forumName, avatar: publicUrlOf(r.avatar) }]));
    },

    /** Live accounts with these forum names (case-insensitive): the forum's @mentions. */
    async byForumNames(names: string[]): Promise<{ id: number; forum_name: string }[]> {
      const rows = await repo.idsByForumNames([...new Set(names)]);
      return rows.map((r) => ({ id: r.id, forum_name: r.forumName }));
    },

    /**
     * Whether a display name is a live account's user name or forum name, compared trimmed, NFKC-normalised and
     * case-insensitively (so a guest cannot pass for a member, e.g. staff, under a look-alike spelling).
     */
    async nameInUse(name: string): Promise<boolean> {
      const folded = name.normalize('NFKC').trim().toLowerCase();
      return folded ? repo.nameInUse(folded) : false;
    },

    /** Name and email of live accounts, in one query (admin lists such as /system/capacity); deleted accounts are absent. */
    async contacts(ids: number[]): Promise<Map<number, { name: string; email: string }>> {
      const rows = await repo.contactsByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { name: r.username, email: r.email }]));
    },

    /** Who invited a live account (their invite code or campaign code brought it in), or undefined. */
    async inviterOf(id: number): Promise<number | undefined> {
      return (await repo.byId(id))?.invitedBy ?? undefined;
    },

    /** Email of a live account (the invoice shows it), in the caller's transaction when one is passed. */
    async emailOf(id: number, tx?: DbOrTx): Promise<string | undefined> {
      return (await repo.byId(id, tx ?? db))?.email;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/** What other users may see of an account (creator cards, commenters, reviewers). */
export interface PublicCard {
  id: number;
  name: string;
  avatar: string;
  introduction: string;
}

/** `base` cut to `max` characters, with digits appended until `isTaken` says no. */
async function freeName(base: string, max: number, isTaken: (v: string) => Promise<boolean>): Promise<string> {
  let candidate = base.slice(0, max);
  for (let i = 0; await isTaken(candidate); i++) {
    const suffix = String(crypto.randomInt(10 ** Math.min(2 + Math.floor(i / 3), 6)));
    candidate = base.slice(0, max - suffix.length) + suffix;
  }
  return candidate;
}
