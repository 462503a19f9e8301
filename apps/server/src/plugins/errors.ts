import { ErrorCode, httpStatusOf } from '@xr/contract/errors';
import { isMessageKey, translateMessage } from '@xr/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

interface ZodIssueLike {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The contract message key of a validation issue: the schema's own key (`v.…`) when it gave one, else a key chosen
 * from zod's issue code, so zod's built-in English never reaches a zh/tc reply.
 */
export function issueMessageKey(issue: ZodIssueLike): string {
  if (issue.message && isMessageKey(issue.message)) return issue.message;
  const origin = issue.params?.origin;
  const numeric = origin === 'number' || origin === 'bigint' || origin === 'int';
  switch (issue.keyword) {
    case 'too_big':
      return numeric ? 'v.numberTooLarge' : 'v.tooLong';
    case 'too_small':
      if (numeric) return 'v.numberTooSmall';
      return issue.params?.minimum === 1 ? 'v.required' : 'v.tooShort';
    case 'invalid_format':
    case 'invalid_string':
      return 'v.formatInvalid';
    case 'invalid_type':
      return issue.params?.received === 'undefined' || /received undefined/.test(issue.message ?? '')
        ? 'v.required'
        : 'v.invalidValue';
    default:
      return 'v.invalidValue';
  }
}

/**
 * SQLSTATE class 22 (data exception: a number out of range, an invalid byte sequence, a bad date…) raised by the
 * database because of a value the caller sent. The contract's schemas bound ids and pages and the input guard
 * refuses control characters, so this is the safety net for a bound a schema forgot: 400, never 500.
 */
function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An ioredis command that failed because Redis is out of reach (it gave up after its retries, or the connection had
 * closed): rate-limit counters and the like cannot be read until it is back.
 */
function isRedisUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && /^(Connection is closed\.?|Stream isn't writeable)/.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Turns every failure into the `{ code, message, data }` envelope with the contract's code, a message in the
 * caller's language and a matching HTTP status. Validation errors name the field (`data.field`) and carry the
 * schema's message; 5xx never leak internals (the detail goes to the log only).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    const lang = request.lang;
    if (thrown instanceof AppError) {
      const err = thrown;
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({
        code: err.code,
        message: translateMessage(
          err.messageKey,
          lang,
          err.localParams
            ? { ...err.params, ...Object.fromEntries(Object.entries(err.localParams).map(([k, v]) => [k, v[lang]])) }
            : err.params,
        ),
        data: err.errors?.length
          ? {
              field: err.field ?? err.errors[0]?.field ?? '',
              errors: err.errors.map((e) => ({ field: e.field, message: translateMessage(e.messageKey, lang, e.params) })),
            }
          : err.field
            ? { field: err.field }
            : null,
      });
    }
    const err = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: translateMessage(issueMessageKey(v), lang),
      }));
      return reply.status(400).send({
        code: ErrorCode.VALIDATION,
        message: errors[0]?.message ?? translateMessage('validation', lang),
        data: { field, errors },
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ code: ErrorCode.INTERNAL, message: translateMessage('internal', lang), data: null });
    }
    if (isDataException(err)) {
      request.log.warn({ err }, 'database refused a value of the request');
      return reply.status(400).send({ code: ErrorCode.VALIDATION, message: translateMessage('validation', lang), data: null });
    }
    if (isDatabaseUnavailable(err) || isRedisUnavailable(err)) {
      // The database or Redis is restarting or out of reach: the same request will work once it is back, so the
      // client is told to come again (503 with Retry-After) instead of being handed an internal error.
      request.log.warn({ err }, 'a service the request needs is unavailable');
      return reply
        .status(httpStatusOf[ErrorCode.SERVICE_UNAVAILABLE])
        .header('retry-after', '5')
        .send({ code: ErrorCode.SERVICE_UNAVAILABLE, message: translateMessage('serviceUnavailable', lang), data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ code: ErrorCode.PAYLOAD_TOO_LARGE, message: translateMessage('payloadTooLarge', lang), data: null });
    }
    if (status === 429) {
      return reply.status(429).send({ code: ErrorCode.RATE_LIMITED, message: translateMessage('rateLimited', lang), data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, safe to describe.
      return reply.status(400).send({ code: ErrorCode.VALIDATION, message: translateMessage('validation', lang), data: null });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(httpStatusOf[ErrorCode.INTERNAL])
      .send({ code: ErrorCode.INTERNAL, message: translateMessage('internal', lang), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: translateMessage('notFound', request.lang), data: null });
  });
});
