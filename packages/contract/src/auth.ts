import { z } from 'zod';
import { route } from './api.js';

import { BUILTIN_ROLES, type Privilege } from './privileges.js';

export type { Privilege } from './privileges.js';

/** What the built-in roles grant when seeded (they are data afterwards: /rbac edits operator and viewer). */
export const ROLE_PRIVILEGES: Record<string, readonly Privilege[]> = /* @__PURE__ */ Object.fromEntries(
  Object.entries(BUILTIN_ROLES).map(([name, r]) => [name, r.privileges]),
);

/** The role that always grants every privilege (it cannot be edited); the last holder cannot lose it. */
export const ADMIN_ROLE = 'admin';

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /**
   * What the roles and the unexpired privilege grants give (PRIVILEGES order): the names the server checks each
   * route's `access` against.
   */
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

/** The built-in role names: the keys of BUILTIN_ROLES, in its order, as a typed tuple (a server test pins them). */
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
  me: route({ method: 'GET', path: '/api/v1/devops/me', access: 'authenticated', response: profileSchema }),
  profileQuery: route({
    method: 'POST',
    path: '/api/v1/admin/profile/query',
    access: 'authenticated',
    body: profileQueryBody,
    response: profileSchema,
  }),
};
