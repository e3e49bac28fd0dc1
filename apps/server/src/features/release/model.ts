import type {
  ApprovalStatus,
  AuditType,
  ConfigEnvironment,
  DevopsRelease,
  DevopsReleasePhase,
  ReadyCheck,
  ReleaseChange,
  ReleaseChangeStatus,
  ReleaseTicket,
  ReleaseTicketStatus,
  Verification,
} from '@portal/contract';
import { iso, isoOrNull } from '../../platform/time.js';
import type { ApprovalTemplate } from '../approvals/index.js';
import type { relChanges, relReleases, relTickets } from './schema.js';

/** The release area's constants, row types and the mappers from rows to the contract's shapes. */

export const AUDIT_TYPE = 'release' as const satisfies AuditType;
export const DEPLOY_OPERATION = 'release.deploy';
/** A deploy operation's target: the release (an object link to /release/{id}); the change id is in its params. */
export const DEPLOY_TARGET_TYPE = 'release';
export const APPROVAL_TEMPLATE = 'release.production';

/** A prod release's approval; an SRE lead decides, never the applicant (the engine enforces it). */
export const RELEASE_APPROVAL: ApprovalTemplate = {
  name: APPROVAL_TEMPLATE,
  title: 'Production release',
  nodes: [{ name: 'SRE lead review', approvers: ['admin@example.com'] }],
};

export type ReleaseRow = typeof relReleases.$inferSelect;
export type ChangeRow = typeof relChanges.$inferSelect;
export type TicketRow = typeof relTickets.$inferSelect;
export type ChangeCounts = DevopsRelease['changes'];

/** A path id: digits (at most 15); anything else names nothing. */
export function parseId(id: string): number | undefined {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  return Number(id);
}

/** The ISO week-year and week of a day (UTC): the release number's `YYYY.WW`. */
export function releaseWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of its week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}.${String(week).padStart(2, '0')}`;
}

/**
 * The phase a release is in (the contract's DEVOPS_RELEASE_PHASES says the rule): from its changes and its approval.
 * A released release stays released.
 */
export function derivePhase(
  current: string,
  approvalStatus: string | null,
  changes: readonly Pick<ChangeRow, 'status' | 'deployOperationId' | 'verification'>[],
): DevopsReleasePhase {
  if (current === 'released') return 'released';
  const done = (s: string) => s === 'verified' || s === 'closed';
  if (
    changes.length > 0 &&
    changes.every((c) => done(c.status)) &&
    changes.some((c) => (c.verification as Verification | null)?.result === 'passed')
  )
    return 'released';
  if (changes.some((c) => c.deployOperationId !== null)) return 'in_progress';
  if (approvalStatus === 'PENDING') return 'approving';
  if (approvalStatus === 'APPROVED') return 'approved';
  return 'planning';
}

export const toRelease = (r: ReleaseRow, changes: ChangeCounts): DevopsRelease => ({
  id: String(r.id),
  description: r.description,
  environment: r.environment as ConfigEnvironment,
  phase: r.phase as DevopsReleasePhase,
  release_number: r.releaseNumber,
  released_at: isoOrNull(r.releasedAt),
  approval_id: r.approvalId === null ? null : String(r.approvalId),
  approval_status: r.approvalStatus as ApprovalStatus | null,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  changes,
});

export const toChange = (r: ChangeRow, tickets: ReleaseChange['tickets']): ReleaseChange => ({
  id: String(r.id),
  release_id: String(r.releaseId),
  title: r.title,
  description: r.description,
  component: r.component,
  repository: r.repository,
  pull_requests: r.pullRequests,
  labels: r.labels,
  target_cluster_ids: r.targetClusterIds,
  canary_cluster_ids: r.canaryClusterIds,
  status: r.status as ReleaseChangeStatus,
  deploy_operation_id: r.deployOperationId === null ? null : String(r.deployOperationId),
  deployed_at: isoOrNull(r.deployedAt),
  ready_check: r.readyCheck as ReadyCheck | null,
  verification: r.verification as Verification | null,
  tickets,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** What an audit row keeps of a change (before/after). */
export const changeSnapshot = (r: ChangeRow) => ({
  title: r.title,
  description: r.description,
  component: r.component,
  repository: r.repository,
  pull_requests: r.pullRequests,
  labels: r.labels,
  target_cluster_ids: r.targetClusterIds,
  canary_cluster_ids: r.canaryClusterIds,
  status: r.status,
});

export const toTicket = (r: TicketRow, changeTitle: string): ReleaseTicket => ({
  name: r.name,
  release_id: String(r.releaseId),
  change_id: String(r.changeId),
  change_title: changeTitle,
  title: r.title,
  link: r.link,
  status: r.status as ReleaseTicketStatus,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});
