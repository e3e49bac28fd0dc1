import { and, asc, eq } from 'drizzle-orm';
import type { ApprovalStatus, ConfigEnvironment, PullState, PullSummary, ReleaseChangeStatus } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { auditLogs } from '../platform/schema.js';
import { insertRows } from '../platform/bulk.js';
import { clusters } from '../features/orgs/index.js';
import { insertApproval } from '../features/approvals/repo.js';
import { readinessReasons } from '../features/release/changes.js';
import { EMBEDDED_REPOSITORY, SPEC_BRANCHES } from '../features/release/codehost/repo-spec.js';
import {
  deployMessage,
  deployStepsFor,
  HEALTHY_CLUSTER_STATUS,
  type DeployParams,
} from '../features/release/deploy.js';
import {
  type ChangeRow,
  APPROVAL_TEMPLATE,
  AUDIT_TYPE,
  DEPLOY_OPERATION,
  DEPLOY_TARGET_TYPE,
  derivePhase,
  RELEASE_APPROVAL,
  releaseWeek,
} from '../features/release/model.js';
import * as repo from '../features/release/repo.js';
import {
  relCodehostLabels,
  relCodehostPulls,
  relCodehostReleases,
  relTicketHistory,
} from '../features/release/schema.js';
import { recordFinished } from './operations.js';
import { DEMO_BASE_TIME } from './platform.js';
import type { SeedContext } from './demo.js';

