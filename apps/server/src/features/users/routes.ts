import { z } from 'zod';
import { authRoutes, listQuery, listResult, portalUserSchema, profileSchema } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { listPortalUsers, profileOf } from './service.js';

/** GET /api/v1/admin/users: page, per_page, sort, search (email or name, substring), role. */
export const userListQuery = listQuery(
  { search: z.string().max(200).optional(), role: z.string().max(100).optional() },
  ['email', 'name', 'created_at'],
);
export const userList = listResult(portalUserSchema);

/** The profile query's body is not specified (spec §7); accept any object, or none (Fastify passes null then). */
const profileQueryBody = z.looseObject({}).nullish();

export const registerUserRoutes: FeatureRoutes = (app, { database }) => {
  app.get(
    authRoutes.me,
    { schema: { response: { 200: profileSchema }, tags: ['users'] }, config: { access: 'portal.read' } },
    (req) => profileOf(principalOf(req)),
  );

  app.post(
    authRoutes.profileQuery,
    { schema: { body: profileQueryBody, response: { 200: profileSchema }, tags: ['users'] }, config: { access: 'portal.read' } },
    (req) => profileOf(principalOf(req)),
  );

  app.get(
    authRoutes.users,
    { schema: { querystring: userListQuery, response: { 200: userList }, tags: ['users'] }, config: { access: 'admin.manage' } },
    (req) => listPortalUsers(database.db, req.query),
  );
};
