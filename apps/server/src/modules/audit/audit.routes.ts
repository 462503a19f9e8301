import { auditListQuery, auditListReply } from '@xr/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import type { AccessRule } from '../../plugins/auth';
import type { AuditService } from './audit.service';

const tags = ['audit'];
const security = [{ bearer: [] }];
/** The /system/logs screen (its "Audit log" tab). */
const logsAdmin: AccessRule = { permission: '/system/logs' };

/**
 * The audit log, read-only (spec section 7 "Coins, logs, invite": GET /logs_list). There is deliberately no call
 * that edits or deletes an entry.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/logs_list',
    {
      config: { access: logsAdmin },
      schema: { tags, security, querystring: auditListQuery, response: { 200: envelope(auditListReply) } },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
