import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../lib/auth/session';
import { PAID_PARAM } from './payment-return-url';

const Notice = lazy(() => import('./payment-return-notice'));

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
