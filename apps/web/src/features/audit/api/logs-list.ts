import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditListReply } from '@xr/contract/audit';
import { http } from '../../../lib/http';
import type { AuditListParams } from '../components/audit-filters';
import { auditKeys } from './keys';

/** GET /logs_list: one page of the audit log, newest first, with the filters applied (see `toAuditListParams`). */
export const logsListQuery = (params: AuditListParams) =>
  queryOptions({
    queryKey: [...auditKeys.list, params],
    queryFn: ({ signal }) => http.get<AuditListReply>('/logs_list', { ...params }, { signal }),
    placeholderData: keepPreviousData,
    // Entries arrive all the time: fetched again each time the tab is shown.
    staleTime: 0,
  });

export function useLogsList(params: AuditListParams) {
  return useQuery(logsListQuery(params));
}
