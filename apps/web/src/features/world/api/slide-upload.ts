import type { ImageUploadReply } from '@xr/contract/creator';
import { http } from '../../../lib/http';

/** Picture types the server takes (it checks the content, not the name). */
export const SLIDE_ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * POST /project/image_upload (multipart `file`): a host's slide picture (PNG, JPEG or WebP, ≤ 10 MB) → its URL.
 * `signal` cancels the upload (the presenter dialog closed mid-conversion).
 */
export function uploadSlide(file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<ImageUploadReply>('/project/image_upload', form, signal ? { signal } : {});
}
