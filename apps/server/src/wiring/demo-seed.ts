import { createForumService } from '../modules/community/forum.service';
import type { MessagesService } from '../modules/community/messages.service';
import { seedCatalogue } from '../workflows/seed-catalogue';
import { seedDemo } from '../workflows/seed-demo';
import { seedDemoCodes } from '../workflows/seed-demo-codes';
import { seedForum } from '../workflows/seed-forum';
import { seedWalletDemo } from '../workflows/seed-wallet';
import type { Accounts } from './accounts';
import type { Commerce } from './commerce';
import type { Core } from './core';

/**
 * The demo data of a first start (or with SEED_DEMO): demo accounts, codes and wallet, the catalogue (whose generated
 * content is queued as jobs, and opens the demo rooms when saved) and the forum's demo threads.
 */
export async function seedDemoData(
  core: Pick<Core, 'db' | 'config' | 'rbac' | 'storage' | 'jobs' | 'log'>,
  { accounts, commerce, messages }: { accounts: Accounts; commerce: Commerce; messages: MessagesService },
): Promise<void> {
  const { db, config, rbac, storage, jobs, log } = core;
  const users = accounts.accounts;
  const { projects, market, checkout, notify, sandbox, wallet } = commerce;
  await seedDemo({ users, rbac, log });
  await seedDemoCodes({ users, codes: accounts.codes, log });
  await seedWalletDemo({ users, wallet, log });
  await seedCatalogue({
    users,
    profile: accounts.profile,
    projects,
    market,
    checkout,
    notify,
    sandbox,
    storage,
    log,
    media: { jobs, width: config.seedMediaWidth },
  });
  // The demo threads are posted in one go: no flood control for the seed.
  const seedingForum = createForumService({ db, users: accounts.profile, messages, projects, postIntervalSeconds: 0 });
  await seedForum({ forum: seedingForum, users, rbac, log });
}
