import { mailOutboxQuery, outboxMail } from '@xr/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { envelope, ok } from '../../lib/http';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import type { SystemRepository } from './system.repository';

const component = z.object({ status: z.enum(['ok', 'error']), kind: z.string(), error: z.string().optional() });
const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: component,
  storage: component,
  mail: component,
  redis: component.optional(),
});

async function probe(kind: string, fn: () => Promise<unknown>): Promise<z.infer<typeof component>> {
  try {
    await fn();
    return { status: 'ok', kind };
  } catch (err) {
    return { status: 'error', kind, error: err instanceof Error ? err.message : 'failed' };
  }
}

/** Health (`GET /health`) and, without SMTP, the administrators' view of the undelivered mail (`/system/mail_outbox`). */
export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  storage: Storage;
  mailer: Mailer;
  system: SystemRepository;
  config: Config;
  redis?: Redis;
}> = async (app, { database, storage, mailer, system, config, redis }) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: envelope(healthData) } } },
    async () => {
      const [db, st, mail, rd] = await Promise.all([
        probe(database.kind, () => database.ping()),
        probe(storage.kind, () => storage.check()),
        probe(mailer.transport, () => mailer.check()),
        redis ? probe('redis', () => redis.ping()) : Promise.resolve(undefined),
      ]);
      const all = [db, st, mail, rd].filter((c) => c !== undefined);
      return ok({
        status: all.every((c) => c.status === 'ok') ? ('ok' as const) : ('degraded' as const),
        database: db,
        storage: st,
        mail,
        ...(rd ? { redis: rd } : {}),
      });
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
