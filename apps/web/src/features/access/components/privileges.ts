import { ROLE_PRIVILEGES } from '@portal/contract';
import type { PortalRole, Privilege } from '@portal/contract';

/** What each privilege allows, in words (the privileges themselves come from the contract). */
export const PRIVILEGE_DESCRIPTIONS: Record<Privilege, string> = {
  'portal.read': 'See every page and list of the portal',
  'portal.operate': 'Make changes: configuration changes, operations, approvals, control commands',
  'admin.manage': 'Administer the portal: users and roles, audit logs, providers and other admin settings',
};

/** The privileges a role grants; none for a role the portal does not know. */
export function privilegesOf(role: string): readonly Privilege[] {
  return Object.hasOwn(ROLE_PRIVILEGES, role) ? (ROLE_PRIVILEGES[role] ?? []) : [];
}

export const isKnownRole = (role: string): role is PortalRole => Object.hasOwn(ROLE_PRIVILEGES, role);

export const userGroupPath = (role: string) => `/access/usergroups/${encodeURIComponent(role)}`;
