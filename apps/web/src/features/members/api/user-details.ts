import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

/** GET /user/user_details?id: one account as the /member screen shows it. */
export const userDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...membersKeys.users, 'details', id],
    queryFn: () => http.get<AdminUser>('/user/user_details', { id }),
  });

export function useUserDetails(id: number | undefined) {
  return useQuery({ ...userDetailsQuery(id ?? 0), enabled: id !== undefined });
}
