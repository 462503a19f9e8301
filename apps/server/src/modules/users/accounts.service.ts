import crypto from 'node:crypto';
import { type AccountType, emailField, type registerBody } from '@xr/contract/auth';
import { CERTIFICATE_MAX_BYTES, FORUM_NAME_MAX, FREE_TRIAL_DAYS, USERNAME_MAX } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { ROLE_OF_ACCOUNT_TYPE, type RoleName } from '@xr/contract/permissions';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/upload';
import type { RbacService } from '../rbac/rbac.service';
import { createInstitutionRepository } from './institution.repository';
import { uniqueInviteCode } from './invites.service';
import { CERTIFICATE_KEY, CERTIFICATE_KINDS, sniffKind } from './users.files';
import { assertFree, conflictOf, freeName } from './users.names';
import { hashPassword, verifyPassword } from './users.password';
import { accountStateSql, createUsersRepository, type UserRow, type UserStatus } from './users.repository';

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

const DAY = 24 * 60 * 60 * 1000;
const trialEnd = () => new Date(Date.now() + FREE_TRIAL_DAYS * DAY);

/**
 * Accounts and credentials: creation (registration, OpenID Connect, import, demo seed) with the account's roles,
 * the registration form's certificate, sign-in checks, passwords, activation, and the account state the session guard
 * reads. Owns the users table with the module's other services; roles come from the rbac service.
 */
export function createAccountsService({ db, rbac, storage }: { db: Db; rbac: RbacService; storage: Storage }) {
  const repo = createUsersRepository(db);
  const listeners: AccessEndedListener[] = [];

  async function insertAccount(input: NewAccount, tx: DbOrTx, passwordHash: string | null): Promise<UserRow> {
    await assertFree(repo, { email: input.email, username: input.username, forumName: input.forumName }, undefined, tx);
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
          inviteCode: await uniqueInviteCode(repo, tx),
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

  async function createAccount(input: NewAccount, tx?: DbOrTx): Promise<{ id: number; email: string; username: string }> {
    const passwordHash = input.password === null ? null : await hashPassword(input.password);
    const run = async (t: DbOrTx) => {
      const row = await insertAccount(input, t, passwordHash);
      return { id: row.id, email: row.email, username: row.username };
    };
    return tx ? run(tx) : db.transaction(run);
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

    /** Runs the `onAccessEnded` callbacks in the caller's transaction (an account was disabled or deleted). */
    async endAccess(userId: number, tx: DbOrTx): Promise<void> {
      for (const listener of listeners) await listener(userId, tx);
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
     * Creates an account whose password was hashed beforehand, in the caller's transaction (the member import hashes
     * every row's password before it opens its one transaction).
     */
    async createHashedAccount(
      input: NewAccount,
      passwordHash: string | null,
      tx: DbOrTx,
    ): Promise<{ id: number; email: string; username: string }> {
      const row = await insertAccount(input, tx, passwordHash);
      return { id: row.id, email: row.email, username: row.username };
    },

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

    /** Stores an organisation's certificate (pdf, jpg or png by content, at most 10 MB); the key goes with /register. */
    async storeCertificate(file: UploadedFile): Promise<{ certificate: string }> {
      if (file.buffer.length > CERTIFICATE_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const kind = sniffKind(file.buffer);
      if (!kind || !CERTIFICATE_KINDS.includes(kind)) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file' });
      const key = `certificates/${crypto.randomBytes(16).toString('hex')}.${kind}`;
      await storage.put(key, file.buffer);
      return { certificate: key };
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
      const row = await repo.byId(userId);
      if (!row) throw notFound();
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
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
