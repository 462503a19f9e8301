import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { capacityPage, UpCapacityBody } from '@xr/contract/creator';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { systemKeys } from './keys';

export type CapacityPageData = z.infer<typeof capacityPage>;

/** GET /system/capacity_page: quota per plan, and users with their plan, override and usage. */
export function useCapacityPage(params: { page: number; limit: number; user_id?: number }) {
  return useQuery({
    queryKey: [...systemKeys.capacity, params],
    queryFn: ({ signal }) => http.get<CapacityPageData>('/system/capacity_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /system/up_capacity: a plan's quota, or a user's plan / personal quota (null clears it). */
export function useUpCapacity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpCapacityBody) => http.post<null>('/system/up_capacity', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: systemKeys.capacity }),
  });
}
