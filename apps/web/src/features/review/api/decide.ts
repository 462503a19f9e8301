import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { reviewKeys } from './keys';

/** POST /approval/approve_project {id}: the project may appear in the market; the creator gets a system message. */
export function approveProject(id: number) {
  return http.post<null>('/approval/approve_project', { id });
}

/** POST /approval/reject_project {id, reason}: not passed, with the reason the creator sees. */
export function rejectProject(body: { id: number; reason: string }) {
  return http.post<null>('/approval/reject_project', body);
}

export function useApproveProject() {
  const client = useQueryClient();
  return useMutation({ mutationFn: approveProject, onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }) });
}

export function useRejectProject() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rejectProject, onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }) });
}
