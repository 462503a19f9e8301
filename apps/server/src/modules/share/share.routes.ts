import { shareInfo, shareInfoQuery } from '@xr/contract/share';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { envelope, ok } from '../../lib/http';
import type { OriginPolicy } from '../../lib/origin';
import { absoluteCard } from './share.pages';
import type { ShareService } from './share.service';

const tags = ['share'];

/** GET /share/info: the share link, embed address and card of a public project (40401 for any other). */
export const shareRoutes: FastifyPluginAsyncZod<{ share: ShareService; origins: OriginPolicy }> = async (
  app,
  { share, origins },
) => {
  app.get(
    '/share/info',
    { config: { access: 'public' }, schema: { tags, querystring: shareInfoQuery, response: { 200: envelope(shareInfo) } } },
    async (request) => {
      const card = await share.card(request.query.id);
      if (!card) throw notFound();
      return ok(absoluteCard(card, origins.baseUrl(request)));
    },
  );
};
