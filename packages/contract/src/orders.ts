import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { CATALOG_VALUES, FREE_PAY_TYPE, ORDER_ITEMS_MAX, PAYMENT_METHOD_VALUES } from './constants';
import { creatorBrief, idsText } from './market';
import { V } from './messages';
import { money } from './money';
import { orderPlanLine } from './plans';

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Prefix of every order number; the invoice number is the order number without it (spec section 2). */
export const ORDER_NO_PREFIX = 'SDK';
export const invoiceNumberOf = (orderNo: string) =>
  orderNo.startsWith(ORDER_NO_PREFIX) ? orderNo.slice(ORDER_NO_PREFIX.length) : orderNo;

/** POST /order/place_order: `project_ids` comma-joined (spec). Prices never come from the client. */
export const placeOrderBody = z.object({
  project_ids: z
    .union([z.string({ message: V('selectProduct') }), z.array(idNumber)], { message: V('selectProduct') })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .pipe(idsText(ORDER_ITEMS_MAX, 'tooManyItems'))
    .refine((ids) => ids.length > 0, V('selectProduct')),
});
export type PlaceOrderBody = z.output<typeof placeOrderBody>;

export const orderLine = z.object({ project_id: z.number().int(), project_name: z.string(), project_price: money });
export type OrderLine = z.infer<typeof orderLine>;

/**
 * An order as the invoice shows it (spec section 3 "Order"): `order_on` is the order number (`SDK…`),
 * `amount` HKD. An unpaid order expires at `expires_at`.
 */
export const placedOrder = z.object({
  order_on: z.string(),
  created_at: z.string(),
  user_email: z.string(),
  amount: money,
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  expires_at: z.string(),
  project_info: z.array(orderLine),
  /** The plan an order buys, or null for an order of projects. */
  plan_info: orderPlanLine.nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

/**
 * GET /order/order_page. Everyone sees their own orders; holders of `/orderlist/all` see everyone's and may
 * search by order number, user email and creation date (`start_date` / `end_date`, ISO dates, inclusive).
 */
export const orderPageQuery = pageQuery.extend({
  order_on: z.string().trim().max(40, V('tooLong')).optional(),
  user_email: z.string().trim().max(254, V('tooLong')).optional(),
  start_date: z.iso.date({ message: V('invalidValue') }).optional(),
  end_date: z.iso.date({ message: V('invalidValue') }).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderPageQuery = z.output<typeof orderPageQuery>;

/** A row of the order list: number, payment method, amount, time, and the items (product number, name, price). */
export const orderRow = z.object({
  id: z.number().int(),
  order_on: z.string(),
  user_id: z.number().int(),
  user_email: z.string(),
  pay_type: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  amount: money,
  currency: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  items: z.array(orderLine),
  /** The plan the order buys, or null. */
  plan_info: orderPlanLine.nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderPage = pageOf(orderRow);

/** GET /order/library: the buyer library (purchased projects), newest first. */
export const libraryItem = z.object({
  project_id: z.number().int(),
  name: z.string(),
  catalog: z.enum(CATALOG_VALUES),
  type: z.string(),
  cover: z.string(),
  creator: creatorBrief,
  order_on: z.string(),
  price_paid: money,
  purchased_at: z.string(),
});
export type LibraryItem = z.infer<typeof libraryItem>;
export const libraryPage = pageOf(libraryItem);

export const PAY_TYPES = [...PAYMENT_METHOD_VALUES, FREE_PAY_TYPE] as const;
export type PayType = (typeof PAY_TYPES)[number];

/**
 * POST /pay/pay. `path` is the page to come back to after paying (spec: the current page URL); `project_ids`
 * is accepted as the spec sends it but the order alone decides what is paid for.
 */
export const payBody = z.object({
  order_on: z
    .string({ message: V('orderNoRequired') })
    .trim()
    .min(1, V('orderNoRequired'))
    .max(40, V('tooLong')),
  pay_type: z.enum(PAY_TYPES, { message: V('selectPayMethod') }),
  path: z.string().trim().max(2000, V('tooLong')).optional(),
  project_ids: z
    .union([z.string().max(2000, V('tooLong')), z.array(z.number()).max(ORDER_ITEMS_MAX, V('tooManyItems'))])
    .optional(),
});
export type PayBody = z.output<typeof payBody>;

/**
 * Reply of /pay/pay. `qr_code` is the provider's hosted checkout URL to send the browser to (its page shows the
 * QR code for scan methods); empty for a free order, which is completed at once (`type` 'Free', `status` 'paid').
 */
export const payReply = z.object({
  qr_code: z.string(),
  type: z.string(),
  order_on: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type PayReply = z.infer<typeof payReply>;

/**
 * Reply of POST /pay/notify/:provider (the provider's server calls it, never the web): how the notification was
 * handled (paid, duplicate, already_paid, recorded).
 */
export const payNotifyReply = z.object({ result: z.string() });
export type PayNotifyReply = z.infer<typeof payNotifyReply>;
