import { route } from './api.js';
import {
  createGrantBody,
  decideGrantBody,
  grantDetailSchema,
  grantIdParams,
  grantList,
  grantListQuery,
  revokeGrantBody,
} from './grants.js';

const P = '/api/v1/devops/privilege/privileges';

/** Time-bound privilege grants (spec §2 /privilege, §7 "privilege privileges and revoke"): admins only. */
export const grantsApi = {
  list: route({ method: 'GET', path: P, access: 'admin.privileges', query: grantListQuery, response: grantList }),
  create: route({
    method: 'POST',
    path: P,
    access: 'admin.privileges',
    status: 201,
    body: createGrantBody,
    response: grantDetailSchema,
  }),
  detail: route({
    method: 'GET',
    path: `${P}/:id`,
    access: 'admin.privileges',
    params: grantIdParams,
    response: grantDetailSchema,
  }),
  approve: route({
    method: 'POST',
    path: `${P}/:id/approve`,
    access: 'admin.privileges',
    params: grantIdParams,
    body: decideGrantBody,
    response: grantDetailSchema,
  }),
  reject: route({
    method: 'POST',
    path: `${P}/:id/reject`,
    access: 'admin.privileges',
    params: grantIdParams,
    body: decideGrantBody,
    response: grantDetailSchema,
  }),
  revoke: route({
    method: 'POST',
    path: `${P}/:id/revoke`,
    access: 'admin.privileges',
    params: grantIdParams,
    body: revokeGrantBody,
    response: grantDetailSchema,
  }),
};