/*
 * The release area's demo data (issue 12): the embedded code host's labels, pull requests (one per branch of its git
 * repository) and releases; nine releases across dev, staging and prod in every phase, with 27 changes in every
 * status the actions need — a prod release waiting for the approval the demo admin can give, a staging change ready
 * to deploy, deployed changes awaiting verification, a failed deploy to retry — their tickets with history, deploy
 * operations and audit rows. Deterministic (times relative to DEMO_BASE_TIME); the git repository itself is written
 * on first use, not here.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';

// ---- the code host ------------------------------------------------------------------------------------------------

const LABELS = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'chore', color: 'cfd3d7', description: 'Maintenance work, no behaviour change' },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'operator', color: '1d76db', description: 'tidb-operator' },
  { name: 'billing', color: 'fbca04', description: 'Billing service' },
  { name: 'console', color: '5319e7', description: 'Console API' },
  { name: 'observability', color: '0e8a16', description: 'Metrics, logs and traces' },
  { name: 'release-blocker', color: 'b60205', description: 'Must be merged before the next release' },
];

interface PullSpec {
  number: number;
  branch: string;
  title: string;
  author: string;
  state: PullState;
  labels: string[];
  body: string;
}

const PULLS: PullSpec[] = [
  {
    number: 101,
    branch: 'feature/operator-canary-rollout',
    title: 'operator: roll out to canary clusters first',
    author: 'ravi-menon',
    state: 'merged',
    labels: ['enhancement', 'operator'],
    body: 'Rolls a change out to the canary set, checks their health, then the rest. The canary set is per environment.',
  },
  {
    number: 102,
    branch: 'fix/billing-tax-rounding',
    title: 'billing: round the tax before adding it',
    author: 'lena-sato',
    state: 'merged',
    labels: ['bug', 'billing'],
    body: 'Invoices were off by a cent when the tax had a half cent. Fixes OPS-1203.',
  },
  {
    number: 103,
    branch: 'feature/console-audit-export',
    title: 'console-api: export audit logs as CSV',
    author: 'omar-haddad',
    state: 'merged',
    labels: ['enhancement', 'console'],
    body: 'GET /audit.csv for the compliance team.',
  },
  {
    number: 104,
    branch: 'chore/bump-tidb-v8.5.2',
    title: 'charts: new clusters get TiDB v8.5.2',
    author: 'dana-whitfield',
    state: 'merged',
    labels: ['chore', 'operator', 'release-blocker'],
    body: 'The default version for new clusters moves to v8.5.2.',
  },
  {
    number: 105,
    branch: 'fix/operator-pd-leader-eviction',
    title: 'operator: evict the PD leader before restarting its pod',
    author: 'ravi-menon',
    state: 'merged',
    labels: ['bug', 'operator'],
    body: 'Restarting the PD leader without a transfer stalled scheduling for up to 30 s.',
  },
  {
    number: 106,
    branch: 'feature/billing-credits-api',
    title: 'billing: credits API',
    author: 'lena-sato',
    state: 'open',
    labels: ['enhancement', 'billing'],
    body: 'Remaining credit per tenant, and credits applied to the invoice total. Waiting for finance review.',
  },
  {
    number: 107,
    branch: 'docs/runbook-maintenance',
    title: 'docs: maintenance window runbook',
    author: 'dana-whitfield',
    state: 'merged',
    labels: ['documentation'],
    body: 'How deploys and configuration changes honour maintenance windows.',
  },
  {
    number: 108,
    branch: 'feature/ticdc-changefeed-metrics',
    title: 'operator: export changefeed lag metrics',
    author: 'omar-haddad',
    state: 'merged',
    labels: ['enhancement', 'operator', 'observability'],
    body: 'ticdc_changefeed_checkpoint_lag_seconds per cluster and changefeed.',
  },
  {
    number: 109,
    branch: 'fix/console-session-timeout',
    title: 'console-api: close idle connections after 60 s',
    author: 'omar-haddad',
    state: 'merged',
    labels: ['bug', 'console'],
    body: 'The load balancer closed them after 60 s; the server kept them for 5 s, so requests failed at random.',
  },
  {
    number: 110,
    branch: 'chore/remove-legacy-deploy-script',
    title: 'deploy: remove the legacy deploy script',
    author: 'dana-whitfield',
    state: 'closed',
    labels: ['chore'],
    body: 'Closed: two regions still deploy with it.',
  },
  {
    number: 111,
    branch: 'feature/operator-tiproxy-support',
    title: 'operator: TiProxy as a component',
    author: 'ravi-menon',
    state: 'open',
    labels: ['enhancement', 'operator'],
    body: 'TiProxy in front of TiDB: 2 replicas, 3 for clusters with 4 TiDB or more.',
  },
  {
    number: 112,
    branch: 'fix/billing-currency-fx',
    title: 'billing: convert with the day rate, four decimals',
    author: 'lena-sato',
    state: 'merged',
    labels: ['bug', 'billing'],
    body: 'Exchange rates are kept to four decimals (spec §9).',
  },
];

const CODEHOST_RELEASES = [
  {
    tagName: 'v1.3.0',
    name: 'v1.3.0',
    body: '- operator: retry rolling restarts on transient API errors',
    at: '2026-06-16',
  },
  {
    tagName: 'v1.4.0',
    name: 'v1.4.0',
    body: '- billing: round invoice totals to whole cents\n- console-api: request ids in the access log',
    at: '2026-08-03',
  },
  { tagName: 'v1.5.0', name: 'v1.5.0', body: "- charts: the operator's memory limit is 4Gi", at: '2026-09-14' },
  {
    tagName: 'v1.6.0',
    name: 'v1.6.0 (draft)',
    body: 'Canary rollouts, PD leader eviction, changefeed metrics.',
    at: null,
  },
];

async function seedCodehost(tx: Db): Promise<Map<number, PullSummary>> {
  await insertRows(tx, relCodehostLabels, LABELS);
  const commitTime = new Map(SPEC_BRANCHES.map((b) => [b.name, b.commits.map((c) => c.time * 1000)]));
  const rows = PULLS.map((p) => {
    const times = commitTime.get(p.branch);
    if (!times) throw new Error(`no branch ${p.branch} in the embedded repository`);
    const created = new Date(times[0]! + HOUR);
    const updated = new Date(times[times.length - 1]! + 3 * HOUR);
    const ended = p.state === 'open' ? null : new Date(updated.getTime() + DAY);
    return {
      number: p.number,
      title: p.title,
      body: p.body,
      state: p.state,
      author: p.author,
      labels: p.labels,
      headRef: p.branch,
      baseRef: 'main',
      createdAt: created,
      updatedAt: ended ?? updated,
      mergedAt: p.state === 'merged' ? ended : null,
      closedAt: ended,
    };
  });
  await insertRows(tx, relCodehostPulls, rows);
  await insertRows(
    tx,
    relCodehostReleases,
    CODEHOST_RELEASES.map((r) => ({
      tagName: r.tagName,
      name: r.name,
      body: r.body,
      draft: r.at === null,
      prerelease: false,
      publishedAt: r.at ? new Date(`${r.at}T10:00:00Z`) : null,
    })),
  );
  return new Map(
    rows.map((r) => [
      r.number,
      { number: r.number, state: r.state } as PullSummary, // what the readiness rule reads
    ]),
  );
}

// ---- releases -----------------------------------------------------------------------------------------------------

type TicketSpec = [name: string, title: string, history: [status: string, note: string][]];

interface ChangeSpec {
  title: string;
  component: string;
  description: string;
  pulls: number[];
  labels: string[];
  /** Indexes into the available clusters. */
  targets: number[];
  canary?: number[];
  status: ReleaseChangeStatus;
  /** closed: what it was before. */
  closedFrom?: 'verified' | 'verify_failed' | 'deploy_failed' | 'cancelled';
  /** deploy_failed: the health check failed on an unavailable cluster, or someone cancelled the operation. */
  deployFailure?: 'health' | 'cancelled';
  verifyNotes?: string;
  /** submitted: a check for ready ran and found these reasons (computed from the tickets and pulls). */
  checked?: boolean;
  tickets: TicketSpec[];
  by?: string;
}

