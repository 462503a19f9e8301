import { idBody } from '@xr/contract/common';
import { seatInfo } from '@xr/contract/seats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { SeatsService } from './seats.service';

const tags = ['users'];
const security = [{ bearer: [] }];
/** Seats are part of the /member screen, guarded by its permission; the service refuses administrators. */
const member: AccessRule = { permission: '/member' };

/** Organisation seats: the pool, giving a seat to a member and releasing it. */
export const seatsRoutes: FastifyPluginAsyncZod<{ seats: SeatsService }> = async (app, { seats }) => {
  app.get(
    '/user/seat_info',
    { config: { access: member }, schema: { tags, security, response: { 200: envelope(seatInfo) } } },
    async (request) => ok(await seats.info(currentUser(request))),
  );

  app.post(
    '/user/grant_seat',
    { config: { access: member }, schema: { tags, security, body: idBody, response: { 200: envelope(seatInfo) } } },
    async (request) => ok(await seats.grant(currentUser(request), request.body.id)),
  );

  app.post(
    '/user/release_seat',
    { config: { access: member }, schema: { tags, security, body: idBody, response: { 200: envelope(seatInfo) } } },
    async (request) => ok(await seats.release(currentUser(request), request.body.id)),
  );
};
