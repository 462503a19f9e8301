import { myMessagePage, myMessageQuery, readMessageBody } from '@xr/contract/creator';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { MessagesService } from './messages.service';

const tags = ['messages'];
const security = [{ bearer: [] }];

/** My system messages (/profile) and marking them read (`id` omitted: all). */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.get(
    '/message/my_message_page',
    {
      config: { access: 'user' },
      schema: { tags, security, querystring: myMessageQuery, response: { 200: envelope(myMessagePage) } },
    },
    async (request) => ok(await messages.page(currentUser(request).id, request.query, request.lang)),
  );
  app.post(
    '/message/read_message',
    {
      config: { access: 'user' },
      schema: { tags, security, body: readMessageBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await messages.read(currentUser(request).id, request.body.id);
      return ok(null, translateMessage('operationSuccessful', request.lang));
    },
  );
};
