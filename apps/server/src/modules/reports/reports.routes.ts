import { reportBody, reportReply } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import { reportDecideBody, reportPage, reportPageQuery } from '@xr/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { ReportsService } from './reports.service';

const tags = ['reports'];
const security = [{ bearer: [] }];

/** The /ReportList screen. */
const handler: AccessRule = { permission: '/ReportList' };

/** POST /reports/set_reports (spec section 7) and the /ReportList calls. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/reports/set_reports',
    { config: { access: 'user' }, schema: { tags, security, body: reportBody, response: { 200: envelope(reportReply) } } },
    async (request) =>
      ok(await reports.report(currentUser(request), request.body), translateMessage('reportReceived', request.lang)),
  );
  app.get(
    '/reports/report_page',
    {
      config: { access: handler },
      schema: { tags, security, querystring: reportPageQuery, response: { 200: envelope(reportPage) } },
    },
    async (request) => ok(await reports.page(request.query)),
  );
  app.post(
    '/reports/report_decide',
    { config: { access: handler }, schema: { tags, security, body: reportDecideBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await reports.decide(currentUser(request), request.body);
      return ok(null);
    },
  );
};
