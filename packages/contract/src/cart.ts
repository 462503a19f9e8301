import { z } from 'zod';
import { pageLimit, pageNumber, pageOf } from './common';
import { CART_LOAD_LIMIT, ORDER_ITEMS_MAX } from './constants';
import { idField } from './market';
import { V } from './messages';
import { money } from './money';

/** POST /shopping_cart/add_cart. */
export const addCartBody = z.object({ project_id: idField });

/** POST /shopping_cart/del_cart (spec: body with cart_id). */
export const delCartBody = z.object({ cart_id: idField });
/** Reply of del_cart: the project of the removed line. */
export const delCartReply = z.object({ project_id: z.number().int() });
export type DelCartReply = z.infer<typeof delCartReply>;

/** GET /shopping_cart/cart_page: the client loads page 1 with limit 9999 (spec), so the limit goes that high here. */
export const cartPageQuery = z.object({
  page: pageNumber,
  limit: pageLimit(CART_LOAD_LIMIT, CART_LOAD_LIMIT),
});

/**
 * A cart line with the spec's field names (spec section 3 "Cart item"). `project_type` is the market category
 * (catalog), `project_price` HKD, `is_Collection` the wish flag. `available` is false when the project can no
 * longer be bought (withdrawn from sale or the market); such lines stay until removed but cannot be checked out.
 */
export const cartItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  project_type: z.string(),
  project_img: z.string(),
  project_price: money,
  is_Collection: z.boolean(),
  available: z.boolean(),
  created_at: z.string(),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartPage = pageOf(cartItem);

/** POST /shopping_cart/merge_cart: a visitor's browser cart, merged into the account's cart at sign-in. */
export const mergeCartBody = z.object({
  project_ids: z.array(idField, { message: V('idRequired') }).max(ORDER_ITEMS_MAX, V('tooManyItems')),
});

/** Why an item cannot go into a cart (or an order). */
export const NOT_PURCHASABLE_REASONS = ['unknown', 'unavailable', 'not_for_sale', 'own', 'purchased'] as const;
export type NotPurchasableReason = (typeof NOT_PURCHASABLE_REASONS)[number];

/** Reply of merge_cart: what was added (or already there) and what was skipped, with a readable reason. */
export const mergeCartReply = z.object({
  added: z.array(z.number().int()),
  skipped: z.array(z.object({ project_id: z.number().int(), reason: z.enum(NOT_PURCHASABLE_REASONS), message: z.string() })),
  count: z.number().int(),
});
export type MergeCartReply = z.infer<typeof mergeCartReply>;
