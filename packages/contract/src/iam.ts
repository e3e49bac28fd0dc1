import { z } from 'zod';
import { listQuery, listResult } from './list.js';
import { PRIVILEGES } from './privileges.js';

/*
 * IAM (spec §2 /iam/entity, /iam/role; §7 "iam: apikeys, policies, policybindings, roles, rolebindings, usergroups"):
 * user groups and their members, API keys (a bearer credential scoped by a role), policies (statements of effect,
 * actions and resources) and the bindings of roles and policies to users, groups and keys. IAM roles are the RBAC
 * roles (`rbac_roles`): one role concept. The auth hook evaluates all of it (platform/access-control.ts).
 */

/** Messages the console shows verbatim. */
export const IAM_MESSAGES = {
  name: 'Lower-case letters, digits and -; 3 to 41 characters, starting with a letter',
  statementsRequired: 'A policy needs at least one statement',
  statementsMax: 'At most 50 statements',
  actionsRequired: 'A statement needs at least one action',
  resourcesRequired: 'A statement needs at least one resource',
  effect: 'The effect is Allow or Deny',
  resource: 'A resource is an API path starting with /api/, or a pattern starting with *',
  unknownAction: (action: string) =>
    `"${action}" is not a privilege of the portal, nor a pattern with * that matches one`,
  emailsRequired: 'Select at least one user',
  expiresInFuture: 'The expiry must be in the future',
  secretOnce: 'Copy the secret now: it is shown only this once and cannot be read again.',
  notJson: 'Not valid JSON',
} as const;

/** Names of user groups, API keys and policies. */
export const IAM_NAME_PATTERN = /^[a-z][a-z0-9-]{2,40}$/;
export const iamNameSchema = z.string({ error: 'required' }).trim().regex(IAM_NAME_PATTERN, IAM_MESSAGES.name);
const description = z.string({ error: 'a text' }).trim().max(200, 'at most 200 characters');

export const IAM_SUBJECT_TYPES = ['user', 'group', 'apikey'] as const;
export type IamSubjectType = (typeof IAM_SUBJECT_TYPES)[number];
export const IAM_SUBJECT_LABELS: Record<IamSubjectType, string> = {
  user: 'User',
  group: 'User group',
  apikey: 'API key',
};
export const IAM_BINDING_KINDS = ['role', 'policy'] as const;
export type IamBindingKind = (typeof IAM_BINDING_KINDS)[number];

// ---- policies ------------------------------------------------------------------------------------------------------

const globRe = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** Whether an action names a privilege, or is a pattern with `*` matching at least one. */
export function isKnownAction(action: string): boolean {
  if (!action.includes('*')) return (PRIVILEGES as readonly string[]).includes(action);
  const re = globRe(action);
  return PRIVILEGES.some((p) => re.test(p));
}

/** The privileges an action (a name or a pattern) covers, in catalogue order. */
export function actionPrivileges(action: string): string[] {
  const re = globRe(action);
  return PRIVILEGES.filter((p) => re.test(p));
}

const actionSchema = z
  .string({ error: 'an action name' })
  .trim()
  .min(1, 'an action name')
  .max(100, 'at most 100 characters')
  .superRefine((a, ctx) => {
    if (!isKnownAction(a)) ctx.addIssue({ code: 'custom', message: IAM_MESSAGES.unknownAction(a) });
  });
const resourceSchema = z
  .string({ error: 'a resource' })
  .trim()
  .max(300, 'at most 300 characters')
  .refine((r) => r.startsWith('/api/') || r.startsWith('*'), IAM_MESSAGES.resource);

export const policyStatementSchema = z.strictObject({
  effect: z.enum(['Allow', 'Deny'], { error: IAM_MESSAGES.effect }),
  actions: z.array(actionSchema, { error: 'a list of actions' }).min(1, IAM_MESSAGES.actionsRequired).max(50),
  resources: z.array(resourceSchema, { error: 'a list of resources' }).min(1, IAM_MESSAGES.resourcesRequired).max(20),
});
export type PolicyStatementInput = z.infer<typeof policyStatementSchema>;

export const policyStatementsSchema = z
  .array(policyStatementSchema, { error: 'a list of statements' })
  .min(1, IAM_MESSAGES.statementsRequired)
  .max(50, IAM_MESSAGES.statementsMax);

