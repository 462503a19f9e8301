import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { centsToHkd, formatHkd, hkdToCents } from '@xr/contract/money';
import {
  type AdminCashOutPage,
  type AdminCashOutQuery,
  type AdminCashOutRequest,
  adminCashOutQuery,
  type CashOutDecideBody,
  type CashOutDetails,
  type CashOutRequest,
  type CashOutState,
  cashOutDecideBody,
  type MyCashOutQuery,
  myCashOutQuery,
  PAYOUT_METHODS_MAX,
  type PayoutMethod,
  type PayoutMethodBody,
  type PayoutMethodType,
  payoutDisplay,
  payoutMethodBody,
} from '@xr/contract/wallet';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { AuditRecorder } from '../audit/audit.service';
import { createLedger, hkDayAfter, hkDayStart, type LedgerOptions, type WalletActor } from './wallet.ledger';
import type { CashOutFilter, CashOutRow, PayoutMethodRow } from './wallet.repository';

/** Sales the cash-out details show. */
const DETAIL_SALES = 200;

/** What cash-out needs: its settings, and the users, messages and audit services it calls, passed in by the wiring. */
export interface CashOutDeps extends LedgerOptions {
  cashOutMinCents?: number;
  users?: { contacts(ids: number[]): Promise<Map<number, { name: string; email: string }>> };
  messages?: { send(userId: number, type: string, params: Record<string, string | number>, tx?: DbOrTx): Promise<void> };
  audit?: AuditRecorder;
}

/**
 * Payout methods and cash-out. A request reserves its amount at once (a negative ledger entry) under a per-user row
 * lock, so parallel requests never overdraw; an administrator pays (reference) or rejects (reason; the reservation
 * returns) each request exactly once.
 */
