import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCodeDetails } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** GET /user/invite_code_details?id: a campaign code with the latest accounts that registered with it. */
export const inviteCodeDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...codesKeys.invites, 'details', id],
    queryFn: () => http.get<InviteCodeDetails>('/user/invite_code_details', { id }),
  });

export function useInviteCodeDetails(id: number | undefined) {
  return useQuery({ ...inviteCodeDetailsQuery(id ?? 0), enabled: id !== undefined });
}
