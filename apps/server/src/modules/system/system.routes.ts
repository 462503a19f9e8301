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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Health (`GET /health`) and, when enabled, the dev mail outbox (`/dev/outbox` page, `/dev/outbox.json`). */
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
  const outboxQuery = z.object({
    to: z.string().trim().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });
  const mail = z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: z.string(),
  });

  app.get(
    '/dev/outbox.json',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], querystring: outboxQuery, response: { 200: envelope(z.array(mail)) } },
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

  app.get(
    '/dev/outbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: outboxQuery } },
    async (request, reply) => {
      const rows = await system.listOutbox(request.query);
      const items = rows
        .map(
          (
            r,
          ) => `<article><header><b>${escapeHtml(r.subject)}</b><span>to ${escapeHtml(r.to)} · ${r.createdAt.toISOString()}</span></header>
<pre>${escapeHtml(r.text)}</pre></article>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mail outbox · XR Studio</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2937}
h1{font-size:20px}article{border:1px solid #e5e7eb;border-radius:8px;margin:12px 0;padding:12px 16px}
header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span{color:#6b7280;font-size:13px}
pre{white-space:pre-wrap;word-break:break-word;background:#f9fafb;padding:8px;border-radius:6px}</style></head>
<body><h1>Dev mail outbox</h1><p>Mails the server would have sent. This page exists only while no SMTP_URL is configured.</p>
<form><input name="to" placeholder="filter by recipient" value="${escapeHtml(request.query.to ?? '')}"> <button>Filter</button></form>
${items || '<p>No mail yet.</p>'}</body></html>`;
    },
  );
};
