import {
  addCouponCodeBody,
  addInviteCodeBody,
  checkCdkBody,
  checkCdkReply,
  couponCode,
  couponCodeDetails,
  couponCodeListQuery,
  inviteCode,
  inviteCodeDetails,
  inviteCodeListQuery,
  invitee,
  myInviteCodeReply,
  setCodeEnabledBody,
  upCouponCodeBody,
  upInviteCodeBody,
} from '@xr/contract/codes';
import { idBody, idQuery, pageOf, pageQuery } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { CodesService } from './codes.service';

const tags = ['codes'];
const security = [{ bearer: [] }];
/** Campaign invite codes: the /invite-code/add-invite-code screen. */
const inviteAdmin: AccessRule = { permission: '/invite-code/add-invite-code' };
/** Coupon codes: the /coupon-code/add-coupon-code screen. */
const couponAdmin: AccessRule = { permission: '/coupon-code/add-coupon-code' };

/** Invite and coupon codes (spec section 7 "Coins, logs, invite" and "Admin: users, invite and coupon codes"). */
export const codesRoutes: FastifyPluginAsyncZod<{ codes: CodesService; rateLimit: Config['rateLimit'] }> = async (
  app,
  { codes, rateLimit },
) => {
  // Coupon guessing is limited per address (the shared sensitive-call limit) and per account. Not per code as
  // `sensitiveLimit('cdk')` would do: that would let only a handful of people per window redeem a popular coupon.
  const checkPerUser = app.createRateLimit({
    max: rateLimit.auth,
    timeWindow: rateLimit.authWindowSeconds * 1000,
    keyGenerator: (request) => `${request.routeOptions.url}|user:${request.user?.id ?? request.ip}`,
  });
  const perUserLimit = async (request: FastifyRequest) => {
    const r = await checkPerUser(request);
    if (!r.isAllowed && r.isExceeded) {
      throw new AppError(ErrorCode.RATE_LIMITED, { headers: { 'retry-after': String(Math.max(1, r.ttlInSeconds)) } });
    }
  };

  // --- Campaign invite codes ---

  app.post(
    '/user/add_invite_code',
    {
      config: { access: inviteAdmin },
      schema: { tags, security, body: addInviteCodeBody, response: { 200: envelope(inviteCode) } },
    },
    async (request) => ok(await codes.addInviteCode(currentUser(request), request.body)),
  );

  app.get(
    '/user/get_invite_code_list',
    {
      config: { access: inviteAdmin },
      schema: { tags, security, querystring: inviteCodeListQuery, response: { 200: envelope(pageOf(inviteCode)) } },
    },
    async (request) => ok(await codes.inviteCodePage(currentUser(request), request.query)),
  );

  app.get(
    '/user/invite_code_details',
    {
      config: { access: inviteAdmin },
      schema: { tags, security, querystring: idQuery, response: { 200: envelope(inviteCodeDetails) } },
    },
    async (request) => ok(await codes.inviteCodeDetails(currentUser(request), request.query.id)),
  );

  app.post(
    '/user/up_invite_code',
    {
      config: { access: inviteAdmin },
      schema: { tags, security, body: upInviteCodeBody, response: { 200: envelope(inviteCode) } },
    },
    async (request) => ok(await codes.updateInviteCode(currentUser(request), request.body)),
  );

  app.post(
    '/user/del_invite_code',
    { config: { access: inviteAdmin }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await codes.deleteInviteCode(currentUser(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/user/set_invite_code',
    {
      config: { access: inviteAdmin },
      schema: { tags, security, body: setCodeEnabledBody, response: { 200: envelope(inviteCode) } },
    },
    async (request) => ok(await codes.setInviteCodeEnabled(currentUser(request), request.body.id, request.body.enabled)),
  );

  // --- The signed-in user's own invites ---

  app.get(
    '/user/invite_code_info_list',
    {
      config: { access: 'user' },
      schema: { tags, security, querystring: pageQuery, response: { 200: envelope(pageOf(invitee)) } },
    },
    async (request) => ok(await codes.myInvitees(currentUser(request).id, request.query.page, request.query.limit)),
  );

  app.post(
    '/user/set_user_invite_code',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(myInviteCodeReply) } } },
    async (request) => ok(await codes.regenerateMyInviteCode(currentUser(request).id)),
  );

  // --- Coupon codes ---

  app.get(
    '/user/coupon_code_list',
    {
      config: { access: couponAdmin },
      schema: { tags, security, querystring: couponCodeListQuery, response: { 200: envelope(pageOf(couponCode)) } },
    },
    async (request) => ok(await codes.couponCodePage(request.query)),
  );

  app.get(
    '/user/coupon_code_details',
    {
      config: { access: couponAdmin },
      schema: { tags, security, querystring: idQuery, response: { 200: envelope(couponCodeDetails) } },
    },
    async (request) => ok(await codes.couponCodeDetails(request.query.id)),
  );

  app.post(
    '/user/add_coupon_code',
    {
      config: { access: couponAdmin },
      schema: { tags, security, body: addCouponCodeBody, response: { 200: envelope(couponCode) } },
    },
    async (request) => ok(await codes.addCouponCode(currentUser(request), request.body)),
  );

  app.post(
    '/user/up_coupon_code',
    {
      config: { access: couponAdmin },
      schema: { tags, security, body: upCouponCodeBody, response: { 200: envelope(couponCode) } },
    },
    async (request) => ok(await codes.updateCouponCode(request.body, currentUser(request))),
  );

  app.post(
    '/user/del_coupon_code',
    { config: { access: couponAdmin }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await codes.deleteCouponCode(request.body.id, currentUser(request));
      return ok(null);
    },
  );

  app.post(
    '/user/set_coupon_code',
    {
      config: { access: couponAdmin },
      schema: { tags, security, body: setCodeEnabledBody, response: { 200: envelope(couponCode) } },
    },
    async (request) => ok(await codes.setCouponCodeEnabled(request.body.id, request.body.enabled, currentUser(request))),
  );

  // Spec section 7: success when the reply's data.code is 200; the client then refetches user info.
  app.post(
    '/user/check_cdk',
    {
      config: { access: 'user' },
      preHandler: [...app.sensitiveLimit(), perUserLimit],
      schema: { tags, security, body: checkCdkBody, response: { 200: envelope(checkCdkReply) } },
    },
    async (request) =>
      ok(await codes.redeem(currentUser(request).id, request.body.cdk), translateMessage('redemptionSuccessful', request.lang)),
  );
};
