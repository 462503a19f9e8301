import type { PayReply, PayType } from '@xr/contract/orders';
import { http } from '../../lib/http';

export interface PayInput {
  order_on: string;
  pay_type: PayType;
  /** The page to come back to after paying (spec: the current page URL). */
  path: string;
  project_ids: string;
}

/**
 * POST /pay/pay: starts the payment. `qr_code` is the provider's hosted checkout URL to send the browser to;
 * a free order answers `type` 'Free' and is already complete.
 */
export function pay(body: PayInput) {
  return http.post<PayReply>('/pay/pay', body);
}
