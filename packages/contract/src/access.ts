import { z } from 'zod';
import { route } from './api.js';
import { portalUserSchema } from './auth.js';
import { listQuery, listResult } from './list.js';

/*
 * Request bodies of the portal-user admin routes (/access). They live apart from auth.ts on purpose: auth.ts is in
 * the console's first load (profile, sign-in), and schemas the lazy /access pages import from it would be bundled
 * there too, pulling zod into the first load.
 */

/** Role names; the server checks each names a role of /rbac. */
const roleList = z
  .array(z.string({ error: 'a role name' }).trim().min(1, 'a role name').max(40, 'a role name'), {
    error: 'a list of roles',
  })
  .min(1, 'select at least one role')
  .refine((roles) => new Set(roles).size === roles.length, 'each role at most once');

/** The `:email` of the user routes. */
export const userEmailParams = z.object({ email: z.string().trim().min(1).max(320) });

/** PUT /api/v1/admin/users/:email/roles. An admin cannot drop their own admin role. */
export const userRolesBody = z.object({ roles: roleList });
export type UserRolesBody = z.input<typeof userRolesBody>;

/** PUT /api/v1/admin/users/:email/disabled. Nobody can disable themselves. */
export const userDisabledBody = z.object({ disabled: z.boolean({ error: 'true or false' }) });
export type UserDisabledBody = z.input<typeof userDisabledBody>;

export const USER_PASSWORD_MIN_LENGTH = 10;

/**
 * POST /api/v1/admin/users. Without a password the user signs in through an external issuer only; with one, also
 * on the built-in sign-in page.
 */
export const createUserBody = z.object({
  email: z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, 'required')
    .max(254, 'at most 254 characters')
    .pipe(z.email('a valid email address')),
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'at most 100 characters'),
  roles: roleList,
  password: z
    .string({ error: 'a string' })
    .min(USER_PASSWORD_MIN_LENGTH, `at least ${USER_PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'at most 200 characters')
    .optional(),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** GET /api/v1/admin/users: page, per_page, sort, search (email or name, substring), role. */
export const userListQuery = listQuery(
  { search: z.string().max(200).optional(), role: z.string().max(100).optional() },
  ['email', 'name', 'created_at'],
  'email',
);
export type UserListQuery = z.input<typeof userListQuery>;
export const userList = listResult(portalUserSchema);

/** Portal users and their access (spec §2 /access): admins only. */
export const accessApi = {
  users: route({
    method: 'GET',
    path: '/api/v1/admin/users',
    access: 'admin.users',
    query: userListQuery,
    response: userList,
  }),
  createUser: route({
    method: 'POST',
    path: '/api/v1/admin/users',
    access: 'admin.users',
    status: 201,
    body: createUserBody,
    response: portalUserSchema,
  }),
  userRoles: route({
    method: 'PUT',
    path: '/api/v1/admin/users/:email/roles',
    access: 'admin.users',
    params: userEmailParams,
    body: userRolesBody,
    response: portalUserSchema,
  }),
  userDisabled: route({
    method: 'PUT',
    path: '/api/v1/admin/users/:email/disabled',
    access: 'admin.users',
    params: userEmailParams,
    body: userDisabledBody,
    response: portalUserSchema,
  }),
};
