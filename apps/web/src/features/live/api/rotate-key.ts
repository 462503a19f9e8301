import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveIngest } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** POST /live/rotate_key {id}: a new stream key (the old one stops working, a publisher using it is cut off). */
export function rotateKey(id: number) {
  return http.post<LiveIngest>('/live/rotate_key', { id });
}

export function useRotateKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rotateKey, onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.list }) });
}
