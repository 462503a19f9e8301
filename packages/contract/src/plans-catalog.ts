import { FREE_TRIAL_DAYS } from './constants';

// The zod-free part of ./plans (re-exported there): the public pages import it from here, so the plan cards and
// the home page do not load zod and the schemas (docs/perf.md "Web first load").

/**
 * Membership plans as the public "Solutions and plans" page shows them (spec section 1: freemium, paid plans per
 * month, quarter and year in HKD, Biz, Biz Plus and enterprise VIP). The spec shows no prices, so these are ours
 * and live in this one place: change a price here and every screen follows.
 */
export const PLAN_PERIODS = ['month', 'quarter', 'year'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export const PLAN_IDS = ['freemium', 'biz', 'biz_plus', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan includes; the screen names each feature in the reader's language. */
export const PLAN_FEATURES = [
  'modelLibrary',
  'tours360',
  'hotspots',
  'showrooms3d',
  'publish',
  'marketSell',
  'multiUser',
  'analytics',
  'brandRemoval',
  'adminRole',
  'liveStreaming',
  'customAvatars',
  'prioritySupport',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface Plan {
  id: PlanId;
  /** HKD per period; 0 for the free plan. */
  prices: Record<PlanPeriod, number>;
  /** Most projects; `null` is unlimited. `projectsFrom` is the lower bound when the range is negotiated. */
  projects: number | null;
  projectsFrom?: number;
  /** Storage capacity in GB; `capacityAtLeast` marks a floor that can be raised on request. */
  capacityGb: number;
  capacityAtLeast?: boolean;
  /** Custom avatars with their animations. */
  customAvatars: number;
  /** Member seats an organisation gets per purchase (enterprise only). */
  seats: number;
  features: readonly PlanFeature[];
  /** The plan the page recommends. */
  highlighted?: boolean;
}

const BASE: readonly PlanFeature[] = ['modelLibrary', 'tours360', 'hotspots', 'showrooms3d', 'publish'];

export const PLANS: readonly Plan[] = [
  {
    id: 'freemium',
    prices: { month: 0, quarter: 0, year: 0 },
    projects: 3,
    capacityGb: 1,
    customAvatars: 0,
    seats: 0,
    features: BASE,
  },
  {
    id: 'biz',
    prices: { month: 198, quarter: 548, year: 1988 },
    projects: 30,
    capacityGb: 5,
    customAvatars: 0,
    seats: 0,
    features: [...BASE, 'marketSell', 'multiUser'],
  },
  {
    id: 'biz_plus',
    prices: { month: 398, quarter: 1088, year: 3888 },
    projects: 100,
    capacityGb: 10,
    customAvatars: 1,
    seats: 0,
    features: [...BASE, 'marketSell', 'multiUser', 'analytics', 'brandRemoval'],
    highlighted: true,
  },
  {
    id: 'enterprise',
    prices: { month: 1288, quarter: 3588, year: 12888 },
    projects: null,
    projectsFrom: 200,
    capacityGb: 20,
    capacityAtLeast: true,
    customAvatars: 3,
    seats: 10,
    features: [
      ...BASE,
      'marketSell',
      'multiUser',
      'analytics',
      'brandRemoval',
      'adminRole',
      'liveStreaming',
      'customAvatars',
      'prioritySupport',
    ],
  },
];

/** Number of models in the shared 3D model library every plan includes (spec: more than 3000). */
export const MODEL_LIBRARY_SIZE = 3000;
/** The free trial new accounts get, in months (docs/decisions/0001-accounts-and-sessions.md). */
export const FREE_TRIAL_MONTHS = Math.round(FREE_TRIAL_DAYS / 30);

/** Months in a billing period. */
export const PERIOD_MONTHS: Record<PlanPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** Saving of a longer period against paying monthly, in whole percent (0 for the free plan). */
export function periodSaving(plan: Plan, period: PlanPeriod): number {
  const monthly = plan.prices.month * PERIOD_MONTHS[period];
  if (monthly === 0) return 0;
  return Math.round((1 - plan.prices[period] / monthly) * 100);
}

// --- Plans as the server keeps them (/system/combo, GET /combo/combo_list, checkout) ---

/** Levels of a plan, lowest first (spec section 1: freemium, member, Biz, Biz Plus, enterprise VIP). */
export const PLAN_LEVELS = ['freemium', 'member', 'biz', 'biz_plus', 'enterprise'] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** Features `plans.allows(userId, feature)` answers for other modules (live streaming, custom avatars). */
export const PLAN_GATED_FEATURES = ['live_streaming', 'custom_avatars'] as const;
export type PlanGatedFeature = (typeof PLAN_GATED_FEATURES)[number];

/** Largest storage quota a plan may give: 1 PB. */
export const PLAN_STORAGE_MAX_BYTES = 1024 ** 5;
/** Largest finite project count of a plan (null is unlimited). */
export const PLAN_PROJECTS_MAX = 1_000_000;
/** Most custom avatars a plan may include. */
export const PLAN_AVATARS_MAX = 100;
/** Most member seats one purchase of a plan gives. */
export const PLAN_SEATS_MAX = 10000;
/** Longest plan name, per language. */
export const PLAN_NAME_MAX = 60;
/** Highest price of a plan, HKD. */
export const PLAN_PRICE_MAX_HKD = 1_000_000;

/** Days before the end of a membership when the renewal reminder starts (the server's RENEWAL_REMINDER_DAYS default). */
export const RENEWAL_REMINDER_DAYS_DEFAULT = 7;
