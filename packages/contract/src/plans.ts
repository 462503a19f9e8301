import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';
import { money } from './money';
import {
  PLAN_AVATARS_MAX,
  PLAN_LEVELS,
  PLAN_NAME_MAX,
  PLAN_PERIODS,
  PLAN_PRICE_MAX_HKD,
  PLAN_PROJECTS_MAX,
  PLAN_SEATS_MAX,
  PLAN_STORAGE_MAX_BYTES,
  type Plan,
  type PlanId,
} from './plans-catalog';

export * from './plans-catalog';

const planName = z
  .string({ message: V('planNameRequired') })
  .trim()
  .min(1, V('planNameRequired'))
  .max(PLAN_NAME_MAX, V('tooLong'));
const planPrice = z
  .union([z.number({ message: V('priceRequired') }), z.string({ message: V('priceRequired') })])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > PLAN_PRICE_MAX_HKD) {
      ctx.addIssue({ code: 'custom', message: V(text === '' ? 'priceRequired' : 'priceFormat') });
      return z.NEVER;
    }
    return Number(text);
  });
const wholeNumber = (max: number) =>
  z
    .number({ message: V('numberInvalid') })
    .int(V('numberInvalid'))
    .min(0, V('numberTooSmall'))
    .max(max, V('numberTooLarge'));

/** The quotas of a plan. `max_projects` null is unlimited; storage in bytes. */
export const planQuotas = z.object({
  max_projects: wholeNumber(PLAN_PROJECTS_MAX).nullable(),
  storage_bytes: wholeNumber(PLAN_STORAGE_MAX_BYTES),
  live_streaming: z.boolean({ message: V('invalidValue') }),
  custom_avatars: wholeNumber(PLAN_AVATARS_MAX),
  model_library: z.boolean({ message: V('invalidValue') }),
  /** Member seats an organisation gets per purchase (enterprise plans); 0 for the others. */
  seats: wholeNumber(PLAN_SEATS_MAX),
});
export type PlanQuotas = z.infer<typeof planQuotas>;

export const planNames = z.object({ zh: z.string(), tc: z.string(), en: z.string() });
export type PlanNames = z.infer<typeof planNames>;

/** POST /combo/add_combo: a plan with its names in three languages, level, period, price (HKD) and quotas. */
export const addComboBody = z.object({
  name_zh: planName,
  name_tc: planName,
  name_en: planName,
  level: z.enum(PLAN_LEVELS, { message: V('invalidValue') }),
  period: z.enum(PLAN_PERIODS, { message: V('invalidValue') }),
  price: planPrice,
  ...planQuotas.shape,
  seats: planQuotas.shape.seats.default(0),
  enabled: z.boolean({ message: V('invalidValue') }).default(true),
  sort: wholeNumber(9999).default(0),
});
export type AddComboBody = z.output<typeof addComboBody>;
export type AddComboInput = z.input<typeof addComboBody>;

/** POST /combo/up_combo: the id and the fields that change. */
export const upComboBody = z.object({
  id: idNumber,
  name_zh: planName.optional(),
  name_tc: planName.optional(),
  name_en: planName.optional(),
  level: z.enum(PLAN_LEVELS, { message: V('invalidValue') }).optional(),
  period: z.enum(PLAN_PERIODS, { message: V('invalidValue') }).optional(),
  price: planPrice.optional(),
  max_projects: planQuotas.shape.max_projects.optional(),
  storage_bytes: planQuotas.shape.storage_bytes.optional(),
  live_streaming: planQuotas.shape.live_streaming.optional(),
  custom_avatars: planQuotas.shape.custom_avatars.optional(),
  model_library: planQuotas.shape.model_library.optional(),
  seats: planQuotas.shape.seats.optional(),
  sort: wholeNumber(9999).optional(),
});
export type UpComboBody = z.output<typeof upComboBody>;

/** POST /combo/set_combo: switch a plan on or off (off: gone from /solutions, not buyable; buyers keep it). */
export const setComboBody = z.object({ id: idNumber, enabled: z.boolean({ message: V('invalidValue') }) });

