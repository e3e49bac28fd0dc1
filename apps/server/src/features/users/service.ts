import type { ListResult, PortalUser, Profile } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { iso } from '../../platform/time.js';
import { listUsers, type UserFilter } from './repo.js';

/** The caller's profile (spec §3 "Profile (me)"); the auth hook already loaded it from portal_users. */
export function profileOf(principal: Principal): Profile {
  return { email: principal.email, name: principal.name, roles: [...principal.roles] };
}

export async function listPortalUsers(db: Db, q: UserFilter): Promise<ListResult<PortalUser>> {
  const page = await listUsers(db, { ...q, search: q.search?.trim() || undefined });
  return {
    total: page.total,
    items: page.items.map((u) => ({ email: u.email, name: u.name, roles: u.roles, created_at: iso(u.createdAt) })),
  };
}
