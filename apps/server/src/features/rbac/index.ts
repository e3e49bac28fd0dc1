import { rbacApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as service from './service.js';

/** Roles and the privileges they grant (spec §7 Admin RBAC, /rbac). The auth hook reads them (access-control.ts). */
export const rbacFeature = defineFeature({
  name: 'rbac',
  routes: (r, { db }) => {
    r.add(rbacApi.privileges, () => service.listPrivileges());
    r.add(rbacApi.roles, (req) => service.listRoles(db, req.query));
    r.add(rbacApi.rolePrivileges, (req) => service.rolePrivileges(db, req.params.id));
    r.add(rbacApi.createRole, (req) => service.createRole(db, principalOf(req), req.body));
    r.add(rbacApi.updateRole, (req) => service.updateRole(db, principalOf(req), req.body));
    r.add(rbacApi.deleteRole, (req) => service.deleteRole(db, principalOf(req).email, req.params.id));
  },
});
