import { FREE_TRIAL_DAYS } from './constants';

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
    features: BASE,
  },
  {
    id: 'biz',
    prices: { month: 198, quarter: 548, year: 1988 },
    projects: 30,
    capacityGb: 5,
    customAvatars: 0,
    features: [...BASE, 'marketSell', 'multiUser'],
  },
  {
    id: 'biz_plus',
    prices: { month: 398, quarter: 1088, year: 3888 },
    projects: 100,
    capacityGb: 10,
    customAvatars: 1,
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
/** The free trial new accounts get, in months (decisions.md: one month). */
export const FREE_TRIAL_MONTHS = Math.round(FREE_TRIAL_DAYS / 30);

/** Months in a billing period. */
export const PERIOD_MONTHS: Record<PlanPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** Saving of a longer period against paying monthly, in whole percent (0 for the free plan). */
export function periodSaving(plan: Plan, period: PlanPeriod): number {
  const monthly = plan.prices.month * PERIOD_MONTHS[period];
  if (monthly === 0) return 0;
  return Math.round((1 - plan.prices[period] / monthly) * 100);
}
