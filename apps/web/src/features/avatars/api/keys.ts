/** Query keys of the avatars feature; mutations invalidate by prefix. */
export const avatarsKeys = {
  all: ['avatars'] as const,
  page: ['avatars', 'page'] as const,
  library: ['avatars', 'library'] as const,
};
