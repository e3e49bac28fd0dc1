import { tenantsApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { listCredits } from '../billing/index.js';
import { getTenant, listProjects, listTenants } from '../orgs/index.js';
import * as service from './service.js';

/**
 * Tenant operations (issue 18; spec §7 Devops tenants): the tenant list and detail (the orgs area's), create and
 * delete, support sessions (impersonation) with a reason and a time limit, account users, credits (billing's, read
 * only), projects (the orgs area's), VPC CIDRs and quota. Changes need `orgs.manage` and are audited (type tenant).
 */
export const tenantsFeature = defineFeature({
  name: 'tenants',
  routes: (r, { db }) => {
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    r.add(tenantsApi.list, (req) => listTenants(db, req.query));
    r.add(tenantsApi.create, (req) => service.createTenant(db, who(req), req.body));
    r.add(tenantsApi.detail, (req) => getTenant(db, req.params.id));
    r.add(tenantsApi.delete, (req) => service.deleteTenant(db, who(req), req.params.id));
    r.add(tenantsApi.supportSessions, (req) => service.supportSessions(db, req.params.id, who(req)));
    r.add(tenantsApi.startSupportSession, (req) => service.startSupportSession(db, req.params.id, who(req), req.body));
    r.add(tenantsApi.endSupportSession, (req) => service.endSupportSession(db, req.params.id, who(req)));
    r.add(tenantsApi.accountUsers, (req) => service.listAccountUsers(db, req.params.id, req.query));
    r.add(tenantsApi.credits, async (req) => {
      await getTenant(db, req.params.id);
      return listCredits(db, { ...req.query, tenant_id: req.params.id });
    });
    r.add(tenantsApi.projects, (req) => listProjects(db, req.params.id, req.query));
    r.add(tenantsApi.vpcCidr, (req) => service.getVpcCidrs(db, req.params.id));
    r.add(tenantsApi.setVpcCidr, (req) => service.setVpcCidr(db, req.params.id, who(req), req.body));
    r.add(tenantsApi.quota, (req) => service.getQuota(db, req.params.id));
    r.add(tenantsApi.setQuota, (req) => service.setQuota(db, req.params.id, who(req), req.body));
  },
});

export { tenantAccountUsers, tenantQuotas, tenantVpcCidrs } from './schema.js';
