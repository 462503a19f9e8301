import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLiveBody, LiveIngest } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** POST /live/add_live: a new stream; answers the RTMP URL and the stream key (shown once). */
export function addLive(body: AddLiveBody) {
  return http.post<LiveIngest>('/live/add_live', body, { silent: true });
}

export function useAddLive() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addLive, onSuccess: () => client.invalidateQueries({ queryKey: liveKeys.list }) });
}