export const iamPolicySchema = z.object({
  name: z.string(),
  description: z.string(),
  statements: z.array(
    z.object({ effect: z.enum(['Allow', 'Deny']), actions: z.array(z.string()), resources: z.array(z.string()) }),
  ),
  /** How many users, groups and keys it is bound to. */
  bindings: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IamPolicy = z.infer<typeof iamPolicySchema>;

export const createPolicyBody = z.object({
  name: iamNameSchema,
  description: description.default(''),
  statements: policyStatementsSchema,
});
export type CreatePolicyBody = z.input<typeof createPolicyBody>;

export const updatePolicyBody = z.object({
  description: description.optional(),
  statements: policyStatementsSchema.optional(),
});
export type UpdatePolicyBody = z.input<typeof updatePolicyBody>;

// ---- bindings ------------------------------------------------------------------------------------------------------

export const iamBindingSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IAM_BINDING_KINDS),
  /** The role's or the policy's name. */
  target: z.string(),
  subject_type: z.enum(IAM_SUBJECT_TYPES),
  /** A user's email, a group's or an API key's name. */
  subject: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type IamBinding = z.infer<typeof iamBindingSchema>;

const subjectFields = {
  subject_type: z.enum(IAM_SUBJECT_TYPES, { error: 'user, group or apikey' }),
  subject: z.string({ error: 'required' }).trim().min(1, 'required').max(320, 'at most 320 characters'),
};
export const createRoleBindingBody = z.object({
  role: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'at most 40 characters'),
  ...subjectFields,
});
export type CreateRoleBindingBody = z.input<typeof createRoleBindingBody>;
export const createPolicyBindingBody = z.object({
  policy: z.string({ error: 'required' }).trim().min(1, 'required').max(41, 'at most 41 characters'),
  ...subjectFields,
});
export type CreatePolicyBindingBody = z.input<typeof createPolicyBindingBody>;

const subjectFilters = {
  subject_type: z.enum(IAM_SUBJECT_TYPES).optional(),
  subject: z.string().max(320).optional(),
};
export const roleBindingListQuery = listQuery(
  { role: z.string().max(40).optional(), ...subjectFilters },
  ['created_at', 'target'],
  '-created_at',
);
export type RoleBindingListQuery = z.input<typeof roleBindingListQuery>;
export const policyBindingListQuery = listQuery(
  { policy: z.string().max(41).optional(), ...subjectFilters },
  ['created_at', 'target'],
  '-created_at',
);
export type PolicyBindingListQuery = z.input<typeof policyBindingListQuery>;

export const bindingIdParams = z.object({ id: z.coerce.number({ error: 'a binding id' }).int().positive() });

// ---- user groups ---------------------------------------------------------------------------------------------------

export const iamUserGroupSchema = z.object({
  name: z.string(),
  description: z.string(),
  members: z.number().int(),
  /** The roles and policies bound to the group (names, sorted). */
  roles: z.array(z.string()),
  policies: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IamUserGroup = z.infer<typeof iamUserGroupSchema>;

export const iamGroupMemberSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  added_by: z.string(),
  added_at: z.string(),
});
export type IamGroupMember = z.infer<typeof iamGroupMemberSchema>;

export const iamUserGroupDetailSchema = iamUserGroupSchema.extend({
  member_list: z.array(iamGroupMemberSchema),
  bindings: z.array(iamBindingSchema),
});
export type IamUserGroupDetail = z.infer<typeof iamUserGroupDetailSchema>;

export const createUserGroupBody = z.object({ name: iamNameSchema, description: description.default('') });
export type CreateUserGroupBody = z.input<typeof createUserGroupBody>;
export const updateUserGroupBody = z.object({ description });
export type UpdateUserGroupBody = z.input<typeof updateUserGroupBody>;

export const addGroupMembersBody = z.object({
  emails: z
    .array(z.string({ error: 'an email' }).trim().toLowerCase().min(1, 'an email').max(320), {
      error: 'a list of emails',
    })
    .min(1, IAM_MESSAGES.emailsRequired)
    .max(100, 'at most 100 users at once'),
});
export type AddGroupMembersBody = z.input<typeof addGroupMembersBody>;

export const userGroupListQuery = listQuery({ search: z.string().max(200).optional() }, ['name', 'created_at'], 'name');
export type UserGroupListQuery = z.input<typeof userGroupListQuery>;

export const groupNameParams = z.object({ name: z.string().trim().min(1).max(100) });
export const groupMemberParams = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().min(1).max(320),
});

// ---- API keys ------------------------------------------------------------------------------------------------------

