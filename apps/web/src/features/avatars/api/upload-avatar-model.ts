import { type DetailedError, Upload } from 'tus-js-client';
import { getToken } from '../../../lib/auth/session';
import { currentLang } from '../../../lib/i18n';

/** The server's reason for refusing an upload (its `{ message }`), or null. */
function refusal(err: Error): string | null {
  const text = (err as DetailedError).originalResponse?.getBody?.();
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
  } catch {
    return text.trim().slice(0, 300) || null;
  }
}

/**
 * Uploads a GLB / VRM avatar through the resumable upload endpoint (/api/uploads/, kind `avatar`); the server
 * then checks it against the avatar budget in the background. Answers the started upload (call `abort()` to stop).
 */
export function uploadAvatarModel(
  file: File,
  cb: { onProgress(percent: number): void; onSuccess(): void; onError(message: string | null): void },
): Upload {
  const token = getToken();
  const upload = new Upload(file, {
    endpoint: '/api/uploads/',
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000],
    headers: { 'accept-language': currentLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    metadata: { filename: file.name, filetype: file.type, kind: 'avatar' },
    onProgress: (sent, total) => cb.onProgress(total ? Math.round((sent / total) * 100) : 0),
    onSuccess: () => cb.onSuccess(),
    onError: (err) => cb.onError(refusal(err)),
  });
  upload.start();
  return upload;
}
