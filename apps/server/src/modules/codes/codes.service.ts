import crypto from 'node:crypto';
import {
  type addCouponCodeBody,
  type addInviteCodeBody,
  type CheckCdkReply,
  type CodeState,
  type CodeUse,
  type CouponCode,
  type CouponCodeDetails,
  type couponCodeListQuery,
  couponValueFits,
  type InviteCode,
  type InviteCodeDetails,
  type Invitee,
  type inviteCodeListQuery,
  type MyInviteCodeReply,
  type upCouponCodeBody,
  type upInviteCodeBody,
} from '@xr/contract/codes';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError, invalid, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { type AuditActor, type AuditRecorder, changes } from '../audit/audit.service';
import type { InvitesService } from '../users/invites.service';
import type { MembershipService } from '../users/membership.service';
import type { ProfileService } from '../users/profile.service';
import type { Actor } from '../users/users.policy';
import { canManageInviteCode, inviteCodeScope } from './codes.policy';
import {
  type CodesRepository,
  type CouponCodeRow,
  createCodesRepository,
  type InviteCodeRow,
  type NewCouponCodeRow,
  type NewInviteCodeRow,
} from './codes.repository';

type AddInvite = z.output<typeof addInviteCodeBody>;
type UpInvite = z.output<typeof upInviteCodeBody>;
type InviteListQuery = z.output<typeof inviteCodeListQuery>;
type AddCoupon = z.output<typeof addCouponCodeBody>;
type UpCoupon = z.output<typeof upCouponCodeBody>;
type CouponListQuery = z.output<typeof couponCodeListQuery>;

/** A campaign invite code accepted by a registration, whose use is counted in the registration's transaction. */
export interface CampaignClaim {
  id: number;
  code: string;
  /** The code's owner: the new account becomes their member (users.invited_by). */
  createdBy: number;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECENT_USES = 20;

function randomCode(length: number): string {
  return [...crypto.randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}
/** 10 characters: personal invite codes have 8, so a generated campaign code never equals one. */
const newInviteCode = () => randomCode(10);
/** XXXX-XXXX-XXXX: easy to read out and type. */
const newCdk = () => [randomCode(4), randomCode(4), randomCode(4)].join('-');

function stateOf(
  row: { enabled: boolean; expiresAt: Date | null; maxUses: number; usedCount: number },
  now = Date.now(),
): CodeState {
  if (!row.enabled) return 'disabled';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  if (row.maxUses > 0 && row.usedCount >= row.maxUses) return 'exhausted';
  return 'active';
}

/** True for the CHECK violation a lowered max_uses meets when a use was counted meanwhile. */
function checkViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23514') return true;
  }
  return false;
}

function assertFuture(expiresAt: string | null | undefined): void {
  if (expiresAt && new Date(expiresAt).getTime() <= Date.now()) throw invalid('expires_at', 'v.expiryPast');
}

function assertLimit(maxUses: number | undefined, usedCount: number): void {
  if (maxUses !== undefined && maxUses !== 0 && maxUses < usedCount) throw invalid('max_uses', 'v.maxUsesBelowUsed');
}

const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

/** What the audit log keeps of a campaign code. */
const inviteSummary = (r: InviteCodeRow) => ({
  code: r.code,
  note: r.note,
  max_uses: r.maxUses,
  expires_at: iso(r.expiresAt),
  enabled: r.enabled,
});
/** What the audit log keeps of a coupon. */
const couponSummary = (r: CouponCodeRow) => ({
  cdk: r.cdk,
  kind: r.kind,
  value: r.value,
  max_uses: r.maxUses,
  expires_at: iso(r.expiresAt),
  enabled: r.enabled,
  note: r.note,
});

