import { ErrorCode } from '@xr/contract/errors';
import { translateMessage } from '@xr/contract/messages';
import { healthReply, mailOutboxQuery, outboxMail, type ReadyComponent, readyReply } from '@xr/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { envelope, ok } from '../../lib/http';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import type { SystemRepository } from './system.repository';

/** How long a dependency's probe result is reused: an orchestrator polling every node costs one probe a second. */
export const READY_CACHE_MS = 1500;
/** A probe that has not answered by then counts as failed (a hung database must not hang the readiness call). */
export const READY_PROBE_TIMEOUT_MS = 3000;

/**
 * One dependency's probe, its result reused for `READY_CACHE_MS` after it settles; callers arriving while it runs
 * share it, so a burst of readiness calls costs one probe.
 */
function cachedProbe(kind: string, fn: () => Promise<unknown>): () => Promise<ReadyComponent> {
  const run = async (): Promise<ReadyComponent> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${READY_PROBE_TIMEOUT_MS} ms`)), READY_PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([fn(), timeout]);
      return { status: 'ok', kind };
    } catch (err) {
      return { status: 'error', kind, error: err instanceof Error ? err.message : 'failed' };
    } finally {
      clearTimeout(timer);
    }
  };
  // The probe in flight or last settled; `settledAt` stays unset while it runs (it is fresh until it settles).
  let last: { settledAt?: number; result: Promise<ReadyComponent> } | undefined;
  return () => {
    if (last && (last.settledAt === undefined || Date.now() - last.settledAt <= READY_CACHE_MS)) return last.result;
    const entry: { settledAt?: number; result: Promise<ReadyComponent> } = { result: run() };
    entry.result.then(() => {
      entry.settledAt = Date.now();
    });
    last = entry;
    return entry.result;
  };
}

/**
 * Liveness (`GET /health`: the process answers, nothing probed), readiness (`GET /ready`: the database, storage,
 * mail and Redis when configured, 503 when one is down) and, without SMTP, the administrators' view of the
 * undelivered mail (`/system/mail_outbox`).
 */
export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  storage: Storage;
  mailer: Mailer;
  system: SystemRepository;
  config: Config;
  redis?: Redis;
}> = async (app, { database, storage, mailer, system, config, redis }) => {
  // Liveness: answering at all is the signal, so a load balancer polling every node pays for no probe.
  const alive = ok({ status: 'ok' as const });
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: envelope(healthReply) } } },
    async () => alive,
  );

  const probes = {
    database: cachedProbe(database.kind, () => database.ping()),
    storage: cachedProbe(storage.kind, () => storage.check()),
    mail: cachedProbe(mailer.transport, () => mailer.check()),
    redis: redis ? cachedProbe('redis', () => redis.ping()) : undefined,
  };
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: envelope(readyReply), 503: envelope(readyReply) } },
    },
    async (request, reply) => {
      const [db, st, mail, rd] = await Promise.all([
        probes.database(),
        probes.storage(),
        probes.mail(),
        probes.redis ? probes.redis() : Promise.resolve(undefined),
      ]);
      const ready = [db, st, mail, rd].every((c) => c === undefined || c.status === 'ok');
      const data = {
        status: ready ? ('ok' as const) : ('unavailable' as const),
        database: db,
        storage: st,
        mail,
        ...(rd ? { redis: rd } : {}),
      };
      if (ready) return ok(data);
      return reply.status(503).send({ code: ErrorCode.NOT_READY, message: translateMessage('notReady', request.lang), data });
    },
  );

  if (!config.devOutbox) return;
  // Without SMTP_URL mails are not delivered: their text (codes, links) is printed in the server log and listed
  // here for administrators only (the /system/logs permission). Nobody else may read them: a reset code is an account.
  app.get(
    '/system/mail_outbox',
    {
      config: { access: { permission: '/system/logs' } },
      schema: {
        tags: ['system'],
        security: [{ bearer: [] }],
        querystring: mailOutboxQuery,
        response: { 200: envelope(z.array(outboxMail)) },
      },
    },
    async (request) => {
      const rows = await system.listOutbox(request.query);
      return ok(
        rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          created_at: r.createdAt.toISOString(),
        })),
      );
    },
  );
};
