import { z } from 'zod';
import { ID_MAX, PAGE_LIMIT_MAX, PAGE_MAX } from './constants';
import { V } from './messages';

/** The reply envelope every call answers with. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/**
 * Every id a call accepts: a positive integer that fits the database's `integer` columns (bigger values would make
 * the query fail). Use `idNumber` in JSON bodies and `idCoerced` in query strings, never a bare `z.number()`.
 */
export const idNumber = z
  .number({ message: V('idRequired') })
  .int(V('idRequired'))
  .positive(V('idRequired'))
  .max(ID_MAX, V('idInvalid'));
export const idCoerced = z.coerce
  .number({ message: V('idRequired') })
  .int(V('idRequired'))
  .positive(V('idRequired'))
  .max(ID_MAX, V('idInvalid'));

/** A page number (from 1, at most PAGE_MAX, so the offset stays bounded). */
export const pageNumber = z.coerce
  .number({ message: V('numberInvalid') })
  .int(V('numberInvalid'))
  .min(1, V('numberTooSmall'))
  .max(PAGE_MAX, V('numberTooLarge'))
  .default(1);
/** A page size from 1 to `max`. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ message: V('numberInvalid') })
    .int(V('numberInvalid'))
    .min(1, V('numberTooSmall'))
    .max(max, V('numberTooLarge'))
    .default(fallback);

/** Paging in: `page` (from 1) and `limit`. */
export const pageQuery = z.object({
  page: pageNumber,
  limit: pageLimit(PAGE_LIMIT_MAX, 10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Paging out: `{ list, total, page, limit }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export const idQuery = z.object({ id: idCoerced });
export const idBody = z.object({ id: idNumber });

/**
 * Control characters no text field accepts (C0 except tab, line feed and carriage return, and DEL): a NUL cannot
 * even be stored by PostgreSQL. The server checks every string of every request once (plugins/input-guard.ts);
 * other entry points (sockets) use the same test.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlChars = (s: string): boolean => CONTROL_CHARS.test(s);

/** Trimmed non-empty string with a required message. */
export const requiredText = (key: Parameters<typeof V>[0] = 'required', max = 200) =>
  z
    .string({ message: V(key) })
    .trim()
    .min(1, V(key))
    .max(max, V('tooLong'));

/** Bounded text without control characters (tab and newline allowed). */
export const boundedText = (max: number) =>
  z
    .string({ message: V('invalidValue') })
    .max(max, V('tooLong'))
    .refine((s) => !hasControlChars(s), V('controlChars'));

/** A finite number from `min` to `max` (NaN and infinities are `invalidValue`, the rest out of range `outOfRange`). */
export const finiteIn = (min: number, max: number) =>
  z
    .number({ message: V('invalidValue') })
    .refine(Number.isFinite, V('invalidValue'))
    .pipe(z.number().min(min, V('outOfRange')).max(max, V('outOfRange')));