export const IAM_API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type IamApiKeyStatus = (typeof IAM_API_KEY_STATUSES)[number];

export const iamApiKeySchema = z.object({
  name: z.string(),
  description: z.string(),
  role: z.string(),
  /** The secret's first characters: enough to recognise it, useless to use it. */
  prefix: z.string(),
  status: z.enum(IAM_API_KEY_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type IamApiKey = z.infer<typeof iamApiKeySchema>;

export const iamApiKeyDetailSchema = iamApiKeySchema.extend({ bindings: z.array(iamBindingSchema) });
export type IamApiKeyDetail = z.infer<typeof iamApiKeyDetailSchema>;

/** The answer to creating a key: the only time its secret is ever sent. */
export const createdIamApiKeySchema = iamApiKeySchema.extend({ secret: z.string() });
export type CreatedIamApiKey = z.infer<typeof createdIamApiKeySchema>;

export const createApiKeyBody = z.object({
  name: iamNameSchema,
  description: description.default(''),
  role: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'at most 40 characters'),
  expires_at: z.iso
    .datetime({ offset: true, error: 'a date and time' })
    .refine((v) => Date.parse(v) > Date.now(), IAM_MESSAGES.expiresInFuture)
    .nullish(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const apiKeyListQuery = listQuery(
  { search: z.string().max(200).optional(), status: z.enum(IAM_API_KEY_STATUSES).optional() },
  ['name', 'created_at'],
  'name',
);
export type ApiKeyListQuery = z.input<typeof apiKeyListQuery>;

export const apiKeyNameParams = z.object({ name: z.string().trim().min(1).max(100) });

// ---- roles (the RBAC roles, seen from IAM) -------------------------------------------------------------------------

export const iamRoleSchema = z.object({
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  privileges: z.array(z.string()),
  /** Portal users holding it as their own role (portal_users.roles). */
  users: z.number().int(),
  /** Role bindings to users, groups and keys. */
  bindings: z.number().int(),
});
export type IamRole = z.infer<typeof iamRoleSchema>;

export const iamRoleHolderSchema = z.object({ email: z.string(), name: z.string(), disabled: z.boolean() });
export const iamRoleDetailSchema = iamRoleSchema.extend({
  holders: z.array(iamRoleHolderSchema),
  binding_list: z.array(iamBindingSchema),
});
export type IamRoleDetail = z.infer<typeof iamRoleDetailSchema>;

export const iamRoleListQuery = listQuery({ search: z.string().max(200).optional() }, ['name'], 'name');
export type IamRoleListQuery = z.input<typeof iamRoleListQuery>;
export const roleNameParams = z.object({ name: z.string().trim().min(1).max(100) });

export const policyListQuery = listQuery(
  { search: z.string().max(200).optional() },
  ['name', 'created_at', 'updated_at'],
  'name',
);
export type PolicyListQuery = z.input<typeof policyListQuery>;
export const policyNameParams = z.object({ name: z.string().trim().min(1).max(100) });

// ---- users ---------------------------------------------------------------------------------------------------------

export const iamUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  /** Their own roles (portal_users.roles, set on /access). */
  roles: z.array(z.string()),
  /** Roles bound to them or to one of their groups. */
  bound_roles: z.array(z.string()),
  groups: z.array(z.string()),
  /** What they may do everywhere (roles, grants, policies), in catalogue order. */
  privileges: z.array(z.string()),
});
export type IamUser = z.infer<typeof iamUserSchema>;

export const iamUserGrantSchema = z.object({
  id: z.number().int(),
  privilege: z.string(),
  reason: z.string(),
  expires_at: z.string(),
});

export const iamUserDetailSchema = iamUserSchema.extend({
  created_at: z.string(),
  /** Bindings to the user and to each of their groups. */
  bindings: z.array(iamBindingSchema),
  /** Policies bound to the user or their groups (names, sorted). */
  policies: z.array(z.string()),
  /** Active, unexpired privilege grants (/privilege). */
  grants: z.array(iamUserGrantSchema),
});
export type IamUserDetail = z.infer<typeof iamUserDetailSchema>;

export const iamUserListQuery = listQuery(
  { search: z.string().max(200).optional(), group: z.string().max(100).optional() },
  ['email', 'name'],
  'email',
);
export type IamUserListQuery = z.input<typeof iamUserListQuery>;
export const iamUserParams = z.object({ email: z.string().trim().toLowerCase().min(1).max(320) });

export const iamUserGroupList = listResult(iamUserGroupSchema);
