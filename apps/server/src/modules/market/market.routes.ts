import { pageOf } from '@xr/contract/common';
import {
  detailsQuery,
  itemListQuery,
  marketPage,
  projectDetails,
  projectPageQuery,
  review,
  scoreSummary,
  setScoreBody,
  tagList,
} from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { MarketService } from './market.service';

const tags = ['market'];
const JSON_TYPE = 'application/json; charset=utf-8';
const security = [{ bearer: [] }];

/**
 * Replies built from the market's cached objects are serialized once per object; a cache hit then costs no
 * serialization at all. (A string reply skips the route serializer, hence the `as never` where it is sent.)
 * `check` parses each reply against its schema first (development and tests: a field the schema lacks fails there);
 * production sends the service's objects as they are: every one is built field by field from the schema's type
 * (the cards, tags and creator cards in ProjectsService, the details in MarketService), and with the reply cache off
 * the parse of a 20-card page was a per-request cost the floor does not have.
 */
function jsonOnce<T extends z.ZodType>(schema: T, check: boolean) {
  const full = envelope(schema);
  const done = new WeakMap<object, string>();
  return (data: z.output<T> & object): string => {
    let json = done.get(data);
    if (json === undefined) {
      json = JSON.stringify(check ? full.parse(ok(data)) : ok(data));
      done.set(data, json);
    }
    return json;
  };
}

/** The storefront calls (spec section 7 "Market, cart, comments"), plus the tag chips and the review list. */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService; checkReplies?: boolean }> = async (
  app,
  { market, checkReplies = true },
) => {
  const pageJson = jsonOnce(marketPage, checkReplies);
  const detailsJson = jsonOnce(projectDetails, checkReplies);

  app.get(
    '/home_page/item_list',
    { config: { access: 'public' }, schema: { tags, querystring: itemListQuery, response: { 200: envelope(marketPage) } } },
    async (request, reply) => reply.type(JSON_TYPE).send(pageJson(await market.itemList(request.query)) as never),
  );

  app.get(
    '/home_page/tag_list',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelope(tagList) } } },
    async () => ok(await market.tagList()),
  );

  app.get(
    '/project/front_project_details',
    { config: { access: 'public' }, schema: { tags, querystring: detailsQuery, response: { 200: envelope(projectDetails) } } },
    async (request, reply) =>
      reply.type(JSON_TYPE).send(detailsJson(await market.details(request.user, request.query.id)) as never),
  );

  app.post(
    '/home_page/set_score',
    { config: { access: 'user' }, schema: { tags, security, body: setScoreBody, response: { 200: envelope(scoreSummary) } } },
    async (request) =>
      ok(await market.setScore(currentUser(request), request.body), translateMessage('operationSuccessful', request.lang)),
  );

  app.get(
    '/home_page/score_page',
    {
      config: { access: 'public' },
      schema: { tags, querystring: projectPageQuery, response: { 200: envelope(pageOf(review)) } },
    },
    async (request) => ok(await market.scorePage(request.user, request.query)),
  );
};
