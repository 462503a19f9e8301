import {
  addCartBody,
  cartItem,
  cartPage,
  cartPageQuery,
  delCartBody,
  delCartReply,
  mergeCartBody,
  mergeCartReply,
} from '@xr/contract/cart';
import { pageOf, pageQuery } from '@xr/contract/common';
import { collectionItem, collectionReply, projectIdBody } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { CartService } from './cart.service';

const tags = ['cart'];
const security = [{ bearer: [] }];

/** Cart and wish list (spec section 7 "Market, cart, comments"; the /shoppingcart and /wishlist screens). */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.post(
    '/shopping_cart/add_cart',
    { config: { access: 'user' }, schema: { tags, security, body: addCartBody, response: { 200: envelope(cartItem) } } },
    async (request) => {
      const { item, added } = await cart.addCart(currentUser(request), request.body.project_id);
      return ok(item, translateMessage(added ? 'addedToCart' : 'alreadyInCart', request.lang));
    },
  );

  app.post(
    '/shopping_cart/merge_cart',
    { config: { access: 'user' }, schema: { tags, security, body: mergeCartBody, response: { 200: envelope(mergeCartReply) } } },
    async (request) => ok(await cart.mergeCart(currentUser(request), request.body.project_ids, request.lang)),
  );

  app.post(
    '/shopping_cart/del_cart',
    {
      config: { access: 'user' },
      schema: { tags, security, body: delCartBody, response: { 200: envelope(delCartReply) } },
    },
    async (request) => {
      const removed = await cart.delCart(currentUser(request), request.body.cart_id);
      return ok(removed, translateMessage('cartRemoved', request.lang, { id: removed.project_id }));
    },
  );

  app.get(
    '/shopping_cart/cart_page',
    { config: { access: 'user' }, schema: { tags, security, querystring: cartPageQuery, response: { 200: envelope(cartPage) } } },
    async (request) => ok(await cart.cartPage(currentUser(request), request.query)),
  );

  app.post(
    '/collection/add_collection',
    {
      config: { access: 'user' },
      schema: { tags, security, body: projectIdBody, response: { 200: envelope(collectionReply) } },
    },
    async (request) =>
      ok(
        await cart.toggleCollection(currentUser(request), request.body.project_id),
        translateMessage('operationSuccessful', request.lang),
      ),
  );

  app.get(
    '/collection/collection_page',
    {
      config: { access: { permission: '/wishlist' } },
      schema: { tags, security, querystring: pageQuery, response: { 200: envelope(pageOf(collectionItem)) } },
    },
    async (request) => ok(await cart.collectionPage(currentUser(request), request.query)),
  );
};
