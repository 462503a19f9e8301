import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type {
  InstitutionApplication,
  InstitutionApplyBody,
  InstitutionDecideBody,
  InstitutionPageQuery,
  InstitutionStatus,
} from '@xr/contract/institution';
import { http } from '../../../lib/http';

const KEY = ['institution'] as const;

/** GET /approval/institution_page: the administrators' queue (pending oldest first) and the decided ones. */
export function useInstitutionPage(params: InstitutionPageQuery) {
  return useQuery({
    queryKey: [...KEY, 'page', params],
    queryFn: ({ signal }) =>
      http.get<Page<InstitutionApplication>>(
        '/approval/institution_page',
        { ...params, keyword: params.keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /approval/institution_decide: once only; a request someone else decided answers 40950 and the list reloads. */
export function useDecideInstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionDecideBody) => http.post<null>('/approval/institution_decide', body),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /user/institution_status: the signed-in account's newest application (null: never applied). */
export function useInstitutionStatus(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'status'],
    queryFn: ({ signal }) => http.get<InstitutionStatus>('/user/institution_status', undefined, { signal }),
    enabled,
  });
}

/** POST /user/institution_apply: apply again with a new certificate after a rejection. */
export function useApplyInstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstitutionApplyBody) => http.post<InstitutionStatus>('/user/institution_apply', body),
    onSuccess: (status) => client.setQueryData([...KEY, 'status'], status),
  });
}
