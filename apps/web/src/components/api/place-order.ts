import type { PlacedOrder } from '@xr/contract/orders';
import { http } from '../../lib/http';

/**
 * POST /order/place_order with the selected projects' ids comma-joined (spec section 7). The server prices the
 * order itself; the reply is what the invoice shows.
 */
export function placeOrder(projectIds: number[]) {
  return http.post<PlacedOrder>('/order/place_order', { project_ids: projectIds.join(',') });
}
