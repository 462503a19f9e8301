import crypto from 'node:crypto';
import type { PaymentMethod } from '@xr/contract/constants';
import type { Lang } from '@xr/contract/lang';

/** What the shop asks a provider for: a hosted checkout for one order. */
export interface CheckoutRequest {
  orderNo: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  /** Shown on the provider's page. */
  description: string;
  /** Where the browser goes back to after paying, cancelling or failing. */
  returnUrl: string;
  /** Where the provider POSTs its server-to-server notification. */
  notifyUrl: string;
  /** Base URL of this server as the browser reaches it (the sandbox hosts its page here). */
  baseUrl: string;
  lang: Lang;
  /** The provider must refuse to take money after this (the order expires). */
  expiresAt: Date;
}

export interface CheckoutSession {
  /** The hosted page the browser is sent to (answered to the client as `qr_code`). */
  url: string;
  sessionId: string;
}

/** A verified notification, reduced to what the shop acts on. */
export interface PaymentNotification {
  txnId: string;
  orderNo: string;
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  method: string;
  raw: Record<string, unknown>;
}

/** Why a notification was refused (nothing is changed when one is). */
export class PaymentVerificationError extends Error {
  constructor(readonly reason: 'signature' | 'timestamp' | 'payload') {
    super(`payment notification refused: ${reason}`);
  }
}

/**
 * A payment provider. A real one (Stripe, a card acquirer, Alipay+…) implements the same three members:
 * `createCheckout` calls its API to open a hosted checkout, `verifyNotification` checks the signature of its
 * webhook over the raw body and maps it to a `PaymentNotification`. See README "Payments".
 */
export interface PaymentProvider {
  readonly name: string;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  verifyNotification(input: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
    now?: Date;
  }): PaymentNotification;
}

/** Notifications older or newer than this (seconds) are refused: a captured one cannot be replayed later. */
export const NOTIFICATION_WINDOW_SECONDS = 300;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};
const hmac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest();

