import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

/** An uploaded file as the route read it. */
export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

/**
 * Reads the single file of a multipart request into memory, refusing more than `maxBytes`
 * (413 / 41301 from the errors plugin). Answers 40001 (field `file`) when there is no file.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw invalid('file', 'v.fileRequired');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw invalid('file', 'v.fileRequired');
  const buffer = await part.toBuffer();
  if (buffer.length === 0) throw invalid('file', 'v.fileRequired');
  return { buffer, filename: part.filename };
}
