import { reportBody, reportReply } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { ReportsService } from './reports.service';

const tags = ['reports'];
const security = [{ bearer: [] }];

/** POST /reports/set_reports (spec section 7). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/reports/set_reports',
    { config: { access: 'user' }, schema: { tags, security, body: reportBody, response: { 200: envelope(reportReply) } } },
    async (request) =>
      ok(await reports.report(currentUser(request), request.body), translateMessage('reportReceived', request.lang)),
  );
};
