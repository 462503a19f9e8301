import { z } from 'zod';
import { boundedText, hasControlChars } from '../common';
import { META_WEIGHT_MAX } from '../constants';
import { V } from '../messages';
import {
  WORLD_ACCESS,
  WORLD_CAPACITY_MAX,
  WORLD_CAPACITY_MIN,
  WORLD_NAME_MAX,
  WORLD_PASSWORD_MAX,
  WORLD_PASSWORD_MIN,
  WORLD_ROOM_TYPES,
} from './limits';

/** The fields the world's calls share: `world.ts` re-exports the public ones, the others stay inside world/. */

export const worldWeight = z
  .number({ message: V('worldWeightRange') })
  .int(V('worldWeightRange'))
  .min(0, V('worldWeightRange'))
  .max(META_WEIGHT_MAX, V('worldWeightRange'));
export const worldCapacity = z
  .number({ message: V('worldCapacityRange') })
  .int(V('worldCapacityRange'))
  .min(WORLD_CAPACITY_MIN, V('worldCapacityRange'))
  .max(WORLD_CAPACITY_MAX, V('worldCapacityRange'));
export const worldPassword = z
  .string({ message: V('worldPasswordFormat') })
  .min(WORLD_PASSWORD_MIN, V('worldPasswordFormat'))
  .max(WORLD_PASSWORD_MAX, V('worldPasswordFormat'))
  .refine((s) => !hasControlChars(s), V('controlChars'));
export const worldName = boundedText(WORLD_NAME_MAX)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, V('nameRequired')));
export const roomType = z.enum(WORLD_ROOM_TYPES, { message: V('invalidValue') });
export const access = z.enum(WORLD_ACCESS, { message: V('invalidValue') });
/** An invite token (URL-safe, 16–64 characters). */
export const worldInviteToken = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{16,64}$/, V('invalidValue'));
/** A date filter `YYYY-MM-DD` (the day in UTC). */
export const day = z
  .string({ message: V('dateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, V('dateInvalid'))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), V('dateInvalid'));
export const keyword = z
  .string({ message: V('invalidValue') })
  .trim()
  .max(100, V('tooLong'))
  .optional();
