import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { body } from './commerce';
import { auth } from './factories';

/** Test helpers for the tus upload endpoint (/api/uploads) and the asset jobs it starts. */

const b64 = (s: string) => Buffer.from(s).toString('base64');

const tusHeaders = (token: string) => ({ ...auth(token), 'accept-language': 'en', 'tus-resumable': '1.0.0' });

/** Creates a tus upload (metadata such as filename, kind, project_id); answers the reply. */
export function tusCreate(app: FastifyInstance, token: string, meta: Record<string, string>, length: number) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
}

/** Sends `data` at `offset` of the upload at `location`. */
export function tusPatch(app: FastifyInstance, token: string, location: string, offset: number, data: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: data,
  });
}

export function tusHead(app: FastifyInstance, token: string, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) });
}

/**
 * Creates an upload (of `opts.length` bytes, default the data's) and sends `data` in `opts.chunks` PATCH requests
 * (default one); answers the last reply, or the first refusal.
 */
export async function tusUpload(
  app: FastifyInstance,
  token: string,
  meta: Record<string, string>,
  data: Buffer,
  opts: { chunks?: number; length?: number } = {},
) {
  const create = await tusCreate(app, token, meta, opts.length ?? data.length);
  if (create.statusCode !== 201) return create;
  const location = create.headers.location as string;
  const size = Math.ceil(data.length / (opts.chunks ?? 1));
  let last = create;
  for (let offset = 0; offset < data.length; offset += size) {
    last = await tusPatch(app, token, location, offset, data.subarray(offset, offset + size));
    if (last.statusCode !== 204) return last;
  }
  return last;
}

/** A plain PNG of the given size. */
export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Waits until the project's first asset is ready (and its job done) or failed; answers /project/asset_status. */
export async function waitForAsset(app: FastifyInstance, projectId: number, token: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = body<{ assets: { status: string; job: { status: string; progress: number; result: unknown } | null }[] }>(
      await app.inject({ method: 'GET', url: `/api/project/asset_status?project_id=${projectId}`, headers: auth(token) }),
    );
    // Every asset settled (a replaced one stays until its replacement is ready). A ready asset's job records "done"
    // just after the step marks the asset: wait for both.
    const settled = (a: (typeof res.data.assets)[number]) =>
      (a.status === 'ready' && (!a.job || a.job.status === 'done')) || a.status === 'failed';
    if (res.data.assets.length > 0 && res.data.assets.every(settled)) return res.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}
