import { iamApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as keys from './apikeys.js';
import * as bindings from './bindings.js';
import * as groups from './groups.js';
import * as policies from './policies.js';
import * as roles from './roles.js';
import * as users from './users.js';

/**
 * IAM (spec §2 /iam/entity, /iam/role; §7 iam and "user groups and mappings"): user groups and members, API keys,
 * policies, and role and policy bindings to users, groups and keys. Every route needs admin.iam. The auth hook
 * evaluates what they grant (platform/access-control.ts); every change here drops its cache after commit.
 */
export const iamFeature = defineFeature({
  name: 'iam',
  routes: (r, { db }) => {
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;

    r.add(iamApi.users, (req) => users.listIamUsers(db, req.query));
    r.add(iamApi.user, (req) => users.getIamUser(db, req.params.email));

    r.add(iamApi.userGroups, (req) => groups.listGroups(db, req.query));
    r.add(iamApi.userGroupsAlias, (req) => groups.listGroups(db, req.query));
    r.add(iamApi.createUserGroup, (req) => groups.createGroup(db, who(req), req.body));
    r.add(iamApi.userGroup, (req) => groups.getGroup(db, req.params.name));
    r.add(iamApi.userGroupMappings, (req) => groups.groupMappings(db, req.params.name));
    r.add(iamApi.updateUserGroup, (req) => groups.updateGroup(db, who(req), req.params.name, req.body));
    r.add(iamApi.deleteUserGroup, (req) => groups.deleteGroup(db, who(req), req.params.name));
    r.add(iamApi.addGroupMembers, (req) => groups.addMembers(db, principalOf(req), req.params.name, req.body));
    r.add(iamApi.removeGroupMember, (req) => groups.removeMember(db, who(req), req.params.name, req.params.email));

    r.add(iamApi.apiKeys, (req) => keys.listKeys(db, req.query));
    r.add(iamApi.createApiKey, (req) => keys.createKey(db, principalOf(req), req.body));
    r.add(iamApi.apiKey, (req) => keys.getKey(db, req.params.name));
    r.add(iamApi.revokeApiKey, (req) => keys.revokeKey(db, who(req), req.params.name));

    r.add(iamApi.policies, (req) => policies.listPolicies(db, req.query));
    r.add(iamApi.createPolicy, (req) => policies.createPolicy(db, who(req), req.body));
    r.add(iamApi.policy, (req) => policies.getPolicy(db, req.params.name));
    r.add(iamApi.updatePolicy, (req) => policies.updatePolicy(db, who(req), req.params.name, req.body));
    r.add(iamApi.deletePolicy, (req) => policies.deletePolicy(db, who(req), req.params.name));

    r.add(iamApi.policyBindings, (req) =>
      bindings.listBindings(db, 'policy', { ...req.query, target: req.query.policy }),
    );
    r.add(iamApi.createPolicyBinding, (req) =>
      bindings.createBinding(db, principalOf(req), 'policy', { ...req.body, target: req.body.policy }),
    );
    r.add(iamApi.deletePolicyBinding, (req) => bindings.deleteBinding(db, who(req), 'policy', req.params.id));

    r.add(iamApi.roles, (req) => roles.listIamRoles(db, req.query));
    r.add(iamApi.role, (req) => roles.getIamRole(db, req.params.name));
    r.add(iamApi.roleBindings, (req) => bindings.listBindings(db, 'role', { ...req.query, target: req.query.role }));
    r.add(iamApi.createRoleBinding, (req) =>
      bindings.createBinding(db, principalOf(req), 'role', { ...req.body, target: req.body.role }),
    );
    r.add(iamApi.deleteRoleBinding, (req) => bindings.deleteBinding(db, who(req), 'role', req.params.id));
  },
});
