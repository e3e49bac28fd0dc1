import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { K8S_UPGRADE_OPERATION, K8S_OPERATION_TARGET_TYPE, type NodePool } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { insertOperation } from '../features/operations/repo.js';
import { clusters, projects } from '../features/orgs/index.js';
import {
  k8sClusterHosting,
  k8sClusters,
  k8sNodePools,
  k8sUpgradeTaskClusters,
  k8sUpgradeTasks,
  planBatches,
  stepMessages,
  UPGRADE_STEPS,
  upgradeSteps,
  upgradeTitle,
  versionRank,
  type UpgradeParams,
} from '../features/k8s/index.js';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * The demo Kubernetes fleet (30 clusters on AWS, GCP and Azure in the seeded providers' regions, 1.27–1.30, 2–5 node
 * pools each), which tenant clusters each hosts, and upgrade tasks in every status the actions need: closed,
 * failed (a pre-check on an unhealthy pool), cancelled, succeeded, running (manual verification: batch 2 waits for
 * its confirmation on the operation page, batch 3 pending), and two drafts ready to submit (one auto-generated).
 * The fleet's versions are the outcome of that history. Deterministic: fixed names, dates and a seeded generator.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const at = (days: number, minutes = 0) => new Date(DEMO_BASE_TIME - days * DAY + minutes * MINUTE);

type Env = 'dev' | 'staging' | 'prod';
interface FleetCluster {
  provider: 'AWS' | 'GCP' | 'AZURE';
  region: string;
  env: Env;
  n: number;
  /** The version before the seeded tasks ran. */
  version: string;
}

const c = (provider: FleetCluster['provider'], region: string, env: Env, n: number, version: string) => ({
  provider,
  region,
  env,
  n,
  version,
});

/** Before any seeded task ran. */
const FLEET: FleetCluster[] = [
  c('AWS', 'us-east-1', 'dev', 1, '1.29'),
  c('AWS', 'us-east-1', 'staging', 1, '1.29'),
  c('AWS', 'us-east-1', 'prod', 1, '1.29'),
  c('AWS', 'us-east-1', 'prod', 2, '1.29'),
  c('AWS', 'us-east-1', 'prod', 3, '1.29'),
  c('AWS', 'us-west-2', 'staging', 1, '1.29'),
  c('AWS', 'us-west-2', 'prod', 1, '1.29'),
  c('AWS', 'us-west-2', 'prod', 2, '1.29'),
  c('AWS', 'eu-central-1', 'staging', 1, '1.29'),
  c('AWS', 'eu-central-1', 'prod', 1, '1.29'),
  c('AWS', 'eu-central-1', 'prod', 2, '1.29'),
  c('AWS', 'ap-southeast-1', 'staging', 1, '1.29'),
  c('AWS', 'ap-southeast-1', 'prod', 1, '1.28'),
  c('AWS', 'ap-southeast-1', 'prod', 2, '1.27'),
  c('AWS', 'ap-northeast-1', 'prod', 1, '1.28'),
  c('AWS', 'ap-northeast-1', 'prod', 2, '1.28'),
  c('GCP', 'us-central1', 'dev', 1, '1.29'),
  c('GCP', 'us-central1', 'staging', 1, '1.29'),
  c('GCP', 'us-central1', 'prod', 1, '1.28'),
  c('GCP', 'us-central1', 'prod', 2, '1.28'),
  c('GCP', 'europe-west1', 'prod', 1, '1.28'),
  c('GCP', 'europe-west1', 'prod', 2, '1.28'),
  c('GCP', 'asia-east1', 'prod', 1, '1.28'),
  c('GCP', 'asia-east1', 'prod', 2, '1.27'),
  c('AZURE', 'eastus', 'dev', 1, '1.29'),
  c('AZURE', 'eastus', 'staging', 1, '1.29'),
  c('AZURE', 'eastus', 'prod', 1, '1.28'),
  c('AZURE', 'eastus', 'prod', 2, '1.28'),
  c('AZURE', 'westeurope', 'prod', 1, '1.28'),
  c('AZURE', 'westeurope', 'prod', 2, '1.27'),
];

