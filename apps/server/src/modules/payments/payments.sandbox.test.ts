import { describe, expect, it } from 'vitest';
import type { SandboxSession } from '../../lib/payments';
import { renderCheckoutPage } from './payments.sandbox';

const session: SandboxSession = {
  id: 's1',
  orderNo: 'XR202611230001',
  amountCents: 128850,
  currency: 'HKD',
  method: 'CUP',
  description: 'order',
  returnUrl: 'http://localhost/#/orderlist',
  notifyUrl: 'http://localhost/api/pay/notify/sandbox',
  lang: 'en',
  expiresAt: new Date('2026-11-23T02:05:00Z'),
};

describe('sandbox checkout page', () => {
  it('states the amount as HK$1,288.50 and the deadline in Hong Kong time with the zone named, per language', async () => {
    const cases = [
      ['en', '2026-11-23 10:05 (HKT)'],
      ['zh', '2026-11-23 10:05 (香港时间)'],
      ['tc', '2026-11-23 10:05 (香港時間)'],
    ] as const;
    for (const [lang, deadline] of cases) {
      const html = await renderCheckoutPage({ session: { ...session, lang }, pageUrl: 'http://localhost/x', lang });
      expect(html, lang).toContain(deadline);
      expect(html, lang).toContain('data-testid="amount">HK$1,288.50</div>');
      expect(html, lang).not.toContain('HK$ ');
    }
  });
});
