import { useMutation } from '@tanstack/react-query';
import type { RegisterStatusReply } from '@xr/contract/auth';
import { http } from '../../../lib/http';

/** POST /register_status_judge: is the account behind this email activated yet? */
export function registerStatusJudge(email: string) {
  return http.post<RegisterStatusReply>('/register_status_judge', { email }, { silent: true });
}

export function useRegisterStatusJudge() {
  return useMutation({ mutationFn: registerStatusJudge });
}