interface ReleaseSpec {
  environment: ConfigEnvironment;
  description: string;
  /** Days before DEMO_BASE_TIME it was created. */
  daysAgo: number;
  by: string;
  approval?: Exclude<ApprovalStatus, 'CANCELED'>;
  rejectComment?: string;
  changes: ChangeSpec[];
}

const resolved = (name: string, title: string, fix: string): TicketSpec => [
  name,
  title,
  [
    ['open', 'created'],
    ['in_progress', 'picked up'],
    ['resolved', fix],
  ],
];

const RELEASES: ReleaseSpec[] = [
  {
    environment: 'staging',
    description: 'Staging: billing and console fixes',
    daysAgo: 34,
    by: OPERATOR,
    changes: [
      {
        title: 'Round the invoice tax before adding it',
        component: 'billing-service',
        description: 'Invoices were a cent off when the tax had a half cent.',
        pulls: [102],
        labels: ['bug', 'billing'],
        targets: [],
        status: 'verified',
        verifyNotes: 'Re-ran the September invoices: every total matches the finance export.',
        tickets: [resolved('OPS-1203', 'Invoice totals off by one cent', 'fixed by #102')],
      },
      {
        title: 'Audit log export as CSV',
        component: 'console-api',
        description: 'GET /audit.csv for the compliance team.',
        pulls: [103],
        labels: ['enhancement', 'console'],
        targets: [],
        status: 'verified',
        verifyNotes: 'Exported a week of audit rows; opens in the compliance tool.',
        tickets: [resolved('OPS-1207', 'Compliance needs audit logs as CSV', 'shipped in #103')],
      },
      {
        title: 'Remove the legacy deploy script',
        component: 'deploy',
        description: 'Gitops applies the manifests now.',
        pulls: [110],
        labels: ['chore'],
        targets: [],
        status: 'closed',
        closedFrom: 'cancelled',
        tickets: [],
      },
    ],
  },
  {
    environment: 'prod',
    description: 'October platform release',
    daysAgo: 27,
    by: OPERATOR,
    approval: 'APPROVED',
    changes: [
      {
        title: 'Round the invoice tax before adding it',
        component: 'billing-service',
        description: 'Promoted from staging.',
        pulls: [102],
        labels: ['bug', 'billing'],
        targets: [],
        status: 'closed',
        closedFrom: 'verified',
        verifyNotes: 'October invoices reconciled.',
        tickets: [resolved('OPS-1203', 'Invoice totals off by one cent', 'verified in staging')],
      },
      {
        title: 'Audit log export as CSV',
        component: 'console-api',
        description: 'Promoted from staging.',
        pulls: [103],
        labels: ['enhancement', 'console'],
        targets: [],
        status: 'verified',
        verifyNotes: 'Compliance downloaded the October export.',
        tickets: [],
      },
      {
        title: 'New clusters get TiDB v8.5.2',
        component: 'tidb-operator',
        description: 'The default version of new clusters; existing clusters are not touched.',
        pulls: [104],
        labels: ['chore', 'operator'],
        targets: [0, 1],
        canary: [0],
        status: 'verified',
        verifyNotes: 'Created a test cluster in each region: v8.5.2.',
        tickets: [resolved('OPS-1211', 'Default TiDB version v8.5.2', 'chart bumped in #104')],
      },
    ],
  },
  {
    environment: 'prod',
    description: 'Operator hardening',
    daysAgo: 13,
    by: OPERATOR,
    approval: 'APPROVED',
    changes: [
      {
        title: 'Evict the PD leader before restarting its pod',
        component: 'tidb-operator',
        description: 'Restarting the PD leader without a transfer stalled scheduling for up to 30 s.',
        pulls: [105],
        labels: ['bug', 'operator'],
        targets: [2, 3, 4],
        canary: [2],
        status: 'deployed',
        tickets: [resolved('OPS-1215', 'PD scheduling stalls during rolling restarts', 'fixed by #105')],
      },
      {
        title: 'Roll out to canary clusters first',
        component: 'tidb-operator',
        description: 'The operator rolls a change out to the canary set before the rest.',
        pulls: [101],
        labels: ['enhancement', 'operator'],
        targets: [0, 5],
        canary: [0],
        status: 'verify_failed',
        verifyNotes: 'The canary cluster rolled out, the second one did not wait for the canary health check.',
        tickets: [resolved('OPS-1218', 'Canary rollouts for operator changes', 'implemented in #101')],
      },
      {
        title: 'Export changefeed lag metrics',
        component: 'tidb-operator',
        description: 'ticdc_changefeed_checkpoint_lag_seconds per cluster and changefeed.',
        pulls: [108],
        labels: ['enhancement', 'observability'],
        targets: [6, -1],
        status: 'deploy_failed',
        deployFailure: 'health',
        tickets: [resolved('OPS-1220', 'Alert on changefeed lag', 'metrics in #108')],
      },
      {
        title: 'Close idle console connections after 60 s',
        component: 'console-api',
        description: 'Matches the load balancer: requests no longer fail at random.',
        pulls: [109],
        labels: ['bug', 'console'],
        targets: [],
        status: 'verified',
        verifyNotes: 'No 502 from the load balancer in 24 h.',
        tickets: [resolved('OPS-1222', 'Random 502s from the console API', 'fixed by #109')],
      },
    ],
  },
  {
    environment: 'prod',
    description: 'Console timeout and PD limits',
    daysAgo: 10,
    by: LIN,
    approval: 'REJECTED',
    rejectComment: 'Not during the quarter-end billing freeze; request it again after November 3.',
    changes: [
      {
        title: 'Raise the PD scheduling limits during upgrades',
        component: 'tidb-operator',
        description: 'leader-schedule-limit 8 while an upgrade runs, back to 4 afterwards.',
        pulls: [],
        labels: ['operator'],
        targets: [1],
        status: 'ready',
        tickets: [resolved('OPS-1226', 'Upgrades leave leaders unbalanced', 'limits raised in the upgrade plan')],
      },
      {
        title: 'Close idle console connections after 60 s',
        component: 'console-api',
        description: 'Promoted from the operator hardening release.',
        pulls: [109],
        labels: ['bug', 'console'],
        targets: [],
        status: 'ready',
        tickets: [],
      },
    ],
  },
  {
    environment: 'staging',
    description: 'Operator hardening (staging)',
    daysAgo: 6,
    by: OPERATOR,
    changes: [
      {
        title: 'Export changefeed lag metrics',
        component: 'tidb-operator',
        description: 'ticdc_changefeed_checkpoint_lag_seconds per cluster and changefeed.',
        pulls: [108],
        labels: ['enhancement', 'observability'],
        targets: [1, 2],
        canary: [1],
        status: 'ready',
        tickets: [resolved('OPS-1220', 'Alert on changefeed lag', 'metrics in #108')],
      },
      {
        title: 'Evict the PD leader before restarting its pod',
        component: 'tidb-operator',
        description: 'Restarting the PD leader without a transfer stalled scheduling for up to 30 s.',
        pulls: [105],
        labels: ['bug', 'operator'],
        targets: [3],
        status: 'deployed',
        tickets: [],
      },
      {
        title: 'Roll out to canary clusters first',
        component: 'tidb-operator',
        description: 'The operator rolls a change out to the canary set before the rest.',
        pulls: [101],
        labels: ['enhancement', 'operator'],
        targets: [4, 5],
        canary: [4],
        status: 'verified',
        verifyNotes: 'Canary first, then the rest after its health check.',
        tickets: [],
      },
    ],
  },
  {
    environment: 'dev',
    description: 'TiProxy and canary rollouts (dev)',
    daysAgo: 5,
    by: MARIA,
    changes: [
      {
        title: 'Roll out to canary clusters first',
        component: 'tidb-operator',
        description: 'First try in dev.',
        pulls: [101],
        labels: ['enhancement', 'operator'],
        targets: [5, 6],
        canary: [5],
        status: 'deployed',
        tickets: [],
        by: MARIA,
      },
      {
        title: 'TiProxy as a component',
        component: 'tidb-operator',
        description: 'TiProxy in front of TiDB; 2 or 3 replicas.',
        pulls: [111],
        labels: ['enhancement', 'operator'],
        targets: [7],
        status: 'draft',
        tickets: [['OPS-1234', 'TiProxy for dedicated clusters', [['open', 'created']]]],
        by: MARIA,
      },
      {
        title: 'New clusters get TiDB v8.5.2',
        component: 'tidb-operator',
        description: 'The chart bump, in dev first.',
        pulls: [104],
        labels: ['chore', 'operator'],
        targets: [7],
        status: 'deploy_failed',
        deployFailure: 'cancelled',
        tickets: [resolved('OPS-1211', 'Default TiDB version v8.5.2', 'chart bumped in #104')],
        by: MARIA,
      },
    ],
  },
  {
    environment: 'prod',
    description: 'Billing FX and the maintenance runbook',
    daysAgo: 3,
    by: OPERATOR,
    approval: 'PENDING',
    changes: [
      {
        title: 'Convert currencies with the day rate, four decimals',
        component: 'billing-service',
        description: 'Exchange rates are kept to four decimals.',
        pulls: [112],
        labels: ['bug', 'billing'],
        targets: [],
        status: 'ready',
        tickets: [resolved('OPS-1238', 'FX conversion rounds too early', 'fixed by #112')],
      },
      {
        title: 'Maintenance window runbook',
        component: 'docs',
        description: 'How deploys and configuration changes honour maintenance windows.',
        pulls: [107],
        labels: ['documentation'],
        targets: [],
        status: 'ready',
        tickets: [],
      },
      {
        title: 'Changefeed lag dashboards',
        component: 'observability',
        description: 'Grafana dashboards for the new changefeed lag metric.',
        pulls: [],
        labels: ['observability'],
        targets: [2],
        status: 'ready',
        tickets: [
          [
            'OPS-1240',
            'Dashboards for changefeed lag',
            [
              ['open', 'created'],
              ['resolved', 'dashboards imported'],
              ['open', 'reopened: the lag panel used the wrong unit'],
              ['closed', 'unit fixed, verified by on-call'],
            ],
          ],
        ],
      },
    ],
  },
  {
    environment: 'prod',
    description: 'Payment retries',
    daysAgo: 4,
    by: OPERATOR,
    approval: 'APPROVED',
    changes: [
      {
        title: 'Retry declined card payments after 24 h',
        component: 'billing-service',
        description: 'A soft decline is retried once a day, three times, before the invoice is marked unpaid.',
        pulls: [],
        labels: ['billing'],
        targets: [],
        status: 'ready',
        tickets: [
          resolved('OPS-1242', 'Soft card declines mark invoices unpaid', 'retry schedule agreed with finance'),
        ],
      },
      {
        title: 'Email the tenant on the last retry',
        component: 'billing-service',
        description: 'Moved to the notifications release.',
        pulls: [],
        labels: ['billing'],
        targets: [],
        status: 'cancelled',
        tickets: [],
      },
    ],
  },
  {
    environment: 'dev',
    description: 'Credits API and billing FX (dev)',
    daysAgo: 2,
    by: OPERATOR,
    changes: [
      {
        title: 'Credits API',
        component: 'billing-service',
        description: 'Remaining credit per tenant; credits applied to invoices.',
        pulls: [106],
        labels: ['enhancement', 'billing'],
        targets: [],
        status: 'submitted',
        checked: true,
        tickets: [
          [
            'OPS-1230',
            'Finance review of the credits API',
            [
              ['open', 'created'],
              ['in_progress', 'finance is reviewing the rounding rules'],
            ],
          ],
        ],
      },
      {
        title: 'TiProxy as a component',
        component: 'tidb-operator',
        description: 'Not before the operator hardening is out.',
        pulls: [111],
        labels: ['enhancement', 'operator'],
        targets: [],
        status: 'cancelled',
        tickets: [],
      },
      {
        title: 'Convert currencies with the day rate, four decimals',
        component: 'billing-service',
        description: 'Exchange rates are kept to four decimals.',
        pulls: [112],
        labels: ['bug', 'billing'],
        targets: [],
        status: 'ready',
        tickets: [resolved('OPS-1238', 'FX conversion rounds too early', 'fixed by #112')],
      },
      {
        title: 'Remove the legacy deploy script',
        component: 'deploy',
        description: 'Gitops applies the manifests now.',
        pulls: [],
        labels: ['chore'],
        targets: [],
        status: 'draft',
        tickets: [],
      },
    ],
  },
];

