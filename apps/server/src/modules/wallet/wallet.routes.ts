import { idBody, idQuery, pageQuery } from '@xr/contract/common';
import { translateMessage } from '@xr/contract/messages';
import { hkdToCents } from '@xr/contract/money';
import {
  adminCashOutPage,
  adminCashOutQuery,
  cashOutBody,
  cashOutDecideBody,
  cashOutDetails,
  cashOutRequest,
  coinExchangeBody,
  coinExchangeReply,
  coinInfoPage,
  coinRule,
  coinRuleList,
  coinRuleUpdateBody,
  coinsPage,
  earningsMonthly,
  ledgerCsvQuery,
  ledgerEntry,
  ledgerPage,
  ledgerQuery,
  myCashOutPage,
  myCashOutQuery,
  payoutMethod,
  payoutMethodBody,
  payoutMethodList,
  walletAdjustBody,
  walletInfo,
} from '@xr/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { CashOutService } from './cash-out.service';
import type { CoinsService } from './coins.service';
import type { WalletService } from './wallet.service';

const tags = ['wallet'];
const security = [{ bearer: [] }];
/** The Cash screen (/wallet/page): creators, who sell. */
const cash: AccessRule = { permission: '/wallet/page' };
/** The Coins screen (/wallet/coins): every account. */
const coinsScreen: AccessRule = { permission: '/wallet/coins' };
/** The earning rules of coins (admins). */
const coinRulesAdmin: AccessRule = { permission: '/wallet/coin-rules' };
/** The /approval/cashOutProcess screen. */
const cashOutAdmin: AccessRule = { permission: '/approval/cashOutProcess' };

/** Wallet: cash (wallet), payout methods, cash-out and its approval (cashOuts), coins. */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  cashOuts: CashOutService;
  coins: CoinsService;
}> = async (app, { wallet, cashOuts, coins }) => {
  // --- Cash ---
  app.get(
    '/wallet/wallet_info',
    { config: { access: cash }, schema: { tags, security, response: { 200: envelope(walletInfo) } } },
    async (request) => ok(await wallet.info(currentUser(request).id)),
  );
  app.get(
    '/wallet/ledger_page',
    { config: { access: cash }, schema: { tags, security, querystring: ledgerQuery, response: { 200: envelope(ledgerPage) } } },
    async (request) => ok(await wallet.ledgerPage(currentUser(request).id, request.query)),
  );
  app.get(
    '/wallet/ledger_csv',
    { config: { access: cash }, schema: { tags, security, querystring: ledgerCsvQuery, response: { 200: z.string() } } },
    async (request, reply) => {
      const csv = await wallet.ledgerCsv(currentUser(request).id, request.query);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="wallet-ledger.csv"');
      return csv;
    },
  );
  app.get(
    '/wallet/earnings_monthly',
    { config: { access: cash }, schema: { tags, security, response: { 200: envelope(earningsMonthly) } } },
    async (request) => ok(await wallet.earningsMonthly(currentUser(request).id)),
  );

  // --- Payout methods ---
  app.get(
    '/wallet/payout_method_list',
    { config: { access: cash }, schema: { tags, security, response: { 200: envelope(payoutMethodList) } } },
    async (request) => ok(await cashOuts.methods(currentUser(request).id)),
  );
  app.post(
    '/wallet/add_payout_method',
    { config: { access: cash }, schema: { tags, security, body: payoutMethodBody, response: { 200: envelope(payoutMethod) } } },
    async (request) => ok(await cashOuts.addMethod(currentUser(request).id, request.body)),
  );
  app.post(
    '/wallet/del_payout_method',
    { config: { access: cash }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await cashOuts.deleteMethod(currentUser(request).id, request.body.id);
      return ok(null);
    },
  );

  // --- Cash-out ---
  app.post(
    '/wallet/cash_out',
    { config: { access: cash }, schema: { tags, security, body: cashOutBody, response: { 200: envelope(cashOutRequest) } } },
    async (request) =>
      ok(
        await cashOuts.requestCashOut(currentUser(request).id, request.body),
        translateMessage('cashOutRequested', request.lang),
      ),
  );
  app.get(
    '/wallet/cash_out_page',
    {
      config: { access: cash },
      schema: { tags, security, querystring: myCashOutQuery, response: { 200: envelope(myCashOutPage) } },
    },
    async (request) => ok(await cashOuts.myCashOuts(currentUser(request).id, request.query)),
  );
  app.get(
    '/approval/cash_out_page',
    {
      config: { access: cashOutAdmin },
      schema: { tags, security, querystring: adminCashOutQuery, response: { 200: envelope(adminCashOutPage) } },
    },
    async (request) => ok(await cashOuts.adminCashOutPage(request.query)),
  );
  app.get(
    '/approval/cash_out_details',
    {
      config: { access: cashOutAdmin },
      schema: { tags, security, querystring: idQuery, response: { 200: envelope(cashOutDetails) } },
    },
    async (request) => ok(await cashOuts.cashOutDetails(request.query.id)),
  );
  app.post(
    '/approval/cash_out_decide',
    {
      config: { access: cashOutAdmin },
      schema: { tags, security, body: cashOutDecideBody, response: { 200: envelope(cashOutRequest) } },
    },
    async (request) => ok(await cashOuts.decide(currentUser(request), request.body)),
  );

  app.post(
    '/approval/wallet_adjust',
    {
      config: { access: cashOutAdmin },
      schema: { tags, security, body: walletAdjustBody, response: { 200: envelope(ledgerEntry) } },
    },
    async (request) => {
      const { user_id, amount, reason } = request.body;
      return ok(await wallet.adjust(currentUser(request), user_id, hkdToCents(amount), reason));
    },
  );

  // --- Coins (spec section 7 "Coins, logs, invite") ---
  app.get(
    '/user/get_user_coins_page',
    {
      config: { access: coinsScreen },
      schema: { tags, security, querystring: pageQuery, response: { 200: envelope(coinsPage) } },
    },
    async (request) => ok(await coins.coinsPage(currentUser(request).id, request.query)),
  );
  app.get(
    '/user/user_get_coin_info_page',
    {
      config: { access: coinsScreen },
      schema: { tags, security, querystring: pageQuery, response: { 200: envelope(coinInfoPage) } },
    },
    async (request) => ok(await coins.coinInfoPage(currentUser(request).id, request.query)),
  );
  app.post(
    '/user/coin_exchange',
    {
      config: { access: coinsScreen },
      schema: { tags, security, body: coinExchangeBody, response: { 200: envelope(coinExchangeReply) } },
    },
    async (request) =>
      ok(await coins.exchange(currentUser(request).id, request.body), translateMessage('coinExchanged', request.lang)),
  );
  app.get(
    '/wallet/coin_rules',
    { config: { access: coinRulesAdmin }, schema: { tags, security, response: { 200: envelope(coinRuleList) } } },
    async () => ok(await coins.coinRules()),
  );
  app.post(
    '/wallet/coin_rule_update',
    {
      config: { access: coinRulesAdmin },
      schema: { tags, security, body: coinRuleUpdateBody, response: { 200: envelope(coinRule) } },
    },
    async (request) => ok(await coins.updateCoinRule(currentUser(request), request.body)),
  );
};
