import { hasControlChars } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Deepest nesting walked; deeper JSON is refused (a 1 MB body can nest far enough to exhaust the stack). */
const MAX_DEPTH = 64;

/**
 * Path (`a.b.0`) of the first string in `value` that holds a control character (or of a structure nested deeper
 * than MAX_DEPTH), or null. Walks plain JSON only: multipart streams and upload bodies are not objects of this kind.
 */
export function controlCharPath(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return hasControlChars(value) ? at : null;
  if (value === null || typeof value !== 'object') return null;
  if (at.length >= MAX_DEPTH) return at;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharPath(value[i], [...at, String(i)]);
      if (found) return found;
    }
    return null;
  }
  // Binary bodies and streams (uploads) are not text; query objects have a null-prototype class of their own.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function')
    return null;
  for (const [key, v] of Object.entries(value)) {
    if (hasControlChars(key)) return [...at, key];
    const found = controlCharPath(v, [...at, key]);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, before its schema runs: no string of the query, the route parameters or a JSON body
 * may hold a control character (NUL and the other C0 characters except tab and line breaks, DEL). Answers 40001
 * naming the field, in the caller's language.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = controlCharPath(part);
      if (found) {
        // A path as long as MAX_DEPTH ends at a structure nested too deeply, not at a string.
        const messageKey = found.length >= MAX_DEPTH ? 'v.tooDeep' : 'v.controlChars';
        throw new AppError(ErrorCode.VALIDATION, { field: found.join('.'), messageKey });
      }
    }
  });
});
