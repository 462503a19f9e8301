import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';
import { money } from './money';

/**
 * Wallet: the cash ledger (/wallet/page), payout methods, cash-out requests and their approval
 * (/approval/cashOutProcess), and coins (/wallet/coins). Money travels as HKD numbers (two decimals at most), the
 * database keeps integer cents (money.ts).
 */

/** Kinds of ledger entry. `cash_out` is the (negative) reservation of a request, `cash_out_refund` its return on fail. */
export const LEDGER_KINDS = ['sale_earning', 'refund', 'cash_out', 'cash_out_refund', 'adjustment', 'coin_exchange'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Cash-out states (spec section 4): wait (in review), success (paid), fail (rejected, the amount returned). */
export const CASH_OUT_STATES = ['wait', 'success', 'fail'] as const;
export type CashOutState = (typeof CASH_OUT_STATES)[number];

export const PAYOUT_METHOD_TYPES = ['fps', 'bank', 'paypal'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

export const CASH_OUT_REASON_MAX = 500;
export const CASH_OUT_REFERENCE_MAX = 100;
/** Most payout methods one account keeps. */
export const PAYOUT_METHODS_MAX = 10;
/** Largest single amount any wallet call accepts, in HKD. */
export const WALLET_AMOUNT_MAX = 10_000_000;

/** `YYYY-MM-DD`, a Hong Kong calendar day. */
const day = z
  .string({ message: V('dateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, V('dateInvalid'))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)), V('dateInvalid'));

/** An HKD amount in a body: positive, at most two decimals. */
export const hkdAmount = z
  .number({ message: V('numberInvalid') })
  .positive(V('numberTooSmall'))
  .max(WALLET_AMOUNT_MAX, V('numberTooLarge'))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, V('priceFormat'));

/** An HKD amount filter in a query string: 0 or more, two decimals at most. */
const hkdQuery = z.coerce
  .number({ message: V('numberInvalid') })
  .min(0, V('numberInvalid'))
  .max(WALLET_AMOUNT_MAX, V('numberTooLarge'))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, V('priceFormat'));

const dateRange = {
  date_from: day.optional(),
  date_to: day.optional(),
};
const rangeOk = (q: { date_from?: string; date_to?: string }) => !q.date_from || !q.date_to || q.date_from <= q.date_to;

// --- Balance and ledger ---

/** GET /wallet/wallet_info. `reserved` is what open requests hold; `available` already excludes it. */
export const walletInfo = z.object({
  available: money,
  pending: money,
  reserved: money,
  /** When the next pending earning becomes available (ISO), or null. */
  next_release_at: z.string().nullable(),
  /** Smallest cash-out, HKD. */
  cash_out_min: money,
  /** Days a sale earning stays pending. */
  hold_days: z.number().int(),
});
export type WalletInfo = z.infer<typeof walletInfo>;

export const ledgerQuery = pageQuery
  .extend({ kind: z.enum(LEDGER_KINDS, { message: V('invalidValue') }).optional(), ...dateRange })
  .refine(rangeOk, { message: V('dateRangeInvalid'), path: ['date_to'] });
export type LedgerQuery = z.input<typeof ledgerQuery>;
/** The CSV export takes the same filters without paging. */
export const ledgerCsvQuery = z
  .object({ kind: z.enum(LEDGER_KINDS, { message: V('invalidValue') }).optional(), ...dateRange })
  .refine(rangeOk, { message: V('dateRangeInvalid'), path: ['date_to'] });
export type LedgerCsvQuery = z.input<typeof ledgerCsvQuery>;

export const ledgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed HKD: credits positive, debits negative. */
  amount: money,
  note: z.string(),
  project_id: z.number().int().nullable(),
  cash_out_id: z.number().int().nullable(),
  created_at: z.string(),
  /** Sale earnings: when it becomes (or became) available; null for other kinds. */
  release_at: z.string().nullable(),
  /** False while a sale earning is on hold. */
  released: z.boolean(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerPage = pageOf(ledgerEntry);

/** GET /wallet/earnings_monthly: sale earnings per Hong Kong calendar month, the last 12, oldest first. */
export const earningsMonthly = z.array(z.object({ month: z.string(), amount: money }));
export type EarningsMonthly = z.infer<typeof earningsMonthly>;

// --- Payout methods ---

/**
 * FPS proxy id: an FPS identifier (7 to 9 digits, as the HKMA issues them), a Hong Kong mobile number (8 digits
 * starting 4-9, optionally +852) or an e-mail address: the three proxies FPS accepts.
 */
export const FPS_ID_PATTERN = /^(\d{7,9}|(\+852[ -]?)?[4-9]\d{7}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const payoutMethodBody = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('fps'),
      fps_id: z
        .string({ message: V('fpsIdFormat') })
        .trim()
        .max(100, V('tooLong'))
        .regex(FPS_ID_PATTERN, V('fpsIdFormat')),
    }),
    z.object({
      type: z.literal('bank'),
      bank_code: z
        .string({ message: V('bankCodeFormat') })
        .trim()
        .regex(/^\d{3}$/, V('bankCodeFormat')),
      branch_code: z
        .string({ message: V('branchCodeFormat') })
        .trim()
        .regex(/^\d{3}$/, V('branchCodeFormat')),
      account_no: z
        .string({ message: V('accountNoFormat') })
        .trim()
        .regex(/^\d{6,12}$/, V('accountNoFormat')),
      holder_name: z
        .string({ message: V('holderNameRequired') })
        .trim()
        .min(1, V('holderNameRequired'))
        .max(100, V('tooLong')),
    }),
    z.object({
      type: z.literal('paypal'),
      email: z
        .string({ message: V('emailFormat') })
        .trim()
        .max(254, V('tooLong'))
        .regex(emailLike, V('emailFormat')),
    }),
  ],
  { message: V('invalidValue') },
);
export type PayoutMethodBody = z.input<typeof payoutMethodBody>;
export type PayoutMethodDetails = z.output<typeof payoutMethodBody>;

export const payoutMethod = z.object({
  id: z.number().int(),
  type: z.enum(PAYOUT_METHOD_TYPES),
  /** A masked one-line summary (`FPS ****5678`, `004-123 ****7890 CHAN TAI MAN`, `PayPal a***@x.com`). */
  display: z.string(),
  created_at: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;
export const payoutMethodList = z.array(payoutMethod);

/** Masks a method's details into its one-line summary. */
export function payoutDisplay(d: PayoutMethodDetails): string {
  const tail = (s: string) => `****${s.slice(-4)}`;
  if (d.type === 'fps') return `FPS ${d.fps_id.includes('@') ? maskEmail(d.fps_id) : tail(d.fps_id)}`;
  if (d.type === 'bank') return `${d.bank_code}-${d.branch_code} ${tail(d.account_no)} ${d.holder_name}`;
  return `PayPal ${maskEmail(d.email)}`;
}
function maskEmail(e: string): string {
  const [name = '', domain = ''] = e.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

// --- Cash-out ---

export const cashOutBody = z.object({ amount: hkdAmount, method_id: idNumber });
export type CashOutBody = z.input<typeof cashOutBody>;

export const cashOutRequest = z.object({
  id: z.number().int(),
  amount: money,
  state: z.enum(CASH_OUT_STATES),
  /** Why it failed (admin's words); empty otherwise. */
  reason: z.string(),
  /** The payment reference once paid; empty otherwise. */
  reference: z.string(),
  method: z.object({ type: z.enum(PAYOUT_METHOD_TYPES), display: z.string() }),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CashOutRequest = z.infer<typeof cashOutRequest>;

export const myCashOutQuery = pageQuery.extend({ state: z.enum(CASH_OUT_STATES, { message: V('invalidValue') }).optional() });
export type MyCashOutQuery = z.input<typeof myCashOutQuery>;
export const myCashOutPage = pageOf(cashOutRequest);

export const adminCashOutQuery = pageQuery
  .extend({
    state: z.enum(CASH_OUT_STATES, { message: V('invalidValue') }).optional(),
    ...dateRange,
    amount_min: hkdQuery.optional(),
    amount_max: hkdQuery.optional(),
  })
  .refine(rangeOk, { message: V('dateRangeInvalid'), path: ['date_to'] });
export type AdminCashOutQuery = z.input<typeof adminCashOutQuery>;

export const adminCashOutRequest = cashOutRequest.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  decider: z.string(),
});
export type AdminCashOutRequest = z.infer<typeof adminCashOutRequest>;

const stateTotal = z.object({ count: z.number().int(), amount: money });
/** The queue page plus totals per state over the same filters (state filter aside). */
export const adminCashOutPage = pageOf(adminCashOutRequest).extend({
  totals: z.object({ wait: stateTotal, success: stateTotal, fail: stateTotal }),
});
export type AdminCashOutPage = z.infer<typeof adminCashOutPage>;

/** GET /approval/cash_out_details: the request, the full payout details, the creator's balance and sales. */
export const cashOutDetails = adminCashOutRequest.extend({
  method_details: z.record(z.string(), z.string()),
  balance: walletInfo.pick({ available: true, pending: true, reserved: true }),
  sales: z.array(
    z.object({
      id: z.number().int(),
      project_id: z.number().int().nullable(),
      amount: money,
      note: z.string(),
      created_at: z.string(),
      released: z.boolean(),
    }),
  ),
});
export type CashOutDetails = z.infer<typeof cashOutDetails>;

export const cashOutDecideBody = z
  .object({
    id: idNumber,
    state: z.enum(['success', 'fail'], { message: V('required') }),
    reason: z.string().trim().max(CASH_OUT_REASON_MAX, V('tooLong')).optional(),
    reference: z.string().trim().max(CASH_OUT_REFERENCE_MAX, V('tooLong')).optional(),
  })
  .refine((b) => b.state !== 'fail' || !!b.reason, { message: V('reasonRequired'), path: ['reason'] })
  .refine((b) => b.state !== 'success' || !!b.reference, { message: V('referenceRequired'), path: ['reference'] });
export type CashOutDecideBody = z.input<typeof cashOutDecideBody>;

/** POST /approval/wallet_adjust: an administrator's correction (signed HKD, not 0) with the reason the ledger keeps. */
export const walletAdjustBody = z.object({
  user_id: idNumber,
  amount: z
    .number({ message: V('numberInvalid') })
    .min(-WALLET_AMOUNT_MAX, V('numberTooSmall'))
    .max(WALLET_AMOUNT_MAX, V('numberTooLarge'))
    .refine((n) => n !== 0, V('numberInvalid'))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, V('priceFormat')),
  reason: z
    .string({ message: V('reasonRequired') })
    .trim()
    .min(1, V('reasonRequired'))
    .max(CASH_OUT_REASON_MAX, V('tooLong')),
});
export type WalletAdjustBody = z.input<typeof walletAdjustBody>;

// --- Coins ---

/** How coins are earned; each rule has an amount and caps that administrators set. */
export const COIN_RULES = ['invite_registration', 'first_publish', 'purchase_review', 'daily_visit'] as const;
export type CoinRule = (typeof COIN_RULES)[number];
/** What coins are exchanged for (`cash_to_coins` turns cash earnings into coins; never the other way). */
export const COIN_EXCHANGE_KINDS = ['membership_days', 'coupon', 'cash_to_coins'] as const;
export type CoinExchangeKind = (typeof COIN_EXCHANGE_KINDS)[number];
export const COIN_ENTRY_KINDS = ['award', 'exchange'] as const;

export const coinEntry = z.object({
  id: z.number().int(),
  kind: z.enum(COIN_ENTRY_KINDS),
  /** Signed coins. */
  amount: z.number().int(),
  rule: z.enum(COIN_RULES).nullable(),
  exchange_kind: z.enum(COIN_EXCHANGE_KINDS).nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type CoinEntry = z.infer<typeof coinEntry>;
/** GET /user/get_user_coins_page: the coin history and the balance. */
export const coinsPage = pageOf(coinEntry).extend({ balance: z.number().int() });
export type CoinsPage = z.infer<typeof coinsPage>;

export const coinRule = z.object({
  rule: z.enum(COIN_RULES),
  /** Coins per award. */
  amount: z.number().int(),
  /** Most awards of this rule per account per Hong Kong day; 0 = no daily cap. */
  daily_cap: z.number().int(),
  /** Most awards of this rule per account ever; 0 = no cap. */
  total_cap: z.number().int(),
  enabled: z.boolean(),
});
export type CoinRuleRow = z.infer<typeof coinRule>;
export const coinRuleList = z.array(coinRule);
const smallInt = (max: number) =>
  z
    .number({ message: V('numberInvalid') })
    .int(V('numberInvalid'))
    .min(0, V('numberTooSmall'))
    .max(max, V('numberTooLarge'));
export const coinRuleUpdateBody = z.object({
  rule: z.enum(COIN_RULES, { message: V('invalidValue') }),
  amount: smallInt(100_000),
  daily_cap: smallInt(1000),
  total_cap: smallInt(1_000_000),
  enabled: z.boolean({ message: V('invalidValue') }),
});
export type CoinRuleUpdateBody = z.input<typeof coinRuleUpdateBody>;

/** The exchange rates and limits (GET /user/user_get_coin_info_page carries them). */
export const coinExchangeInfo = z.object({
  balance: z.number().int(),
  coins_per_membership_day: z.number().int(),
  coins_per_hkd: z.number().int(),
  daily_limit: z.number().int(),
  used_today: z.number().int(),
  /** Cash that can be turned into coins now (HKD). */
  available_cash: money,
  rules: coinRuleList,
});
export type CoinExchangeInfo = z.infer<typeof coinExchangeInfo>;

export const coinExchange = z.object({
  id: z.number().int(),
  kind: z.enum(COIN_EXCHANGE_KINDS),
  /** Days (membership_days, coupon) or HKD (cash_to_coins). */
  quantity: z.number(),
  /** Signed coins: negative when coins were spent. */
  coins: z.number().int(),
  /** The coupon code bought (kind coupon), else null. */
  coupon_cdk: z.string().nullable(),
  created_at: z.string(),
});
export type CoinExchange = z.infer<typeof coinExchange>;
/** GET /user/user_get_coin_info_page: my exchange records plus the rates and limits. */
export const coinInfoPage = pageOf(coinExchange).extend({ info: coinExchangeInfo });
export type CoinInfoPage = z.infer<typeof coinInfoPage>;

/** A random key per click (the client makes one; a repeat with the same key is answered with the first result). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const COIN_EXCHANGE_DAYS_MAX = 366;

export const coinExchangeBody = z
  .object({
    kind: z.enum(COIN_EXCHANGE_KINDS, { message: V('invalidValue') }),
    /** Days for membership_days and coupon (whole days); HKD for cash_to_coins (two decimals at most). */
    quantity: hkdAmount,
    idempotency_key: z.string({ message: V('idempotencyKeyFormat') }).regex(IDEMPOTENCY_KEY_PATTERN, V('idempotencyKeyFormat')),
  })
  .refine((b) => b.kind === 'cash_to_coins' || (Number.isInteger(b.quantity) && b.quantity <= COIN_EXCHANGE_DAYS_MAX), {
    message: V('exchangeDaysRange'),
    path: ['quantity'],
  });
export type CoinExchangeBody = z.input<typeof coinExchangeBody>;
export const coinExchangeReply = z.object({ exchange: coinExchange, balance: z.number().int() });
export type CoinExchangeReply = z.infer<typeof coinExchangeReply>;