/** GET /combo/combo_page (admin). */
export const comboPageQuery = pageQuery.extend({
  level: z.enum(PLAN_LEVELS, { message: V('invalidValue') }).optional(),
  period: z.enum(PLAN_PERIODS, { message: V('invalidValue') }).optional(),
  enabled: z
    .enum(['true', 'false'], { message: V('invalidValue') })
    .transform((v) => v === 'true')
    .optional(),
});
export type ComboPageQuery = z.output<typeof comboPageQuery>;

/** A plan as the admin list shows it; `sold` counts the purchases (a sold plan cannot be deleted). */
export const comboRow = z.object({
  id: z.number().int(),
  name_zh: z.string(),
  name_tc: z.string(),
  name_en: z.string(),
  level: z.enum(PLAN_LEVELS),
  period: z.enum(PLAN_PERIODS),
  price: money,
  ...planQuotas.shape,
  enabled: z.boolean(),
  sort: z.number().int(),
  sold: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComboRow = z.infer<typeof comboRow>;
export const comboPage = pageOf(comboRow);

/** A plan of GET /combo/combo_list (public): `name` in the caller's language, `names` in all three, price in HKD. */
export const publicCombo = z.object({
  id: z.number().int(),
  name: z.string(),
  names: planNames,
  level: z.enum(PLAN_LEVELS),
  period: z.enum(PLAN_PERIODS),
  price: money,
  quotas: planQuotas,
});
export type PublicCombo = z.infer<typeof publicCombo>;
export const comboList = z.object({ list: z.array(publicCombo) });
export type ComboList = z.infer<typeof comboList>;

/** POST /order/place_plan_order: an order for one plan (priced by the server). */
export const placePlanOrderBody = z.object({ combo_id: idNumber });

/** The plan line of an order (the invoice shows it); names as they were when the order was placed. */
export const orderPlanLine = z.object({
  combo_id: z.number().int(),
  names: planNames,
  level: z.enum(PLAN_LEVELS),
  period: z.enum(PLAN_PERIODS),
  price: money,
});
export type OrderPlanLine = z.infer<typeof orderPlanLine>;

/**
 * GET /combo/my_plan: the caller's plan in force (the plan of the latest purchase while the membership is active,
 * else freemium), membership end, days left, whether the renewal reminder shows, quotas and usage.
 */
export const myPlan = z.object({
  level: z.enum(PLAN_LEVELS),
  combo_id: z.number().int().nullable(),
  names: planNames,
  period: z.enum(PLAN_PERIODS).nullable(),
  vip_date: z.string().nullable(),
  vip_status: z.boolean(),
  /** Whole days until the membership ends (0 on the last day); negative after it ended; null without any. */
  days_left: z.number().int().nullable(),
  renewal_reminder: z.boolean(),
  quotas: planQuotas,
  usage: z.object({ projects: z.number().int(), storage_bytes: z.number() }),
});
export type MyPlan = z.infer<typeof myPlan>;

/** Seeded names of the static plans, per language. */
export const PLAN_SEED_NAMES: Record<PlanId, PlanNames> = {
  freemium: { zh: '免费版', tc: '免費版', en: 'Freemium' },
  biz: { zh: 'Biz', tc: 'Biz', en: 'Biz' },
  biz_plus: { zh: 'Biz Plus', tc: 'Biz Plus', en: 'Biz Plus' },
  enterprise: { zh: '企业 VIP', tc: '企業 VIP', en: 'Enterprise VIP' },
};

/** The quotas of a static plan (the seed of the plans table). */
export function seedQuotasOf(plan: Plan): PlanQuotas {
  return {
    max_projects: plan.projects,
    storage_bytes: plan.capacityGb * 1024 ** 3,
    live_streaming: plan.features.includes('liveStreaming'),
    custom_avatars: plan.customAvatars,
    model_library: plan.features.includes('modelLibrary'),
    seats: plan.seats,
  };
}

/** Whole days from `now` to `end` (0 on the last day, negative after it), or null without an end. */
export function daysLeft(end: Date | string | null | undefined, now: Date = new Date()): number | null {
  if (!end) return null;
  const ms = new Date(end).getTime() - now.getTime();
  return ms >= 0 ? Math.floor(ms / 86_400_000) : -Math.ceil(-ms / 86_400_000);
}
