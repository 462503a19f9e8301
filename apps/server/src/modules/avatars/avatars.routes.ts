import {
  AVATAR_PREVIEW_MAX_BYTES,
  addAvatarBody,
  avatarItem,
  avatarPageQuery,
  avatarPageReply,
  avatarPreviewQuery,
  libraryAvatarPageQuery,
  libraryAvatarPageReply,
  setAvatarStatusBody,
  upAvatarBody,
  useLibraryAvatarBody,
} from '@xr/contract/avatars';
import { idBody } from '@xr/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { readUpload } from '../../lib/upload';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { AvatarsService } from './avatars.service';

const tags = ['avatars'];
const security = [{ bearer: [] }];
/** The /avatar-list screen ("My Avatar" in the user menu). */
const own: AccessRule = { permission: '/avatar-list' };

/** The signed-in user's avatars (/avatar-list). Uploaded models arrive through /api/uploads (kind `avatar`). */
export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (app, { avatars }) => {
  app.get(
    '/avatar/avatar_page',
    {
      config: { access: own },
      schema: { tags, security, querystring: avatarPageQuery, response: { 200: envelope(avatarPageReply) } },
    },
    async (request) => ok(await avatars.page(currentUser(request), request.query, request.lang)),
  );

  app.get(
    '/avatar/library_avatar_page',
    {
      config: { access: own },
      schema: {
        tags,
        security,
        querystring: libraryAvatarPageQuery,
        response: { 200: envelope(libraryAvatarPageReply) },
      },
    },
    async (request) => ok(await avatars.libraryPage(currentUser(request), request.query, request.lang)),
  );

  app.post(
    '/avatar/use_library_avatar',
    {
      config: { access: own },
      schema: { tags, security, body: useLibraryAvatarBody, response: { 200: envelope(avatarItem) } },
    },
    async (request) => ok(await avatars.useLibrary(currentUser(request), request.body, request.lang)),
  );

  app.post(
    '/avatar/add_avatar',
    { config: { access: own }, schema: { tags, security, body: addAvatarBody, response: { 200: envelope(avatarItem) } } },
    async (request) => ok(await avatars.add(currentUser(request), request.body, request.lang)),
  );

  app.post(
    '/avatar/up_avatar',
    { config: { access: own }, schema: { tags, security, body: upAvatarBody, response: { 200: envelope(avatarItem) } } },
    async (request) => ok(await avatars.update(currentUser(request), request.body, request.lang)),
  );

  app.post(
    '/avatar/del_avatar',
    { config: { access: own }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await avatars.remove(currentUser(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/avatar/set_avatar_status',
    {
      config: { access: own },
      schema: { tags, security, body: setAvatarStatusBody, response: { 200: envelope(avatarItem) } },
    },
    async (request) => ok(await avatars.setStatus(currentUser(request), request.body, request.lang)),
  );

  app.post(
    '/avatar/up_avatar_preview',
    {
      config: { access: own },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        querystring: avatarPreviewQuery,
        response: { 200: envelope(avatarItem) },
      },
    },
    async (request) =>
      ok(
        await avatars.storePreview(
          currentUser(request),
          request.query.id,
          await readUpload(request, AVATAR_PREVIEW_MAX_BYTES),
          request.lang,
        ),
      ),
  );
};
