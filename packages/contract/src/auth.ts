import { z } from 'zod';

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

export const authRoutes = {
  config: '/api/v1/public/auth-config',
  me: '/api/v1/devops/me',
  profileQuery: '/api/v1/admin/profile/query',
  users: '/api/v1/admin/users',
} as const;
