import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { centsToHkd, hkdToCents } from '@xr/contract/money';
import {
  type AddComboBody,
  type ComboRow as ComboOut,
  type ComboPageQuery,
  daysLeft,
  type MyPlan,
  PERIOD_MONTHS,
  PLAN_PERIODS,
  PLAN_SEED_NAMES,
  PLANS,
  type PlanGatedFeature,
  type PlanLevel,
  type PlanNames,
  type PlanQuotas,
  type PublicCombo,
  seedQuotasOf,
  type UpComboBody,
} from '@xr/contract/plans';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type AuditActor, type AuditRecorder, changes } from '../audit/audit.service';
import type { StoredPlanLine } from '../orders/plan-line';
import { type ComboRow, createPlansRepository, type NewComboRow } from './plans.repository';

const GB = 1024 ** 3;
/** The spec's floor of an enterprise plan's storage (section 1: at least 20G). */
const ENTERPRISE_MIN_STORAGE = 20 * GB;

/** Feature names for refusals, per language. */
const FEATURE_NAMES: Record<PlanGatedFeature, PlanNames> = {
  live_streaming: { zh: '直播', tc: '直播', en: 'live streaming' },
  custom_avatars: { zh: '自定义形象', tc: '自訂形象', en: 'custom avatars' },
};

const namesOf = (r: Pick<ComboRow, 'nameZh' | 'nameTc' | 'nameEn'>): PlanNames => ({ zh: r.nameZh, tc: r.nameTc, en: r.nameEn });
const quotasOf = (r: ComboRow): PlanQuotas => ({
  max_projects: r.maxProjects,
  storage_bytes: r.storageBytes,
  live_streaming: r.liveStreaming,
  custom_avatars: r.customAvatars,
  model_library: r.modelLibrary,
  seats: r.seats,
});

