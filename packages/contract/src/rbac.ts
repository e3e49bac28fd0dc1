import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult } from './list.js';
import { PRIVILEGES, type Privilege } from './privileges.js';

/*
 * RBAC (spec §7 Admin RBAC, /rbac): roles are data — a name and the privileges it grants — and a user holds roles
 * (portal_users.roles). The privilege catalogue is code (privileges.ts): every route declares one of them.
 */

export const RBAC_MESSAGES = {
  roleName: 'Lower-case letters, digits, - and _; 2 to 40 characters, starting with a letter',
  privilegesRequired: 'Select at least one privilege',
  privilegeTwice: 'Each privilege at most once',
  unknownPrivilege: 'Not a privilege of the portal',
} as const;

export const rbacPrivilegeSchema = z.object({
  name: z.string(),
  /** The part before the dot, e.g. `billing`, and its label. */
  area: z.string(),
  area_label: z.string(),
  description: z.string(),
});
export type RbacPrivilege = z.infer<typeof rbacPrivilegeSchema>;

export const rbacRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** admin, operator and viewer: seeded, never deleted; admin grants every privilege and cannot be edited. */
  builtin: z.boolean(),
  privileges: z.array(z.string()),
  /** How many portal users hold the role. */
  users: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RbacRole = z.infer<typeof rbacRoleSchema>;

export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;
export const roleNameSchema = z.string({ error: 'required' }).trim().regex(ROLE_NAME_PATTERN, RBAC_MESSAGES.roleName);

const privilegeList = z
  .array(z.enum(PRIVILEGES as [Privilege, ...Privilege[]], { error: RBAC_MESSAGES.unknownPrivilege }), {
    error: 'a list of privileges',
  })
  .min(1, RBAC_MESSAGES.privilegesRequired)
  .refine((ps) => new Set(ps).size === ps.length, RBAC_MESSAGES.privilegeTwice);

const description = z.string().trim().max(200, 'at most 200 characters');

/** POST /rbac/role-privilege/create: a new role with the privileges it grants. */
export const createRoleBody = z.object({
  name: roleNameSchema,
  description: description.default(''),
  privileges: privilegeList,
});
export type CreateRoleBody = z.input<typeof createRoleBody>;

/** POST /rbac/role/update: a role's description and privileges (all of them: the new set replaces the old). */
export const updateRoleBody = z.object({
  id: z.number({ error: 'a role id' }).int().positive(),
  description: description.optional(),
  privileges: privilegeList,
});
export type UpdateRoleBody = z.input<typeof updateRoleBody>;

export const roleIdParams = z.object({ id: z.coerce.number().int().positive() });

export const roleListQuery = listQuery({ search: z.string().max(200).optional() }, ['name', 'created_at'], 'name');
export type RoleListQuery = z.input<typeof roleListQuery>;

export const rbacApi = {
  privileges: route({
    method: 'GET',
    path: '/api/v1/admin/rbac/privilege/list',
    access: 'rbac.read',
    response: listResult(rbacPrivilegeSchema),
  }),
  createRole: route({
    method: 'POST',
    path: '/api/v1/admin/rbac/role-privilege/create',
    access: 'rbac.manage',
    status: 201,
    body: createRoleBody,
    response: rbacRoleSchema,
  }),
  rolePrivileges: route({
    method: 'GET',
    path: '/api/v1/admin/rbac/role-privilege/list/:id',
    access: 'rbac.read',
    params: roleIdParams,
    response: listResult(rbacPrivilegeSchema),
  }),
  roles: route({
    method: 'GET',
    path: '/api/v1/admin/rbac/role/list',
    access: 'rbac.read',
    query: roleListQuery,
    response: listResult(rbacRoleSchema),
  }),
  updateRole: route({
    method: 'POST',
    path: '/api/v1/admin/rbac/role/update',
    access: 'rbac.manage',
    body: updateRoleBody,
    response: rbacRoleSchema,
  }),
  /** Not in the spec's list; refused for built-in roles and for a role any user still holds. */
  deleteRole: route({
    method: 'DELETE',
    path: '/api/v1/admin/rbac/role/:id',
    access: 'rbac.manage',
    params: roleIdParams,
    response: z.object({ id: z.number().int() }),
  }),
};
