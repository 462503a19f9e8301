import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UserManageBody } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

/** POST /user/user_manage: roles, status and membership end of an account. */
export function userManage(body: UserManageBody) {
  return http.post<AdminUser>('/user/user_manage', body, { silent: true });
}

export function useUserManage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: userManage, onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.all }) });
}
