import { z } from 'zod';
import { route } from './api.js';
import { listResult } from './list.js';
import { creditListQuery, creditSchema } from './billing-invoices.js';
import { projectList, projectListQuery, tenantList, tenantListQuery, tenantSchema } from './orgs.js';
import {
  accountUserList,
  accountUserListQuery,
  createTenantBody,
  deletedTenantSchema,
  quotaBody,
  startSupportSessionBody,
  supportSessionSchema,
  supportSessionsSchema,
  tenantQuotaSchema,
  tenantVpcCidrsSchema,
  vpcCidrBody,
} from './tenants.js';

const T = '/api/v1/devops/tenants';
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** A tenant's credits: the billing credit list of that tenant (its filters but the tenant). */
export const tenantCreditListQuery = creditListQuery.omit({ tenant_id: true });

/**
 * Tenant operations (spec §7 Devops "tenants: list; impersonate (GET, POST, DELETE); detail; POST and DELETE /{id};
 * accountusers; credits; projects; vpc cidr; quota"). Reads need `orgs.read`; creating and deleting a tenant,
 * starting and ending a support session, and changing a VPC CIDR or a quota need `orgs.manage`. Every change is
 * audited with type `tenant` (instance: the tenant id).
 */
export const tenantsApi = {
  /** The org list (same query and answer as `orgsApi.tenants`). */
  list: route({ method: 'GET', path: T, access: 'orgs.read', query: tenantListQuery, response: tenantList }),
  create: route({
    method: 'POST',
    path: T,
    access: 'orgs.manage',
    status: 201,
    body: createTenantBody,
    response: tenantSchema,
  }),
  detail: route({ method: 'GET', path: `${T}/:id`, access: 'orgs.read', params: idParams, response: tenantSchema }),
  /** Refused (409) while the tenant has clusters not yet deleted, and for partner orgs. */
  delete: route({
    method: 'DELETE',
    path: `${T}/:id`,
    access: 'orgs.manage',
    params: idParams,
    response: deletedTenantSchema,
  }),
  supportSessions: route({
    method: 'GET',
    path: `${T}/:id/impersonate`,
    access: 'orgs.read',
    params: idParams,
    response: supportSessionsSchema,
  }),
  /** One active session per operator and tenant (409 while one runs). */
  startSupportSession: route({
    method: 'POST',
    path: `${T}/:id/impersonate`,
    access: 'orgs.manage',
    status: 201,
    params: idParams,
    body: startSupportSessionBody,
    response: supportSessionSchema,
  }),
  /** Ends the caller's active session in the tenant (404 when there is none). */
  endSupportSession: route({
    method: 'DELETE',
    path: `${T}/:id/impersonate`,
    access: 'orgs.manage',
    params: idParams,
    response: supportSessionSchema,
  }),
  accountUsers: route({
    method: 'GET',
    path: `${T}/:id/accountusers`,
    access: 'orgs.read',
    params: idParams,
    query: accountUserListQuery,
    response: accountUserList,
  }),
  credits: route({
    method: 'GET',
    path: `${T}/:id/credits`,
    access: 'orgs.read',
    params: idParams,
    query: tenantCreditListQuery,
    response: listResult(creditSchema),
  }),
  projects: route({
    method: 'GET',
    path: `${T}/:id/projects`,
    access: 'orgs.read',
    params: idParams,
    query: projectListQuery,
    response: projectList,
  }),
  vpcCidr: route({
    method: 'GET',
    path: `${T}/:id/vpc_cidr`,
    access: 'orgs.read',
    params: idParams,
    response: tenantVpcCidrsSchema,
  }),
  /** Sets the CIDR of one region (the home region when the body names none). */
  setVpcCidr: route({
    method: 'PUT',
    path: `${T}/:id/vpc_cidr`,
    access: 'orgs.manage',
    params: idParams,
    body: vpcCidrBody,
    response: tenantVpcCidrsSchema,
  }),
  quota: route({
    method: 'GET',
    path: `${T}/:id/quota`,
    access: 'orgs.read',
    params: idParams,
    response: tenantQuotaSchema,
  }),
  setQuota: route({
    method: 'PUT',
    path: `${T}/:id/quota`,
    access: 'orgs.manage',
    params: idParams,
    body: quotaBody,
    response: tenantQuotaSchema,
  }),
};
