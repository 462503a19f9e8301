import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveStream, UpLiveBody } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** POST /live/up_live: name, password, projection or recording of a stream that has not ended. */
export function upLive(body: UpLiveBody) {
  return http.post<LiveStream>('/live/up_live', body, { silent: true });
}

export function useUpLive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: upLive, onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.list }) });
}
