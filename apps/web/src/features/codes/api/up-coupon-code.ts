import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponCode, UpCouponCodeBody } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/up_coupon_code: edits a coupon; later redemptions get the new benefit. */
export function upCouponCode(body: UpCouponCodeBody) {
  return http.post<CouponCode>('/user/up_coupon_code', body, { silent: true });
}

export function useUpCouponCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: upCouponCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.coupons }) });
}