const nameOf = (f: FleetCluster) => `${f.provider.toLowerCase()}-${f.region}-${f.env}-${String(f.n).padStart(2, '0')}`;

/** Instance types per provider and pool role. */
const INSTANCE_TYPES: Record<FleetCluster['provider'], Record<string, string>> = {
  AWS: {
    system: 'm6i.xlarge',
    pd: 'c6i.2xlarge',
    tikv: 'r6i.4xlarge',
    tidb: 'c6i.4xlarge',
    tiflash: 'r6i.8xlarge',
  },
  GCP: {
    system: 'e2-standard-4',
    pd: 'n2-standard-8',
    tikv: 'n2-highmem-16',
    tidb: 'n2-standard-16',
    tiflash: 'n2-highmem-32',
  },
  AZURE: {
    system: 'Standard_D4s_v5',
    pd: 'Standard_D8s_v5',
    tikv: 'Standard_E16s_v5',
    tidb: 'Standard_D16s_v5',
    tiflash: 'Standard_E32s_v5',
  },
};

/** The cluster whose pool is unhealthy: an upgrade of it fails its pre-check (seeded task 2, and any new one). */
const UNHEALTHY = {
  cluster: 'gcp-europe-west1-prod-01',
  pool: 'tikv',
  message: '2 of 9 nodes NotReady: kubelet stopped posting node status',
};

function poolsFor(f: FleetCluster, version: string, r: ReturnType<typeof prng>): NodePool[] {
  const roles =
    f.env === 'dev'
      ? ['system', 'tikv']
      : f.env === 'staging'
        ? ['system', 'tikv', 'tidb']
        : r.chance(0.5)
          ? ['system', 'pd', 'tikv', 'tidb', 'tiflash']
          : ['system', 'pd', 'tikv', 'tidb'];
  const counts: Record<string, () => number> = {
    system: () => 3,
    pd: () => 3,
    tikv: () => (f.env === 'prod' ? r.pick([6, 9, 12, 15]) : 3),
    tidb: () => (f.env === 'prod' ? r.pick([3, 4, 6, 8]) : 2),
    tiflash: () => r.pick([2, 3, 4]),
  };
  return roles.map((role) => {
    const unhealthy = nameOf(f) === UNHEALTHY.cluster && role === UNHEALTHY.pool;
    return {
      name: role,
      instance_type: INSTANCE_TYPES[f.provider][role]!,
      node_count: unhealthy ? 9 : counts[role]!(),
      version,
      status: unhealthy ? 'unhealthy' : 'healthy',
      message: unhealthy ? UNHEALTHY.message : null,
    };
  });
}

// ---- the seeded tasks -------------------------------------------------------------------------------------------

type Outcome =
  | { status: 'succeeded'; confirmedBy?: string }
  | { status: 'failed'; error: string }
  | { status: 'waiting' }
  | { status: 'pending' | 'skipped' | 'excluded'; reason?: string };

interface SeedTask {
  name: string;
  description: string;
  target: string;
  status: 'draft' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'closed';
  verification: 'automatic' | 'manual';
  createdBy: string;
  createdDay: number;
  submittedDay?: number;
  /** Batches of [k8s name, outcome]. */
  batches: [string, Outcome][][];
  /** How the task ended (besides its batches): cancelled or closed by someone. */
  cancelled?: { by: string; reason: string };
  closed?: { by: string; day: number };
  reason?: string;
  generation?: Record<string, unknown>;
}

const ok: Outcome = { status: 'succeeded' };

