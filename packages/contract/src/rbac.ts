import { z } from 'zod';
import { idCoerced, idNumber, pageQuery } from './common';
import { V } from './messages';

const httpPath = z
  .string({ message: V('httpPathFormat') })
  .trim()
  .regex(/^\/[A-Za-z0-9\-_/]*$/, V('httpPathFormat'))
  .max(200, V('tooLong'));
const roleName = z
  .string({ message: V('nameRequired') })
  .trim()
  .min(1, V('nameRequired'))
  .max(50, V('tooLong'))
  .regex(/^[A-Za-z0-9_\- ]+$/, V('invalidValue'));

export const permission = z.object({
  id: z.number().int(),
  name: z.string(),
  http_path: z.string(),
  parent_id: z.number().int().nullable(),
  sort: z.number().int(),
  /** Part of the seeded catalogue: cannot be deleted, path and parent cannot change. */
  builtin: z.boolean(),
  created_at: z.string(),
});
export type Permission = z.infer<typeof permission>;

/** A permission with its children, for the role editor's tree (`/permissions/permission_tree`). */
export interface PermissionNode extends Permission {
  children: PermissionNode[];
}
export const permissionNode: z.ZodType<PermissionNode> = permission.extend({
  get children() {
    return z.array(permissionNode);
  },
});

export const permissionPageQuery = pageQuery.extend({ name: z.string().trim().max(100, V('tooLong')).optional() });
export const addPermissionBody = z.object({
  name: z
    .string({ message: V('nameRequired') })
    .trim()
    .min(1, V('nameRequired'))
    .max(100, V('tooLong')),
  http_path: httpPath,
  parent_id: idNumber.nullable().optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});
export type AddPermissionBody = z.input<typeof addPermissionBody>;
export const updatePermissionBody = addPermissionBody.partial().extend({
  id: idNumber,
});
export type UpdatePermissionBody = z.input<typeof updatePermissionBody>;

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  user_count: z.number().int(),
  builtin: z.boolean(),
  created_at: z.string(),
});
export type Role = z.infer<typeof role>;
export const rolePageQuery = pageQuery.extend({ name: z.string().trim().max(100, V('tooLong')).optional() });
export const addRoleBody = z.object({ name: roleName, description: z.string().trim().max(300, V('tooLong')).optional() });
export type AddRoleBody = z.input<typeof addRoleBody>;
export const updateRoleBody = addRoleBody.partial().extend({
  id: idNumber,
});
export type UpdateRoleBody = z.input<typeof updateRoleBody>;
export const distributePowerBody = z.object({
  role_id: idNumber,
  permission_ids: z
    .array(idNumber, {
      message: V('permissionIdsRequired'),
    })
    .max(1000, V('tooLong')),
});
export type DistributePowerBody = z.input<typeof distributePowerBody>;
export const rolePermissionDetails = z.object({ role_id: z.number().int(), permission_ids: z.array(z.number().int()) });

/** Admin user management (the /member screen). */
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  forum_name: z.string(),
  account_type: z.string(),
  status: z.enum(USER_STATUSES),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  vip_date: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const userPageQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
  role_id: idCoerced.optional(),
});
export const userManageBody = z.object({
  id: idNumber,
  role_ids: z.array(idNumber).max(50).optional(),
  status: z.enum(USER_STATUSES).optional(),
  vip_date: z.string().datetime().nullable().optional(),
});
export type UserManageBody = z.input<typeof userManageBody>;
export const userStatistic = z.object({
  total: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  disabled: z.number().int(),
  new_last_7_days: z.number().int(),
  by_role: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
