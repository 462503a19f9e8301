import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@xr/contract/errors';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Limits for sensitive calls (login, registration, email codes, contact): one per IP and, when `field`
     * names a body field (email or user name), one per account. Answers 429 with Retry-After.
     */
    sensitiveLimit(field?: string): preHandlerHookHandler[];
    /**
     * A limit of `max` calls per `windowMs` for each key `key(request)` answers (e.g. per user); over it the call
     * answers 429 with Retry-After. Counters live where the global limit's do (memory, or Redis with REDIS_URL).
     */
    callLimit(opts: { max: number; windowMs: number; key(request: FastifyRequest): string }): preHandlerHookHandler;
  }
}

/** Global per-IP API limit plus the sensitive-call limits; Redis holds the counters when REDIS_URL is set. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: Config; redis?: Redis }) => {
  const { config } = opts;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.api,
    timeWindow: 60_000,
    redis: opts.redis,
    nameSpace: 'xr-rl-',
    skipOnError: true,
    // Only the API counts: the web app's static files (a page load fetches dozens of chunks) do not.
    allowList: (request) => !request.url.startsWith('/api'),
    errorResponseBuilder: () => new AppError(ErrorCode.RATE_LIMITED),
  });

  // createRateLimit, not rateLimit(): the handlers rateLimit() returns skip a request the global limit already
  // counted (they share one "ran" flag), so they never fired after the global onRequest hook.
  const callLimit = ({ max, windowMs, key }: { max: number; windowMs: number; key(request: FastifyRequest): string }) => {
    const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: key });
    const handler: preHandlerHookHandler = async (request) => {
      const r = await check(request);
      if (!r.isAllowed && r.isExceeded) {
        throw new AppError(ErrorCode.RATE_LIMITED, { headers: { 'retry-after': String(Math.max(1, r.ttlInSeconds)) } });
      }
    };
    return handler;
  };
  app.decorate('callLimit', callLimit);

  app.decorate('sensitiveLimit', (field?: string) => {
    const limiter = (key: (request: FastifyRequest) => string) =>
      callLimit({ max: config.rateLimit.auth, windowMs: config.rateLimit.authWindowSeconds * 1000, key });
    const perIp = limiter((request) => `${request.routeOptions.url}|ip:${request.ip}`);
    if (!field) return [perIp];
    const perAccount = limiter((request) => {
      const body = request.body as Record<string, unknown> | undefined;
      const value = body?.[field];
      const who = typeof value === 'string' ? `acct:${value.trim().toLowerCase()}` : `ip:${request.ip}`;
      return `${request.routeOptions.url}|${who}`;
    });
    return [perIp, perAccount];
  });
});