export function createCashOutService(deps: CashOutDeps) {
  const { users, messages, audit } = deps;
  const cashOutMinCents = deps.cashOutMinCents ?? 10_000;
  const { repo, now, releaseCutoff, locked } = createLedger(deps);

  function toRequest(r: CashOutRow): CashOutRequest {
    return {
      id: r.id,
      amount: centsToHkd(r.amountCents),
      state: r.state as CashOutState,
      reason: r.reason,
      reference: r.reference,
      method: { type: r.methodType as PayoutMethodType, display: r.methodDisplay },
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    };
  }

  async function toAdminRequests(rows: CashOutRow[]): Promise<AdminCashOutRequest[]> {
    const who = (await users?.contacts(rows.map((r) => r.userId))) ?? new Map<number, { name: string; email: string }>();
    return rows.map((r) => ({
      ...toRequest(r),
      user: { id: r.userId, name: who.get(r.userId)?.name ?? '', email: who.get(r.userId)?.email ?? '' },
      decider: r.deciderName,
    }));
  }

  const toMethod = (r: PayoutMethodRow): PayoutMethod => ({
    id: r.id,
    type: r.type as PayoutMethodType,
    display: r.display,
    created_at: r.createdAt.toISOString(),
  });

  return {
    /** GET /wallet/payout_method_list. */
    async methods(userId: number): Promise<PayoutMethod[]> {
      return (await repo.methodsOf(userId)).map(toMethod);
    },

    /** Saves a payout method (validated by the contract); at most PAYOUT_METHODS_MAX per account. */
    async addMethod(userId: number, body: PayoutMethodBody): Promise<PayoutMethod> {
      const details = payoutMethodBody.parse(body);
      const { type, ...fields } = details;
      return locked(userId, async (tx) => {
        if ((await repo.countMethods(userId, tx)) >= PAYOUT_METHODS_MAX) {
          throw new AppError(ErrorCode.PAYOUT_METHODS_FULL, { params: { max: PAYOUT_METHODS_MAX } });
        }
        const row = await repo.insertMethod(
          { userId, type, details: fields as Record<string, string>, display: payoutDisplay(details) },
          tx,
        );
        return toMethod(row);
      });
    },

    /** Deletes one of my payout methods (requests made with it keep their copy); someone else's is "not found". */
    async deleteMethod(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteMethod(userId, id))) throw notFound();
    },

    // --- Cash-out ---

    /**
     * POST /wallet/cash_out: reserves the amount at once (a negative `cash_out` entry) with the request, in one
     * transaction under the user's wallet lock, so concurrent requests are checked one after the other against
     * what is still available.
     */
    async requestCashOut(userId: number, body: { amount: number; method_id: number }): Promise<CashOutRequest> {
      const cents = hkdToCents(body.amount);
      if (cents < cashOutMinCents) {
        throw new AppError(ErrorCode.CASH_OUT_BELOW_MINIMUM, {
          field: 'amount',
          params: { min: formatHkd(centsToHkd(cashOutMinCents)) },
        });
      }
      return locked(userId, async (tx) => {
        const method = await repo.methodById(userId, body.method_id, tx);
        if (!method) throw new AppError(ErrorCode.NOT_FOUND, { field: 'method_id' });
        const sums = await repo.sums(userId, releaseCutoff(), tx);
        if (cents > sums.available) {
          throw new AppError(ErrorCode.CASH_OUT_OVER_AVAILABLE, {
            field: 'amount',
            params: { available: formatHkd(centsToHkd(Math.max(0, sums.available))) },
          });
        }
        const row = await repo.insertCashOut(
          {
            userId,
            amountCents: cents,
            methodType: method.type,
            methodDetails: method.details,
            methodDisplay: method.display,
            createdAt: now(),
          },
          tx,
        );
        await repo.insertEntries(
          [
            {
              userId,
              kind: 'cash_out',
              amountCents: -cents,
              cashOutId: row.id,
              note: `#${row.id} ${method.display}`,
              createdAt: now(),
            },
          ],
          tx,
        );
        return toRequest(row);
      });
    },

    /** GET /wallet/cash_out_page: my requests with state and reason. */
    async myCashOuts(userId: number, query: MyCashOutQuery): Promise<Page<CashOutRequest>> {
      const q = myCashOutQuery.parse(query);
      const { rows, total } = await repo.myCashOutPage(userId, q.state, q.limit, (q.page - 1) * q.limit);
      return { list: rows.map(toRequest), total, page: q.page, limit: q.limit };
    },

    /** GET /approval/cash_out_page: the queue (waiting oldest first) with filters and totals per state. */
    async adminCashOutPage(query: AdminCashOutQuery): Promise<AdminCashOutPage> {
      const q = adminCashOutQuery.parse(query);
      const f: CashOutFilter = {
        state: q.state,
        from: q.date_from ? hkDayStart(q.date_from) : undefined,
        to: q.date_to ? hkDayAfter(q.date_to) : undefined,
        minCents: q.amount_min !== undefined ? hkdToCents(q.amount_min) : undefined,
        maxCents: q.amount_max !== undefined ? hkdToCents(q.amount_max) : undefined,
      };
      const { rows, total } = await repo.cashOutPage(f, q.limit, (q.page - 1) * q.limit);
      const t = await repo.cashOutTotals(f);
      const tot = (s: CashOutState) => ({ count: t.get(s)?.count ?? 0, amount: centsToHkd(t.get(s)?.cents ?? 0) });
      return {
        list: await toAdminRequests(rows),
        total,
        page: q.page,
        limit: q.limit,
        totals: { wait: tot('wait'), success: tot('success'), fail: tot('fail') },
      };
    },

    /** GET /approval/cash_out_details: the request, its payout details, the creator's balance and sales behind it. */
    async cashOutDetails(id: number): Promise<CashOutDetails> {
      const row = await repo.cashOutById(id);
      if (!row) throw notFound();
      const [req] = await toAdminRequests([row]);
      const sums = await repo.sums(row.userId, releaseCutoff());
      const cutoff = releaseCutoff();
      const sales = (await repo.salesOf(row.userId, DETAIL_SALES)).map((s) => ({
        id: s.id,
        project_id: s.projectId,
        amount: centsToHkd(s.amountCents),
        note: s.note,
        created_at: s.createdAt.toISOString(),
        released: s.createdAt < cutoff,
      }));
      return {
        ...(req as AdminCashOutRequest),
        method_details: row.methodDetails,
        balance: {
          available: centsToHkd(sums.available),
          pending: centsToHkd(sums.pending),
          reserved: centsToHkd(sums.reserved),
        },
        sales,
      };
    },

    /**
     * POST /approval/cash_out_decide: pays (with the payment reference) or rejects (with a reason; the reservation
     * comes back as a `cash_out_refund` entry) a waiting request, exactly once: the update is conditional on
     * `wait`, so of two administrators deciding at once one wins and the other gets 40950. The audit entry and the
     * creator's system message are written in the same transaction.
     */
    async decide(actor: WalletActor, body: CashOutDecideBody): Promise<CashOutRequest> {
      const input = cashOutDecideBody.parse(body);
      const found = await repo.cashOutById(input.id);
      if (!found) throw notFound();
      const state = input.state;
      const reason = state === 'fail' ? (input.reason ?? '') : '';
      const reference = state === 'success' ? (input.reference ?? '') : '';
      return locked(found.userId, async (tx) => {
        const row = await repo.decideCashOut(
          input.id,
          { state, reason, reference, deciderId: actor.id, deciderName: actor.name ?? '', at: now() },
          tx,
        );
        if (!row) throw new AppError(ErrorCode.ALREADY_DECIDED, { messageKey: 'cashOutAlreadyDecided' });
        if (state === 'fail') {
          await repo.insertEntries(
            [
              {
                userId: row.userId,
                kind: 'cash_out_refund',
                amountCents: row.amountCents,
                cashOutId: row.id,
                note: `#${row.id} ${reason}`,
                createdAt: now(),
              },
            ],
            tx,
          );
        }
        await audit?.record(tx, {
          actor,
          action: state === 'success' ? 'wallet.cash_out_pay' : 'wallet.cash_out_reject',
          target: { type: 'cash_out_request', id: row.id, label: formatHkd(centsToHkd(row.amountCents)) },
          before: { state: 'wait' },
          after: { state, reason: reason || undefined, reference: reference || undefined, user_id: row.userId },
        });
        const amount = formatHkd(centsToHkd(row.amountCents));
        await messages?.send(
          row.userId,
          state === 'success' ? 'msgCashOutSuccess' : 'msgCashOutFail',
          { amount, reason, reference },
          tx,
        );
        return toRequest(row);
      });
    },
  };
}
export type CashOutService = ReturnType<typeof createCashOutService>;
