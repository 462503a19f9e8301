import { z } from 'zod';

/** Response schema of the `{ code, message, data }` envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** Envelope schema for calls that answer no data. */
export const emptyEnvelope = envelope(z.null());

/** A success reply. */
export function ok<T>(data: T, message = 'success') {
  return { code: 200, message, data };
}

/** ISO string of a date (or null), the form every timestamp leaves the API in. */
export function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}
