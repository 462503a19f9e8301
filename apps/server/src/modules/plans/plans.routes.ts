import { idBody, pageOf } from '@xr/contract/common';
import { placedOrder } from '@xr/contract/orders';
import {
  addComboBody,
  comboList,
  comboPageQuery,
  comboRow,
  myPlan,
  placePlanOrderBody,
  setComboBody,
  upComboBody,
} from '@xr/contract/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { CheckoutWorkflow } from '../../workflows/checkout';
import type { PlansService } from './plans.service';

const tags = ['plans'];
const security = [{ bearer: [] }];
/** The /system/combo screen. */
const comboAdmin: AccessRule = { permission: '/system/combo' };

/** Plans ("combos"): the public list, the admin catalogue, the caller's plan and buying a plan. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService; checkout: CheckoutWorkflow }> = async (
  app,
  { plans, checkout },
) => {
  app.get(
    '/combo/combo_list',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelope(comboList) } } },
    async (request) => ok(await plans.publicList(request.lang)),
  );

  app.get(
    '/combo/my_plan',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(myPlan) } } },
    async (request) => ok(await plans.myPlan(currentUser(request).id)),
  );

  app.post(
    '/order/place_plan_order',
    {
      config: { access: 'user' },
      schema: { tags, security, body: placePlanOrderBody, response: { 200: envelope(placedOrder) } },
    },
    async (request) => ok(await checkout.placePlanOrder(currentUser(request).id, request.body.combo_id)),
  );

  app.get(
    '/combo/combo_page',
    {
      config: { access: comboAdmin },
      schema: { tags, security, querystring: comboPageQuery, response: { 200: envelope(pageOf(comboRow)) } },
    },
    async (request) => ok(await plans.page(request.query)),
  );

  app.post(
    '/combo/add_combo',
    { config: { access: comboAdmin }, schema: { tags, security, body: addComboBody, response: { 200: envelope(comboRow) } } },
    async (request) => ok(await plans.add(currentUser(request), request.body)),
  );

  app.post(
    '/combo/up_combo',
    { config: { access: comboAdmin }, schema: { tags, security, body: upComboBody, response: { 200: envelope(comboRow) } } },
    async (request) => ok(await plans.update(currentUser(request), request.body)),
  );

  app.post(
    '/combo/set_combo',
    { config: { access: comboAdmin }, schema: { tags, security, body: setComboBody, response: { 200: envelope(comboRow) } } },
    async (request) => ok(await plans.setEnabled(currentUser(request), request.body.id, request.body.enabled)),
  );

  app.post(
    '/combo/del_combo',
    { config: { access: comboAdmin }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await plans.remove(currentUser(request), request.body.id);
      return ok(null);
    },
  );
};
