import { z } from 'zod';
import { V } from './messages';

/**
 * Money at the API edge. The database keeps integer HKD cents; the API speaks HKD:
 *  - in replies every price and amount is a JSON **number** of HKD with at most two decimals (`128.5` is HK$128.50;
 *    clients format it with two decimals);
 *  - in queries and bodies a price is a number (or numeric string in a query) with at most two decimals.
 * Only these helpers convert, so rounding happens in one place.
 */
export const centsToHkd = (cents: number): number => Math.round(cents) / 100;
export const hkdToCents = (hkd: number): number => Math.round(hkd * 100);
/** `128.5` -> `"128.50"`: an amount with two decimals (what the API and notifications carry); screens use `formatPrice` (format.ts). */
export const formatHkd = (hkd: number): string => hkd.toFixed(2);

/** A reply's money field (HKD, 2 decimals at most). */
export const money = z.number();

/** A price filter in a query string: HKD, 0 or more, at most two decimals. */
export const priceQuery = z.coerce
  .number({ message: V('numberInvalid') })
  .min(0, V('numberInvalid'))
  .max(10_000_000, V('numberInvalid'))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, V('priceFormat'));
