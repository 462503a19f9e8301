import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';

/** POST /project/del_project {id}: irreversible; removes the stored files and frees the quota. */
export function delProject(id: number) {
  return http.post<null>('/project/del_project', { id });
}

export function useDelProject() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delProject, onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.all }) });
}
