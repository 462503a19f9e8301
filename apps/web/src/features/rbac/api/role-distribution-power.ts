import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistributePowerBody } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';
import type { RolePermissions } from './role-permission-details';

/** POST /role/role_distribution_power {role_id, permission_ids}: replaces the role's permissions. */
export function roleDistributionPower(body: DistributePowerBody) {
  return http.post<RolePermissions>('/role/role_distribution_power', body, { silent: true });
}

export function useRoleDistributionPower() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: roleDistributionPower,
    onSuccess: (data) => {
      client.setQueryData([...rbacKeys.rolePermissions, data.role_id], data);
    },
  });
}
