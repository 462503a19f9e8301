import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { ReportDecideBody, ReportItem, ReportPageQuery } from '@xr/contract/reports';
import { http } from '../../../lib/http';

const KEY = ['reports'] as const;

/** GET /reports/report_page: open reports oldest first, decided ones newest first. */
export function useReportPage(params: ReportPageQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, 'page', params],
    queryFn: ({ signal }) => http.get<Page<ReportItem>>('/reports/report_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /reports/report_decide: once only (40950 when decided meanwhile; the list reloads either way). */
export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportDecideBody) => http.post<null>('/reports/report_decide', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