const adminOut = (r: ComboRow, sold: number): ComboOut => ({
  id: r.id,
  name_zh: r.nameZh,
  name_tc: r.nameTc,
  name_en: r.nameEn,
  level: r.level,
  period: r.period,
  price: centsToHkd(r.priceCents),
  ...quotasOf(r),
  enabled: r.enabled,
  sort: r.sort,
  sold,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** What the audit log keeps of a plan. */
const summary = (r: ComboRow) => ({
  name: r.nameEn,
  level: r.level,
  period: r.period,
  price_cents: r.priceCents,
  max_projects: r.maxProjects,
  storage_bytes: r.storageBytes,
  live_streaming: r.liveStreaming,
  custom_avatars: r.customAvatars,
  model_library: r.modelLibrary,
  seats: r.seats,
  enabled: r.enabled,
  sort: r.sort,
});

/** The seed rows: one per static plan and period, in the order of `PLANS`, priced as today's /solutions page. */
export function seedRows(): NewComboRow[] {
  return PLANS.flatMap((plan, i) =>
    PLAN_PERIODS.map((period, j) => {
      const q = seedQuotasOf(plan);
      const names = PLAN_SEED_NAMES[plan.id];
      return {
        nameZh: names.zh,
        nameTc: names.tc,
        nameEn: names.en,
        level: plan.id,
        period,
        priceCents: hkdToCents(plan.prices[period]),
        maxProjects: q.max_projects,
        storageBytes: q.storage_bytes,
        liveStreaming: q.live_streaming,
        customAvatars: q.custom_avatars,
        modelLibrary: q.model_library,
        seats: q.seats,
        enabled: true,
        sort: i * 10 + j,
        seedKey: `${plan.id}:${period}`,
      };
    }),
  );
}

/** The freemium quotas when no freemium plan is switched on (the static plan's). */
const FALLBACK_FREEMIUM = (() => {
  const plan = PLANS.find((p) => p.id === 'freemium');
  if (!plan) throw new Error('PLANS has no freemium plan');
  return { names: PLAN_SEED_NAMES.freemium, quotas: seedQuotasOf(plan) };
})();

/** Name of the trial level (an active membership without a bought plan). */
const MEMBER_NAMES: PlanNames = { zh: '会员', tc: '會員', en: 'Member' };
/** The trial's features when no enterprise plan is switched on (the static enterprise plan's). */
const FALLBACK_MEMBER = (() => {
  const plan = PLANS.find((p) => p.id === 'enterprise');
  if (!plan) throw new Error('PLANS has no enterprise plan');
  return seedQuotasOf(plan);
})();

/**
 * The plan in force for a user: the latest purchase's plan while the membership is active; an active membership
 * without a purchase is the trial ("member"); else freemium.
 */
export interface PlanInForce {
  level: PlanLevel;
  comboId: number | null;
  period: ComboRow['period'] | null;
  names: PlanNames;
  quotas: PlanQuotas;
  vipDate: Date | null;
  active: boolean;
}

export interface PlansDeps {
  db: Db;
  /** Membership ends (users module). */
  vipDates: (userIds: number[]) => Promise<Map<number, Date | null>>;
  /** Extends a membership by whole months in the payment's transaction (users module); answers the span they cover. */
  extendMembershipMonths: (userId: number, months: number, tx: DbOrTx) => Promise<{ startsAt: Date; endsAt: Date }>;
  /** Raises a buyer's organisation seat pool to the plan's quota in the payment's transaction (users module). */
  planSeats?: (userId: number, seats: number, tx: DbOrTx) => Promise<void>;
  /** The user's project count (projects module), for /profile's usage. */
  projectCount?: (userId: number) => Promise<number>;
  /**
   * The user's stored bytes and storage quota as the upload check sees them (storage rules: an admin's override, else
   * the bought plan's, else the capacity setting's), so /profile's plan card and capacity card never disagree.
   */
  storage?: (userId: number) => Promise<{ used_bytes: number; quota_bytes: number }>;
  audit?: AuditRecorder;
  /** Days before the end when the renewal reminder shows (RENEWAL_REMINDER_DAYS). */
  renewalReminderDays: number;
  /** The clock; tests pass their own to make a membership expire. */
  now?: () => Date;
}

/**
 * Plans ("combos"): the admin catalogue (/system/combo), the public list (/solutions), what a purchase does to the
 * membership (called by the payment workflow inside its transaction), and the quotas other modules enforce: project
 * count, storage, live streaming and custom avatars. A user's plan is the plan of their latest purchase while their
 * membership (users.vip_date) is active; an active membership without a purchase is the trial; otherwise freemium.
 */
export function createPlansService(deps: PlansDeps) {
  const { db, audit, renewalReminderDays } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = createPlansRepository(db);

  /** The freemium baseline: the first switched-on freemium plan, else the static one. */
  async function freemium(): Promise<{ names: PlanNames; quotas: PlanQuotas }> {
    const row = (await repo.active()).find((r) => r.level === 'freemium');
    return row ? { names: namesOf(row), quotas: quotasOf(row) } : FALLBACK_FREEMIUM;
  }

  /**
   * The trial: an active membership without a bought plan (free trial, coupon or coin days, dates set by an admin)
   * has the paid features of the top plan (the site promises to try live streaming and custom avatars), named
   * "Member". Its storage stays the capacity setting's (storage follows bought plans only).
   */
  async function member(): Promise<{ names: PlanNames; quotas: PlanQuotas }> {
    const row = (await repo.active()).find((r) => r.level === 'enterprise');
    return { names: MEMBER_NAMES, quotas: row ? quotasOf(row) : FALLBACK_MEMBER };
  }

  async function inForceMany(userIds: number[]): Promise<Map<number, PlanInForce>> {
    const [dates, latest, base, trial] = await Promise.all([
      deps.vipDates(userIds),
      repo.latestPurchases(userIds),
      freemium(),
      member(),
    ]);
    const combos = new Map((await repo.byIds([...new Set([...latest.values()].map((p) => p.comboId))])).map((c) => [c.id, c]));
    const at = now().getTime();
    const out = new Map<number, PlanInForce>();
    for (const id of userIds) {
      const vipDate = dates.get(id) ?? null;
      const active = !!vipDate && vipDate.getTime() > at;
      const bought = latest.get(id);
      const combo = bought ? combos.get(bought.comboId) : undefined;
      if (active && bought && combo) {
        out.set(id, {
          level: bought.level,
          comboId: combo.id,
          period: bought.period,
          names: namesOf(combo),
          quotas: quotasOf(combo),
          vipDate,
          active,
        });
      } else if (active) {
        out.set(id, { level: 'member', comboId: null, period: null, ...trial, vipDate, active });
      } else {
        out.set(id, { level: 'freemium', comboId: null, period: null, ...base, vipDate, active });
      }
    }
    return out;
  }

  async function inForce(userId: number): Promise<PlanInForce> {
    return (await inForceMany([userId])).get(userId) as PlanInForce;
  }

  function checkEnterpriseStorage(level: PlanLevel, storageBytes: number) {
    if (level === 'enterprise' && storageBytes < ENTERPRISE_MIN_STORAGE)
      throw invalid('storage_bytes', 'v.planEnterpriseStorage');
  }

  const notPurchasable = (messageKey: string) => new AppError(ErrorCode.PLAN_NOT_PURCHASABLE, { field: 'combo_id', messageKey });

  return {
    /**
     * Seeds the plans from the contract's static `PLANS` (one row per plan and period) into an empty table; once
     * there are plans, admins own them (a deleted one does not come back).
     */
    async ensureDefaults(): Promise<number> {
      return repo.seed(seedRows());
    },

    /** GET /combo/combo_list: the switched-on plans, in their order, names in `lang` and all three. */
    async publicList(lang: Lang): Promise<{ list: PublicCombo[] }> {
      const rows = await repo.active();
      return {
        list: rows.map((r) => {
          const names = namesOf(r);
          return {
            id: r.id,
            name: names[lang],
            names,
            level: r.level,
            period: r.period,
            price: centsToHkd(r.priceCents),
            quotas: quotasOf(r),
          };
        }),
      };
    },

    /** GET /combo/combo_page: every plan (filters: level, period, on/off) with its number of purchases. */
    async page(q: ComboPageQuery): Promise<Page<ComboOut>> {
      const { rows, total } = await repo.page(q, q.limit, (q.page - 1) * q.limit);
      const sold = await repo.soldCounts(rows.map((r) => r.id));
      return { list: rows.map((r) => adminOut(r, sold.get(r.id) ?? 0)), total, page: q.page, limit: q.limit };
    },

    /** POST /combo/add_combo (audited). An enterprise plan keeps at least 20 GB. */
    async add(actor: AuditActor, input: AddComboBody): Promise<ComboOut> {
      checkEnterpriseStorage(input.level, input.storage_bytes);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(
          {
            nameZh: input.name_zh,
            nameTc: input.name_tc,
            nameEn: input.name_en,
            level: input.level,
            period: input.period,
            priceCents: hkdToCents(input.price),
            maxProjects: input.max_projects,
            storageBytes: input.storage_bytes,
            liveStreaming: input.live_streaming,
            customAvatars: input.custom_avatars,
            modelLibrary: input.model_library,
            seats: input.seats,
            enabled: input.enabled,
            sort: input.sort,
          },
          tx,
        );
        await audit?.record(tx, {
          actor,
          action: 'plan.create',
          target: { type: 'plan', id: created.id, label: created.nameEn },
          after: summary(created),
        });
        return created;
      });
      return adminOut(row, 0);
    },

    /**
     * POST /combo/up_combo (audited). Changing price or quotas applies to new orders and to the plan's holders
     * from now on; orders already placed keep the price they were placed at.
     */
    async update(actor: AuditActor, input: UpComboBody): Promise<ComboOut> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lock(input.id, tx);
        if (!before) throw notFound();
        checkEnterpriseStorage(input.level ?? before.level, input.storage_bytes ?? before.storageBytes);
        const updated = await repo.update(
          input.id,
          {
            ...(input.name_zh !== undefined ? { nameZh: input.name_zh } : {}),
            ...(input.name_tc !== undefined ? { nameTc: input.name_tc } : {}),
            ...(input.name_en !== undefined ? { nameEn: input.name_en } : {}),
            ...(input.level !== undefined ? { level: input.level } : {}),
            ...(input.period !== undefined ? { period: input.period } : {}),
            ...(input.price !== undefined ? { priceCents: hkdToCents(input.price) } : {}),
            ...(input.max_projects !== undefined ? { maxProjects: input.max_projects } : {}),
            ...(input.storage_bytes !== undefined ? { storageBytes: input.storage_bytes } : {}),
            ...(input.live_streaming !== undefined ? { liveStreaming: input.live_streaming } : {}),
            ...(input.custom_avatars !== undefined ? { customAvatars: input.custom_avatars } : {}),
            ...(input.model_library !== undefined ? { modelLibrary: input.model_library } : {}),
            ...(input.seats !== undefined ? { seats: input.seats } : {}),
            ...(input.sort !== undefined ? { sort: input.sort } : {}),
          },
          tx,
        );
        if (!updated) throw notFound();
        await audit?.record(tx, {
          actor,
          action: 'plan.update',
          target: { type: 'plan', id: updated.id, label: updated.nameEn },
          ...changes(summary(before), summary(updated)),
        });
        return updated;
      });
      return adminOut(row, (await repo.soldCounts([row.id])).get(row.id) ?? 0);
    },

    /** POST /combo/set_combo (audited): on shows it on /solutions and lets it be bought; off hides it, holders keep it. */
    async setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<ComboOut> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw notFound();
        const updated = await repo.update(id, { enabled }, tx);
        if (!updated) throw notFound();
        await audit?.record(tx, {
          actor,
          action: 'plan.enable',
          target: { type: 'plan', id, label: updated.nameEn },
          ...changes({ enabled: before.enabled }, { enabled }),
        });
        return updated;
      });
      return adminOut(row, (await repo.soldCounts([row.id])).get(row.id) ?? 0);
    },

    /**
     * POST /combo/del_combo (audited): only a plan nobody bought (40961 otherwise: switch it off). The plan row is
     * locked, and a purchase locks it too (`forPurchase`), so a delete and a first sale cannot cross.
     */
    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.lock(id, tx);
        if (!row) throw notFound();
        if ((await repo.soldCounts([id], tx)).get(id)) throw new AppError(ErrorCode.PLAN_IN_USE);
        await repo.delete(id, tx);
        await audit?.record(tx, {
          actor,
          action: 'plan.delete',
          target: { type: 'plan', id, label: row.nameEn },
          before: summary(row),
        });
      });
    },

    // --- Buying (called by the checkout and payment workflows, inside their transactions) ---

    /**
     * The order line of a plan the user may buy, priced from the database (locks the plan row until the order's
     * transaction ends). Refuses unknown (40401), switched-off and freemium plans, and a free plan the user had
     * before (40960).
     */
    async forPurchase(userId: number, comboId: number, tx: DbOrTx): Promise<StoredPlanLine> {
      const row = await repo.lock(comboId, tx);
      if (!row) throw notFound();
      if (!row.enabled) throw notPurchasable('planDisabled');
      if (row.level === 'freemium') throw notPurchasable('planFreeIsDefault');
      if (row.priceCents === 0 && (await repo.hasPurchased(userId, comboId, tx))) throw notPurchasable('planFreeTaken');
      return { combo_id: row.id, names: namesOf(row), level: row.level, period: row.period, price_cents: row.priceCents };
    },

    /**
     * A paid plan order: records the purchase once per order (unique order id) and extends the membership from the
     * later of now and its current end by the plan's period, so a renewal before expiry adds to the end. The level
     * follows from the purchase. Runs in the payment's transaction; false when this order was applied before.
     */
    async applyPurchase(input: { userId: number; orderId: number; plan: StoredPlanLine }, tx: DbOrTx): Promise<boolean> {
      const { userId, orderId, plan } = input;
      const at = now();
      const recorded = await repo.insertPurchase(
        {
          userId,
          comboId: plan.combo_id,
          orderId,
          level: plan.level,
          period: plan.period,
          priceCents: plan.price_cents,
          startsAt: at,
          endsAt: at,
        },
        tx,
      );
      if (!recorded) return false;
      const months = PERIOD_MONTHS[plan.period];
      const { startsAt, endsAt } = await deps.extendMembershipMonths(userId, months, tx);
      await repo.setPurchaseSpan(recorded.id, startsAt, endsAt, tx);
      // Seats follow the plan as it is when paid (the row is read in this transaction; once per order, as above).
      const seats = (await repo.byIds([plan.combo_id], tx))[0]?.seats ?? 0;
      if (seats > 0) await deps.planSeats?.(userId, seats, tx);
      return true;
    },

    // --- Quotas (other modules call these; see app.ts) ---

    /** The plan in force for a user (see PlanInForce). */
    inForce,

    /** Whether the user's plan includes a feature (the live-streaming module's `canStream`, avatars). */
    async allows(userId: number, feature: PlanGatedFeature): Promise<boolean> {
      const p = await inForce(userId);
      return feature === 'live_streaming' ? p.quotas.live_streaming : p.quotas.custom_avatars > 0;
    },

    /** Refuses (41304, naming the plan and the feature) when the user's plan lacks it. */
    async assertAllows(userId: number, feature: PlanGatedFeature): Promise<void> {
      const p = await inForce(userId);
      const ok = feature === 'live_streaming' ? p.quotas.live_streaming : p.quotas.custom_avatars > 0;
      if (!ok) {
        throw new AppError(ErrorCode.PLAN_FEATURE_NOT_INCLUDED, {
          localParams: { plan: p.names, feature: FEATURE_NAMES[feature] },
        });
      }
    },

    /** How many custom avatars the user's plan allows (the avatars module's `customAvatarAllowance`). */
    async customAvatarAllowance(userId: number): Promise<number> {
      return (await inForce(userId)).quotas.custom_avatars;
    },

    /**
     * Refuses (41304, naming the plan and its limit) a new custom avatar when the user has `used` of the plan's
     * allowance already (for the avatars module, with its own count).
     */
    async assertCustomAvatarRoom(userId: number, used: number): Promise<void> {
      const p = await inForce(userId);
      if (used < p.quotas.custom_avatars) return;
      if (p.quotas.custom_avatars === 0) {
        throw new AppError(ErrorCode.PLAN_FEATURE_NOT_INCLUDED, {
          localParams: { plan: p.names, feature: FEATURE_NAMES.custom_avatars },
        });
      }
      throw new AppError(ErrorCode.PLAN_FEATURE_NOT_INCLUDED, {
        messageKey: 'planCustomAvatarsFull',
        params: { limit: p.quotas.custom_avatars },
        localParams: { plan: p.names },
      });
    },

    /** The project count the user's plan allows and the refusal naming plan and limit (projects module hook). */
    async projectQuota(userId: number): Promise<{ max: number | null; refusal: () => AppError }> {
      const p = await inForce(userId);
      const max = p.quotas.max_projects;
      return {
        max,
        refusal: () =>
          new AppError(ErrorCode.PROJECT_QUOTA_EXCEEDED, { params: { limit: max ?? 0 }, localParams: { plan: p.names } }),
      };
    },

    /** Storage quotas of those of these users whose plan in force is a bought one (storage rules hook). */
    async storageQuotas(userIds: number[]): Promise<Map<number, { bytes: number; names: PlanNames }>> {
      const plans = await inForceMany(userIds);
      return new Map(
        [...plans]
          .filter(([, p]) => p.comboId !== null)
          .map(([id, p]) => [id, { bytes: p.quotas.storage_bytes, names: p.names }]),
      );
    },

    /** GET /combo/my_plan: plan in force, membership end, days left, reminder, quotas and usage (/profile, banner). */
    async myPlan(userId: number): Promise<MyPlan> {
      const [p, projects, storage] = await Promise.all([
        inForce(userId),
        deps.projectCount?.(userId) ?? 0,
        deps.storage?.(userId),
      ]);
      const left = daysLeft(p.vipDate, now());
      return {
        level: p.level,
        combo_id: p.comboId,
        names: p.names,
        period: p.period,
        vip_date: p.vipDate ? p.vipDate.toISOString() : null,
        vip_status: p.active,
        days_left: left,
        renewal_reminder: left !== null && left < renewalReminderDays,
        quotas: storage ? { ...p.quotas, storage_bytes: storage.quota_bytes } : p.quotas,
        usage: { projects, storage_bytes: storage?.used_bytes ?? 0 },
      };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
