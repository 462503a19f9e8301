import type { FileKind } from '@xr/contract/creator';
import { type DetailedError, Upload } from 'tus-js-client';
import { getToken } from '../../lib/auth/session';
import { currentLang } from '../../lib/i18n';

/** The tus endpoint of the server (`@tus/server` behind `/api/uploads/`). */
export const TUS_ENDPOINT = '/api/uploads/';
/** 8 MiB chunks: big files are never held in memory whole on either side. */
const CHUNK_SIZE = 8 * 1024 * 1024;

export type UploadKind = FileKind;

const BY_EXTENSION: [RegExp, FileKind][] = [
  [/\.(glb|gltf|obj|fbx|3ds|max|zip)$/i, 'model3d'],
  [/\.(mp3|wav|ogg|m4a)$/i, 'audio'],
  [/\.(mp4|webm|mov)$/i, 'video'],
];

/** The server's file kind for a project's content: from its catalog, or (multimedia) from the file's extension. */
export function contentKindOf(catalog: string | undefined, fileName: string): FileKind {
  if (catalog === '360_image') return 'image360';
  if (catalog === '360_video') return 'video360';
  if (catalog === '3d_model') return 'model3d';
  return BY_EXTENSION.find(([re]) => re.test(fileName))?.[1] ?? 'image';
}

export interface TusCallbacks {
  onProgress(sent: number, total: number): void;
  /** `assetId`: the project file the server made of the upload (its `X-Asset-Id` reply header), when it says. */
  onSuccess(url: string, assetId: number | null): void;
  onError(message: string | null): void;
}

/** The server's reason for refusing an upload (JSON `{ message }` or plain text), or null when there is none. */
export function refusalMessage(err: Error): string | null {
  const body = (err as DetailedError).originalResponse?.getBody?.();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // plain text
  }
  return body.trim().slice(0, 300) || null;
}

/** The asset id of the upload's last reply header, or null when absent or not a positive integer. */
export function assetIdOf(header: string | undefined): number | null {
  const id = Number(header);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A resumable upload of one file. Fingerprints are kept in local storage (tus-js-client's default url storage),
 * so after a page reload the same file picks up where it stopped instead of starting over.
 */
export function createTusUpload(file: File, kind: UploadKind, cb: TusCallbacks, projectId?: number, replace = false): Upload {
  const token = getToken();
  const upload: Upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    chunkSize: CHUNK_SIZE,
    retryDelays: [0, 1000, 3000, 5000],
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    headers: { 'accept-language': currentLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    metadata: {
      filename: file.name,
      filetype: file.type,
      kind,
      ...(projectId ? { project_id: String(projectId) } : {}),
      ...(replace ? { replace: '1' } : {}),
    },
    onProgress: (sent, total) => cb.onProgress(sent, total),
    onSuccess: ({ lastResponse }) => cb.onSuccess(upload.url ?? '', assetIdOf(lastResponse.getHeader('X-Asset-Id'))),
    onError: (err) => cb.onError(refusalMessage(err)),
  });
  return upload;
}
