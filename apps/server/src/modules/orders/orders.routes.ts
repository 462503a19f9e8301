import { pageQuery } from '@xr/contract/common';
import { libraryPage, orderPage, orderPageQuery, placedOrder, placeOrderBody } from '@xr/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { CheckoutWorkflow } from '../../workflows/checkout';
import type { OrdersService } from './orders.service';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** Orders (spec section 7 "Orders and payment") and the buyer library. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; checkout: CheckoutWorkflow }> = async (
  app,
  { orders, checkout },
) => {
  app.post(
    '/order/place_order',
    { config: { access: 'user' }, schema: { tags, security, body: placeOrderBody, response: { 200: envelope(placedOrder) } } },
    async (request) => ok(await checkout.placeOrder(currentUser(request).id, request.body)),
  );

  app.get(
    '/order/order_page',
    {
      config: { access: { permission: '/orderlist' } },
      schema: { tags, security, querystring: orderPageQuery, response: { 200: envelope(orderPage) } },
    },
    async (request) => ok(await orders.orderPage(currentUser(request), request.query)),
  );

  app.get(
    '/order/library',
    { config: { access: 'user' }, schema: { tags, security, querystring: pageQuery, response: { 200: envelope(libraryPage) } } },
    async (request) => ok(await orders.library(currentUser(request).id, request.query)),
  );
};
