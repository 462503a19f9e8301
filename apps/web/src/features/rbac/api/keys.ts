/** Query keys of the rbac feature; mutations invalidate by prefix (`rbacKeys.roles` refreshes every role query). */
export const rbacKeys = {
  all: ['rbac'] as const,
  roles: ['rbac', 'roles'] as const,
  permissions: ['rbac', 'permissions'] as const,
  rolePermissions: ['rbac', 'role-permissions'] as const,
};
