import type { AccountsPort, CodesPort, DemoLog } from './ports';

/** The demo coupon (30 membership days, any number of accounts, once each) and campaign invite code. */
export const DEMO_COUPON = 'XRWELCOME30';
export const DEMO_INVITE = 'XRDEMO2026';

/** Seeds the demo codes, owned by the demo admin; skips any that exist already. */
export async function seedDemoCodes(deps: { users: AccountsPort; codes: CodesPort; log: DemoLog }): Promise<void> {
  const admin = await deps.users.accountByEmail('admin@demo.test');
  if (!admin) return;
  const actor = { id: admin.id, roles: ['admin'], permissions: new Set<string>() };
  const existing = await deps.codes.couponCodePage({ page: 1, limit: 10, keyword: DEMO_COUPON });
  if (!existing.list.some((c) => c.cdk === DEMO_COUPON)) {
    await deps.codes.addCouponCode(actor, {
      cdk: DEMO_COUPON,
      kind: 'membership_days',
      value: 30,
      max_uses: 0,
      enabled: true,
      note: 'Demo: 30 days of membership',
    });
  }
  const invites = await deps.codes.inviteCodePage(actor, { page: 1, limit: 10, keyword: DEMO_INVITE });
  if (!invites.list.some((c) => c.code === DEMO_INVITE)) {
    await deps.codes.addInviteCode(actor, { code: DEMO_INVITE, note: 'Demo campaign code', max_uses: 0, enabled: true });
  }
  deps.log.info({ coupon: DEMO_COUPON, invite: DEMO_INVITE }, 'demo codes ready');
}
