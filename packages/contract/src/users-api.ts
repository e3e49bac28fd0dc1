import { z } from 'zod';
import { route } from './api.js';
import { userEmailParams, userList, userListQuery, userRolesBody } from './access.js';
import { portalUserSchema } from './auth.js';
import { grantSchema } from './grants.js';

/*
 * Devops users (spec §7 Devops "users: list, detail, roles (PUT), sync (POST)"): the portal users, one user's
 * access (roles, IAM groups, active grants), and a sync from the OIDC issuer's directory — the built-in issuer's
 * accounts, or an external issuer's admin API when configured (OIDC_DIRECTORY_URL). A sync adds the users the
 * directory has and the portal lacks (role viewer) and updates names; it never deletes a user or changes roles.
 */

export const userDetailSchema = portalUserSchema.extend({
  /** The IAM user groups the user is a member of. */
  groups: z.array(z.string()),
  /** The user's unexpired active privilege grants. */
  grants: z.array(grantSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const USER_SYNC_SOURCES = ['built-in', 'external'] as const;

export const userSyncResultSchema = z.object({
  /** Which directory was read: the built-in issuer's accounts, or the external issuer's admin API. */
  source: z.enum(USER_SYNC_SOURCES),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The emails added and updated (names changed). */
  added_users: z.array(z.string()),
  updated_users: z.array(z.string()),
});
export type UserSyncResult = z.infer<typeof userSyncResultSchema>;

/** The role a user added by a sync gets. */
export const USER_SYNC_ROLE = 'viewer';

export const USERS_MESSAGES = {
  syncConfirm:
    "Sync users from the sign-in issuer's directory? Missing users are added with the role viewer and names are updated; no user is removed and no role changes.",
  synced: (r: Pick<UserSyncResult, 'added' | 'updated' | 'unchanged'>) =>
    `Users synced: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged`,
} as const;

const P = '/api/v1/devops/users';

export const usersApi = {
  list: route({ method: 'GET', path: P, access: 'admin.users', query: userListQuery, response: userList }),
  sync: route({ method: 'POST', path: `${P}/sync`, access: 'admin.users', response: userSyncResultSchema }),
  detail: route({
    method: 'GET',
    path: `${P}/:email`,
    access: 'admin.users',
    params: userEmailParams,
    response: userDetailSchema,
  }),
  roles: route({
    method: 'PUT',
    path: `${P}/:email/roles`,
    access: 'admin.users',
    params: userEmailParams,
    body: userRolesBody,
    response: portalUserSchema,
  }),
};
