import { PAYMENT_METHODS, type PaymentMethod, PRODUCT_NAME } from '@xr/contract/constants';
import { formatDateTime, formatPrice, PLATFORM_TIME_ZONE } from '@xr/contract/format';
import { LANGS, type Lang } from '@xr/contract/lang';
import { centsToHkd } from '@xr/contract/money';
import { invoiceNumberOf } from '@xr/contract/orders';
import type { SandboxNotificationBody, SandboxProvider, SandboxSession } from '../../lib/payments';

/** Methods paid by scanning a code with a phone (the page shows a QR code for them). */
const SCAN_METHODS: readonly PaymentMethod[] = ['Alipay', 'Wechat', 'Fps'];
/** The spec's payment QR code: 200 by 200, high error correction. */
export const QR_SIZE = 200;

type Texts = Record<
  | 'title'
  | 'sandbox'
  | 'merchant'
  | 'order'
  | 'invoice'
  | 'amount'
  | 'method'
  | 'scan'
  | 'card'
  | 'cardNote'
  | 'pay'
  | 'cancel'
  | 'fail'
  | 'expired'
  | 'back'
  | 'deliveryFailed'
  | 'expires',
  string
>;

const TEXTS: Record<Lang, Texts> = {
  zh: {
    title: '收银台',
    sandbox: '沙盒支付：不会产生真实扣款',
    merchant: '商户',
    order: '订单号',
    invoice: '发票号',
    amount: '金额',
    method: '支付方式',
    scan: '请使用{method}扫描二维码付款',
    card: '测试卡号',
    cardNote: '沙盒中无需输入真实卡号',
    pay: '确认支付',
    cancel: '取消支付',
    fail: '模拟支付失败',
    expired: '该支付会话已失效或订单已过期',
    back: '返回商店',
    deliveryFailed: '无法将支付结果通知商户，请稍后再试',
    expires: '请在以下时间前完成支付',
  },
  tc: {
    title: '收銀台',
    sandbox: '沙盒支付：不會產生真實扣款',
    merchant: '商戶',
    order: '訂單號',
    invoice: '發票號',
    amount: '金額',
    method: '支付方式',
    scan: '請使用{method}掃描二維碼付款',
    card: '測試卡號',
    cardNote: '沙盒中無需輸入真實卡號',
    pay: '確認支付',
    cancel: '取消支付',
    fail: '模擬支付失敗',
    expired: '該支付會話已失效或訂單已過期',
    back: '返回商店',
    deliveryFailed: '無法將支付結果通知商戶，請稍後再試',
    expires: '請在以下時間前完成支付',
  },
  en: {
    title: 'Checkout',
    sandbox: 'Sandbox payment: no real money is moved',
    merchant: 'Merchant',
    order: 'Order number',
    invoice: 'Invoice number',
    amount: 'Amount',
    method: 'Payment method',
    scan: 'Scan the QR code with {method} to pay',
    card: 'Test card',
    cardNote: 'No real card number is needed in the sandbox',
    pay: 'Pay',
    cancel: 'Cancel',
    fail: 'Simulate a failure',
    expired: 'This checkout session is invalid or the order has expired',
    back: 'Back to the shop',
    deliveryFailed: 'The merchant could not be told about the payment, please try again',
    expires: 'Complete the payment before',
  },
};

const METHOD_NAMES: Record<Lang, Record<PaymentMethod, string>> = {
  zh: { Alipay: '支付宝', Wechat: '微信支付', CUP: '银联', CreditCard: '信用卡', Fps: '转数快 FPS' },
  tc: { Alipay: '支付寶', Wechat: '微信支付', CUP: '銀聯', CreditCard: '信用卡', Fps: '轉數快 FPS' },
  en: Object.fromEntries(PAYMENT_METHODS.map((m) => [m.value, m.label])) as Record<PaymentMethod, string>,
};
const METHOD_COLORS: Record<PaymentMethod, string> = {
  Alipay: '#1677ff',
  Wechat: '#07c160',
  CUP: '#d7000f',
  CreditCard: '#334155',
  Fps: '#e4007f',
};