function seedTasks(autoBatches: string[][]): SeedTask[] {
  return [
    {
      name: 'Dev and staging to 1.30',
      description: 'Soak 1.30 on the dev and staging fleets before any prod cluster (KUBE-412).',
      target: '1.30',
      status: 'closed',
      verification: 'automatic',
      createdBy: 'maria.garcia@example.com',
      createdDay: 60,
      submittedDay: 59,
      batches: [
        [
          ['aws-us-east-1-dev-01', ok],
          ['gcp-us-central1-dev-01', ok],
          ['azure-eastus-dev-01', ok],
        ],
        [
          ['aws-us-east-1-staging-01', ok],
          ['aws-us-west-2-staging-01', ok],
          ['aws-eu-central-1-staging-01', ok],
          ['gcp-us-central1-staging-01', ok],
          ['azure-eastus-staging-01', ok],
        ],
      ],
      closed: { by: 'maria.garcia@example.com', day: 50 },
    },
    {
      name: 'GCP prod to 1.29',
      description: 'Leave 1.28 before its end of support on GKE.',
      target: '1.29',
      status: 'failed',
      verification: 'automatic',
      createdBy: 'lin.wei@example.com',
      createdDay: 30,
      submittedDay: 29,
      batches: [
        [
          ['gcp-us-central1-prod-01', ok],
          [
            'gcp-us-central1-prod-02',
            { status: 'excluded', reason: 'Hosts the Q4 migration cut-over of two tenants this week; next task' },
          ],
        ],
        [
          ['gcp-europe-west1-prod-01', { status: 'failed', error: '' }],
          ['gcp-europe-west1-prod-02', ok],
        ],
        [
          ['gcp-asia-east1-prod-01', { status: 'skipped', reason: 'batch 2 failed' }],
          ['gcp-asia-east1-prod-02', { status: 'skipped', reason: 'batch 2 failed' }],
        ],
      ],
    },
    {
      name: 'Azure East US prod to 1.29',
      description: 'Azure East US prod clusters, one per batch.',
      target: '1.29',
      status: 'cancelled',
      verification: 'automatic',
      createdBy: 'operator@example.com',
      createdDay: 20,
      submittedDay: 19,
      batches: [[['azure-eastus-prod-01', ok]], [['azure-eastus-prod-02', { status: 'skipped' }]]],
      cancelled: {
        by: 'operator@example.com',
        reason: 'Azure capacity advisory for eastus: no node surges until it is lifted',
      },
    },
    {
      name: 'AWS Tokyo prod to 1.29',
      description: 'ap-northeast-1 prod clusters.',
      target: '1.29',
      status: 'succeeded',
      verification: 'automatic',
      createdBy: 'lin.wei@example.com',
      createdDay: 14,
      submittedDay: 13,
      batches: [[['aws-ap-northeast-1-prod-01', ok]], [['aws-ap-northeast-1-prod-02', ok]]],
    },
    {
      name: 'AWS us-east-1 prod to 1.30',
      description:
        'The biggest region, one cluster per batch, each confirmed by the on-call before the next (KUBE-431).',
      target: '1.30',
      status: 'running',
      verification: 'manual',
      createdBy: 'maria.garcia@example.com',
      createdDay: 3,
      submittedDay: 2,
      batches: [
        [['aws-us-east-1-prod-03', { status: 'succeeded', confirmedBy: 'maria.garcia@example.com' }]],
        [['aws-us-east-1-prod-01', { status: 'waiting' }]],
        [['aws-us-east-1-prod-02', { status: 'pending' }]],
      ],
    },
    {
      name: 'AWS us-west-2 and Frankfurt prod to 1.30',
      description: 'Next after us-east-1.',
      target: '1.30',
      status: 'draft',
      verification: 'automatic',
      createdBy: 'operator@example.com',
      createdDay: 1,
      batches: [
        [['aws-us-west-2-prod-01', { status: 'pending' }]],
        [
          ['aws-us-west-2-prod-02', { status: 'pending' }],
          ['aws-eu-central-1-prod-01', { status: 'pending' }],
        ],
        [['aws-eu-central-1-prod-02', { status: 'pending' }]],
      ],
    },
    {
      name: 'Upgrade to 1.28 (auto-generated)',
      description: 'Auto-generated for the k8s clusters below 1.28, 2 per batch.',
      target: '1.28',
      status: 'draft',
      verification: 'automatic',
      createdBy: 'operator@example.com',
      createdDay: 1,
      batches: autoBatches.map((b) => b.map((n): [string, Outcome] => [n, { status: 'pending' }])),
      generation: { below_version: '1.28', batch_size: 2, provider: null, region: null, environment: null },
    },
  ];
}