function toCoupon(row: CouponCodeRow): CouponCode {
  return {
    id: row.id,
    cdk: row.cdk,
    kind: row.kind,
    value: row.value,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    expires_at: iso(row.expiresAt),
    enabled: row.enabled,
    state: stateOf(row),
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Invite codes and coupon codes. Campaign invite codes (with a use limit, an expiry and an on/off switch) are
 * accepted by registration besides the personal codes the users module's invites service keeps; coupon redemption
 * counts the use, records it once per account and applies the benefit through the membership service in one
 * transaction.
 * Every create, edit, switch and deletion is written to the audit log in its transaction.
 */
export function createCodesService({
  db,
  profile,
  invites,
  membership,
  audit,
}: {
  db: Db;
  profile: ProfileService;
  invites: InvitesService;
  membership: MembershipService;
  audit?: AuditRecorder;
}) {
  const repo = createCodesRepository(db);

  /** A write and its audit entry in one transaction (the repository bound to it). */
  function audited<T>(run: (r: CodesRepository, tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction((tx) => run(createCodesRepository(tx), tx));
  }
  const log = (tx: Tx, entry: Parameters<AuditRecorder['record']>[1]) => audit?.record(tx, entry);

  async function usesOf(rows: { userId: number; createdAt: Date }[]): Promise<CodeUse[]> {
    const cards = await profile.publicCards(rows.map((r) => r.userId));
    return rows.map((r) => ({ user_id: r.userId, name: cards.get(r.userId)?.name ?? '', created_at: r.createdAt.toISOString() }));
  }

  async function toInviteCodes(rows: InviteCodeRow[]): Promise<InviteCode[]> {
    const cards = await profile.publicCards(rows.map((r) => r.createdBy));
    const now = Date.now();
    return rows.map((row) => {
      const owner = cards.get(row.createdBy);
      return {
        id: row.id,
        code: row.code,
        note: row.note,
        max_uses: row.maxUses,
        used_count: row.usedCount,
        expires_at: iso(row.expiresAt),
        enabled: row.enabled,
        state: stateOf(row, now),
        created_by: owner ? { id: owner.id, name: owner.name } : null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    });
  }
  const toInviteCode = async (row: InviteCodeRow) => (await toInviteCodes([row]))[0] as InviteCode;

  async function inviteTarget(actor: Actor, id: number): Promise<InviteCodeRow> {
    const row = await repo.inviteById(id);
    if (!row || !canManageInviteCode(actor, row)) throw notFound();
    return row;
  }

  async function couponTarget(id: number): Promise<CouponCodeRow> {
    const row = await repo.couponById(id);
    if (!row) throw notFound();
    return row;
  }

  /** A campaign code must not repeat another campaign code or shadow someone's personal invite code. */
  async function assertInviteCodeFree(code: string): Promise<void> {
    if ((await repo.inviteByCode(code)) || (await invites.personalInviteCodeExists(code))) {
      throw new AppError(ErrorCode.CODE_TAKEN, { field: 'code' });
    }
  }

  async function freshInviteCode(): Promise<string> {
    for (;;) {
      const code = newInviteCode();
      if (!(await repo.inviteByCode(code))) return code;
    }
  }

  async function freshCdk(): Promise<string> {
    for (;;) {
      const cdk = newCdk();
      if (!(await repo.couponByCdk(cdk))) return cdk;
    }
  }

  /** Runs a write; a unique violation (a concurrent request took the text) answers CODE_TAKEN on `field`. */
  async function writing<T>(field: 'code' | 'cdk', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolationOf(err) !== null) throw new AppError(ErrorCode.CODE_TAKEN, { field });
      if (checkViolation(err)) throw invalid('max_uses', 'v.maxUsesBelowUsed');
      throw err;
    }
  }

  /** Why a coupon cannot be redeemed now (it was found unusable). */
  function couponProblem(row: CouponCodeRow | undefined): AppError {
    const state = row ? stateOf(row) : 'disabled';
    if (state === 'expired') return new AppError(ErrorCode.COUPON_EXPIRED, { field: 'cdk' });
    if (state === 'exhausted') return new AppError(ErrorCode.COUPON_EXHAUSTED, { field: 'cdk' });
    return new AppError(ErrorCode.COUPON_INVALID, { field: 'cdk' });
  }

  return {
    // --- Campaign invite codes (admin: /invite-code/add-invite-code) ---

    /** One page of campaign codes (keyword over code and note; on/off). Non-admins see their own codes. */
    async inviteCodePage(actor: Actor, q: InviteListQuery): Promise<Page<InviteCode>> {
      const { rows, total } = await repo.invitePage(
        { keyword: q.keyword, enabled: q.enabled, ...inviteCodeScope(actor) },
        q.page,
        q.limit,
      );
      return { list: await toInviteCodes(rows), total, page: q.page, limit: q.limit };
    },

    /** A campaign code with the latest accounts that registered with it. */
    async inviteCodeDetails(actor: Actor, id: number): Promise<InviteCodeDetails> {
      const row = await inviteTarget(actor, id);
      const [code, recent] = await Promise.all([toInviteCode(row), repo.recentInviteUses(row.id, RECENT_USES)]);
      return { ...code, recent_uses: await usesOf(recent) };
    },

    /** Creates a campaign code (generated when blank). 40932 when the text is taken. */
    async addInviteCode(actor: Actor, input: AddInvite): Promise<InviteCode> {
      assertFuture(input.expires_at);
      const code = input.code || (await freshInviteCode());
      if (input.code) await assertInviteCodeFree(code);
      const values: NewInviteCodeRow = {
        code,
        note: input.note,
        maxUses: input.max_uses,
        expiresAt: dateOrNull(input.expires_at),
        enabled: input.enabled,
        createdBy: actor.id,
      };
      const row = await writing('code', () =>
        audited(async (r, tx) => {
          const created = await r.insertInvite(values);
          await log(tx, {
            actor,
            action: 'code.invite_create',
            target: { type: 'invite_code', id: created.id, label: created.code },
            after: inviteSummary(created),
          });
          return created;
        }),
      );
      return toInviteCode(row);
    },

    /** Edits a campaign code; the limit cannot go below the uses so far. A blank code keeps the old one. */
    async updateInviteCode(actor: Actor, input: UpInvite): Promise<InviteCode> {
      const row = await inviteTarget(actor, input.id);
      const code = input.code || undefined;
      if (code && code !== row.code) await assertInviteCodeFree(code);
      assertLimit(input.max_uses, row.usedCount);
      const values: Partial<NewInviteCodeRow> = {
        ...(code ? { code } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.max_uses !== undefined ? { maxUses: input.max_uses } : {}),
        ...(input.expires_at !== undefined ? { expiresAt: dateOrNull(input.expires_at) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      };
      const updated = await writing('code', () =>
        audited(async (r, tx) => {
          const done = await r.updateInvite(row.id, values);
          if (!done) throw notFound();
          await log(tx, {
            actor,
            action: 'code.invite_update',
            target: { type: 'invite_code', id: done.id, label: done.code },
            ...changes(inviteSummary(row), inviteSummary(done)),
          });
          return done;
        }),
      );
      return toInviteCode(updated);
    },

    /** Deletes a campaign code; accounts registered with it keep their record of it. */
    async deleteInviteCode(actor: Actor, id: number): Promise<void> {
      const row = await inviteTarget(actor, id);
      await audited(async (r, tx) => {
        if (!(await r.deleteInvite(row.id))) throw notFound();
        await log(tx, {
          actor,
          action: 'code.invite_delete',
          target: { type: 'invite_code', id: row.id, label: row.code },
          before: inviteSummary(row),
        });
      });
    },

    /** The start/stop switch. */
    async setInviteCodeEnabled(actor: Actor, id: number, enabled: boolean): Promise<InviteCode> {
      const row = await inviteTarget(actor, id);
      const updated = await audited(async (r, tx) => {
        const done = await r.updateInvite(row.id, { enabled });
        if (!done) throw notFound();
        await log(tx, {
          actor,
          action: 'code.invite_enable',
          target: { type: 'invite_code', id: done.id, label: done.code },
          before: { enabled: row.enabled },
          after: { enabled },
        });
        return done;
      });
      return toInviteCode(updated);
    },

    // --- Registration (called by the auth service inside its transaction) ---

    /**
     * When `code` is a campaign code, counts one use in the registration's transaction (a single UPDATE that
     * re-checks switch, expiry and limit, so parallel registrations never pass max_uses) and answers it.
     * Null when no campaign code has this text (it may be a personal code); 40002 when it is switched off,
     * expired or used up.
     */
    async claimCampaignInviteCode(code: string | undefined, tx: DbOrTx): Promise<CampaignClaim | null> {
      const text = code?.trim().toUpperCase();
      if (!text) return null;
      const row = await repo.inviteByCode(text, tx);
      if (!row) return null;
      const counted = await repo.countInviteUse(row.id, tx);
      if (!counted) throw new AppError(ErrorCode.INVITE_CODE_INVALID, { field: 'invite_code' });
      return { id: counted.id, code: counted.code, createdBy: counted.createdBy };
    },

    /** Records which account a claimed campaign code brought in (same transaction). */
    async recordCampaignUse(claim: CampaignClaim, userId: number, tx: DbOrTx): Promise<void> {
      await repo.insertInviteUse({ codeId: claim.id, code: claim.code, userId }, tx);
    },

    // --- The signed-in user's own invites ---

    /** The accounts that registered with my invite codes, newest first; `via` names a campaign code. */
    async myInvitees(userId: number, page: number, limit: number): Promise<Page<Invitee>> {
      const result = await invites.invitees(userId, page, limit);
      const via = await repo.inviteUsesOfUsers(result.list.map((r) => r.id));
      return { ...result, list: result.list.map((r) => ({ ...r, via: via.get(r.id) ?? null })) };
    },

    /** A new personal invite code (the old one stops working); never one a campaign code already uses. */
    async regenerateMyInviteCode(userId: number): Promise<MyInviteCodeReply> {
      for (;;) {
        const reply = await invites.regenerateInviteCode(userId);
        if (!(await repo.inviteByCode(reply.invite_code))) return reply;
      }
    },

    // --- Coupon codes (admin: /coupon-code/add-coupon-code) ---

    async couponCodePage(q: CouponListQuery): Promise<Page<CouponCode>> {
      const { rows, total } = await repo.couponPage({ keyword: q.keyword, enabled: q.enabled, kind: q.kind }, q.page, q.limit);
      return { list: rows.map(toCoupon), total, page: q.page, limit: q.limit };
    },

    async couponCodeDetails(id: number): Promise<CouponCodeDetails> {
      const row = await couponTarget(id);
      return { ...toCoupon(row), recent_uses: await usesOf(await repo.recentRedemptions(row.id, RECENT_USES)) };
    },

    /**
     * Issues a one-use coupon of membership days inside the caller's transaction (coins bought it: wallet exchange),
     * so the coupon exists exactly when the coins were spent. Answers the generated cdk.
     */
    async issueCoupon(input: { value: number; note: string; createdBy: number }, tx: DbOrTx): Promise<string> {
      const r = createCodesRepository(tx);
      let cdk = newCdk();
      while (await r.couponByCdk(cdk)) cdk = newCdk();
      await r.insertCoupon({
        cdk,
        kind: 'membership_days',
        value: input.value,
        maxUses: 1,
        expiresAt: null,
        enabled: true,
        note: input.note,
        createdBy: input.createdBy,
      });
      return cdk;
    },

    /** Creates a coupon (cdk generated when blank). 40932 when the cdk is taken. */
    async addCouponCode(actor: Actor, input: AddCoupon): Promise<CouponCode> {
      assertFuture(input.expires_at);
      const cdk = input.cdk || (await freshCdk());
      if (input.cdk && (await repo.couponByCdk(cdk))) throw new AppError(ErrorCode.CODE_TAKEN, { field: 'cdk' });
      const values: NewCouponCodeRow = {
        cdk,
        kind: input.kind,
        value: input.value,
        maxUses: input.max_uses,
        expiresAt: dateOrNull(input.expires_at),
        enabled: input.enabled,
        note: input.note,
        createdBy: actor.id,
      };
      const row = await writing('cdk', () =>
        audited(async (r, tx) => {
          const created = await r.insertCoupon(values);
          await log(tx, {
            actor,
            action: 'code.coupon_create',
            target: { type: 'coupon_code', id: created.id, label: created.cdk },
            after: couponSummary(created),
          });
          return created;
        }),
      );
      return toCoupon(row);
    },

    /** Edits a coupon; changes apply to later redemptions only. */
    async updateCouponCode(input: UpCoupon, actor: AuditActor | null = null): Promise<CouponCode> {
      const row = await couponTarget(input.id);
      const cdk = input.cdk || undefined;
      if (cdk && cdk !== row.cdk && (await repo.couponByCdk(cdk))) throw new AppError(ErrorCode.CODE_TAKEN, { field: 'cdk' });
      if (!couponValueFits(input.kind ?? row.kind, input.value ?? row.value)) throw invalid('value', 'v.couponValueRange');
      assertLimit(input.max_uses, row.usedCount);
      const values: Partial<NewCouponCodeRow> = {
        ...(cdk ? { cdk } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.value !== undefined ? { value: input.value } : {}),
        ...(input.max_uses !== undefined ? { maxUses: input.max_uses } : {}),
        ...(input.expires_at !== undefined ? { expiresAt: dateOrNull(input.expires_at) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
      };
      const updated = await writing('cdk', () =>
        audited(async (r, tx) => {
          const done = await r.updateCoupon(row.id, values);
          if (!done) throw notFound();
          await log(tx, {
            actor,
            action: 'code.coupon_update',
            target: { type: 'coupon_code', id: done.id, label: done.cdk },
            ...changes(couponSummary(row), couponSummary(done)),
          });
          return done;
        }),
      );
      return toCoupon(updated);
    },

    /** Deletes a coupon; redemptions already made stay recorded. */
    async deleteCouponCode(id: number, actor: AuditActor | null = null): Promise<void> {
      const row = await couponTarget(id);
      await audited(async (r, tx) => {
        if (!(await r.deleteCoupon(id))) throw notFound();
        await log(tx, {
          actor,
          action: 'code.coupon_delete',
          target: { type: 'coupon_code', id, label: row.cdk },
          before: couponSummary(row),
        });
      });
    },

    async setCouponCodeEnabled(id: number, enabled: boolean, actor: AuditActor | null = null): Promise<CouponCode> {
      const row = await couponTarget(id);
      const updated = await audited(async (r, tx) => {
        const done = await r.updateCoupon(id, { enabled });
        if (!done) throw notFound();
        await log(tx, {
          actor,
          action: 'code.coupon_enable',
          target: { type: 'coupon_code', id, label: done.cdk },
          before: { enabled: row.enabled },
          after: { enabled },
        });
        return done;
      });
      return toCoupon(updated);
    },

    /**
     * Redeems a coupon for the signed-in user, in one transaction: counts the use (a single UPDATE that
     * re-checks switch, expiry and limit), records the redemption (unique per coupon and account) and adds
     * the membership days or experience points. 40030 unknown or off, 40031 expired, 40930 used up, 40931
     * already redeemed by this account.
     */
    async redeem(userId: number, cdkInput: string): Promise<CheckCdkReply> {
      const cdk = cdkInput.trim().toUpperCase();
      try {
        const reply = await db.transaction(async (tx) => {
          const coupon = await repo.couponByCdk(cdk, tx);
          if (!coupon) throw couponProblem(coupon);
          if (await repo.hasRedeemed(coupon.id, userId, tx)) {
            throw new AppError(ErrorCode.COUPON_ALREADY_REDEEMED, { field: 'cdk' });
          }
          if (stateOf(coupon) !== 'active') throw couponProblem(coupon);
          const counted = await repo.countCouponUse(coupon.id, tx);
          if (!counted) throw couponProblem(await repo.couponByCdk(cdk, tx));
          await repo.insertRedemption({ couponId: coupon.id, userId, cdk, kind: counted.kind, value: counted.value }, tx);
          const account =
            counted.kind === 'membership_days'
              ? await membership.extendMembership(userId, counted.value, tx)
              : await membership.addXp(userId, counted.value, tx);
          return { code: 200 as const, kind: counted.kind, value: counted.value, ...account };
        });
        membership.accessChanged(userId);
        return reply;
      } catch (err) {
        // A parallel request of the same account redeemed it first (the unique pair refused this one).
        if (uniqueViolationOf(err) !== null) throw new AppError(ErrorCode.COUPON_ALREADY_REDEEMED, { field: 'cdk' });
        throw err;
      }
    },
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
