import type { FastifyInstance } from 'fastify';
import { auth } from './factories';

const b64 = (s: string) => Buffer.from(s).toString('base64');

const tusHeaders = (token: string) => ({ ...auth(token), 'accept-language': 'en', 'tus-resumable': '1.0.0' });

/** Creates a tus upload at /api/uploads (metadata such as filename, kind, project_id); answers the reply. */
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

/** Creates an upload and sends all of `data` in one PATCH; answers the last reply. */
export async function tusUpload(app: FastifyInstance, token: string, meta: Record<string, string>, data: Buffer) {
  const create = await tusCreate(app, token, meta, data.length);
  if (create.statusCode !== 201) return create;
  return tusPatch(app, token, create.headers.location as string, 0, data);
}