interface Live {
  id: number;
  version: string;
  pools: NodePool[];
}

/** Records one cluster's upgrade operation as the engine would have left it. Returns its id. */
async function recordUpgrade(
  tx: Db,
  task: SeedTask & { id: number },
  batch: number,
  name: string,
  k8s: Live,
  outcome: Outcome,
  start: Date,
): Promise<string> {
  const who = task.createdBy;
  const steps = upgradeSteps(task.verification);
  const from = k8s.version;
  const to = task.target;
  const failed = outcome.status === 'failed';
  const waiting = outcome.status === 'waiting';
  const stepAt = (i: number) => new Date(start.getTime() + i * 6 * MINUTE);
  const messages: Record<string, string> = {
    precheck: stepMessages.precheck(k8s.pools, from, to),
    'control-plane': stepMessages.controlPlane(from, to),
    'node-pools': stepMessages.nodePools(k8s.pools, to),
    confirm: outcome.status === 'succeeded' && outcome.confirmedBy ? `confirmed by ${outcome.confirmedBy}` : '',
    verify: stepMessages.verify(k8s.pools, to),
  };
  const error = failed
    ? stepMessages.unhealthy(
        name,
        k8s.pools.find((p) => p.status === 'unhealthy')!,
      )
    : null;
  // Failed: at the pre-check. Waiting: at the confirmation, after the node pools.
  const stopAt = failed ? 0 : waiting ? steps.indexOf('confirm') : steps.length;
  const finishedAt = waiting ? null : stepAt(failed ? 1 : steps.length);
  const id = await insertOperation(
    tx,
    {
      type: K8S_UPGRADE_OPERATION,
      title: upgradeTitle(name, to, task.id, batch),
      targetType: K8S_OPERATION_TARGET_TYPE,
      targetId: name,
      tenantId: null,
      status: failed ? 'failed' : waiting ? 'waiting' : 'succeeded',
      params: {
        task_id: String(task.id),
        k8s_name: name,
        batch,
        from_version: from,
        to_version: to,
      } satisfies UpgradeParams,
      createdBy: who,
      createdAt: start,
      startedAt: start,
      finishedAt,
      error,
    },
    steps.map((stepName, i) => {
      const def = UPGRADE_STEPS.find((s) => s.name === stepName)!;
      const done = i < stopAt;
      const here = i === stopAt;
      return {
        seq: i + 1,
        name: stepName,
        title: def.title,
        manual: 'manual' in def,
        status: done ? 'succeeded' : here ? (failed ? 'failed' : waiting ? 'waiting' : 'pending') : 'pending',
        message: done ? messages[stepName] || null : here && failed ? error : null,
        startedAt: done || (here && failed) ? stepAt(i) : null,
        finishedAt: done ? stepAt(i + 1) : here && failed ? stepAt(1) : null,
        runs: done || (here && failed) ? 1 : 0,
      };
    }),
  );
  const instanceId = String(id);
  const audit = (operator: string, operation: string, details: Record<string, unknown>, when: Date) =>
    writeAudit(tx, { type: 'operation', instanceId, operator, operation, details, operateAt: when });
  await audit(who, 'create', { after: { type: K8S_UPGRADE_OPERATION, target_id: name, status: 'running' } }, start);
  if (outcome.status === 'succeeded' && outcome.confirmedBy) {
    const seq = steps.indexOf('confirm') + 1;
    const when = stepAt(seq - 1);
    const base = { before: { status: 'waiting' }, reason: null, step: seq };
    await audit(outcome.confirmedBy, 'start_action', base, when);
    await audit(outcome.confirmedBy, 'finish_action', { ...base, before: { status: 'waiting' } }, stepAt(seq));
  }
  if (failed) await audit('system', 'fail', { step: 'precheck', error }, finishedAt!);
  else if (!waiting) await audit('system', 'succeed', { after: { status: 'succeeded' } }, finishedAt!);
  return instanceId;
}

