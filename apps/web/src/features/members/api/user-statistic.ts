import { queryOptions, useQuery } from '@tanstack/react-query';
import type { userStatistic } from '@xr/contract/rbac';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

export type UserStatistic = z.infer<typeof userStatistic>;

/** GET /user/user_statistic: counts per status, new accounts of the last 7 days, holders per role. */
export const userStatisticQuery = () =>
  queryOptions({ queryKey: membersKeys.statistic, queryFn: () => http.get<UserStatistic>('/user/user_statistic') });

export function useUserStatistic() {
  return useQuery(userStatisticQuery());
}
