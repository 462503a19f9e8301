import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCouponCodeBody, CouponCode } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/add_coupon_code: a coupon (cdk generated when blank; 40932 when taken). */
export function addCouponCode(body: AddCouponCodeBody) {
  return http.post<CouponCode>('/user/add_coupon_code', body, { silent: true });
}

export function useAddCouponCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCouponCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.coupons }) });
}
