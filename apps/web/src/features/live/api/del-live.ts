import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** POST /live/del_live {id}: removes the stream and its chat. */
export function delLive(id: number) {
  return http.post<null>('/live/del_live', { id });
}

export function useDelLive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delLive, onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.list }) });
}
