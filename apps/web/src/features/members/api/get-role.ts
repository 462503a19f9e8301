import { queryOptions, useQuery } from '@tanstack/react-query';
import type { roleOption } from '@xr/contract/auth';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

export type RoleOption = z.infer<typeof roleOption>;

/** GET /user/get_role: the roles an account can be given (filter and edit dialog). */
export const rolesQuery = () =>
  queryOptions({ queryKey: membersKeys.roles, queryFn: () => http.get<RoleOption[]>('/user/get_role'), staleTime: 60_000 });

export function useRoles() {
  return useQuery(rolesQuery());
}
