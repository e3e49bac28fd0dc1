import { z } from 'zod';
import { route } from './api.js';
import { listResult } from './list.js';
import {
  addGroupMembersBody,
  apiKeyListQuery,
  apiKeyNameParams,
  bindingIdParams,
  createApiKeyBody,
  createdIamApiKeySchema,
  createPolicyBindingBody,
  createPolicyBody,
  createRoleBindingBody,
  createUserGroupBody,
  groupMemberParams,
  groupNameParams,
  iamApiKeyDetailSchema,
  iamApiKeySchema,
  iamBindingSchema,
  iamPolicySchema,
  iamRoleDetailSchema,
  iamRoleListQuery,
  iamRoleSchema,
  iamUserDetailSchema,
  iamUserGroupDetailSchema,
  iamUserGroupList,
  iamUserListQuery,
  iamUserParams,
  iamUserSchema,
  policyBindingListQuery,
  policyListQuery,
  policyNameParams,
  roleBindingListQuery,
  roleNameParams,
  updatePolicyBody,
  updateUserGroupBody,
  userGroupListQuery,
} from './iam.js';

const IAM = '/api/v1/devops/iam';

export const iamPolicyDetailSchema = iamPolicySchema.extend({ binding_list: z.array(iamBindingSchema) });
export type IamPolicyDetail = z.infer<typeof iamPolicyDetailSchema>;

