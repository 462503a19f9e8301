import { createPaymentProvider } from '../lib/payments';
import { cartRoutes } from '../modules/cart/cart.routes';
import { createCartService } from '../modules/cart/cart.service';
import type { CodesService } from '../modules/codes/codes.service';
import { marketRoutes } from '../modules/market/market.routes';
import { createMarketService } from '../modules/market/market.service';
import type { MessagesService } from '../modules/messages/messages.service';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { createOrdersService } from '../modules/orders/orders.service';
import { paymentsRoutes } from '../modules/payments/payments.routes';
import { createPaymentsService, sandboxSessionStore } from '../modules/payments/payments.service';
import { plansRoutes } from '../modules/plans/plans.routes';
import { createPlansService } from '../modules/plans/plans.service';
import { projectsRoutes } from '../modules/projects/projects.routes';
import { createProjectsService } from '../modules/projects/projects.service';
import { tagsRoutes } from '../modules/projects/tags.routes';
import { createTagsService } from '../modules/projects/tags.service';
import type { MembershipService } from '../modules/users/membership.service';
import type { ProfileService } from '../modules/users/profile.service';
import type { SeatsService } from '../modules/users/seats.service';
import { createCashOutService } from '../modules/wallet/cash-out.service';
import { createCoinsService } from '../modules/wallet/coins.service';
import { walletRoutes } from '../modules/wallet/wallet.routes';
import { createWalletService } from '../modules/wallet/wallet.service';
import { createCheckoutWorkflow } from '../workflows/checkout';
import { createPaymentNotifyWorkflow } from '../workflows/payment-notify';
import type { Core, RegisterRoutes } from './core';

/**
 * The usage a plan shows on /profile, counted by the creator content (its editor and storage rules). The content is
 * wired after the plans (it reads their quotas), so app.ts fills these in once it exists.
 */
export interface PlanUsage {
  projectCount?: (userId: number) => Promise<number>;
  storageOf?: (userId: number) => Promise<{ used_bytes: number; quota_bytes: number }>;
}

/**
 * Storefront and commerce: projects and their market, tags, the cart, orders, payments and their notifications,
 * checkout, the wallet (cash ledger, cash-out, coins) and plans (memberships, quotas); with their routes.
 */
export async function wireCommerce(
  core: Pick<Core, 'db' | 'config' | 'audit' | 'origins'>,
  deps: {
    profile: ProfileService;
    membership: MembershipService;
    seats: Pick<SeatsService, 'planSeats'>;
    codes: CodesService;
    /** System messages: cash-out tells creators about its decisions with them. */
    messages: MessagesService;
  },
) {
  const { db, config, audit, origins } = core;
  const { profile, membership, seats, codes, messages } = deps;
  const marketCacheMs = config.commerce.marketCacheSeconds * 1000;
  const projects = createProjectsService({ db, users: profile, cacheMs: marketCacheMs });
  const orders = createOrdersService({ db, projects });
  const cart = createCartService({ db, projects, orders });
  const market = createMarketService(
    { db, projects, cart, orders, users: profile },
    { cacheMs: marketCacheMs, countCacheMs: config.commerce.marketCountCacheSeconds * 1000 },
  );
  const tagsService = createTagsService({ db, projects, audit });
  // Wallet and coins: the cash ledger; payout methods, cash-out and its approval; coin awards and exchanges.
  const ledger = { db, holdDays: config.wallet.holdDays };
  const contacts = profile.contacts;
  const wallet = createWalletService({
    ...ledger,
    commissionPercent: config.commerce.commissionPercent,
    cashOutMinCents: config.wallet.cashOutMinCents,
    users: { contacts },
    audit,
  });
  const cashOuts = createCashOutService({
    ...ledger,
    cashOutMinCents: config.wallet.cashOutMinCents,
    users: { contacts },
    messages,
    audit,
  });
  const coins = createCoinsService({
    ...ledger,
    coinsPerHkd: config.wallet.coinsPerHkd,
    coinsPerMembershipDay: config.wallet.coinsPerMembershipDay,
    exchangeDailyLimit: config.wallet.exchangeDailyLimit,
    users: { extendMembership: membership.extendMembership },
    codes,
    audit,
  });
  await coins.ensureCoinRules();
  const { provider, sandbox } = createPaymentProvider(config.payments, sandboxSessionStore(db));
  const payments = createPaymentsService({ db, provider });
  // Plans and memberships: bought at checkout; quotas read by projects, uploads, live streaming, avatars.
  const usage: PlanUsage = {};
  const plans = createPlansService({
    db,
    vipDates: membership.vipDates,
    extendMembershipMonths: membership.extendMembershipMonths,
    planSeats: seats.planSeats,
    projectCount: (userId) => usage.projectCount?.(userId) ?? Promise.resolve(0),
    storage: (userId) => usage.storageOf?.(userId) ?? Promise.resolve({ used_bytes: 0, quota_bytes: 0 }),
    audit,
    renewalReminderDays: config.plans.renewalReminderDays,
  });
  await plans.ensureDefaults();
  const notify = createPaymentNotifyWorkflow({
    db,
    orders,
    cart,
    projects,
    wallet,
    payments,
    plans,
    membershipChanged: (userId) => membership.accessChanged(userId),
  });
  const checkout = createCheckoutWorkflow({
    db,
    projects,
    orders,
    users: profile,
    payments,
    notify,
    orderExpiryMinutes: config.commerce.orderExpiryMinutes,
    plans,
  });

  const routes: RegisterRoutes = async (api) => {
    await api.register(projectsRoutes, { projects });
    await api.register(marketRoutes, { market, checkReplies: config.env !== 'production' });
    await api.register(cartRoutes, { cart });
    await api.register(ordersRoutes, { orders, checkout });
    await api.register(paymentsRoutes, { checkout, notify, sandbox, origins });
    await api.register(tagsRoutes, { tagsService });
    await api.register(walletRoutes, { wallet, cashOuts, coins });
    await api.register(plansRoutes, { plans, checkout });
  };
  return { projects, orders, cart, market, wallet, cashOuts, coins, payments, sandbox, plans, usage, notify, checkout, routes };
}

export type Commerce = Awaited<ReturnType<typeof wireCommerce>>;
