import { useMutation } from '@tanstack/react-query';
import type { ReportBody } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** POST /reports/set_reports: reports a project (reason + text); reporting again updates the open report. */
export function useSetReport() {
  return useMutation({ mutationFn: (body: ReportBody) => http.post<{ id: number }>('/reports/set_reports', body) });
}