/** Equal-time comparison of two hex or base64url signatures. */
function sameSignature(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** "128.00" / 128 / "128" -> 12800; anything else (negative, 3 decimals, text) -> null. */
export function amountToCents(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** A checkout session of the sandbox gateway: everything its page and its notification need. */
export interface SandboxSession {
  id: string;
  orderNo: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  lang: Lang;
  expiresAt: Date;
}

/** Where the sandbox gateway keeps its sessions (a table of the payments module), so its URLs (and QR codes) stay short. */
export interface SandboxSessionStore {
  put(session: SandboxSession): Promise<void>;
  get(id: string): Promise<SandboxSession | undefined>;
}

/** The JSON body the sandbox POSTs to the notify URL. */
export interface SandboxNotificationBody {
  txn_id: string;
  order_on: string;
  amount: string;
  currency: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  method: string;
}

export type SandboxProvider = PaymentProvider & {
  /** The gateway side: a session by id (null when unknown or expired). */
  openSession(id: string, now?: Date): Promise<SandboxSession | null>;
  /** The gateway side: the signed notification for one press of Pay / Cancel / Fail. */
  notification(
    session: SandboxSession,
    status: SandboxNotificationBody['status'],
    now?: Date,
  ): { rawBody: string; headers: Record<string, string>; body: SandboxNotificationBody };
};

/**
 * The built-in sandbox gateway: behaves like a hosted-checkout provider without moving money. Its sessions live
 * in `store` under unguessable ids; notifications carry `x-sandbox-timestamp` and `x-sandbox-signature` =
 * hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). A successful payment of a session always has the same
 * transaction id (a provider charges a session once); failures and cancellations get a fresh id per attempt.
 */
export function createSandboxProvider({ secret, store }: { secret: string; store: SandboxSessionStore }): SandboxProvider {
  function sign(timestamp: number, rawBody: string): string {
    return hmac(secret, `${timestamp}.${rawBody}`).toString('hex');
  }

  return {
    name: 'sandbox',

    async createCheckout(req) {
      const session: SandboxSession = {
        id: `cs_${crypto.randomBytes(12).toString('base64url')}`,
        orderNo: req.orderNo,
        amountCents: req.amountCents,
        currency: req.currency,
        method: req.method,
        description: req.description,
        returnUrl: req.returnUrl,
        notifyUrl: req.notifyUrl,
        lang: req.lang,
        expiresAt: req.expiresAt,
      };
      await store.put(session);
      return { url: `${req.baseUrl}/api/pay/sandbox/checkout?session=${session.id}&lang=${req.lang}`, sessionId: session.id };
    },

    verifyNotification({ rawBody, headers, now = new Date() }) {
      const ts = header(headers, 'x-sandbox-timestamp') ?? '';
      const sig = header(headers, 'x-sandbox-signature') ?? '';
      if (!/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(sig)) throw new PaymentVerificationError('signature');
      if (!sameSignature(Buffer.from(sign(Number(ts), rawBody), 'hex'), Buffer.from(sig, 'hex'))) {
        throw new PaymentVerificationError('signature');
      }
      if (Math.abs(now.getTime() / 1000 - Number(ts)) > NOTIFICATION_WINDOW_SECONDS)
        throw new PaymentVerificationError('timestamp');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        throw new PaymentVerificationError('payload');
      }
      const amountCents = amountToCents(body.amount);
      const { txn_id, order_on, currency, status, method } = body;
      if (
        typeof txn_id !== 'string' ||
        !txn_id ||
        txn_id.length > 100 ||
        typeof order_on !== 'string' ||
        !order_on ||
        amountCents === null ||
        typeof currency !== 'string' ||
        typeof method !== 'string' ||
        (status !== 'succeeded' && status !== 'failed' && status !== 'cancelled')
      ) {
        throw new PaymentVerificationError('payload');
      }
      return { txnId: txn_id, orderNo: order_on, amountCents, currency, status, method, raw: body };
    },

    async openSession(id, now = new Date()) {
      if (!/^cs_[A-Za-z0-9_-]{16}$/.test(id)) return null;
      const s = await store.get(id);
      return s && s.expiresAt.getTime() > now.getTime() ? s : null;
    },

    notification(session, status, now = new Date()) {
      const txnId =
        status === 'succeeded'
          ? `sbx_${session.id.slice(3)}`
          : `sbx_${session.id.slice(3)}_${status}_${crypto.randomBytes(6).toString('hex')}`;
      const body: SandboxNotificationBody = {
        txn_id: txnId,
        order_on: session.orderNo,
        amount: (session.amountCents / 100).toFixed(2),
        currency: session.currency,
        status,
        method: session.method,
      };
      const rawBody = JSON.stringify(body);
      const timestamp = Math.floor(now.getTime() / 1000);
      return {
        rawBody,
        body,
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': String(timestamp),
          'x-sandbox-signature': sign(timestamp, rawBody),
        },
      };
    },
  };
}

/** Signs a sandbox notification body as the gateway does (tests forge and replay with it). */
export function signSandbox(secret: string, rawBody: string, timestamp: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-sandbox-timestamp': String(timestamp),
    'x-sandbox-signature': hmac(secret, `${timestamp}.${rawBody}`).toString('hex'),
  };
}

/**
 * The configured provider (PAYMENT_PROVIDER). Only the sandbox ships; a real provider is one more case here
 * returning its `PaymentProvider` (see README "Payments"). `sandbox` is set when the sandbox is in use, so its
 * hosted pages are served.
 */
export function createPaymentProvider(
  cfg: { provider: 'sandbox'; sandboxSecret: string },
  sandboxStore: SandboxSessionStore,
): { provider: PaymentProvider; sandbox?: SandboxProvider } {
  switch (cfg.provider) {
    case 'sandbox': {
      const sandbox = createSandboxProvider({ secret: cfg.sandboxSecret, store: sandboxStore });
      return { provider: sandbox, sandbox };
    }
  }
}
