import { ErrorCode, type ErrorCodeValue } from '@xr/contract/errors';
import { type Lang, langFromHeader } from '@xr/contract/lang';
import { TIME_LIMITED_PATHS } from '@xr/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Who may call a route. Every route under /api must say (see `accessPlugin`). */
export type AccessRule =
  | 'public'
  /** any signed-in user */
  | 'user'
  /** a signed-in user holding this permission (`http_path`) */
  | { permission: string };

/** The signed-in caller, as the auth plugin resolves it from the bearer token. */
export interface RequestUser {
  id: number;
  /** The user name (the audit log records it with the actor's id). */
  name: string;
  sessionId: number;
  roles: string[];
  permissions: ReadonlySet<string>;
  vipActive: boolean;
  /** The caller's address and this request's id, set by the guard for the audit log (see modules/audit). */
  ip?: string;
  requestId?: string;
}

/** Resolves a bearer token to its user, or to the contract code saying why it cannot be used. */
export type SessionResolver = (token: string, request: FastifyRequest) => Promise<RequestUser | ErrorCodeValue>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /**
     * Also accept the token as `?token=` (only where a browser cannot send a header, e.g. a socket handshake or a
     * URL opened by an element). Everywhere else a token in the URL is ignored: URLs end up in logs and histories.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    token: string | null;
    lang: Lang;
  }
}

/**
 * Reads the token from `Authorization: Bearer …`; from the `token` query parameter only on routes that say
 * `tokenInQuery` (the spec's `user_info` "param token" is not honoured, a URL is no place for a token).
 */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (!request.routeOptions.config?.tokenInQuery) return null;
  const q = request.query as Record<string, unknown> | undefined;
  return typeof q?.token === 'string' && q.token ? q.token : null;
}

/** True when the user holds the permission (and, for time-limited screens, an active membership). */
export function hasPermission(user: RequestUser, path: string): boolean {
  if (!user.permissions.has(path)) return false;
  return !TIME_LIMITED_PATHS.includes(path) || user.vipActive;
}

/**
 * The single guard. At start-up it refuses any /api route without an explicit `config.access`; on every
 * request it resolves the token and enforces the rule: 10001-10004 / 50008 / 50012 / 50014 for token
 * problems, 40301 for a missing permission.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { resolve: SessionResolver }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('lang', 'zh');

  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api')) return;
    if (url.startsWith('/api/docs')) return; // the OpenAPI UI registers its own routes
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} has no access rule (config.access)`);
  });

  app.addHook('onRequest', async (request) => {
    request.lang = langFromHeader((request.headers['x-lang'] as string | undefined) ?? request.headers['accept-language']);
    const rule = request.routeOptions.config?.access;
    if (!rule) return;
    const token = tokenOf(request);
    request.token = token;
    if (rule === 'public') {
      if (token) {
        const r = await opts.resolve(token, request);
        if (typeof r !== 'number') request.user = { ...r, ip: request.ip, requestId: String(request.id) };
      }
      return;
    }
    if (!token) throw new AppError(ErrorCode.TOKEN_MISSING);
    const r = await opts.resolve(token, request);
    if (typeof r === 'number') throw new AppError(r);
    request.user = { ...r, ip: request.ip, requestId: String(request.id) };
    if (typeof rule === 'object' && !hasPermission(r, rule.permission)) throw new AppError(ErrorCode.FORBIDDEN);
  });
});

/** The signed-in user of a route whose rule is not 'public'. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ErrorCode.TOKEN_MISSING);
  return request.user;
}
