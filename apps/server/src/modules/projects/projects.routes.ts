import { pageOf } from '@xr/contract/common';
import { addCommentBody, comment, projectPageQuery } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { ProjectsService } from './projects.service';

const tags = ['comments'];
const security = [{ bearer: [] }];

/** Comments of the details page (spec section 7 "Market, cart, comments"). */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (app, { projects }) => {
  app.get(
    '/comment/home_comment_page',
    {
      config: { access: 'public' },
      schema: { tags, querystring: projectPageQuery, response: { 200: envelope(pageOf(comment)) } },
    },
    async (request) => ok(await projects.commentPage(request.user, request.query)),
  );

  app.post(
    '/comment/add_comment',
    { config: { access: 'user' }, schema: { tags, security, body: addCommentBody, response: { 200: envelope(comment) } } },
    async (request) =>
      ok(await projects.addComment(currentUser(request), request.body), translateMessage('operationSuccessful', request.lang)),
  );
};
