/** Query keys of the live feature; mutations invalidate by prefix. */
export const liveKeys = {
  all: ['live'] as const,
  list: ['live', 'list'] as const,
  info: (id: number) => ['live', 'info', id] as const,
};
