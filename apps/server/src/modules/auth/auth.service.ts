import crypto from 'node:crypto';
import type { LoginReply, RegisterStatusReply, registerBody, retrievePasswordBody, upPasswordBody } from '@xr/contract/auth';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MIN } from '@xr/contract/constants';
import { ErrorCode, type ErrorCodeValue } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AccessEvents } from '../../lib/access-events';
import type { Counters } from '../../lib/counters';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { RequestUser } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import type { CodesService } from '../codes/codes.service';
import type { RbacService } from '../rbac/rbac.service';
import type { AccountsService } from '../users/accounts.service';
import { vipActive } from '../users/membership.service';
import { activationMail, codeMail } from './auth.mails';
import { type CodePurpose, createAuthRepository, type RevokeReason, type SessionRow } from './auth.repository';

type RegisterInput = z.output<typeof registerBody>;
type RetrievePasswordInput = z.output<typeof retrievePasswordBody>;
type UpPasswordInput = z.output<typeof upPasswordBody>;

/** Where a request came from: for the session record and for links back to this server. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** Base URL for links back here: `PUBLIC_URL`, or the request's origin when its host is trusted (lib/origin.ts). */
  origin: string;
  lang: Lang;
  /** The request's id (the audit log keeps it with each entry). */
  requestId?: string;
}

