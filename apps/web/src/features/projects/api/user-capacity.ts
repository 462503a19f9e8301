import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { CapacityInfo } from './types';

/** GET /user/capacity: storage used and the quota of the user's plan (bytes). */
export function useUserCapacity() {
  return useQuery({
    queryKey: projectsKeys.capacity,
    queryFn: ({ signal }) => http.get<CapacityInfo>('/user/capacity', undefined, { signal, silent: true }),
  });
}
