import { pushMessageBody, pushPage, pushPageQuery, pushRecord } from '@xr/contract/station';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { StationService } from './station.service';

const tags = ['messages'];
const security = [{ bearer: [] }];
/** The /stationletter screen. */
const pusher: AccessRule = { permission: '/stationletter' };

/** System messages pushed by administrators: POST /message/push_message and its history. */
export const stationRoutes: FastifyPluginAsyncZod<{ station: StationService }> = async (app, { station }) => {
  app.post(
    '/message/push_message',
    { config: { access: pusher }, schema: { tags, security, body: pushMessageBody, response: { 200: envelope(pushRecord) } } },
    async (request) => {
      const { push, message } = await station.push(currentUser(request), request.body, request.lang);
      return ok(push, message);
    },
  );
  app.get(
    '/message/push_page',
    { config: { access: pusher }, schema: { tags, security, querystring: pushPageQuery, response: { 200: envelope(pushPage) } } },
    async (request) => ok(await station.page(currentUser(request), request.query)),
  );
};
