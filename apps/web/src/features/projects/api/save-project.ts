import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { MyProject, ProjectBody } from './types';

/** POST /project/add_project: creates a project (turning on for-sale or public sends it to review). */
export function addProject(body: ProjectBody) {
  return http.post<MyProject>('/project/add_project', body, { silent: true });
}

/** POST /project/up_project: edits a project; changing an approved project's content sends it back to review. */
export function upProject(body: ProjectBody & { id: number }) {
  return http.post<MyProject>('/project/up_project', body, { silent: true });
}

export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectBody & { id?: number }) => (body.id ? upProject({ ...body, id: body.id }) : addProject(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }),
  });
}
