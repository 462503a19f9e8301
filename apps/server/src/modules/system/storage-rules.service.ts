import type { Page } from '@xr/contract/common';
import {
  CAPACITY_PLANS,
  type CapacityPage,
  type CapacityPlan,
  ENTERPRISE_MIN_BYTES,
  type FileKind,
  type FileTypeRow as FileTypeOut,
  type UpCapacityBody,
} from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import type { PlanNames } from '@xr/contract/plans';
import type { Db } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import { createStorageRulesRepository, type FileTypeRow } from './storage-rules.repository';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** The allow-list a new installation starts with. `.max` is accepted only to answer "export to FBX or glTF first". */
export const DEFAULT_FILE_TYPES: { kind: FileKind; extension: string; maxBytes: number }[] = [
  ...['glb', 'gltf', 'zip', 'obj', 'fbx', '3ds', 'dae', 'stl', 'ply', 'max'].map((extension) => ({
    kind: 'model3d' as const,
    extension,
    maxBytes: 500 * MB,
  })),
  ...['jpg', 'jpeg', 'png', 'webp'].map((extension) => ({ kind: 'image360' as const, extension, maxBytes: 200 * MB })),
  ...['mp4', 'webm'].map((extension) => ({ kind: 'video360' as const, extension, maxBytes: 4 * GB })),
  ...['jpg', 'jpeg', 'png', 'webp'].map((extension) => ({ kind: 'image' as const, extension, maxBytes: 20 * MB })),
  ...['mp3', 'wav'].map((extension) => ({ kind: 'audio' as const, extension, maxBytes: 200 * MB })),
  ...['mp4', 'webm'].map((extension) => ({ kind: 'video' as const, extension, maxBytes: 2 * GB })),
];

/** Plan quotas a new installation starts with (enterprise at the spec's 20G floor). */
export const DEFAULT_PLAN_QUOTAS: Record<CapacityPlan, number> = {
  free: 1 * GB,
  monthly: 5 * GB,
  quarterly: 5 * GB,
  yearly: 10 * GB,
  biz: 5 * GB,
  biz_plus: 10 * GB,
  enterprise: 20 * GB,
};

const out = (r: FileTypeRow): FileTypeOut => ({
  id: r.id,
  kind: r.kind,
  extension: r.extension,
  max_bytes: r.maxBytes,
  enabled: r.enabled,
});

/** What the storage rules need from other modules (passed in from app.ts, so this module reads none of their tables). */
export interface StorageRulesDeps {
  db: Db;
  /** Bytes one user stores (projects module: the assets). */
  usedBytes: (userId: number) => Promise<number>;
  /** A page of the users who store anything, largest usage first, ties by user id (projects module). */
  usagePage: (q: { limit: number; offset: number }) => Promise<{ rows: { userId: number; usedBytes: number }[]; total: number }>;
  /** Bytes stored by those of these users who own any asset; the others are absent (projects module). */
  usageOf: (userIds: number[]) => Promise<Map<number, number>>;
  /** Name and email of live accounts (users module); deleted accounts are absent. */
  contacts: (userIds: number[]) => Promise<Map<number, { name: string; email: string }>>;
  /**
   * Storage and names of the plan each of these users bought and holds (plans module); users without one
   * are absent. A bought plan's storage is the quota instead of the capacity plan's; an override still wins.
   */
  planStorage?: (userIds: number[]) => Promise<Map<number, { bytes: number; names: PlanNames }>>;
}

/** used / quota in percent with one decimal; over 100 when over quota; a zero quota is full as soon as anything is stored. */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.round((used / quota) * 1000) / 10;
}

/**
 * File types (the upload allow-list) and storage capacity (per plan, per user override). How much users store comes
 * from the projects module (it owns the assets) and names from the users module, both passed in (see StorageRulesDeps).
 */
