import { PRIVILEGE_CATALOGUE, ROLE_PRIVILEGES } from '@portal/contract';
import type { PortalRole, Privilege } from '@portal/contract';

/** What each privilege allows, in words (contract PRIVILEGE_CATALOGUE). */
export const PRIVILEGE_DESCRIPTIONS = Object.fromEntries(
  PRIVILEGE_CATALOGUE.map((p) => [p.name, p.description]),
) as Record<Privilege, string>;

/** The privileges a role grants; none for a role the portal does not know. */
export function privilegesOf(role: string): readonly Privilege[] {
  return Object.hasOwn(ROLE_PRIVILEGES, role) ? (ROLE_PRIVILEGES[role] ?? []) : [];
}

export const isKnownRole = (role: string): role is PortalRole => Object.hasOwn(ROLE_PRIVILEGES, role);

/** A role on /rbac (its dialog opens). */
export const rolePath = (role: string) => `/rbac?role=${encodeURIComponent(role)}`;

export const userGroupPath = (role: string) => `/access/usergroups/${encodeURIComponent(role)}`;
