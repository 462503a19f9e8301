/** Query keys of the forum feature; mutations invalidate by prefix. */
export const forumKeys = {
  all: ['forum'] as const,
  boards: ['forum', 'boards'] as const,
  threads: ['forum', 'threads'] as const,
  thread: (id: number) => ['forum', 'thread', id] as const,
};
