import {
  addTagBody,
  adminTag,
  mergeTagBody,
  mergeTagReply,
  setTagBody,
  tagPage,
  tagPageQuery,
  upTagBody,
} from '@xr/contract/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { TagsService } from './tags.service';

const tags = ['tags'];
const security = [{ bearer: [] }];
/** The /projecttag screen. */
const manager: AccessRule = { permission: '/projecttag' };

/** The tag catalogue: GET /tag/tag_page and its add / edit / switch / merge calls. */
export const tagsRoutes: FastifyPluginAsyncZod<{ tagsService: TagsService }> = async (app, { tagsService }) => {
  app.get(
    '/tag/tag_page',
    { config: { access: manager }, schema: { tags, security, querystring: tagPageQuery, response: { 200: envelope(tagPage) } } },
    async (request) => ok(await tagsService.page(request.query)),
  );
  app.post(
    '/tag/add_tag',
    { config: { access: manager }, schema: { tags, security, body: addTagBody, response: { 200: envelope(adminTag) } } },
    async (request) => ok(await tagsService.add(currentUser(request), request.body)),
  );
  app.post(
    '/tag/up_tag',
    { config: { access: manager }, schema: { tags, security, body: upTagBody, response: { 200: envelope(adminTag) } } },
    async (request) => ok(await tagsService.update(currentUser(request), request.body)),
  );
  app.post(
    '/tag/set_tag',
    { config: { access: manager }, schema: { tags, security, body: setTagBody, response: { 200: envelope(adminTag) } } },
    async (request) => ok(await tagsService.setEnabled(currentUser(request), request.body.id, request.body.enabled)),
  );
  app.post(
    '/tag/merge_tag',
    { config: { access: manager }, schema: { tags, security, body: mergeTagBody, response: { 200: envelope(mergeTagReply) } } },
    async (request) => {
      const { moved, message } = await tagsService.merge(currentUser(request), request.body, request.lang);
      return ok({ moved }, message);
    },
  );
};
