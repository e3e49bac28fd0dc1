import { z } from 'zod';
import {
  authRoutes,
  createUserBody,
  portalUserSchema,
  profileSchema,
  userDisabledBody,
  userEmailParams,
  userList,
  userListQuery,
  userRolesBody,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { createUser, listPortalUsers, profileOf, setUserDisabled, updateUserRoles } from './service.js';

/** The profile query's body is not specified (spec §7); accept any object, or none (Fastify passes null then). */
const profileQueryBody = z.looseObject({}).nullish();

export const registerUserRoutes: FeatureRoutes = (app, { database }) => {
  const { db } = database;
  const manage = { access: 'admin.manage' } as const;

  app.get(
    authRoutes.me,
    { schema: { response: { 200: profileSchema }, tags: ['users'] }, config: { access: 'portal.read' } },
    (req) => profileOf(principalOf(req)),
  );

  app.post(
    authRoutes.profileQuery,
    {
      schema: { body: profileQueryBody, response: { 200: profileSchema }, tags: ['users'] },
      config: { access: 'portal.read' },
    },
    (req) => profileOf(principalOf(req)),
  );

  // Portal users and their access (spec §2 /access, admin only).
  app.get(
    authRoutes.users,
    { schema: { querystring: userListQuery, response: { 200: userList }, tags: ['users'] }, config: manage },
    (req) => listPortalUsers(db, req.query),
  );
  app.post(
    authRoutes.users,
    { schema: { body: createUserBody, response: { 201: portalUserSchema }, tags: ['users'] }, config: manage },
    async (req, reply) => reply.status(201).send(await createUser(db, principalOf(req).email, req.body)),
  );
  app.put(
    authRoutes.userRoles,
    {
      schema: { params: userEmailParams, body: userRolesBody, response: { 200: portalUserSchema }, tags: ['users'] },
      config: manage,
    },
    (req) => updateUserRoles(db, principalOf(req), req.params.email, req.body.roles),
  );
  app.put(
    authRoutes.userDisabled,
    {
      schema: { params: userEmailParams, body: userDisabledBody, response: { 200: portalUserSchema }, tags: ['users'] },
      config: manage,
    },
    (req) => setUserDisabled(db, principalOf(req), req.params.email, req.body.disabled),
  );
};
