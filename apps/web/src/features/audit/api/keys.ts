/** Query keys of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  list: ['audit', 'list'] as const,
};