const MINUTE = 60_000;
const CODE_MAX_ATTEMPTS = 5;
const ACTIVATION_TTL_MS = 48 * 60 * MINUTE;
/** A bearer token: 32 random bytes, base64url (43 characters). */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const REVOKE_CODE: Record<RevokeReason, ErrorCodeValue> = {
  logout: ErrorCode.TOKEN_LOGGED_OUT,
  password_changed: ErrorCode.SESSION_ENDED_ELSEWHERE,
  admin: ErrorCode.SESSION_REVOKED_BY_ADMIN,
};

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const codeHash = (email: string, purpose: CodePurpose, code: string) => sha256(`${purpose}:${email}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const sixDigits = () => String(crypto.randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');

/** A local path to go to after sign-in; anything else (other sites, `//host`) becomes /profile. */
export function safeRedirect(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 500 ? value : '/profile';
}

/**
 * Sign-in and everything around it: sessions (opaque tokens, stored as SHA-256, idle and absolute expiry,
 * revocation with a reason), registration with email codes and activation links, password reset and change,
 * and OpenID Connect sign-in. Accounts themselves belong to the users service.
 */
/** An address an account signed in from within this many days is the owner's: the account-wide limit spares it. */
const KNOWN_ADDRESS_DAYS = 30;

export function createAuthService({
  db,
  config,
  mailer,
  users,
  rbac,
  codes,
  access,
  counters,
  audit,
}: {
  db: Db;
  /** The audit log: sign-ins (and failures), logouts, password changes and resets. */
  audit: AuditRecorder;
  config: Config;
  /** Where failed sign-ins are counted (memory, or Redis shared by every server process). */
  counters: Counters;
  mailer: Mailer;
  users: AccountsService;
  rbac: RbacService;
  /** Change notices that make the guard forget cached sessions (see `lib/access-events.ts`). */
  access: AccessEvents;
  /** Campaign invite codes, accepted by registration besides personal codes. */
  codes: Pick<CodesService, 'claimCampaignInviteCode' | 'recordCampaignUse'>;
}) {
  const repo = createAuthRepository(db);
  const idleMs = config.session.idleMinutes * MINUTE;
  const absoluteMs = config.session.absoluteDays * 24 * 60 * MINUTE;

  // Disabling or deleting an account ends its sessions in the same transaction.
  users.onAccessEnded((userId, tx) => createAuthRepository(tx).revokeUserSessions(userId, 'admin'));

  /**
   * Resolved sessions by token hash, reused for `SESSION_CACHE_SECONDS` so an authenticated request costs no query
   * (idle and absolute expiry are still checked on every request against the cached times). Any change to a
   * user's sessions, roles, permissions, status or membership is announced on `access` and drops their entries;
   * a load that was under way while such a change happened is not kept.
   */
  const cacheMs = config.session.cacheSeconds * 1000;
  const cached = new Map<
    string,
    { session: SessionRow; user: Omit<RequestUser, 'vipActive'>; vipDate: Date | null; at: number }
  >();
  let generation = 0;
  access.subscribe((userId) => {
    generation += 1;
    if (userId === null) cached.clear();
    else for (const [k, v] of cached) if (v.user.id === userId) cached.delete(k);
  });

  /** Opens a session and records the sign-in (`method`: password or the identity provider) in one transaction. */
  async function createSession(
    account: { id: number; name: string },
    meta: Pick<RequestMeta, 'ip' | 'userAgent' | 'requestId'>,
    method: 'password' | 'oidc',
  ): Promise<LoginReply> {
    const userId = account.id;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    const session = await db.transaction(async (tx) => {
      const row = await createAuthRepository(tx).insertSession({
        userId,
        tokenHash: sha256(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + absoluteMs),
        ip: meta.ip.slice(0, 100),
        userAgent: meta.userAgent.slice(0, 300),
      });
      await audit.record(tx, {
        actor: { id: userId, name: account.name, ip: meta.ip, requestId: meta.requestId },
        action: 'auth.login',
        target: { type: 'user', id: userId, label: account.name },
        after: { method, session_id: row.id },
      });
      return row;
    });
    await users.recordLogin(userId);
    return { access_token: token, token_type: 'Bearer', expires_at: session.expiresAt.toISOString() };
  }

  /** Why a session can no longer be used, or null while it can. */
  function sessionProblem(s: SessionRow, now: number): ErrorCodeValue | null {
    if (s.revokedAt) return REVOKE_CODE[s.revokeReason as RevokeReason] ?? ErrorCode.TOKEN_INVALID;
    if (s.expiresAt.getTime() <= now) return ErrorCode.SESSION_EXPIRED;
    if (now - s.lastSeenAt.getTime() > idleMs) return ErrorCode.TOKEN_IDLE_EXPIRED;
    return null;
  }

  async function sendCode(email: string, purpose: 'register' | 'reset', lang: Lang): Promise<void> {
    const code = sixDigits();
    await repo.replaceCode({
      email,
      purpose,
      codeHash: codeHash(email, purpose, code),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MIN * MINUTE),
    });
    await deliver(codeMail(email, code, purpose, lang));
  }

  /** Sends a mail; a failing mail server answers 50302 rather than a bare 500. */
  async function deliver(mail: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await mailer.send(mail);
    } catch {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    }
  }

  /**
   * Checks an email code without using it up: the newest live code of that email and purpose, at most
   * five tries. Answers its id; 40003 (field email_code) otherwise.
   */
  async function checkCode(email: string, purpose: 'register' | 'reset', code: string): Promise<number> {
    const row = await repo.liveCode(email, purpose);
    const wrong = new AppError(ErrorCode.EMAIL_CODE_INVALID, { field: 'email_code' });
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw wrong;
    if (!sameHash(row.codeHash, codeHash(email, purpose, code))) {
      await repo.countAttempt(row.id, row.attempts + 1);
      throw wrong;
    }
    return row.id;
  }

  async function sendActivation(email: string, meta: Pick<RequestMeta, 'origin' | 'lang'>): Promise<void> {
    const token = crypto.randomBytes(32).toString('hex');
    await repo.replaceCode({
      email,
      purpose: 'activate',
      codeHash: sha256(token),
      expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS),
    });
    const link = `${meta.origin}/api/activate?token=${token}`;
    await mailer.send(activationMail(email, link, meta.lang));
  }

  // --- OpenID Connect ---
  let discovered: Promise<oidc.Configuration> | undefined;
  function oidcConfiguration(): Promise<oidc.Configuration> {
    const o = config.oidc;
    if (!o) throw new AppError(ErrorCode.OIDC_NOT_CONFIGURED);
    discovered ??= oidc
      .discovery(
        new URL(o.issuer),
        o.clientId,
        o.clientSecret,
        o.clientSecret ? oidc.ClientSecretPost(o.clientSecret) : oidc.None(),
        // Plain http is only for a provider on the same machine or in tests.
        new URL(o.issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered.catch(() => {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    });
  }

  return {
    /**
     * The guard's token check. From the cache when the session was resolved in the last `SESSION_CACHE_SECONDS`
     * (no query); otherwise one prepared statement reads the session by the token's hash with its account's state
     * and its roles and permissions (the users and rbac modules' SQL). last_seen_at moves at most once a minute.
     */
    async resolveSession(token: string): Promise<RequestUser | ErrorCodeValue> {
      if (!TOKEN_FORMAT.test(token)) return ErrorCode.TOKEN_INVALID;
      const hash = sha256(token);
      const now = Date.now();
      const hit = cached.get(hash);
      if (hit && now - hit.at < cacheMs) {
        const problem = sessionProblem(hit.session, now);
        if (problem) return problem;
        if (now - hit.session.lastSeenAt.getTime() > MINUTE) {
          hit.session = { ...hit.session, lastSeenAt: new Date(now) };
          await repo.touchSession(hit.session.id, hit.session.lastSeenAt);
        }
        return { ...hit.user, vipActive: vipActive(hit.vipDate) };
      }
      const startedAt = generation;
      const found = await repo.sessionWithUser(hash, users.accountStateSql, rbac.accessSql);
      if (!found) return ErrorCode.TOKEN_INVALID;
      const { account: accountValue, access: accessValue, ...session } = found;
      const problem = sessionProblem(session, now);
      if (problem) return problem;
      const account = users.accountStateFrom(session.userId, accountValue);
      if (account?.status !== 'active') return ErrorCode.SESSION_REVOKED_BY_ADMIN;
      const access = rbac.accessFrom(accessValue);
      if (now - session.lastSeenAt.getTime() > MINUTE) await repo.touchSession(session.id, new Date(now));
      const user = {
        id: account.id,
        name: account.name,
        sessionId: session.id,
        roles: access.roles,
        permissions: new Set(access.permissions),
      };
      if (cacheMs > 0 && startedAt === generation) {
        if (cached.size >= 10_000) cached.delete(cached.keys().next().value as string);
        const seen = now - session.lastSeenAt.getTime() > MINUTE ? new Date(now) : session.lastSeenAt;
        cached.set(hash, { session: { ...session, lastSeenAt: seen }, user, vipDate: account.vipDate, at: now });
      }
      return { ...user, vipActive: vipActive(account.vipDate) };
    },

    /** Signs in by email or user name. 40101 for any mismatch, 40102 pending, 40103 disabled. */
    /**
     * Signs in. Failed attempts are counted per account (the resolved user, whether named by e-mail or user name):
     * per client address (AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS), and across all addresses
     * (LOGIN_ACCOUNT_LIMIT per LOGIN_ACCOUNT_WINDOW_MINUTES). The second limit does not apply to an address the
     * account signed in from before, so an attacker spraying from many addresses locks out new addresses for a
     * while, never the owner's own devices; and every limit ends with its window. Blocked attempts answer 429
     * before the password is checked.
     */
    async login(input: { username: string; password: string }, meta: RequestMeta): Promise<LoginReply> {
      const userId = await users.accountIdByLogin(input.username);
      const who = userId ? `u${userId}` : `n:${input.username.trim().toLowerCase()}`;
      const perIp = `login|${who}|${meta.ip}`;
      const global = `login|${who}`;
      const windowMs = config.rateLimit.authWindowSeconds * 1000;
      const globalWindowMs = config.rateLimit.loginAccountWindowMinutes * MINUTE;
      const blockedFor = async (): Promise<number> => {
        const mine = await counters.get(perIp);
        if (mine.count >= config.rateLimit.auth) return mine.ttlMs;
        const all = await counters.get(global);
        if (all.count < config.rateLimit.loginAccount) return 0;
        if (userId && (await repo.signedInFrom(userId, meta.ip, KNOWN_ADDRESS_DAYS))) return 0;
        return all.ttlMs;
      };
      const wait = await blockedFor();
      if (wait > 0) {
        throw new AppError(ErrorCode.RATE_LIMITED, { headers: { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) } });
      }
      const account = await users.authenticate(input.username, input.password);
      // The typed account (never the password) is kept, so an attack on a name that does not exist shows too.
      const failed = (reason: string) =>
        audit.record(db, {
          actor: { id: userId ?? null, name: input.username.trim(), ip: meta.ip, requestId: meta.requestId },
          action: 'auth.login_failed',
          target: { type: 'user', id: userId ?? '', label: input.username.trim() },
          after: { reason },
        });
      if (!account) {
        await Promise.all([counters.hit(perIp, windowMs), counters.hit(global, globalWindowMs), failed('credentials')]);
        throw new AppError(ErrorCode.LOGIN_FAILED);
      }
      if (account.status === 'pending') {
        await failed('not_activated');
        throw new AppError(ErrorCode.ACCOUNT_NOT_ACTIVATED);
      }
      if (account.status === 'disabled') {
        await failed('disabled');
        throw new AppError(ErrorCode.ACCOUNT_DISABLED);
      }
      return createSession(account, meta, 'password');
    },

    /** Ends the caller's session; the token then answers 10004. */
    async logout(actor: { id: number; name?: string; sessionId: number; ip?: string; requestId?: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).revokeSession(actor.sessionId, 'logout');
        await audit.record(tx, {
          actor,
          action: 'auth.logout',
          target: { type: 'user', id: actor.id, label: actor.name ?? '' },
          after: { session_id: actor.sessionId },
        });
      });
      access.changed(actor.id);
    },

    /** Mails a registration code; 40901 when the email already has an account. */
    async sendRegisterCode(email: string, lang: Lang): Promise<void> {
      if (await users.accountByEmail(email)) throw new AppError(ErrorCode.EMAIL_TAKEN, { field: 'email' });
      await sendCode(email, 'register', lang);
    },

    /** Mails a password-reset code. Answers the same whether or not the account exists. */
    async sendResetCode(email: string, lang: Lang): Promise<void> {
      const account = await users.accountByEmail(email);
      if (!account || account.status === 'disabled') return;
      await sendCode(email, 'reset', lang);
    },

    /**
     * Registers a pending account: checks the email code, then in one transaction uses the code, creates the
     * account (with its role, invite code and free trial) and stores the activation link's token; then mails it.
     */
    async register(input: RegisterInput, meta: RequestMeta): Promise<RegisterStatusReply> {
      const codeId = await checkCode(input.email, 'register', input.email_code);
      await db.transaction(async (tx) => {
        if (!(await createAuthRepository(tx).consumeCode(codeId))) {
          throw new AppError(ErrorCode.EMAIL_CODE_INVALID, { field: 'email_code' });
        }
        // A campaign invite code (codes module) counts its use here; anything else goes on as a personal code.
        const campaign = await codes.claimCampaignInviteCode(input.invite_code, tx);
        const account = await users.register(campaign ? { ...input, invite_code: undefined } : input, tx, campaign?.createdBy);
        if (campaign) await codes.recordCampaignUse(campaign, account.id, tx);
      });
      // The account exists now; a mail failure must not hide that ("resend" is there for it).
      await sendActivation(input.email, meta).catch(() => undefined);
      return { email: input.email, status: 'pending' };
    },

    /** Activates the account of an activation link's token; 40105 when the token is unknown, used or expired. */
    async activate(token: string): Promise<{ email: string }> {
      const row = /^[a-f0-9]{64}$/.test(token) ? await repo.codeByHash(sha256(token), 'activate') : undefined;
      if (!row) throw new AppError(ErrorCode.ACTIVATION_LINK_INVALID);
      await db.transaction(async (tx) => {
        if (!(await createAuthRepository(tx).consumeCode(row.id))) throw new AppError(ErrorCode.ACTIVATION_LINK_INVALID);
        await users.activate(row.email, tx);
      });
      return { email: row.email };
    },

    /** The state of an email's account, for the "I have confirmed" button. */
    async registerStatus(email: string): Promise<RegisterStatusReply> {
      const account = await users.accountByEmail(email);
      return { email, status: account?.status ?? 'none' };
    },

    /** Mails a new activation link when the account is still pending; silently nothing otherwise. */
    async resendActivation(email: string, meta: RequestMeta): Promise<void> {
      const account = await users.accountByEmail(email);
      if (account?.status !== 'pending') return;
      await sendActivation(account.email, meta).catch(() => {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
      });
    },

    /** Resets the password with an email code and ends every session of the account (they answer 50012). */
    async retrievePassword(input: RetrievePasswordInput, meta?: Pick<RequestMeta, 'ip' | 'requestId'>): Promise<void> {
      const codeId = await checkCode(input.email, 'reset', input.email_code);
      const account = await users.accountByEmail(input.email);
      if (!account) throw new AppError(ErrorCode.EMAIL_CODE_INVALID, { field: 'email_code' });
      await db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx);
        if (!(await txRepo.consumeCode(codeId))) throw new AppError(ErrorCode.EMAIL_CODE_INVALID, { field: 'email_code' });
        await users.setPassword(account.id, input.new_password, tx);
        await txRepo.revokeUserSessions(account.id, 'password_changed');
        // Nobody is signed in: the actor is the account whose e-mail code was used.
        await audit.record(tx, {
          actor: { id: account.id, name: account.email, ip: meta?.ip, requestId: meta?.requestId },
          action: 'auth.password_reset',
          target: { type: 'user', id: account.id, label: account.email },
          after: { sessions_ended: true },
        });
      });
      access.changed(account.id);
    },

    /** Changes the password (40104 when the current one is wrong); the caller's other sessions answer 50012. */
    async changePassword(
      actor: { id: number; name?: string; sessionId: number; ip?: string; requestId?: string },
      input: UpPasswordInput,
    ): Promise<void> {
      await users.assertPassword(actor.id, input.old_password);
      await db.transaction(async (tx) => {
        await users.setPassword(actor.id, input.new_password, tx);
        await createAuthRepository(tx).revokeUserSessions(actor.id, 'password_changed', actor.sessionId);
        await audit.record(tx, {
          actor,
          action: 'auth.password_change',
          target: { type: 'user', id: actor.id, label: actor.name ?? '' },
          after: { other_sessions_ended: true },
        });
      });
      access.changed(actor.id);
    },

    /** Ends every session of a user (e.g. an administrator's action). */
    async revokeAll(userId: number, reason: RevokeReason): Promise<void> {
      await repo.revokeUserSessions(userId, reason);
      access.changed(userId);
    },

    /** Whether third-party sign-in is configured, and the provider's display name. */
    oidcConfig(): { enabled: boolean; name: string | null } {
      return config.oidc ? { enabled: true, name: config.oidc.name } : { enabled: false, name: null };
    },

    /** The provider URL to send the browser to: authorization code + PKCE (S256), state and nonce. */
    async oidcLoginUrl(redirect: unknown, meta: Pick<RequestMeta, 'origin'>): Promise<string> {
      const configuration = await oidcConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      // Normalised (e.g. no default port), as the token request derives it from the callback URL.
      const redirectUri = new URL(`${meta.origin}/api/oidc/callback`).href;
      await repo.insertOidcState({ state, nonce, codeVerifier, redirect: safeRedirect(redirect), redirectUri });
      return oidc
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: 'openid profile email',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /**
     * Completes a provider's redirect: checks state, nonce and PKCE, finds or creates the account, opens a
     * session. Answers where to send the browser: the SPA's /auth-redirect with the token, or /login with an error.
     */
    async oidcCallback(query: Record<string, string>, meta: RequestMeta): Promise<string> {
      const configuration = await oidcConfiguration();
      const failed = (reason: string) => `/#/login?oidc_error=${encodeURIComponent(reason)}`;
      const attempt = typeof query.state === 'string' ? await repo.takeOidcState(query.state) : undefined;
      if (!attempt || Date.now() - attempt.createdAt.getTime() > 15 * MINUTE) return failed('state');
      let claims: oidc.IDToken | undefined;
      let accessToken = '';
      try {
        const current = new URL(attempt.redirectUri);
        for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch {
        return failed('provider');
      }
      if (!claims) return failed('provider');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') {
        profile = { ...(await oidc.fetchUserInfo(configuration, accessToken, claims.sub).catch(() => ({}))), ...claims };
      }
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
      let account: Awaited<ReturnType<AccountsService['oidcAccount']>>;
      try {
        account = await users.oidcAccount({
          issuer: claims.iss,
          subject: claims.sub,
          email: str(profile.email),
          emailVerified: profile.email_verified === true,
          name: str(profile.name),
          preferredUsername: str(profile.preferred_username),
        });
      } catch (err) {
        return failed(err instanceof AppError && err.code === ErrorCode.EMAIL_TAKEN ? 'email_taken' : 'email');
      }
      if (account.status !== 'active') return failed(account.status);
      const session = await createSession(
        { id: account.id, name: str(profile.preferred_username) ?? str(profile.email) ?? '' },
        meta,
        'oidc',
      );
      const params = new URLSearchParams({ token: session.access_token, redirect: attempt.redirect });
      if (account.created) params.set('new', '1');
      return `/#/auth-redirect?${params.toString()}`;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
