import { allows } from '@portal/contract';
import type { Privilege, Profile } from '@portal/contract';
import { useProfile } from '../api/profile';

/** What an action needs: a route descriptor (its `access`) or a privilege by name. */
export type Requirement = { access: Privilege | 'public' } | Privilege;

const NONE: readonly string[] = [];

/** The privileges of the signed-in user's profile (none while it is unknown). */
export function privilegesOf(profile: Pick<Profile, 'privileges'> | undefined): readonly string[] {
  return profile?.privileges ?? NONE;
}

/**
 * Whether a holder of these privileges may do what the requirement describes (the server's rule: `allows`).
 * With no profile yet (still loading), admin-only actions are held back, since spec §6 shows admin things to admins
 * only; other actions are not, as the server checks them anyway and the common case should not flicker.
 */
export function can(profile: Pick<Profile, 'privileges'> | undefined, requirement: Requirement): boolean {
  const descriptor = typeof requirement === 'string' ? { access: requirement } : requirement;
  if (!profile) return !descriptor.access.startsWith('admin.') && !descriptor.access.endsWith('.manage');
  return allows(privilegesOf(profile), descriptor);
}

/**
 * `can(descriptor)` for the signed-in user: whether to show or enable an action, mirroring the privilege the server
 * requires for it, e.g. `can(providersApi.create)` or `can('billing.write')`.
 */
export function useCan(): (requirement: Requirement) => boolean {
  const { profile } = useProfile();
  return (requirement) => can(profile, requirement);
}
