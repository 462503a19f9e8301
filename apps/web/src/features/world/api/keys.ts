/** Query keys of the world's admin screens; mutations invalidate by prefix. */
export const worldKeys = {
  all: ['world'] as const,
  entries: ['world', 'entries'] as const,
  online: ['world', 'online'] as const,
  chat: ['world', 'chat'] as const,
  projects: ['world', 'projects'] as const,
};

/** Query keys of the public room calls (the /meta list, a room's details and scene), apart from the admin lists'. */
export const roomKeys = {
  all: ['meta-world'] as const,
  list: (params: object) => ['meta-world', 'list', params] as const,
  details: (id: number) => ['meta-world', 'details', id] as const,
  scene: (id: number) => ['meta-world', 'scene', id] as const,
};
