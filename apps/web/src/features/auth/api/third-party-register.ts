import { useMutation } from '@tanstack/react-query';
import type { ThirdPartyRegisterBody, UserInfo } from '@xr/contract/auth';
import { loadUserInfo } from '../../../lib/auth/session';
import { http } from '../../../lib/http';

/** POST /third_party_register: completes an account created by third-party sign-in (terms, forum name…). */
export function thirdPartyRegister(body: ThirdPartyRegisterBody) {
  return http.post<UserInfo>('/third_party_register', body, { silent: true });
}

export function useThirdPartyRegister() {
  return useMutation({ mutationFn: thirdPartyRegister, onSuccess: () => loadUserInfo() });
}
