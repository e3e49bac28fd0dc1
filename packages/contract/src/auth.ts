import { z } from 'zod';
import { route } from './api.js';

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
  /** What the roles grant (PRIVILEGES order): the names the server checks each route's `access` against. */
  privileges: z.array(z.string()),
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

/** The profile query's body is not specified (spec §7); any object, or none (Fastify passes null then). */
export const profileQueryBody = z.looseObject({}).nullish();

/** Sign-in and the caller's profile (spec §3 "Profile (me)", §7). The admin routes of users are in `accessApi`. */
export const authApi = {
  /** Public: what the SPA needs to start the implicit flow. */
  config: route({
    method: 'GET',
    path: '/api/v1/public/auth-config',
    access: 'public',
    tags: ['auth'],
    response: authConfigSchema,
  }),
  me: route({ method: 'GET', path: '/api/v1/devops/me', access: 'portal.read', response: profileSchema }),
  profileQuery: route({
    method: 'POST',
    path: '/api/v1/admin/profile/query',
    access: 'portal.read',
    body: profileQueryBody,
    response: profileSchema,
  }),
};
