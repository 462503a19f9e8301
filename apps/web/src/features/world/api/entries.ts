import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { AddWorldBody, UpWorldBody, WorldEntry, WorldPageParams } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { worldKeys } from './keys';

export interface WorldPageFilter {
  page: number;
  limit: number;
  keyword?: string;
}

/** GET /explore/world_page: meta world entries (weight first) with live online totals. */
export const worldPageQuery = (params: WorldPageFilter) =>
  queryOptions({
    queryKey: [...worldKeys.entries, params],
    queryFn: ({ signal }) =>
      http.get<Page<WorldEntry>>(
        '/explore/world_page',
        { ...params, keyword: params.keyword || undefined } satisfies WorldPageParams,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useWorldPage(params: WorldPageFilter) {
  return useQuery(worldPageQuery(params));
}

/** POST /explore/add_world. */
export function useAddWorld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddWorldBody) => http.post<WorldEntry>('/explore/add_world', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.entries }),
  });
}

/** POST /explore/up_world (also: a new invite link with `new_invite`). */
export function useUpWorld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpWorldBody) => http.post<WorldEntry>('/explore/up_world', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.entries }),
  });
}

/** POST /explore/del_world {id}: the rooms close; visits and chat records stay. */
export function useDelWorld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>('/explore/del_world', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.entries }),
  });
}

/** One of the signed-in creator's projects, for the project picker. */
export interface ProjectOption {
  id: number;
  name: string;
}

/** GET /project/my_project_page: the creator's projects matching `keyword` (the picker's options). */
export function useMyProjectOptions(keyword: string) {
  return useQuery({
    queryKey: [...worldKeys.projects, keyword],
    queryFn: ({ signal }) =>
      http.get<Page<ProjectOption>>(
        '/project/my_project_page',
        { page: 1, limit: 20, keyword: keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
