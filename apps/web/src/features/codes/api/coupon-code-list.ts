import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponCode, CouponCodeListParams, CouponKind } from '@xr/contract/codes';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

export interface CouponCodeListFilter {
  page: number;
  limit: number;
  keyword?: string;
  enabled?: 'true' | 'false';
  kind?: CouponKind;
}

/** GET /user/coupon_code_list: one page of coupon codes (keyword, on/off, kind). */
export const couponCodeListQuery = (params: CouponCodeListFilter) =>
  queryOptions({
    queryKey: [...codesKeys.coupons, 'list', params],
    queryFn: () =>
      http.get<Page<CouponCode>>('/user/coupon_code_list', {
        ...params,
        keyword: params.keyword || undefined,
      } satisfies CouponCodeListParams),
    placeholderData: keepPreviousData,
  });

export function useCouponCodeList(params: CouponCodeListFilter) {
  return useQuery(couponCodeListQuery(params));
}
