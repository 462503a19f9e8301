import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/del_coupon_code {id}: redemptions already made stay recorded. */
export function delCouponCode(id: number) {
  return http.post<null>('/user/del_coupon_code', { id });
}

export function useDelCouponCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delCouponCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.coupons }) });
}
