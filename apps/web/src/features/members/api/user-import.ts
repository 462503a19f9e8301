import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserImportReply } from '@xr/contract/auth';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

/**
 * POST /user/user_import (multipart, field `file`): creates the accounts of a CSV file, all or none. When a
 * row is wrong the call answers 40001 with `data.errors` (row, field, message); it is not toasted here so the
 * dialog can show them as a table.
 */
export function userImport(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<UserImportReply>('/user/user_import', form, { silent: true });
}

export function useUserImport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: userImport, onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.all }) });
}
