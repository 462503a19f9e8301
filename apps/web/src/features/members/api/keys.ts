/** Query keys of the members feature; mutations invalidate by prefix (`membersKeys.all` refreshes everything). */
export const membersKeys = {
  all: ['members'] as const,
  users: ['members', 'users'] as const,
  statistic: ['members', 'statistic'] as const,
  roles: ['members', 'roles'] as const,
};