export const sandboxLang = (v: unknown): Lang => ((LANGS as readonly unknown[]).includes(v) ? (v as Lang) : 'en');

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function shell(lang: Lang, title: string, body: string, accent = '#1677ff'): string {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : lang === 'tc' ? 'zh-Hant' : 'zh-Hans'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f1f5f9;color:#0f172a}
  .top{background:${accent};color:#fff;padding:14px 16px;font-weight:600;display:flex;justify-content:space-between;align-items:center;gap:8px}
  .badge{font-size:12px;font-weight:500;background:rgba(255,255,255,.2);border-radius:999px;padding:2px 10px;white-space:nowrap}
  main{max-width:420px;margin:16px auto;padding:0 12px}
  .card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.12);padding:20px 16px}
  .amount{font-size:32px;font-weight:700;text-align:center;margin:4px 0 16px}
  .amount small{font-size:16px;font-weight:500;color:#475569;margin-right:4px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0 0 16px;font-size:14px}
  dt{color:#64748b}dd{margin:0;text-align:right;word-break:break-all}
  .qr{display:flex;flex-direction:column;align-items:center;gap:8px;margin:8px 0 16px;font-size:14px;color:#475569;text-align:center}
  .qr svg{width:${QR_SIZE}px;height:${QR_SIZE}px;display:block}
  .cardno{border:1px solid #cbd5e1;border-radius:8px;padding:10px 12px;font-family:ui-monospace,Menlo,monospace;font-size:16px;margin:8px 0 4px;background:#f8fafc;display:flex;justify-content:space-between;flex-wrap:wrap;gap:4px 12px}
  .cardno span:last-child{color:#64748b}
  .mono{font-family:ui-monospace,Menlo,monospace;font-size:13px}
  .expires{font-size:12px;color:#64748b;text-align:center;margin:-4px 0 16px}
  .note{font-size:12px;color:#64748b;margin:0 0 16px}
  form{display:flex;flex-direction:column;gap:10px;margin:0}
  button,a.btn{font:inherit;font-size:16px;border-radius:8px;padding:12px;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer;text-align:center;text-decoration:none}
  button.primary{background:${accent};border-color:${accent};color:#fff;font-weight:600}
  button.danger{color:#b91c1c;border-color:#fecaca}
  .foot{font-size:12px;color:#64748b;text-align:center;margin:16px 0}
  .error{color:#b91c1c;font-size:14px;margin:0 0 12px}
</style>
</head>
<body>${body}</body>
</html>`;
}

/** The page for a session that is forged, tampered with or past the order's expiry. */
export function renderInvalidPage(lang: Lang, returnUrl?: string): string {
  const t = TEXTS[lang];
  return shell(
    lang,
    t.title,
    `<div class="top"><span>${esc(PRODUCT_NAME)}</span><span class="badge">Sandbox</span></div>
<main><div class="card"><p class="error">${esc(t.expired)}</p>${returnUrl ? `<a class="btn" href="${esc(returnUrl)}">${esc(t.back)}</a>` : ''}</div></main>`,
  );
}

/**
 * The hosted checkout page: merchant, order, amount in HKD and method; a 200×200 QR code with error correction
 * level H for scan methods (it encodes this page's URL, so a phone can open it); a test card for card methods;
 * Pay / Cancel / Fail buttons that POST to the gateway. Readable on a 390 px phone.
 */
export async function renderCheckoutPage(opts: {
  session: SandboxSession;
  pageUrl: string;
  lang: Lang;
  error?: boolean;
}): Promise<string> {
  const { session, lang } = opts;
  const t = TEXTS[lang];
  const method = METHOD_NAMES[lang][session.method] ?? session.method;
  const accent = METHOD_COLORS[session.method] ?? '#1677ff';
  const amount = formatPrice(centsToHkd(session.amountCents));
  let payment: string;
  if (SCAN_METHODS.includes(session.method)) {
    // qrcode loads on the first sandbox payment page, not in every idle server
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(opts.pageUrl, { type: 'svg', errorCorrectionLevel: 'H', width: QR_SIZE, margin: 1 });
    payment = `<div class="qr" data-testid="qr">${svg.replace('<svg ', `<svg role="img" aria-label="QR code" `)}<span>${esc(t.scan.replace('{method}', method))}</span></div>`;
  } else {
    payment = `<div><div class="note">${esc(t.card)}</div><div class="cardno"><span>4242 4242 4242 4242</span><span>12/34 · CVC 123</span></div><p class="note">${esc(t.cardNote)}</p></div>`;
  }
  // the same deadline, format and named zone as the invoice in the web app
  const expires = formatDateTime(session.expiresAt, lang, { timeZone: PLATFORM_TIME_ZONE, zone: true });
  const body = `<div class="top"><span>${esc(t.title)} · ${esc(method)}</span><span class="badge">Sandbox</span></div>
<main>
  <div class="card">
    ${opts.error ? `<p class="error" role="alert">${esc(t.deliveryFailed)}</p>` : ''}
    <div class="amount" data-testid="amount">${esc(amount)}</div>
    <dl>
      <dt>${esc(t.merchant)}</dt><dd>${esc(PRODUCT_NAME)}</dd>
      <dt>${esc(t.order)}</dt><dd class="mono" data-testid="order">${esc(session.orderNo)}</dd>
      <dt>${esc(t.invoice)}</dt><dd class="mono">${esc(invoiceNumberOf(session.orderNo))}</dd>
      <dt>${esc(t.method)}</dt><dd>${esc(method)}</dd>
    </dl>
    <p class="expires">${esc(t.expires)} ${esc(expires)}</p>
    ${payment}
    <form method="post" action="/api/pay/sandbox/complete">
      <input type="hidden" name="session" value="${esc(session.id)}">
      <input type="hidden" name="lang" value="${lang}">
      <button class="primary" type="submit" name="action" value="pay">${esc(t.pay)} ${esc(amount)}</button>
      <button type="submit" name="action" value="cancel">${esc(t.cancel)}</button>
      <button class="danger" type="submit" name="action" value="fail">${esc(t.fail)}</button>
    </form>
  </div>
  <p class="foot">${esc(t.sandbox)}</p>
</main>`;
  return shell(lang, `${t.title} · ${PRODUCT_NAME}`, body, accent);
}

export const SANDBOX_ACTIONS = { pay: 'succeeded', cancel: 'cancelled', fail: 'failed' } as const satisfies Record<
  string,
  SandboxNotificationBody['status']
>;
export type SandboxAction = keyof typeof SANDBOX_ACTIONS;

/**
 * What the gateway does when a button is pressed: it POSTs the signed notification to the shop's notify URL
 * (server to server, like a real provider) and reports whether the shop accepted it. Two more tries on failure.
 */
export async function deliverSandboxNotification(
  provider: SandboxProvider,
  session: SandboxSession,
  action: SandboxAction,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const n = provider.notification(session, SANDBOX_ACTIONS[action]);
    try {
      const res = await fetchImpl(session.notifyUrl, {
        method: 'POST',
        headers: n.headers,
        body: n.rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
      if (res.status >= 400 && res.status < 500) return false;
    } catch {
      // network error: try again
    }
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  return false;
}
