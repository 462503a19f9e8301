import {
  avatarReply,
  certificateReply,
  roleOption,
  thirdPartyRegisterBody,
  upForumNameBody,
  upInformationBody,
  userImportReply,
  userInfo,
} from '@xr/contract/auth';
import { idBody, idQuery, pageOf } from '@xr/contract/common';
import { AVATAR_MAX_BYTES, CERTIFICATE_MAX_BYTES } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { translateMessage } from '@xr/contract/messages';
import { adminUser, userManageBody, userPageQuery, userStatistic } from '@xr/contract/rbac';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { readUpload } from '../../lib/upload';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { AccountsService } from './accounts.service';
import type { MembersService } from './members.service';
import type { ProfileService } from './profile.service';

const tags = ['users'];
const security = [{ bearer: [] }];
/** The /member screen (spec: admin users) is guarded by its route's permission. */
const member: AccessRule = { permission: '/member' };
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The signed-in user's own account (user info, profile, avatar), the public certificate upload of the
 * registration form, public files, and the /member administration (spec section 7 "Admin: users").
 */
export const usersRoutes: FastifyPluginAsyncZod<{
  accounts: Pick<AccountsService, 'storeCertificate'>;
  profile: ProfileService;
  members: MembersService;
}> = async (app, { accounts, profile, members }) => {
  app.get(
    '/user/user_info',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(userInfo) } } },
    async (request) => {
      const user = currentUser(request);
      return ok(await profile.userInfo(user.id, user));
    },
  );

  app.post(
    '/user/up_information_info',
    { config: { access: 'user' }, schema: { tags, security, body: upInformationBody, response: { 200: envelope(userInfo) } } },
    async (request) => ok(await profile.updateInformation(currentUser(request).id, request.body)),
  );

  app.post(
    '/user/up_forum_name_info',
    { config: { access: 'user' }, schema: { tags, security, body: upForumNameBody, response: { 200: envelope(userInfo) } } },
    async (request) => ok(await profile.updateForumName(currentUser(request).id, request.body.forum_name)),
  );

  app.post(
    '/user/up_info_avatar_patch',
    {
      config: { access: 'user' },
      schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: envelope(avatarReply) } },
    },
    async (request) => ok(await profile.uploadAvatar(currentUser(request).id, await readUpload(request, AVATAR_MAX_BYTES))),
  );

  app.post(
    '/third_party_register',
    {
      config: { access: 'user' },
      schema: { tags, security, body: thirdPartyRegisterBody, response: { 200: envelope(userInfo) } },
    },
    async (request) => ok(await profile.completeThirdPartyProfile(currentUser(request).id, request.body)),
  );

  app.post(
    '/register_certificate_upload',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit(),
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(certificateReply) } },
    },
    async (request) => ok(await accounts.storeCertificate(await readUpload(request, CERTIFICATE_MAX_BYTES))),
  );

  app.get(
    '/files/public/*',
    { config: { access: 'public' }, schema: { tags, params: z.object({ '*': z.string().max(500) }) } },
    async (request, reply) => {
      const file = await profile.readPublicFile(`public/${request.params['*']}`);
      if (!file) throw notFound();
      reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (!file.inline) reply.header('content-disposition', 'attachment');
      return reply.send(file.stream);
    },
  );

  // --- The /member screen ---

  app.get(
    '/user/user_page',
    {
      config: { access: member },
      schema: { tags, security, querystring: userPageQuery, response: { 200: envelope(pageOf(adminUser)) } },
    },
    async (request) => ok(await members.page(currentUser(request), request.query)),
  );

  app.get(
    '/user/user_details',
    { config: { access: member }, schema: { tags, security, querystring: idQuery, response: { 200: envelope(adminUser) } } },
    async (request) => ok(await members.details(currentUser(request), request.query.id)),
  );

  app.get(
    '/user/user_statistic',
    { config: { access: member }, schema: { tags, security, response: { 200: envelope(userStatistic) } } },
    async (request) => ok(await members.statistic(currentUser(request))),
  );

  app.get(
    '/user/get_role',
    { config: { access: member }, schema: { tags, security, response: { 200: envelope(z.array(roleOption)) } } },
    async () => ok(await members.roles()),
  );

  app.post(
    '/user/user_manage',
    { config: { access: member }, schema: { tags, security, body: userManageBody, response: { 200: envelope(adminUser) } } },
    async (request) => ok(await members.manage(currentUser(request), request.body)),
  );

  app.post(
    '/user/del_user',
    { config: { access: member }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await members.remove(currentUser(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/user/user_import',
    {
      config: { access: member },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        // 400 carries the row-by-row problems (data: userImportReply) or any other validation error.
        response: { 200: envelope(userImportReply), 400: envelope(z.unknown()) },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request, IMPORT_MAX_BYTES);
      const result = await members.importCsv(currentUser(request), file.buffer.toString('utf8'), request.lang);
      if (result.errors.length === 0) return ok(result);
      // Nothing was imported: answer the row-by-row problems with the validation code.
      return reply
        .status(400)
        .send({ code: ErrorCode.VALIDATION, message: translateMessage('validation', request.lang), data: result });
    },
  );
};
