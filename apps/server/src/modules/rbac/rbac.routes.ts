import { idBody, idQuery, pageOf } from '@xr/contract/common';
import {
  addPermissionBody,
  addRoleBody,
  distributePowerBody,
  permission,
  permissionNode,
  permissionPageQuery,
  role,
  rolePageQuery,
  rolePermissionDetails,
  updatePermissionBody,
  updateRoleBody,
} from '@xr/contract/rbac';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { RbacService } from './rbac.service';

/** Role and permission management is one admin screen (/system/auth with its role and resource pages). */
const access: AccessRule = { permission: '/system/auth' };
const tags = ['rbac'];
const security = [{ bearer: [] }];

/** Spec section 7 "Admin: permissions and roles", plus the permission tree the role editor shows. */
export const rbacRoutes: FastifyPluginAsyncZod<{ rbac: RbacService }> = async (app, { rbac }) => {
  app.get(
    '/permissions/permissions_page',
    {
      config: { access },
      schema: { tags, security, querystring: permissionPageQuery, response: { 200: envelope(pageOf(permission)) } },
    },
    async (request) => ok(await rbac.permissionPage(request.query)),
  );

  app.get(
    '/permissions/top_level_permissions',
    { config: { access }, schema: { tags, security, response: { 200: envelope(z.array(permission)) } } },
    async () => ok(await rbac.topLevelPermissions()),
  );

  app.get(
    '/permissions/permission_tree',
    { config: { access }, schema: { tags, security, response: { 200: envelope(z.array(permissionNode)) } } },
    async () => ok(await rbac.permissionTree()),
  );

  app.get(
    '/permissions/permissions_details',
    { config: { access }, schema: { tags, security, querystring: idQuery, response: { 200: envelope(permission) } } },
    async (request) => ok(await rbac.permissionDetails(request.query.id)),
  );

  app.post(
    '/permissions/add_permissions',
    { config: { access }, schema: { tags, security, body: addPermissionBody, response: { 200: envelope(permission) } } },
    async (request) => ok(await rbac.addPermission(request.body, currentUser(request))),
  );

  app.post(
    '/permissions/permissions_update',
    { config: { access }, schema: { tags, security, body: updatePermissionBody, response: { 200: envelope(permission) } } },
    async (request) => ok(await rbac.updatePermission(request.body, currentUser(request))),
  );

  app.post(
    '/permissions/del_permissions',
    { config: { access }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await rbac.deletePermission(request.body.id, currentUser(request));
      return ok(null);
    },
  );

  app.get(
    '/role/role_page',
    { config: { access }, schema: { tags, security, querystring: rolePageQuery, response: { 200: envelope(pageOf(role)) } } },
    async (request) => ok(await rbac.rolePage(request.query)),
  );

  app.get(
    '/role/role_details',
    { config: { access }, schema: { tags, security, querystring: idQuery, response: { 200: envelope(role) } } },
    async (request) => ok(await rbac.roleDetails(request.query.id)),
  );

  app.post(
    '/role/add_role',
    { config: { access }, schema: { tags, security, body: addRoleBody, response: { 200: envelope(role) } } },
    async (request) => ok(await rbac.addRole(request.body, currentUser(request))),
  );

  app.post(
    '/role/role_update',
    { config: { access }, schema: { tags, security, body: updateRoleBody, response: { 200: envelope(role) } } },
    async (request) => ok(await rbac.updateRole(request.body, currentUser(request))),
  );

  app.post(
    '/role/del_role',
    { config: { access }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await rbac.deleteRole(request.body.id, currentUser(request));
      return ok(null);
    },
  );

  app.post(
    '/role/role_distribution_power',
    {
      config: { access },
      schema: { tags, security, body: distributePowerBody, response: { 200: envelope(rolePermissionDetails) } },
    },
    async (request) => ok(await rbac.distributePower(request.body, currentUser(request))),
  );

  app.get(
    '/role/role_permission_details',
    {
      config: { access },
      schema: { tags, security, querystring: idQuery, response: { 200: envelope(rolePermissionDetails) } },
    },
    async (request) => ok(await rbac.rolePermissionDetails(request.query.id)),
  );
};
