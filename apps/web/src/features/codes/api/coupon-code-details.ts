import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponCodeDetails } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** GET /user/coupon_code_details?id: a coupon with its latest redemptions. */
export const couponCodeDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...codesKeys.coupons, 'details', id],
    queryFn: () => http.get<CouponCodeDetails>('/user/coupon_code_details', { id }),
  });

export function useCouponCodeDetails(id: number | undefined) {
  return useQuery({ ...couponCodeDetailsQuery(id ?? 0), enabled: id !== undefined });
}
