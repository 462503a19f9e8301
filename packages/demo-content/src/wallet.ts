import type { AccountsPort, DemoLog, WalletPort } from './ports';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo wallet: creator@demo.test gets sale earnings over the last months (most released, the last two
 * still inside the hold period), an FPS payout method and some coins; user@demo.test gets coins to exchange. Runs
 * once: an account that has a payout method is left alone.
 */
export async function seedWalletDemo(deps: { users: AccountsPort; wallet: WalletPort; log: DemoLog }): Promise<void> {
  const { users, wallet, log } = deps;
  const creator = await users.accountByEmail('creator@demo.test');
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  if (creator) {
    const seeded = await wallet.seedDemo(creator.id, {
      earnings: [
        { cents: 38_700, at: at(200), note: 'Demo sale: Harbour night tour' },
        { cents: 12_600, at: at(150), note: 'Demo sale: Tea house 3D scene' },
        { cents: 45_000, at: at(95), note: 'Demo sale: Gallery showroom' },
        { cents: 26_100, at: at(61), note: 'Demo sale: Harbour night tour' },
        { cents: 17_910, at: at(33), note: 'Demo sale: Temple street 360' },
        { cents: 22_500, at: at(12), note: 'Demo sale: Gallery showroom' },
        { cents: 8_820, at: at(2), note: 'Demo sale: Tea house 3D scene' },
        { cents: 13_500, at: at(0.5), note: 'Demo sale: Temple street 360' },
      ],
      method: { type: 'fps', fps_id: '1234567' },
      coins: 500,
    });
    if (seeded) log.info('demo wallet ready (creator@demo.test)');
  }
  const user = await users.accountByEmail('user@demo.test');
  if (user) await wallet.seedDemo(user.id, { earnings: [], method: { type: 'paypal', email: 'user@demo.test' }, coins: 800 });
}
