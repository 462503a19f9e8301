/** Query keys of the meta world's public calls. */
export const roomKeys = {
  all: ['meta-world'] as const,
  list: (params: object) => ['meta-world', 'list', params] as const,
  details: (id: number) => ['meta-world', 'details', id] as const,
  scene: (id: number) => ['meta-world', 'scene', id] as const,
};
