import { useMutation } from '@tanstack/react-query';
import type { UpInformationBody } from '@xr/contract/auth';
import { loadUserInfo } from '../../../lib/auth/session';
import { http } from '../../../lib/http';

/** POST /user/up_information_info: user name, gender, phone, introduction (any subset). */
export function upInformation(body: UpInformationBody) {
  return http.post<unknown>('/user/up_information_info', body, { silent: true });
}

export function useUpInformation() {
  return useMutation({ mutationFn: upInformation, onSuccess: () => loadUserInfo() });
}
