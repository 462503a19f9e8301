import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponCode, SetCodeEnabledBody } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/set_coupon_code {id, enabled}: the start/stop switch of a coupon. */
export function setCouponCode(body: SetCodeEnabledBody) {
  return http.post<CouponCode>('/user/set_coupon_code', body);
}

export function useSetCouponCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setCouponCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.coupons }) });
}