export function createStorageRulesService({ db, usedBytes, usagePage, usageOf, contacts, planStorage }: StorageRulesDeps) {
  const repo = createStorageRulesRepository(db);

  async function planQuotas(): Promise<Record<CapacityPlan, number>> {
    const stored = await repo.planQuotas();
    return Object.fromEntries(CAPACITY_PLANS.map((p) => [p, stored.get(p) ?? DEFAULT_PLAN_QUOTAS[p]])) as Record<
      CapacityPlan,
      number
    >;
  }

  /** A user's plan, quota (the override, else the plan's) and bytes used, from their setting row if they have one. */
  function capacityRow(
    userId: number,
    setting: { plan: string; overrideBytes: number | null } | undefined,
    quotas: Record<CapacityPlan, number>,
    used: number,
    bought?: { bytes: number; names: PlanNames },
  ) {
    const plan = (setting?.plan ?? 'free') as CapacityPlan;
    const override = setting?.overrideBytes ?? null;
    return {
      user_id: userId,
      plan,
      quota_bytes: override ?? bought?.bytes ?? quotas[plan],
      /** The bought plan the quota comes from (refusals name it), when it does. */
      plan_names: override === null && bought ? bought.names : null,
      override_bytes: setting?.overrideBytes ?? null,
      used_bytes: used,
    };
  }

  /** A capacity row of the /system/capacity list: with the user's name, email and the share of the quota used. */
  const listed = (
    { plan_names: _names, ...row }: ReturnType<typeof capacityRow>,
    who: { name: string; email: string } | undefined,
  ) => ({
    ...row,
    name: who?.name ?? null,
    email: who?.email ?? null,
    percent: usagePercent(row.used_bytes, row.quota_bytes),
  });

  async function capacityOf(userId: number) {
    const [row, quotas, used, bought] = await Promise.all([
      repo.userCapacity(userId),
      planQuotas(),
      usedBytes(userId),
      planStorage?.([userId]),
    ]);
    return capacityRow(userId, row, quotas, used, bought?.get(userId));
  }

  return {
    /** Seeds the default allow-list and plan quotas (existing rows are kept). */
    async ensureDefaults(): Promise<void> {
      await repo.seedFileTypes(DEFAULT_FILE_TYPES);
      await repo.seedPlans(CAPACITY_PLANS.map((plan) => ({ plan, quotaBytes: DEFAULT_PLAN_QUOTAS[plan] })));
    },

    async fileTypePage(q: { page: number; limit: number; kind?: FileKind }): Promise<Page<FileTypeOut>> {
      const { rows, total } = await repo.fileTypePage(q.kind, q.limit, (q.page - 1) * q.limit);
      return { list: rows.map(out), total, page: q.page, limit: q.limit };
    },
    async addFileType(input: { kind: FileKind; extension: string; max_bytes: number; enabled: boolean }): Promise<FileTypeOut> {
      const row = await repo.insertFileType({
        kind: input.kind,
        extension: input.extension,
        maxBytes: input.max_bytes,
        enabled: input.enabled,
      });
      if (!row) throw new AppError(ErrorCode.CONFLICT, { field: 'extension' });
      return out(row);
    },
    async updateFileType(input: {
      id: number;
      kind?: FileKind;
      extension?: string;
      max_bytes?: number;
      enabled?: boolean;
    }): Promise<FileTypeOut> {
      const current = await repo.fileTypeById(input.id);
      if (!current) throw notFound();
      const kind = input.kind ?? current.kind;
      const extension = input.extension ?? current.extension;
      const clash = await repo.fileType(kind, extension);
      if (clash && clash.id !== current.id) throw new AppError(ErrorCode.CONFLICT, { field: 'extension' });
      const row = await repo.updateFileType(input.id, {
        kind,
        extension,
        ...(input.max_bytes !== undefined ? { maxBytes: input.max_bytes } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      });
      if (!row) throw notFound();
      return out(row);
    },
    async deleteFileType(id: number): Promise<void> {
      if (!(await repo.deleteFileType(id))) throw notFound();
    },
    /**
     * The extensions a kind accepts (enabled entries, `.glb` style, sorted), for a refusal to list; `.max` is left out
     * (it is only accepted to answer with the export advice).
     */
    async acceptedExtensions(kind: FileKind): Promise<string[]> {
      const { rows } = await repo.fileTypePage(kind, 1000, 0);
      return rows.filter((r) => r.enabled && r.extension !== 'max').map((r) => `.${r.extension}`);
    },
    /** The enabled allow-list entry of a kind and extension, if any. */
    async allowed(kind: FileKind, extension: string): Promise<{ maxBytes: number } | undefined> {
      const row = await repo.fileType(kind, extension.toLowerCase());
      return row?.enabled ? { maxBytes: row.maxBytes } : undefined;
    },

    capacityOf,
    planQuotas,

    /**
     * Plan quotas and the per-user list. With `user_id`: that one user (whether or not they store or have a setting).
     * Without: every user who stores anything (owns at least one asset) or has a capacity setting, paged.
     *
     * Merge rule: the users who store anything come first, largest usage first (ties by user id), exactly as the
     * projects module pages them; after them come the users with a setting who own no asset, by user id. So
     * `total` = storing users + setting-only users, and a page may straddle the two parts. The setting-only part is
     * found from all setting ids (one small admin-maintained table) minus those the projects module reports storing;
     * this module never reads the assets table.
     */
    async capacityPage(q: { page: number; limit: number; user_id?: number }): Promise<CapacityPage> {
      const quotas = await planQuotas();
      const plans = CAPACITY_PLANS.map((plan) => ({ plan, quota_bytes: quotas[plan] }));
      if (q.user_id) {
        const [one, people] = await Promise.all([capacityOf(q.user_id), contacts([q.user_id])]);
        const row = listed(one, people.get(q.user_id));
        return { plans, users: { list: [row], total: 1, page: 1, limit: q.limit } };
      }

      const offset = (q.page - 1) * q.limit;
      const [settingIds, storing] = await Promise.all([repo.userCapacityIds(), usagePage({ limit: q.limit, offset })]);
      const settingUsage = await usageOf(settingIds);
      const settingOnly = settingIds.filter((id) => !settingUsage.has(id));
      // The page's rows from the storing part, then (when the page reaches past it) from the setting-only part.
      const fromSettings = Math.max(0, offset - storing.total);
      const tail = settingOnly
        .slice(fromSettings, fromSettings + q.limit - storing.rows.length)
        .map((userId) => ({ userId, usedBytes: 0 }));
      const rows = [...storing.rows, ...tail];

      const ids = rows.map((r) => r.userId);
      const [settings, people, bought] = await Promise.all([repo.userCapacities(ids), contacts(ids), planStorage?.(ids)]);
      const settingOf = new Map(settings.map((s) => [s.userId, s]));
      const list = rows.map(({ userId, usedBytes: used }) =>
        listed(capacityRow(userId, settingOf.get(userId), quotas, used, bought?.get(userId)), people.get(userId)),
      );
      return { plans, users: { list, total: storing.total + settingOnly.length, page: q.page, limit: q.limit } };
    },

    /** Sets a plan's quota (enterprise never below 20G) or a user's plan and override. */
    async updateCapacity(input: UpCapacityBody): Promise<void> {
      if ('user_id' in input) {
        await repo.setUserCapacity(input.user_id, { plan: input.plan, overrideBytes: input.quota_bytes });
        return;
      }
      if (input.plan === 'enterprise' && input.quota_bytes < ENTERPRISE_MIN_BYTES) {
        throw invalid('quota_bytes', 'v.enterpriseMin');
      }
      await repo.setPlanQuota(input.plan, input.quota_bytes);
    },
  };
}
export type StorageRulesService = ReturnType<typeof createStorageRulesService>;
