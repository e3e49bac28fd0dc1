import { z } from 'zod';
import { listQuery, listResult } from './list.js';

/** Privileges a route can require. `admin.*` ones belong to the admin role only. */
export const PRIVILEGES = ['portal.read', 'portal.operate', 'admin.manage'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** The built-in roles and what they grant. The role named `admin` sees the admin menus (spec §6). */
export const ROLE_PRIVILEGES: Record<string, readonly Privilege[]> = {
  admin: ['portal.read', 'portal.operate', 'admin.manage'],
  operator: ['portal.read', 'portal.operate'],
  viewer: ['portal.read'],
};

export const ADMIN_ROLE = 'admin';

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const portalUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** A disabled user can neither sign in nor call the API. */
  disabled: z.boolean(),
  created_at: z.string(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;

/** Public: what the SPA needs to start the implicit flow. */
export const authConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  authorizationEndpoint: z.string(),
  endSessionEndpoint: z.string().optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The built-in role names: the keys of ROLE_PRIVILEGES, in its order, as a typed tuple (a server test pins them). */
export const PORTAL_ROLES = ['admin', 'operator', 'viewer'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

/** GET /api/v1/admin/users: page, per_page, sort, search (email or name, substring), role. */
export const userListQuery = listQuery(
  { search: z.string().max(200).optional(), role: z.string().max(100).optional() },
  ['email', 'name', 'created_at'],
  'email',
);
export const userList = listResult(portalUserSchema);

export const authRoutes = {
  config: '/api/v1/public/auth-config',
  me: '/api/v1/devops/me',
  profileQuery: '/api/v1/admin/profile/query',
  users: '/api/v1/admin/users',
  userRoles: '/api/v1/admin/users/:email/roles',
  userDisabled: '/api/v1/admin/users/:email/disabled',
} as const;
