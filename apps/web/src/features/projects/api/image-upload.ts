import type { ImageUploadReply } from '@xr/contract/creator';
import { http } from '../../../lib/http';

/** Picture types the server takes for covers and "more images" (it checks the content, not the name). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * POST /project/image_upload (multipart `file`): stores a cover or "more images" picture (PNG, JPEG or WebP, at most
 * 10 MB) and answers its public URL; works before the project is saved. `onProgress` gets the bytes sent so far.
 */
export function imageUpload(file: File, onProgress?: (sent: number, total: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<ImageUploadReply>('/project/image_upload', form, {
    silent: true,
    signal,
    onUploadProgress: onProgress ?? (() => undefined),
  });
}
