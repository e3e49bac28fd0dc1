import type { Db } from '../platform/db.js';
import { oncallMembers, oncallRotations, rollupPass } from '../features/dashboard/index.js';

/*
 * The dashboard's demo data: three on-call rotations of the demo staff (seed/accounts.ts) and the first pass of the
 * tenant rollup (TiKV / TiFlash nodes and storage per tenant). Rotations hand over from a fixed instant at a fixed
 * period, so whenever the app runs someone is on call now and someone next; the two cloud rotations hold the same
 * people one place apart, so the primary and the secondary are never the same person.
 */

const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';

export const DEMO_ROTATIONS = [
  {
    id: 'cloud-primary',
    name: 'Cloud primary',
    description: 'First responder for the cloud platform: availability, provisioning and control-plane pages.',
    periodHours: 168,
    // A Monday, 09:00 UTC: weekly hand-overs on Monday mornings.
    handoffAt: new Date('2026-01-05T09:00:00Z'),
    members: [LIN, MARIA, OPERATOR, ADMIN],
  },
  {
    id: 'cloud-secondary',
    name: 'Cloud secondary',
    description: 'Takes a page the primary has not acknowledged within 15 minutes; second pair of hands.',
    periodHours: 168,
    handoffAt: new Date('2026-01-05T09:00:00Z'),
    members: [MARIA, OPERATOR, ADMIN, LIN],
  },
  {
    id: 'database-sre',
    name: 'Database SRE',
    description: 'TiDB, TiKV and TiFlash escalations: data-path incidents, hot regions, slow queries, storage.',
    // Follow the sun: 12-hour shifts from 08:00 and 20:00 UTC.
    periodHours: 12,
    handoffAt: new Date('2026-01-01T08:00:00Z'),
    members: [ADMIN, MARIA, LIN],
  },
] as const;

export async function seedDashboard(tx: Db): Promise<void> {
  await tx
    .insert(oncallRotations)
    .values(
      DEMO_ROTATIONS.map((r, position) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        position,
        periodHours: r.periodHours,
        handoffAt: r.handoffAt,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(oncallMembers)
    .values(DEMO_ROTATIONS.flatMap((r) => r.members.map((email, position) => ({ rotationId: r.id, position, email }))))
    .onConflictDoNothing();
  await rollupPass(tx);
}
