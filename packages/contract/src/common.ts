import { z } from 'zod';
import { PAGE_LIMIT_MAX } from './constants';
import { V } from './messages';

/** The reply envelope every call answers with. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Paging in: `page` (from 1) and `limit`. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(10),
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

export const idQuery = z.object({
  id: z.coerce
    .number({ message: V('idRequired') })
    .int()
    .positive(V('idRequired')),
});
export const idBody = z.object({
  id: z
    .number({ message: V('idRequired') })
    .int()
    .positive(V('idRequired')),
});

/** Trimmed non-empty string with a required message. */
export const requiredText = (key: Parameters<typeof V>[0] = 'required', max = 200) =>
  z
    .string({ message: V(key) })
    .trim()
    .min(1, V(key))
    .max(max, V('tooLong'));
