import { contactBody, contactReply } from '@xr/contract/contact';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import type { ContactService } from './contact.service';

const tags = ['contact'];

/** The public contact form (POST /send_contact_us: name, email and phone required). */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/send_contact_us',
    {
      config: { access: 'public' },
      preHandler: app.sensitiveLimit('email'),
      schema: { tags, body: contactBody, response: { 200: envelope(contactReply) } },
    },
    async (request) =>
      ok(
        await contact.contact(request.body, {
          ip: request.ip,
          log: (err) => request.log.error({ err }, 'contact mail not delivered'),
        }),
        translateMessage('contactReceived', request.lang),
      ),
  );
};
