import type { OrdersService } from '../modules/orders/orders.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { AccountsService } from '../modules/users/accounts.service';
import type { InvitesService } from '../modules/users/invites.service';
import type { CoinsService } from '../modules/wallet/coins.service';
import type { Api } from './core';

/**
 * Coins earned at their sources, after the action succeeded (a 200 reply of its route); each award is idempotent per
 * rule and reference, so a repeated call earns nothing more. A failed award is logged, never the caller's failure.
 */
export function registerCoinAwards(
  api: Api,
  {
    coins,
    orders,
    projects,
    accounts,
    invites,
  }: {
    coins: Pick<CoinsService, 'award' | 'awardDailyVisit'>;
    orders: Pick<OrdersService, 'purchasedAmong'>;
    projects: Pick<ProjectsService, 'byId'>;
    accounts: Pick<AccountsService, 'accountByEmail'>;
    invites: Pick<InvitesService, 'inviterOf'>;
  },
): void {
  api.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200) return;
    const url = request.routeOptions.url;
    const award = (run: () => Promise<unknown>) =>
      run().catch((err: unknown) => request.log.warn({ err, url }, 'coin award failed'));
    if (url === '/api/user/user_info' && request.user) {
      const userId = request.user.id;
      await award(() => coins.awardDailyVisit(userId));
    } else if (url === '/api/home_page/set_score' && request.user) {
      const userId = request.user.id;
      const projectId = (request.body as { project_id?: unknown } | undefined)?.project_id;
      // only a review of something the reviewer bought earns coins (free projects can be scored by anyone)
      if (typeof projectId === 'number') {
        await award(async () => {
          if ((await orders.purchasedAmong(userId, [projectId])).has(projectId)) {
            await coins.award(undefined, userId, 'purchase_review', projectId);
          }
        });
      }
    } else if (url === '/api/approval/approve_project') {
      const id = (request.body as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'number') return;
      await award(async () => {
        const p = await projects.byId(id);
        // the first published project: the rule's total cap (1 by default) makes it the first only
        if (p) await coins.award(undefined, p.ownerId, 'first_publish', p.id);
      });
    } else if (url === '/api/register') {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string') return;
      await award(async () => {
        const account = await accounts.accountByEmail(email);
        const inviter = account ? await invites.inviterOf(account.id) : undefined;
        if (account && inviter) await coins.award(undefined, inviter, 'invite_registration', account.id);
      });
    }
  });
}
