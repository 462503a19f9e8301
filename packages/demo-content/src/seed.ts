import { seedDemoAccounts } from './accounts';
import { type SeedCatalogueDeps, seedCatalogue } from './catalogue/seed';
import { seedDemoCodes } from './codes';
import { seedForum } from './forum';
import type { CodesPort, ForumPort, RbacPort, WalletPort } from './ports';
import { seedWalletDemo } from './wallet';

/** Everything the first start's seed calls, handed in by the server (see `ports.ts`). */
export interface DemoSeedPorts extends SeedCatalogueDeps {
  rbac: RbacPort;
  codes: CodesPort;
  wallet: WalletPort;
  /** The forum, without flood control (the demo threads are posted in one go). */
  forum: ForumPort;
}

/**
 * The demo data of a first start (or with SEED_DEMO): the demo accounts, codes and wallet, the catalogue (whose
 * generated content is queued as background jobs, see `content/media.ts`) and the forum's demo threads. Each step
 * skips what exists already, so running it again changes nothing.
 */
export async function seedDemoContent(ports: DemoSeedPorts): Promise<void> {
  await seedDemoAccounts(ports);
  await seedDemoCodes(ports);
  await seedWalletDemo(ports);
  await seedCatalogue(ports);
  await seedForum(ports);
}
