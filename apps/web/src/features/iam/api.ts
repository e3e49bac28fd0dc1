import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { iamApi } from '@portal/contract';
import type {
  AddGroupMembersBody,
  ApiKeyListQuery,
  CreateApiKeyBody,
  CreatePolicyBindingBody,
  CreatePolicyBody,
  CreateRoleBindingBody,
  CreateUserGroupBody,
  IamBindingKind,
  IamRoleListQuery,
  IamUserListQuery,
  PolicyListQuery,
  UpdatePolicyBody,
  UpdateUserGroupBody,
  UserGroupListQuery,
} from '@portal/contract';
import { profileKey } from '../../shared/api/profile';
import { api } from '../../shared/lib/api';
import { iamKeys as keys } from './keys';

export { iamKeys } from './keys';

export function useIamUsers(query: IamUserListQuery) {
  return useQuery({
    queryKey: keys.users(query),
    queryFn: ({ signal }) => api(iamApi.users, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIamUser(email: string) {
  return useQuery({
    queryKey: keys.user(email),
    queryFn: ({ signal }) => api(iamApi.user, { params: { email } }, { signal }),
  });
}

export function useUserGroups(query: UserGroupListQuery) {
  return useQuery({
    queryKey: keys.groups(query),
    queryFn: ({ signal }) => api(iamApi.userGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserGroup(name: string) {
  return useQuery({
    queryKey: keys.group(name),
    queryFn: ({ signal }) => api(iamApi.userGroup, { params: { name } }, { signal }),
  });
}

export function useApiKeys(query: ApiKeyListQuery) {
  return useQuery({
    queryKey: keys.keys(query),
    queryFn: ({ signal }) => api(iamApi.apiKeys, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApiKey(name: string) {
  return useQuery({
    queryKey: keys.key(name),
    queryFn: ({ signal }) => api(iamApi.apiKey, { params: { name } }, { signal }),
  });
}

export function useIamRoles(query: IamRoleListQuery) {
  return useQuery({
    queryKey: keys.roles(query),
    queryFn: ({ signal }) => api(iamApi.roles, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIamRole(name: string) {
  return useQuery({
    queryKey: keys.role(name),
    queryFn: ({ signal }) => api(iamApi.role, { params: { name } }, { signal }),
  });
}

export function usePolicies(query: PolicyListQuery) {
  return useQuery({
    queryKey: keys.policies(query),
    queryFn: ({ signal }) => api(iamApi.policies, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePolicy(name: string) {
  return useQuery({
    queryKey: keys.policy(name),
    queryFn: ({ signal }) => api(iamApi.policy, { params: { name } }, { signal }),
  });
}

/** After any change: every IAM query, and the caller's profile (a change may touch their own privileges). */
function useChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: keys.all }), client.invalidateQueries({ queryKey: profileKey })]);
}

/** Forms show their own failures (field messages, or the server message in the dialog). */
const formMeta = { errorModal: false } as const;

export function useCreateUserGroup() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreateUserGroupBody) => api(iamApi.createUserGroup, { body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useUpdateUserGroup(name: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: UpdateUserGroupBody) => api(iamApi.updateUserGroup, { params: { name }, body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

/** Failures open the spec §8 operation-failure dialog. */
export function useDeleteUserGroup() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (name: string) => api(iamApi.deleteUserGroup, { params: { name } }),
    onSuccess: changed,
  });
}

export function useAddGroupMembers(name: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: AddGroupMembersBody) => api(iamApi.addGroupMembers, { params: { name }, body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useRemoveGroupMember(name: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (email: string) => api(iamApi.removeGroupMember, { params: { name, email } }),
    onSuccess: changed,
  });
}

export function useCreateApiKey() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api(iamApi.createApiKey, { body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useRevokeApiKey() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (name: string) => api(iamApi.revokeApiKey, { params: { name } }),
    onSuccess: changed,
  });
}

export function useCreatePolicy() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreatePolicyBody) => api(iamApi.createPolicy, { body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useUpdatePolicy(name: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: UpdatePolicyBody) => api(iamApi.updatePolicy, { params: { name }, body }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useDeletePolicy() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (name: string) => api(iamApi.deletePolicy, { params: { name } }),
    onSuccess: changed,
  });
}

export type NewBinding = ({ kind: 'role' } & CreateRoleBindingBody) | ({ kind: 'policy' } & CreatePolicyBindingBody);

export function useCreateBinding() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (b: NewBinding) =>
      b.kind === 'role'
        ? api(iamApi.createRoleBinding, {
            body: { role: b.role, subject_type: b.subject_type, subject: b.subject },
          })
        : api(iamApi.createPolicyBinding, {
            body: { policy: b.policy, subject_type: b.subject_type, subject: b.subject },
          }),
    meta: formMeta,
    onSuccess: changed,
  });
}

export function useDeleteBinding() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: IamBindingKind; id: number }) =>
      api(kind === 'role' ? iamApi.deleteRoleBinding : iamApi.deletePolicyBinding, { params: { id } }),
    onSuccess: changed,
  });
}
