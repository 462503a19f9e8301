import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { LibraryCategory, ManagedModel, updateModelBody } from '@xr/contract/library';
import type { z } from 'zod';
import { libraryKeys } from '../../../components/api/library';
import { http } from '../../../lib/http';

export interface ManagePageFilter {
  page: number;
  limit: number;
  keyword?: string;
  category?: LibraryCategory;
  /** 'true' hidden only, 'false' visible only, '' both. */
  hidden?: '' | 'true' | 'false';
}

/** GET /library/manage_page (admins): every model with its hidden flag and source. Always fetched fresh. */
export const managePageQuery = (params: ManagePageFilter) =>
  queryOptions({
    queryKey: [...libraryKeys.manage, params],
    queryFn: ({ signal }) =>
      http.get<Page<ManagedModel>>(
        '/library/manage_page',
        {
          ...params,
          keyword: params.keyword?.trim() || undefined,
          category: params.category || undefined,
          hidden: params.hidden || undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useManagePage(params: ManagePageFilter) {
  return useQuery(managePageQuery(params));
}

/** POST /library/update_model: hide / unhide, rename (three languages), recategorise. Refreshes every library query. */
export function useUpdateModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateModelBody>) =>
      http.post<ManagedModel>('/library/update_model', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
