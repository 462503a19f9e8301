import { payBody, payNotifyReply, payReply } from '@xr/contract/orders';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import type { OriginPolicy } from '../../lib/origin';
import type { SandboxProvider } from '../../lib/payments';
import { currentUser } from '../../plugins/auth';
import type { CheckoutWorkflow } from '../../workflows/checkout';
import type { PaymentNotifyWorkflow } from '../../workflows/payment-notify';
import {
  deliverSandboxNotification,
  renderCheckoutPage,
  renderInvalidPage,
  SANDBOX_ACTIONS,
  type SandboxAction,
  sandboxLang,
} from './payments.sandbox';

const tags = ['payments'];
const security = [{ bearer: [] }];
const NOTIFY_BODY_LIMIT = 64 * 1024;

export interface PaymentsRouteOptions {
  checkout: CheckoutWorkflow;
  notify: PaymentNotifyWorkflow;
  /** Set when the configured provider is the built-in sandbox: its hosted pages are served too. */
  sandbox?: SandboxProvider;
  /** Which origins links and return URLs may use (PUBLIC_URL, ALLOWED_HOSTS, our own addresses). */
  origins: OriginPolicy;
}

/** The hosted page runs no script; its form may post here and the redirect after it may go back to the shop. */
const checkoutCsp = (returnUrl: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${new URL(returnUrl).origin}; base-uri 'none'; frame-ancestors 'none'`;

/** /pay/pay (spec section 7), the providers' notify URL, and the sandbox gateway's hosted checkout. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRouteOptions> = async (app, opts) => {
  const { checkout, notify, sandbox, origins } = opts;

  app.post(
    '/pay/pay',
    { config: { access: 'user' }, schema: { tags, security, body: payBody, response: { 200: envelope(payReply) } } },
    async (request) => {
      // Never the request's Host, Origin or Referer as such: those are the caller's to choose.
      const baseUrl = origins.baseUrl(request);
      const allowedHosts = origins.allowedHostnames();
      return ok(await checkout.pay(currentUser(request).id, request.body, { baseUrl, allowedHosts, lang: request.lang }));
    },
  );

  // The notification's signature covers the exact bytes sent, so this route keeps the raw body (any content type).
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    raw.post(
      '/pay/notify/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Server-to-server payment notification (signed by the provider)',
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: envelope(payNotifyReply) },
        },
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const result = await notify.handleNotification(request.params.provider, rawBody, request.headers);
        return ok({ result });
      },
    );
  });

  if (!sandbox) return;

  app.get(
    '/pay/sandbox/checkout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sandbox gateway: hosted checkout page (HTML)',
        querystring: z.object({ session: z.string().max(100).default(''), lang: z.string().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const lang = sandboxLang(request.query.lang);
      const session = await sandbox.openSession(request.query.session);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-frame-options', 'DENY');
      if (!session) return reply.status(404).send(renderInvalidPage(lang));
      reply.header('content-security-policy', checkoutCsp(session.returnUrl));
      const pageUrl = `${origins.baseUrl(request)}${request.url}`;
      return reply.send(await renderCheckoutPage({ session, pageUrl, lang }));
    },
  );

  await app.register(async (plain) => {
    const form = plain.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    form.post(
      '/pay/sandbox/complete',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sandbox gateway: Pay / Cancel / Fail pressed on the hosted page',
          body: z.object({
            session: z.string().max(100),
            action: z.enum(Object.keys(SANDBOX_ACTIONS) as [SandboxAction, ...SandboxAction[]]),
            lang: z.string().max(5).optional(),
          }),
        },
      },
      async (request, reply) => {
        const lang = sandboxLang(request.body.lang);
        const session = await sandbox.openSession(request.body.session);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-frame-options', 'DENY');
        if (!session) return reply.status(404).send(renderInvalidPage(lang));
        reply.header('content-security-policy', checkoutCsp(session.returnUrl));
        const delivered = await deliverSandboxNotification(sandbox, session, request.body.action);
        if (!delivered) {
          request.log.warn({ order: session.orderNo, notifyUrl: session.notifyUrl }, 'sandbox notification not accepted');
          const pageUrl = `${origins.baseUrl(request)}/api/pay/sandbox/checkout?session=${session.id}&lang=${lang}`;
          return reply.status(502).send(await renderCheckoutPage({ session, pageUrl, lang, error: true }));
        }
        return reply.redirect(session.returnUrl, 303);
      },
    );
  });
};
