import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../lib/auth/session';

const Notice = lazy(() => import('./payment-return-notice'));

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

/**
 * What the buyer sees when the payment page sends them back (`?paid=<order>`): the order's state, checked with the
 * server (paid / still being confirmed / not paid), with the way to the order list and the library. Closing it
 * removes the parameter, so a reload does not show it again. Mounted by both layouts.
 */
export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const { token } = useSession();
  const orderOn = params.get(PAID_PARAM);
  // no query at all (not even a disabled one) unless a signed-in buyer came back from paying
  return orderOn && token ? (
    <Suspense fallback={null}>
      <Notice orderOn={orderOn} />
    </Suspense>
  ) : null;
}