/** Spec §7 "iam: apikeys, policies, policybindings, roles, rolebindings, usergroups" and "user groups and mappings". */
export const iamApi = {
  // users (portal users, seen from IAM: their groups, roles and what they may do)
  users: route({
    method: 'GET',
    path: `${IAM}/users`,
    access: 'admin.iam',
    query: iamUserListQuery,
    response: listResult(iamUserSchema),
  }),
  user: route({
    method: 'GET',
    path: `${IAM}/users/:email`,
    access: 'admin.iam',
    params: iamUserParams,
    response: iamUserDetailSchema,
  }),

  // user groups
  userGroups: route({
    method: 'GET',
    path: `${IAM}/usergroups`,
    access: 'admin.iam',
    query: userGroupListQuery,
    response: iamUserGroupList,
  }),
  createUserGroup: route({
    method: 'POST',
    path: `${IAM}/usergroups`,
    access: 'admin.iam',
    status: 201,
    body: createUserGroupBody,
    response: iamUserGroupDetailSchema,
  }),
  userGroup: route({
    method: 'GET',
    path: `${IAM}/usergroups/:name`,
    access: 'admin.iam',
    params: groupNameParams,
    response: iamUserGroupDetailSchema,
  }),
  updateUserGroup: route({
    method: 'PUT',
    path: `${IAM}/usergroups/:name`,
    access: 'admin.iam',
    params: groupNameParams,
    body: updateUserGroupBody,
    response: iamUserGroupDetailSchema,
  }),
  /** Also deletes its memberships and its role and policy bindings. */
  deleteUserGroup: route({
    method: 'DELETE',
    path: `${IAM}/usergroups/:name`,
    access: 'admin.iam',
    params: groupNameParams,
    response: z.object({ name: z.string() }),
  }),
  /** Adds users (portal users' emails); those already members are left as they are. */
  addGroupMembers: route({
    method: 'POST',
    path: `${IAM}/usergroups/:name/members`,
    access: 'admin.iam',
    params: groupNameParams,
    body: addGroupMembersBody,
    response: iamUserGroupDetailSchema,
  }),
  removeGroupMember: route({
    method: 'DELETE',
    path: `${IAM}/usergroups/:name/members/:email`,
    access: 'admin.iam',
    params: groupMemberParams,
    response: iamUserGroupDetailSchema,
  }),

  // API keys
  apiKeys: route({
    method: 'GET',
    path: `${IAM}/apikeys`,
    access: 'admin.iam',
    query: apiKeyListQuery,
    response: listResult(iamApiKeySchema),
  }),
  /** The answer carries the secret: the only time it is ever sent (only its hash is kept). */
  createApiKey: route({
    method: 'POST',
    path: `${IAM}/apikeys`,
    access: 'admin.iam',
    status: 201,
    body: createApiKeyBody,
    response: createdIamApiKeySchema,
  }),
  apiKey: route({
    method: 'GET',
    path: `${IAM}/apikeys/:name`,
    access: 'admin.iam',
    params: apiKeyNameParams,
    response: iamApiKeyDetailSchema,
  }),
  /** The key stops working at once; its row and audit trail stay. */
  revokeApiKey: route({
    method: 'POST',
    path: `${IAM}/apikeys/:name/revoke`,
    access: 'admin.iam',
    params: apiKeyNameParams,
    response: iamApiKeyDetailSchema,
  }),

  // policies
  policies: route({
    method: 'GET',
    path: `${IAM}/policies`,
    access: 'admin.iam',
    query: policyListQuery,
    response: listResult(iamPolicySchema),
  }),
  createPolicy: route({
    method: 'POST',
    path: `${IAM}/policies`,
    access: 'admin.iam',
    status: 201,
    body: createPolicyBody,
    response: iamPolicyDetailSchema,
  }),
  policy: route({
    method: 'GET',
    path: `${IAM}/policies/:name`,
    access: 'admin.iam',
    params: policyNameParams,
    response: iamPolicyDetailSchema,
  }),
  updatePolicy: route({
    method: 'PUT',
    path: `${IAM}/policies/:name`,
    access: 'admin.iam',
    params: policyNameParams,
    body: updatePolicyBody,
    response: iamPolicyDetailSchema,
  }),
  /** Refused (409) while the policy is bound to anyone. */
  deletePolicy: route({
    method: 'DELETE',
    path: `${IAM}/policies/:name`,
    access: 'admin.iam',
    params: policyNameParams,
    response: z.object({ name: z.string() }),
  }),

  // policy bindings
  policyBindings: route({
    method: 'GET',
    path: `${IAM}/policybindings`,
    access: 'admin.iam',
    query: policyBindingListQuery,
    response: listResult(iamBindingSchema),
  }),
  createPolicyBinding: route({
    method: 'POST',
    path: `${IAM}/policybindings`,
    access: 'admin.iam',
    status: 201,
    body: createPolicyBindingBody,
    response: iamBindingSchema,
  }),
  deletePolicyBinding: route({
    method: 'DELETE',
    path: `${IAM}/policybindings/:id`,
    access: 'admin.iam',
    params: bindingIdParams,
    response: iamBindingSchema,
  }),

  // roles (the RBAC roles) and role bindings
  roles: route({
    method: 'GET',
    path: `${IAM}/roles`,
    access: 'admin.iam',
    query: iamRoleListQuery,
    response: listResult(iamRoleSchema),
  }),
  role: route({
    method: 'GET',
    path: `${IAM}/roles/:name`,
    access: 'admin.iam',
    params: roleNameParams,
    response: iamRoleDetailSchema,
  }),
  roleBindings: route({
    method: 'GET',
    path: `${IAM}/rolebindings`,
    access: 'admin.iam',
    query: roleBindingListQuery,
    response: listResult(iamBindingSchema),
  }),
  createRoleBinding: route({
    method: 'POST',
    path: `${IAM}/rolebindings`,
    access: 'admin.iam',
    status: 201,
    body: createRoleBindingBody,
    response: iamBindingSchema,
  }),
  deleteRoleBinding: route({
    method: 'DELETE',
    path: `${IAM}/rolebindings/:id`,
    access: 'admin.iam',
    params: bindingIdParams,
    response: iamBindingSchema,
  }),

  // spec §7 "user groups and mappings": read aliases of the same service
  userGroupsAlias: route({
    method: 'GET',
    path: '/api/v1/devops/usergroups',
    access: 'admin.iam',
    query: userGroupListQuery,
    response: iamUserGroupList,
  }),
  /** The group's mappings: the roles and policies bound to it. */
  userGroupMappings: route({
    method: 'GET',
    path: '/api/v1/devops/usergroups/:name/mappings',
    access: 'admin.iam',
    params: groupNameParams,
    response: listResult(iamBindingSchema),
  }),
};
