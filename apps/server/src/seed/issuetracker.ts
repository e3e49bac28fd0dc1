import { ISSUE_STATUS_NAMES } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { EMBEDDED_PROJECT, trackerIssues, type IssueTransitionTarget } from '../features/issuetracker/index.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * The embedded issue tracker's demo issues: an SRE team's project (OPS) as it would look after a few weeks of
 * incidents and follow-ups, numbered from OPS-2401 like a project that has been in use for a while, in every status.
 * Dated before DEMO_BASE_TIME, like the rest of the demo; new issues continue the numbering.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const FIRST_SEED_ISSUE_NUMBER = 2401;

type Seed = [summary: string, type: string, status: IssueTransitionTarget, labels: string[], assignee: string | null];

const ISSUES: Seed[] = [
  ['TiKV store down on az-b after node reboot', 'Incident', 'done', ['tikv', 'incident'], 'lin.wei@example.com'],
  [
    'Add alert on PD leader changes per hour',
    'Task',
    'done',
    ['pd', 'alerting', 'post-mortem'],
    'maria.garcia@example.com',
  ],
  ['Runbook: transfer PD leader safely', 'Task', 'in_progress', ['pd', 'runbook'], 'operator@example.com'],
  ['Raise region schedule limit defaults for large clusters', 'Story', 'todo', ['pd', 'scheduling'], null],
  ['TiDB OOM under analytical query burst', 'Bug', 'in_progress', ['tidb', 'memory'], 'lin.wei@example.com'],
  ['Set tidb_mem_quota_query for tenant acme-prod', 'Task', 'done', ['tidb', 'post-mortem'], 'operator@example.com'],
  ['Rolling restart of TiKV stalls on leader eviction', 'Bug', 'todo', ['tikv', 'operator'], null],
  [
    'Capacity review: TiKV disk usage above 80% on 6 clusters',
    'Task',
    'in_progress',
    ['tikv', 'capacity'],
    'maria.garcia@example.com',
  ],
  ['Automate scale-out of TiKV when disk usage > 85%', 'Story', 'todo', ['tikv', 'capacity', 'automation'], null],
  ['TiFlash replica lag after upgrade', 'Incident', 'done', ['tiflash', 'incident'], 'lin.wei@example.com'],
  ['Post-mortem: region hotspot on orders table', 'Task', 'done', ['post-mortem', 'hotspot'], 'admin@example.com'],
  ['Add SHARD_ROW_ID_BITS guidance to tenant onboarding docs', 'Task', 'todo', ['docs', 'post-mortem'], null],
  [
    'TiProxy drops connections during TiDB failover',
    'Bug',
    'in_progress',
    ['tiproxy', 'failover'],
    'operator@example.com',
  ],
  [
    'Failover drill: TiDB instance replacement in staging',
    'Task',
    'done',
    ['drill', 'tidb'],
    'maria.garcia@example.com',
  ],
  ['Alert fatigue: dedupe TiKV slow-store alerts', 'Story', 'todo', ['alerting'], null],
  [
    'PD scheduling stuck with balance-region-scheduler paused',
    'Incident',
    'done',
    ['pd', 'incident'],
    'lin.wei@example.com',
  ],
  [
    'Audit paused schedulers across the fleet weekly',
    'Task',
    'in_progress',
    ['pd', 'post-mortem', 'automation'],
    'operator@example.com',
  ],
  ['Backup job timed out for 3 dedicated clusters', 'Bug', 'done', ['backup'], 'maria.garcia@example.com'],
  ['Increase backup concurrency for clusters over 10 TiB', 'Task', 'todo', ['backup', 'post-mortem'], null],
  ['Changefeed lag > 10 min on sink to Kafka', 'Incident', 'in_progress', ['ticdc', 'incident'], 'lin.wei@example.com'],
  ['Document changefeed restart procedure', 'Task', 'todo', ['ticdc', 'runbook'], null],
  [
    'Latency regression after 7.5 → 8.1 upgrade on eu-west',
    'Bug',
    'in_progress',
    ['upgrade', 'latency'],
    'admin@example.com',
  ],
  ['Pin coprocessor cache settings until fix ships', 'Task', 'done', ['tikv', 'post-mortem'], 'operator@example.com'],
  ['Grafana dashboard for remediation operations', 'Story', 'todo', ['observability'], null],
  ['Runbook: rebalance regions after scale-out', 'Task', 'done', ['runbook', 'pd'], 'maria.garcia@example.com'],
  [
    'Connection storm from tenant batch jobs at 00:00 UTC',
    'Incident',
    'done',
    ['tidb', 'incident'],
    'lin.wei@example.com',
  ],
  [
    'Rate-limit new connections per tenant in TiProxy',
    'Story',
    'in_progress',
    ['tiproxy', 'post-mortem'],
    'operator@example.com',
  ],
  ['Notify tenant owners before maintenance windows', 'Task', 'todo', ['maintenance', 'comms'], null],
  ['TiKV raftstore CPU saturation on 4C16G nodes', 'Bug', 'todo', ['tikv', 'capacity'], null],
  [
    'Move small tenants off 4C16G TiKV specs',
    'Task',
    'in_progress',
    ['tikv', 'capacity', 'post-mortem'],
    'maria.garcia@example.com',
  ],
  ['Disk full on PD member pd-2 (WAL not rotated)', 'Incident', 'done', ['pd', 'incident'], 'admin@example.com'],
  ['Add PD data-dir usage alert at 70%', 'Task', 'done', ['pd', 'alerting', 'post-mortem'], 'operator@example.com'],
  ['Review on-call escalation policy for SEV1', 'Task', 'todo', ['process'], null],
  ['Slow query spike after statistics auto-analyze', 'Bug', 'done', ['tidb', 'statistics'], 'lin.wei@example.com'],
  [
    'Schedule auto-analyze outside tenant peak hours',
    'Task',
    'in_progress',
    ['tidb', 'post-mortem'],
    'operator@example.com',
  ],
  ['Quarterly game day: region unavailable scenario', 'Story', 'todo', ['drill'], null],
];

export const SEED_ISSUE_KEYS = ISSUES.map((_, i) => `${EMBEDDED_PROJECT}-${FIRST_SEED_ISSUE_NUMBER + i}`);

/** The tracker's demo issues (idempotent per key). */
export async function seedIssueTracker(tx: Db): Promise<void> {
  const start = DEMO_BASE_TIME - 60 * DAY;
  await tx
    .insert(trackerIssues)
    .values(
      ISSUES.map(([summary, type, status, labels, assignee], i) => {
        const createdAt = new Date(start + i * 40 * HOUR + (i % 5) * 17 * 60_000);
        const updatedAt = new Date(createdAt.getTime() + (status === 'todo' ? 0 : ((i % 7) + 1) * 9 * HOUR));
        return {
          key: SEED_ISSUE_KEYS[i]!,
          project: EMBEDDED_PROJECT,
          number: FIRST_SEED_ISSUE_NUMBER + i,
          summary,
          description:
            type === 'Incident'
              ? `${summary}. Opened by the on-call engineer; the timeline and follow-ups are in the linked portal incident.`
              : `${summary}.\n\nAcceptance: the change is rolled out to every region and the runbook is updated.`,
          type,
          status: ISSUE_STATUS_NAMES[status],
          statusCategory: status,
          labels,
          assignee,
          reporter: i % 3 === 0 ? 'admin@example.com' : i % 3 === 1 ? 'operator@example.com' : 'lin.wei@example.com',
          createdAt,
          updatedAt,
        };
      }),
    )
    .onConflictDoNothing();
}
