import { useMutation } from '@tanstack/react-query';
import type { certificateReply } from '@xr/contract/auth';
import type { z } from 'zod';
import { http } from '../../../lib/http';

/** POST /register_certificate_upload (multipart `file`): stores an organisation certificate, answers its key. */
export async function uploadRegisterCertificate(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const data = await http.post<z.infer<typeof certificateReply>>('/register_certificate_upload', form, { silent: true });
  return data.certificate;
}

export function useUploadRegisterCertificate() {
  return useMutation({ mutationFn: uploadRegisterCertificate });
}