/** The actions that led a change to its status, in order (what its audit trail shows). */
function pathTo(
  c: ChangeSpec,
): ('submit' | 'check_ready' | 'deploy' | 'deployed' | 'deploy_failed' | 'verify' | 'cancel' | 'close')[] {
  const ready = ['submit', 'check_ready'] as const;
  const deployed = [...ready, 'deploy', 'deployed'] as const;
  switch (c.status) {
    case 'draft':
      return [];
    case 'submitted':
      return c.checked ? [...ready] : ['submit'];
    case 'ready':
      return [...ready];
    case 'deployed':
      return [...deployed];
    case 'deploy_failed':
      return [...ready, 'deploy', 'deploy_failed'];
    case 'verified':
    case 'verify_failed':
      return [...deployed, 'verify'];
    case 'cancelled':
      return ['submit', 'cancel'];
    case 'closed':
      return [...pathTo({ ...c, status: c.closedFrom ?? 'verified' }), 'close'];
    default:
      throw new Error(`the demo has no ${c.status} change`);
  }
}

export async function seedReleases(ctx: SeedContext, tx: Db): Promise<void> {
  const pulls = await seedCodehost(tx);
  const available = (
    await tx
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(eq(clusters.status, HEALTHY_CLUSTER_STATUS), eq(clusters.clusterType, 'DEDICATED_TIDB')))
      .orderBy(asc(clusters.id))
      .limit(8)
  ).map((r) => r.id);
  const [unavailable] = await tx
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.status, 'USER_CLUSTER_STATUS_UNAVAILABLE'), eq(clusters.clusterType, 'DEDICATED_TIDB')))
    .orderBy(asc(clusters.id))
    .limit(1);
  if (available.length < 8) throw new Error('the demo fleet has too few available clusters for the releases');
  const clusterOf = (i: number) => (i === -1 ? (unavailable?.id ?? available[7]!) : available[i]!);
  const numbers = new Map<string, number>();
  const audits: (typeof auditLogs.$inferInsert)[] = [];
  for (const spec of [...RELEASES].sort((a, b) => b.daysAgo - a.daysAgo))
    await seedRelease(ctx, tx, spec, pulls, clusterOf, numbers, !!unavailable, audits);
  await insertRows(tx, auditLogs, audits);
}

