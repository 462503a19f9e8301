import { useMutation } from '@tanstack/react-query';
import type { ProjectThreadReply } from '@xr/contract/forum';
import { http } from '../../../lib/http';

/** POST /forum/project_thread: the project's discussion thread in the forum (opened on first use). */
export function useProjectThread() {
  return useMutation({
    mutationFn: (projectId: number) => http.post<ProjectThreadReply>('/forum/project_thread', { project_id: projectId }),
  });
}
