/*
 * The way back from the payment page, in a file of its own: the invoice builds the URL, and both the notice
 * (payment-return.tsx) and the chunk it loads (payment-return-notice.tsx) read the parameter.
 */

/** The query parameter the invoice adds to the page the buyer pays from: the payment page sends them back with it. */
export const PAID_PARAM = 'paid';

/** The URL to come back to after paying: the current page, with `?paid=<order number>` in its hash route. */
export function paymentReturnUrl(href: string, orderOn: string): string {
  const url = new URL(href);
  const hash = url.hash.replace(/^#/, '') || '/';
  const [route = '/', query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  params.set(PAID_PARAM, orderOn);
  url.hash = `${route}?${params.toString()}`;
  return url.toString();
}
