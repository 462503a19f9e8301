import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveStream } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** POST /live/end_live {id}: ends the stream for good. */
export function endLive(id: number) {
  return http.post<LiveStream>('/live/end_live', { id });
}

export function useEndLive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: endLive, onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.list }) });
}
