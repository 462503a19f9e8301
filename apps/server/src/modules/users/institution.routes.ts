import {
  institutionApplyBody,
  institutionDecideBody,
  institutionPage,
  institutionPageQuery,
  institutionStatus,
} from '@xr/contract/institution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { InstitutionService } from './institution.service';

const tags = ['approval'];
const security = [{ bearer: [] }];
/** The /approval/institutional screen. */
const reviewer: AccessRule = { permission: '/approval/institutional' };

/** Organisation approval: the administrators' queue and decision, the applicant's status and new application. */
export const institutionRoutes: FastifyPluginAsyncZod<{ institution: InstitutionService }> = async (app, { institution }) => {
  app.get(
    '/approval/institution_page',
    {
      config: { access: reviewer },
      schema: { tags, security, querystring: institutionPageQuery, response: { 200: envelope(institutionPage) } },
    },
    async (request) => ok(await institution.page(request.query)),
  );
  app.post(
    '/approval/institution_decide',
    {
      config: { access: reviewer },
      schema: { tags, security, body: institutionDecideBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await institution.decide(currentUser(request), request.body);
      return ok(null);
    },
  );
  app.get(
    '/user/institution_status',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(institutionStatus) } } },
    async (request) => ok(await institution.status(currentUser(request).id)),
  );
  app.post(
    '/user/institution_apply',
    {
      config: { access: 'user' },
      preHandler: app.sensitiveLimit(),
      schema: { tags, security, body: institutionApplyBody, response: { 200: envelope(institutionStatus) } },
    },
    async (request) => {
      const { status, message } = await institution.apply(currentUser(request).id, request.body, request.lang);
      return ok(status, message);
    },
  );
};
