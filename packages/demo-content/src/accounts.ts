import type { AccountType } from '@xr/contract/auth';
import type { RoleName } from '@xr/contract/permissions';
import type { AccountsPort, DemoLog } from './ports';

export const DEMO_PASSWORD = 'Demo@12345';

interface DemoAccount {
  email: string;
  username: string;
  forumName: string;
  accountType: AccountType;
  role: RoleName;
  /** A year of membership instead of the free trial. */
  member?: boolean;
}

/** The demo accounts listed in the README: one per kind of person using the product. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.test',
    username: 'demo_admin',
    forumName: 'DemoAdmin',
    accountType: 'individual',
    role: 'admin',
    member: true,
  },
  {
    email: 'orgadmin@demo.test',
    username: 'demo_orgadmin',
    forumName: 'DemoOrg',
    accountType: 'organisation',
    role: 'organisation_admin',
    member: true,
  },
  { email: 'creator@demo.test', username: 'demo_creator', forumName: 'DemoMaker', accountType: 'individual', role: 'creator' },
  { email: 'user@demo.test', username: 'demo_user', forumName: 'DemoUser', accountType: 'individual', role: 'user' },
];

/**
 * Creates the demo accounts (all active, password `Demo@12345`) that do not exist yet, so running it again
 * changes nothing. Runs on the first start of an empty database, or when SEED_DEMO=1.
 */
export async function seedDemoAccounts({ users, log }: { users: AccountsPort; log: DemoLog }): Promise<void> {
  const yearAhead = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  const created: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    if (await users.accountByEmail(a.email)) continue;
    await users.createAccount({
      email: a.email,
      username: a.username,
      password: DEMO_PASSWORD,
      accountType: a.accountType,
      forumName: a.forumName,
      status: 'active',
      roleNames: [a.role],
      ...(a.member ? { vipDate: yearAhead } : {}),
    });
    created.push(a.email);
  }
  log.info(
    { created },
    `demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.email} [${a.role}]`).join(', ')}`,
  );
}
