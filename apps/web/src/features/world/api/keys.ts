/** Query keys of the world feature; mutations invalidate by prefix. */
export const worldKeys = {
  all: ['world'] as const,
  entries: ['world', 'entries'] as const,
  online: ['world', 'online'] as const,
  chat: ['world', 'chat'] as const,
  projects: ['world', 'projects'] as const,
};
