import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorldDetails } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { roomKeys } from './keys';

/** GET /meta/world_details?id=: what the room page needs before joining (the project to load, its kind, access). */
export const worldDetailsQuery = (id: number, signedIn: boolean) =>
  queryOptions({
    queryKey: [...roomKeys.details(id), signedIn],
    queryFn: ({ signal }) => http.get<WorldDetails>('/meta/world_details', { id }, { signal, silent: true }),
    retry: false,
  });

export function useWorldDetails(id: number, signedIn: boolean, enabled: boolean) {
  return useQuery({ ...worldDetailsQuery(id, signedIn), enabled });
}
