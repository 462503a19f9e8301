import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { addFileTypeBody, FileKind, FileTypeRow, upFileTypeBody } from '@xr/contract/creator';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { systemKeys } from './keys';

export interface FileTypeFilter {
  page: number;
  limit: number;
  kind?: FileKind;
}

/** GET /system/filetype_page: the upload allow-list by kind. */
export function useFileTypePage(params: FileTypeFilter) {
  return useQuery({
    queryKey: [...systemKeys.fileTypes, params],
    queryFn: ({ signal }) => http.get<Page<FileTypeRow>>('/system/filetype_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<T>(fn: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: systemKeys.fileTypes }) });
}

/** POST /system/add_filetype. */
export const useAddFileType = () =>
  useInvalidating((body: z.input<typeof addFileTypeBody>) =>
    http.post<FileTypeRow>('/system/add_filetype', body, { silent: true }),
  );
/** POST /system/up_filetype (also the on/off switch). */
export const useUpFileType = () =>
  useInvalidating((body: z.input<typeof upFileTypeBody>) =>
    http.post<FileTypeRow>('/system/up_filetype', body, { silent: true }),
  );
/** POST /system/del_filetype {id}. */
export const useDelFileType = () => useInvalidating((id: number) => http.post<null>('/system/del_filetype', { id }));