export async function seedK8s(tx: Db): Promise<void> {
  const r = prng(20_261_212);
  const byName = new Map<string, Live & { fleet: FleetCluster }>();

  // The fleet as it was before the seeded tasks.
  for (const [i, f] of FLEET.entries()) {
    const name = nameOf(f);
    const [row] = await tx
      .insert(k8sClusters)
      .values({
        name,
        provider: f.provider,
        region: f.region,
        environment: f.env,
        version: f.version,
        versionRank: versionRank(f.version),
        createdAt: new Date(Date.UTC(2023, 0, 9) + i * 17 * DAY),
      })
      .returning({ id: k8sClusters.id });
    byName.set(name, { id: row!.id, version: f.version, pools: poolsFor(f, f.version, r), fleet: f });
  }

  // Which tenant clusters each hosts: every running tenant cluster of a provider and region the fleet covers, on the
  // region's staging or dev cluster for a project named so, else round-robin over its prod clusters (id order).
  const tenantClusters = await tx
    .select({ id: clusters.id, provider: clusters.provider, region: clusters.region, project: projects.name })
    .from(clusters)
    .innerJoin(projects, eq(projects.id, clusters.projectId))
    .where(
      and(
        notInArray(clusters.clusterType, ['CHANGEFEED', 'CHANGEFEED_NG']),
        sql`${clusters.status} <> 'USER_CLUSTER_STATUS_DELETED'`,
        eq(clusters.isByoc, false),
      ),
    )
    .orderBy(asc(clusters.id));
  const turn = new Map<string, number>();
  const hosting: { clusterId: string; k8sClusterId: number }[] = [];
  for (const tc of tenantClusters) {
    const inRegion = [...byName.entries()].filter(
      ([, k]) => k.fleet.provider === tc.provider && k.fleet.region === tc.region,
    );
    if (!inRegion.length) continue;
    const wanted: Env = tc.project === 'staging' ? 'staging' : tc.project === 'development' ? 'dev' : 'prod';
    const pool = inRegion.filter(([, k]) => k.fleet.env === wanted);
    const choices = pool.length ? pool : inRegion.filter(([, k]) => k.fleet.env === 'prod');
    const key = `${tc.provider}/${tc.region}/${wanted}`;
    const n = turn.get(key) ?? 0;
    turn.set(key, n + 1);
    hosting.push({ clusterId: tc.id, k8sClusterId: choices[n % choices.length]![1].id });
  }
  if (hosting.length) await tx.insert(k8sClusterHosting).values(hosting);

  // The auto-generated draft: what auto-generation answers for "below 1.28, 2 per batch" after the history below.
  const nodes = (k: Live) => k.pools.reduce((s, p) => s + p.node_count, 0);
  const below128 = [...byName.entries()]
    .filter(([, k]) => versionRank(k.version) < versionRank('1.28'))
    .map(([name, k]) => ({ name, environment: k.fleet.env, nodeCount: nodes(k) }));
  const autoBatches = planBatches(below128, 2).map((b) => b.map((x) => x.name));

  // The tasks, oldest first: their upgrades move the fleet's versions.
  for (const t of seedTasks(autoBatches)) await seedTask(tx, t, byName);

  // The fleet as the history left it.
  for (const [, k] of byName) {
    await tx
      .update(k8sClusters)
      .set({ version: k.version, versionRank: versionRank(k.version) })
      .where(eq(k8sClusters.id, k.id));
  }
  await tx.insert(k8sNodePools).values(
    [...byName.values()].flatMap((k) =>
      k.pools.map((p) => ({
        k8sClusterId: k.id,
        name: p.name,
        instanceType: p.instance_type,
        nodeCount: p.node_count,
        version: p.version,
        status: p.status,
        message: p.message,
      })),
    ),
  );
}

interface AuditRow {
  operator: string;
  operation: string;
  details: Record<string, unknown>;
  when: Date;
}

