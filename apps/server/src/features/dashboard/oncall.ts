import { asc, eq } from 'drizzle-orm';
import { oncallShiftAt, type CloudOncall, type OncallShift } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { portalUsers } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import { oncallMembers, oncallRotations } from './schema.js';

const HOUR = 3_600_000;

/**
 * Who is on call at `at` (default now) and who takes over next, per rotation (GET dashboard/cloud-oncall). The shifts
 * are derived from each rotation's hand-off instant and period (contract `oncallShiftAt`), so any instant has one.
 */
export async function cloudOncall(db: Db, at: string | undefined): Promise<CloudOncall> {
  const atMs = at ? Date.parse(at) : Date.now();
  const [rotations, members] = await Promise.all([
    db.select().from(oncallRotations).orderBy(asc(oncallRotations.position), asc(oncallRotations.id)),
    db
      .select({
        rotationId: oncallMembers.rotationId,
        email: oncallMembers.email,
        name: portalUsers.name,
      })
      .from(oncallMembers)
      .leftJoin(portalUsers, eq(portalUsers.email, oncallMembers.email))
      .orderBy(asc(oncallMembers.rotationId), asc(oncallMembers.position)),
  ]);
  const byRotation = new Map<string, { email: string; name: string }[]>();
  for (const m of members) {
    const list = byRotation.get(m.rotationId) ?? [];
    list.push({ email: m.email, name: m.name ?? m.email });
    byRotation.set(m.rotationId, list);
  }
  const items: CloudOncall['items'] = [];
  for (const r of rotations) {
    const list = byRotation.get(r.id);
    if (!list?.length) continue;
    const periodMs = r.periodHours * HOUR;
    const now = oncallShiftAt(r.handoffAt.getTime(), periodMs, list.length, atMs);
    const shift = (member: number, startsAt: number): OncallShift => ({
      ...list[member]!,
      starts_at: iso(new Date(startsAt)),
      ends_at: iso(new Date(startsAt + periodMs)),
    });
    items.push({
      id: r.id,
      name: r.name,
      description: r.description,
      period_hours: r.periodHours,
      members: list,
      current: shift(now.member, now.startsAt),
      next: shift((now.member + 1) % list.length, now.endsAt),
    });
  }
  return { at: iso(new Date(atMs)), items, total: items.length };
}
