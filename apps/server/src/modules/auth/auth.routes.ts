import {
  activateBody,
  activateReply,
  emailBody,
  loginBody,
  loginReply,
  oidcConfigReply,
  registerBody,
  registerStatusReply,
  retrievePasswordBody,
  sendEmailCodeBody,
  upPasswordBody,
} from '@xr/contract/auth';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import type { OriginPolicy } from '../../lib/origin';
import { currentUser } from '../../plugins/auth';
import type { AuthService, RequestMeta } from './auth.service';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** Caller details the service needs: address, browser, the origin for links back here, language. */
function metaOf(request: FastifyRequest, origins: OriginPolicy): RequestMeta {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    origin: origins.baseUrl(request),
    lang: request.lang,
    requestId: String(request.id),
  };
}

/** Spec section 7 "Account": sign-in, sessions, registration with activation, passwords, OpenID Connect. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; origins: OriginPolicy }> = async (app, { auth, origins }) => {
  const say = (request: FastifyRequest, key: string) => translateMessage(key, request.lang);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      // Per address here; per account (failures only, whatever name was typed) in auth.login.
      preHandler: app.sensitiveLimit(),
      schema: { tags, body: loginBody, response: { 200: envelope(loginReply) } },
    },
    async (request) => ok(await auth.login(request.body, metaOf(request, origins))),
  );

  app.post(
    '/logout',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: emptyEnvelope } } },
    async (request) => {
      await auth.logout(currentUser(request));
      return ok(null);
    },
  );

  app.post(
    '/send_register_email_code',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: emailBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.sendRegisterCode(request.body.email, request.lang);
      return ok(null, say(request, 'mailSent'));
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: registerBody, response: { 200: envelope(registerStatusReply) } },
    },
    async (request) => ok(await auth.register(request.body, metaOf(request, origins)), say(request, 'activationMailSent')),
  );

  app.get(
    '/activate',
    {
      config: { access: 'public' },
      schema: { tags, querystring: z.object({ token: z.string().max(200).optional() }) },
    },
    async (request, reply) => {
      const activated = await auth.activate(request.query.token ?? '').then(
        () => 1,
        () => 0,
      );
      return reply.redirect(`/#/login?activated=${activated}`, 302);
    },
  );

  app.post(
    '/activate',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit(),
      schema: { tags, body: activateBody, response: { 200: envelope(activateReply) } },
    },
    async (request) => ok(await auth.activate(request.body.token)),
  );

  app.post(
    '/register_status_judge',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: emailBody, response: { 200: envelope(registerStatusReply) } },
    },
    async (request) => ok(await auth.registerStatus(request.body.email)),
  );

  app.post(
    '/resend_activation',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: emailBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.resendActivation(request.body.email, metaOf(request, origins));
      return ok(null, say(request, 'activationMailSent'));
    },
  );

  app.post(
    '/send_email_code',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: sendEmailCodeBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.sendResetCode(request.body.email, request.lang);
      return ok(null, say(request, 'mailSent'));
    },
  );

  app.post(
    '/retrieve_password',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: retrievePasswordBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.retrievePassword(request.body, metaOf(request, origins));
      return ok(null, say(request, 'passwordResetComplete'));
    },
  );

  app.post(
    '/user/up_password',
    { config: { access: 'user' }, schema: { tags, security, body: upPasswordBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await auth.changePassword(currentUser(request), request.body);
      return ok(null);
    },
  );

  // --- OpenID Connect (third-party sign-in) ---

  app.get(
    '/oidc/config',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelope(oidcConfigReply) } } },
    async () => ok(auth.oidcConfig()),
  );

  app.get(
    '/oidc/login',
    { config: { access: 'public' }, schema: { tags, querystring: z.object({ redirect: z.string().max(500).optional() }) } },
    async (request, reply) => reply.redirect(await auth.oidcLoginUrl(request.query.redirect, metaOf(request, origins)), 302),
  );

  app.get(
    '/oidc/callback',
    { config: { access: 'public' }, schema: { tags, querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => reply.redirect(await auth.oidcCallback(request.query, metaOf(request, origins)), 302),
  );
};