/** One seeded task: its row, its clusters, their upgrade operations and its audit rows (in time order). */
async function seedTask(tx: Db, t: SeedTask, byName: Map<string, Live>): Promise<void> {
  const created = at(t.createdDay);
  const submitted = t.submittedDay === undefined ? null : at(t.submittedDay);
  const [row] = await tx
    .insert(k8sUpgradeTasks)
    .values({
      name: t.name,
      description: t.description,
      targetVersion: t.target,
      status: t.status,
      verification: t.verification,
      generation: t.generation ?? null,
      createdBy: t.createdBy,
      submittedBy: submitted ? t.createdBy : null,
      createdAt: created,
      updatedAt: created,
      submittedAt: submitted,
    })
    .returning({ id: k8sUpgradeTasks.id });
  const task = { ...t, id: row!.id };
  const audits: AuditRow[] = [];
  const audit = (operator: string, operation: string, details: Record<string, unknown>, when: Date) =>
    audits.push({ operator, operation, details, when });
  const batchNames = t.batches.map((b) => b.map(([n]) => n));
  audit(
    t.createdBy,
    t.generation ? 'auto_generate' : 'create',
    {
      ...(t.generation ? { generation: t.generation, left_out: [] } : {}),
      after: {
        status: 'draft',
        name: t.name,
        target_version: t.target,
        verification: t.verification,
        batches: batchNames,
      },
    },
    created,
  );
  for (const [b, batch] of t.batches.entries())
    for (const [name, o] of batch)
      if (o.status === 'excluded')
        audit(
          t.createdBy,
          'exclude',
          {
            k8s_name: name,
            batch: b + 1,
            reason: o.reason,
            before: { status: 'pending' },
            after: { status: 'excluded' },
          },
          new Date(created.getTime() + 30 * MINUTE),
        );
  const upgradable = t.batches.flat().filter(([, o]) => o.status !== 'excluded').length;
  if (submitted)
    audit(
      t.createdBy,
      'submit',
      { before: { status: 'draft' }, after: { status: 'running', clusters: upgradable } },
      submitted,
    );

  let clock = (submitted ?? created).getTime();
  let lastEnd = clock;
  let currentBatch: number | null = null;
  let failure: string | null = null;
  let cancelledAt: Date | null = null;
  for (const [b, batch] of t.batches.entries()) {
    const index = b + 1;
    const runs = (o: Outcome) => o.status === 'succeeded' || o.status === 'failed' || o.status === 'waiting';
    if (!batch.some(([, o]) => runs(o))) {
      for (const [position, [name, o]] of batch.entries()) {
        const k8s = byName.get(name)!;
        const reason =
          o.status === 'skipped' || o.status === 'excluded' || o.status === 'pending'
            ? (o.reason ?? (o.status === 'skipped' ? `the task was cancelled: ${t.cancelled?.reason}` : null))
            : null;
        await tx.insert(k8sUpgradeTaskClusters).values({
          taskId: task.id,
          k8sClusterId: k8s.id,
          batch: index,
          position: position + 1,
          fromVersion: k8s.version,
          status: o.status,
          reason,
        });
      }
      continue;
    }
    currentBatch = index;
    const operations: { k8s_name: string; operation_id: string }[] = [];
    const failed: { k8s_name: string; reason: string }[] = [];
    let batchEnd = clock;
    for (const [position, [name, o]] of batch.entries()) {
      const k8s = byName.get(name);
      if (!k8s) throw new Error(`seed: no k8s cluster ${name}`);
      const base = { taskId: task.id, k8sClusterId: k8s.id, batch: index, position: position + 1 };
      if (!runs(o)) {
        const reason = o.status === 'excluded' || o.status === 'skipped' ? (o.reason ?? null) : null;
        await tx.insert(k8sUpgradeTaskClusters).values({ ...base, fromVersion: k8s.version, status: o.status, reason });
        continue;
      }
      const start = new Date(clock);
      const from = k8s.version;
      const poolsBefore = k8s.pools;
      const operationId = await recordUpgrade(tx, task, index, name, k8s, o, start);
      operations.push({ k8s_name: name, operation_id: operationId });
      const end = new Date(
        start.getTime() + (o.status === 'failed' ? 1 : upgradeSteps(t.verification).length) * 6 * MINUTE,
      );
      const error =
        o.status === 'failed'
          ? stepMessages.unhealthy(
              name,
              k8s.pools.find((p) => p.status === 'unhealthy')!,
            )
          : null;
      if (o.status === 'succeeded' || o.status === 'waiting') {
        // The control plane and the node pools were upgraded (a waiting one waits for its confirmation only).
        k8s.version = t.target;
        k8s.pools = k8s.pools.map((p) => ({ ...p, version: t.target }));
      }
      if (error) failed.push({ k8s_name: name, reason: error });
      await tx.insert(k8sUpgradeTaskClusters).values({
        ...base,
        fromVersion: from,
        status: o.status === 'waiting' ? 'upgrading' : o.status,
        operationId,
        reason: error,
        poolsBefore,
        poolsAfter: o.status === 'waiting' ? null : k8s.pools,
        startedAt: start,
        finishedAt: o.status === 'waiting' ? null : end,
      });
      if (o.status === 'waiting') continue;
      batchEnd = Math.max(batchEnd, end.getTime());
      audit(
        'system',
        o.status === 'succeeded' ? 'cluster_upgraded' : 'cluster_failed',
        {
          k8s_name: name,
          batch: index,
          operation_id: operationId,
          reason: error,
          before: { status: 'upgrading', version: from },
          after: { status: o.status, version: k8s.version },
        },
        end,
      );
    }
    audit(index === 1 ? t.createdBy : 'system', 'batch_started', { batch: index, operations }, new Date(clock));
    // A cancelled task was cancelled while its last batch ran: that batch still finished.
    if (t.cancelled) cancelledAt = new Date(clock + 3 * MINUTE);
    if (batch.some(([, o]) => o.status === 'waiting')) continue; // its confirmation is awaited; later batches pend
    lastEnd = batchEnd;
    if (failed.length) {
      failure = `batch ${index} failed: ${failed.map((f) => `${f.k8s_name}: ${f.reason}`).join('; ')}`;
      audit('system', 'batch_failed', { batch: index, clusters: batchNames[b], failed }, new Date(batchEnd));
    } else {
      audit(
        'system',
        'batch_succeeded',
        { batch: index, clusters: batch.filter(([, o]) => o.status === 'succeeded').map(([n]) => n) },
        new Date(batchEnd),
      );
    }
    clock = batchEnd + MINUTE;
  }

  const patch: Partial<typeof k8sUpgradeTasks.$inferInsert> = { currentBatch, reason: failure };
  const ended = t.status === 'failed' || t.status === 'succeeded' || (t.status === 'closed' && !t.cancelled);
  if (ended) {
    const status = failure ? 'failed' : 'succeeded';
    const end = new Date(lastEnd);
    audit(
      'system',
      status === 'failed' ? 'fail' : 'succeed',
      { reason: failure, before: { status: 'running' }, after: { status } },
      end,
    );
    Object.assign(patch, { finishedAt: end, updatedAt: end });
  }
  if (t.cancelled && cancelledAt) {
    audit(
      t.cancelled.by,
      'cancel',
      { reason: t.cancelled.reason, still_running: [], before: { status: 'running' }, after: { status: 'cancelled' } },
      cancelledAt,
    );
    Object.assign(patch, { finishedAt: cancelledAt, reason: t.cancelled.reason, updatedAt: new Date(lastEnd) });
  }
  if (t.closed) {
    const when = at(t.closed.day);
    audit(
      t.closed.by,
      'close',
      { before: { status: failure ? 'failed' : 'succeeded' }, after: { status: 'closed' } },
      when,
    );
    Object.assign(patch, { closedAt: when, updatedAt: when });
  }
  if (t.status === 'running') patch.updatedAt = new Date(clock);
  await tx.update(k8sUpgradeTasks).set(patch).where(eq(k8sUpgradeTasks.id, task.id));
  audits.sort((a, b) => a.when.getTime() - b.when.getTime());
  for (const a of audits)
    await writeAudit(tx, {
      type: 'k8s_upgrade_task',
      instanceId: String(task.id),
      operator: a.operator,
      operation: a.operation,
      details: a.details,
      operateAt: a.when,
    });
}
