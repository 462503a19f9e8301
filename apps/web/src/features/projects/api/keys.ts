/** Query keys of the projects feature; mutations invalidate by prefix. */
export const projectsKeys = {
  all: ['projects'] as const,
  mine: ['projects', 'mine'] as const,
  status: ['projects', 'status'] as const,
  comments: ['projects', 'comments'] as const,
  questionnaire: ['projects', 'questionnaire'] as const,
  capacity: ['projects', 'capacity'] as const,
};
