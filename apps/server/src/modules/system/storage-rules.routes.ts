import { idBody, pageOf } from '@xr/contract/common';
import {
  addFileTypeBody,
  capacityPage,
  capacityPageQuery,
  fileType,
  fileTypeQuery,
  myCapacity,
  upCapacityBody,
  upFileTypeBody,
} from '@xr/contract/creator';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { StorageRulesService } from './storage-rules.service';

const tags = ['system'];
const security = [{ bearer: [] }];
const filetype = { permission: '/system/filetype' } as const;
const capacity = { permission: '/system/capacity' } as const;

/** The upload allow-list (/system/filetype), capacities (/system/capacity) and my capacity meter. */
export const storageRulesRoutes: FastifyPluginAsyncZod<{ rules: StorageRulesService }> = async (app, { rules }) => {
  const done = (lang: Parameters<typeof translateMessage>[1]) => translateMessage('operationSuccessful', lang);

  app.get(
    '/system/filetype_page',
    {
      config: { access: filetype },
      schema: { tags, security, querystring: fileTypeQuery, response: { 200: envelope(pageOf(fileType)) } },
    },
    async (request) => ok(await rules.fileTypePage(request.query)),
  );
  app.post(
    '/system/add_filetype',
    { config: { access: filetype }, schema: { tags, security, body: addFileTypeBody, response: { 200: envelope(fileType) } } },
    async (request) => ok(await rules.addFileType(request.body), done(request.lang)),
  );
  app.post(
    '/system/up_filetype',
    { config: { access: filetype }, schema: { tags, security, body: upFileTypeBody, response: { 200: envelope(fileType) } } },
    async (request) => ok(await rules.updateFileType(request.body), done(request.lang)),
  );
  app.post(
    '/system/del_filetype',
    { config: { access: filetype }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await rules.deleteFileType(request.body.id);
      return ok(null, done(request.lang));
    },
  );

  app.get(
    '/system/capacity_page',
    {
      config: { access: capacity },
      schema: { tags, security, querystring: capacityPageQuery, response: { 200: envelope(capacityPage) } },
    },
    async (request) => ok(await rules.capacityPage(request.query)),
  );
  app.post(
    '/system/up_capacity',
    { config: { access: capacity }, schema: { tags, security, body: upCapacityBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await rules.updateCapacity(request.body);
      return ok(null, done(request.lang));
    },
  );
  app.get(
    '/user/capacity',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(myCapacity) } } },
    async (request) => {
      const c = await rules.capacityOf(currentUser(request).id);
      return ok({ plan: c.plan, used_bytes: c.used_bytes, quota_bytes: c.quota_bytes });
    },
  );
};