async function seedRelease(
  ctx: SeedContext,
  tx: Db,
  spec: ReleaseSpec,
  pulls: Map<number, PullSummary>,
  clusterOf: (i: number) => string,
  numbers: Map<string, number>,
  hasUnavailable: boolean,
  audits: (typeof auditLogs.$inferInsert)[],
): Promise<void> {
  const createdAt = new Date(DEMO_BASE_TIME - spec.daysAgo * DAY + 9 * HOUR);
  const week = releaseWeek(createdAt);
  const seq = (numbers.get(`${spec.environment}:${week}`) ?? 0) + 1;
  numbers.set(`${spec.environment}:${week}`, seq);
  const releaseNumber = `${week}.${seq}`;
  const releaseId = await repo.insertRelease(tx, {
    description: spec.description,
    environment: spec.environment,
    phase: 'planning',
    releaseNumber,
    createdBy: spec.by,
    createdAt,
    updatedAt: createdAt,
  });
  const audit = async (operator: string, operation: string, at: Date, details: Record<string, unknown>) => {
    audits.push({ type: AUDIT_TYPE, instanceId: String(releaseId), operator, operation, operateAt: at, details });
  };
  await audit(spec.by, 'create', createdAt, {
    after: { environment: spec.environment, description: spec.description, release_number: releaseNumber },
  });

  // Changes are drafted on the first day, prepared on the second; a prod release's approval comes on the third, and
  // deploys and verifications follow.
  const approvalAt = new Date(createdAt.getTime() + 2 * DAY);
  const decidedAt = new Date(approvalAt.getTime() + 3 * HOUR);
  let lastAt = createdAt;
  let approvalId: number | null = null;
  if (spec.approval) {
    const status = spec.approval;
    const decided = status !== 'PENDING';
    approvalId = await insertApproval(tx, {
      name: `Release ${releaseNumber} to ${spec.environment}`,
      status,
      applicant: spec.by,
      fromTemplate: APPROVAL_TEMPLATE,
      subjectType: AUDIT_TYPE,
      subjectId: String(releaseId),
      startAt: approvalAt,
      endAt: decided ? decidedAt : null,
      nodes: RELEASE_APPROVAL.nodes.map((n) => ({
        name: n.name,
        status,
        tasks: n.approvers.map((email) => ({
          user_email: email,
          status,
          start_at: approvalAt.toISOString(),
          end_at: decided ? decidedAt.toISOString() : null,
          comment: status === 'REJECTED' ? (spec.rejectComment ?? null) : status === 'APPROVED' ? 'LGTM' : null,
        })),
      })),
    });
  }

  const rows: ChangeRow[] = [];
  for (const [i, c] of spec.changes.entries()) {
    const by = c.by ?? spec.by;
    const at = (hours: number) => new Date(createdAt.getTime() + i * 20 * 60_000 + hours * HOUR);
    const targets = c.targets.map(clusterOf);
    const canary = (c.canary ?? []).map(clusterOf);
    const pullRows = c.pulls;
    const changeId = await repo.insertChange(tx, {
      releaseId,
      title: c.title,
      description: c.description,
      component: c.component,
      repository: EMBEDDED_REPOSITORY,
      pullRequests: pullRows,
      labels: c.labels,
      targetClusterIds: targets,
      canaryClusterIds: canary,
      status: 'draft',
      createdBy: by,
      createdAt: at(0),
      updatedAt: at(0),
    });
    await audit(by, 'create_change', at(0), {
      change_id: String(changeId),
      after: { title: c.title, component: c.component, pull_requests: pullRows, status: 'draft' },
    });

    // Tickets, with their history over the first day.
    const finalTickets: { name: string; status: string }[] = [];
    for (const [k, [name, title, history]] of c.tickets.entries()) {
      const t0 = at(0.5 + k * 0.25);
      const ticketId = await repo.insertTicket(tx, {
        releaseId,
        changeId,
        name,
        title,
        link: `https://tracker.acme.example/browse/${name}`,
        status: history[history.length - 1]![0],
        createdBy: by,
        createdAt: t0,
        updatedAt: new Date(t0.getTime() + (history.length - 1) * 2 * HOUR),
      });
      await insertRows(
        tx,
        relTicketHistory,
        history.map(([status, note], h) => ({
          ticketId,
          at: new Date(t0.getTime() + h * 2 * HOUR),
          by: h === 0 ? by : h % 2 ? LIN : by,
          fromStatus: h === 0 ? null : history[h - 1]![0],
          toStatus: status,
          note,
        })),
      );
      await audit(by, 'create_ticket', t0, {
        change_id: String(changeId),
        ticket: name,
        after: { title, status: history[0]![0] },
      });
      finalTickets.push({ name, status: history[history.length - 1]![0] });
    }

    // The actions that led to its status.
    const reasons = readinessReasons(
      { repository: EMBEDDED_REPOSITORY, pullRequests: pullRows },
      finalTickets,
      pulls,
      EMBEDDED_REPOSITORY,
    );
    const patch: Partial<repo.ChangeInsert> = {};
    let status = 'draft';
    // Deploys wait for a prod release's approval.
    const deployAt = spec.approval === 'APPROVED' ? new Date(decidedAt.getTime() + 2 * HOUR + i * 20 * 60_000) : at(24);
    const after = (minutes: number) => new Date(deployAt.getTime() + minutes * 60_000);
    let changedAt = at(0);
    for (const action of pathTo(c)) {
      const before = status;
      let when: Date;
      const details: Record<string, unknown> = { change_id: String(changeId) };
      switch (action) {
        case 'submit':
          when = at(20);
          status = 'submitted';
          break;
        case 'check_ready': {
          when = at(22);
          const ready = reasons.length === 0;
          if (ready !== (c.status !== 'submitted'))
            throw new Error(`demo change "${c.title}" is ${c.status} but its readiness says ${reasons.join('; ')}`);
          status = ready ? 'ready' : 'submitted';
          patch.readyCheck = { ready, reasons, checked_at: when.toISOString(), checked_by: by };
          Object.assign(details, { ready, reasons });
          break;
        }
        case 'deploy': {
          when = deployAt;
          status = 'deploying';
          const params: DeployParams = {
            release_id: String(releaseId),
            change_id: String(changeId),
            component: c.component,
            repository: EMBEDDED_REPOSITORY,
            pull_requests: pullRows,
            target_cluster_ids: targets,
            canary_cluster_ids: canary,
          };
          const steps = deployStepsFor(canary);
          const healthFails = c.deployFailure === 'health' && hasUnavailable;
          const cancelled = c.deployFailure === 'cancelled' || (c.deployFailure === 'health' && !hasUnavailable);
          const operationId = await recordFinished(ctx, tx, {
            type: DEPLOY_OPERATION,
            title: `Deploy ${c.component}: ${c.title} (release ${releaseNumber}, ${spec.environment})`,
            targetType: DEPLOY_TARGET_TYPE,
            targetId: String(releaseId),
            tenantId: null,
            createdBy: by,
            params: { ...params },
            steps,
            startedAt: when,
            stepMinutes: 2,
            messages: Object.fromEntries(steps.map((s) => [s, deployMessage(s, params)])),
            ...(healthFails
              ? {
                  failed: {
                    step: 'health',
                    error: `health check failed: cluster ${targets[1]} is USER_CLUSTER_STATUS_UNAVAILABLE`,
                  },
                }
              : cancelled
                ? { cancelled: { step: 'rollout', by } }
                : {}),
          });
          patch.deployOperationId = Number(operationId);
          Object.assign(details, { operation_id: operationId, clusters: targets });
          break;
        }
        case 'deployed':
          when = after(8);
          status = 'deployed';
          patch.deployedAt = when;
          details.operation_id = String(patch.deployOperationId);
          break;
        case 'deploy_failed':
          when = after(8);
          status = 'deploy_failed';
          Object.assign(details, {
            operation_id: String(patch.deployOperationId),
            reason:
              c.deployFailure === 'health' && hasUnavailable
                ? `health check failed: cluster ${targets[1]} is USER_CLUSTER_STATUS_UNAVAILABLE`
                : `The deploy operation ${patch.deployOperationId} was cancelled`,
          });
          break;
        case 'verify': {
          when = after(180);
          const result = c.status === 'verify_failed' ? 'failed' : 'passed';
          status = result === 'passed' ? 'verified' : 'verify_failed';
          const notes = c.verifyNotes ?? '';
          patch.verification = { result, notes, verified_at: when.toISOString(), verified_by: by };
          Object.assign(details, { result, notes });
          break;
        }
        case 'cancel':
          when = at(21);
          status = 'cancelled';
          details.note = 'not in this release';
          break;
        case 'close':
          when = c.closedFrom === 'cancelled' ? at(23) : after(300);
          status = 'closed';
          details.note = null;
          break;
      }
      const system = action === 'deployed' || action === 'deploy_failed';
      await audit(system ? 'system' : by, action, when, { ...details, before: { status: before }, after: { status } });
      changedAt = when;
      lastAt = when > lastAt ? when : lastAt;
    }
    if (status !== c.status) throw new Error(`demo change "${c.title}" ended ${status}, not ${c.status}`);
    rows.push(await repo.updateChange(tx, changeId, { ...patch, status, updatedAt: changedAt }));
  }

  // The approval's rows, and the phase the changes and approval give.
  if (spec.approval && approvalId !== null) {
    await audit(spec.by, 'request_approval', approvalAt, {
      approval_id: String(approvalId),
      note: null,
      before: { phase: 'planning', approval_status: null },
      after: { approval_status: 'PENDING' },
    });
    if (spec.approval !== 'PENDING') {
      const decision = spec.approval === 'APPROVED' ? 'approve' : 'reject';
      await audit(ADMIN, decision, decidedAt, {
        approval_id: String(approvalId),
        node: RELEASE_APPROVAL.nodes[0]!.name,
        comment: spec.approval === 'REJECTED' ? (spec.rejectComment ?? null) : 'LGTM',
        before: { status: 'PENDING' },
        after: { status: spec.approval },
      });
      await audit(ADMIN, decision === 'approve' ? 'approval_approved' : 'approval_rejected', decidedAt, {
        approval_id: String(approvalId),
        before: { approval_status: 'PENDING' },
        after: { approval_status: spec.approval },
      });
    }
  }
  const phase = derivePhase('planning', spec.approval ?? null, rows);
  const releasedAt = phase === 'released' ? lastAt : null;
  if (phase !== 'planning')
    await audit(spec.by, 'phase_changed', releasedAt ?? lastAt, {
      before: { phase: 'planning' },
      after: { phase, ...(releasedAt ? { released_at: releasedAt.toISOString() } : {}) },
    });
  await repo.updateRelease(tx, releaseId, {
    phase,
    releasedAt,
    approvalId,
    approvalStatus: spec.approval ?? null,
    updatedAt: lastAt,
  });
}
