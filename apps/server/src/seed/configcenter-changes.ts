import { and, eq } from 'drizzle-orm';
import {
  createModificationBody,
  type CloudProvider,
  type ClusterType,
  type ConfigEnvironment,
  type ConfigType,
} from '@portal/contract';
import type { Db } from '../platform/db.js';
import { decide } from '../features/approvals/index.js';
import { insertOperation } from '../features/operations/repo.js';
import { ccChanges, ccGitopsVersions, ccReleases, ccTemplates, ccVersions } from '../features/configcenter/schema.js';
import { batchUpdateComponents, batchUpdateTemplates } from '../features/configcenter/change-updates.js';
import { closeChange, createModification } from '../features/configcenter/changes.js';
import { releaseVersion } from '../features/configcenter/version-release.js';
import { cancelRelease, createRelease, onApprovalSettled } from '../features/configcenter/releases.js';
import { auditChange } from '../features/configcenter/audit.js';
import { Registry } from '../platform/extensions.js';
import {
  applyReleaseStep,
  RELEASE_STEPS,
  stepCounts,
  stepMessage,
} from '../features/configcenter/release-operation.js';
import { RELEASE_OPERATION, RELEASE_TARGET_TYPE, type SnapshotItem } from '../features/configcenter/model.js';
import { DEMO_BASE_TIME } from './platform.js';
import { DAY, MINUTE, OPERATOR, ADMIN, templateName } from './configcenter-data.js';
import * as repo from '../features/configcenter/repo.js';

/** The config center's default-config changes and releases in every state the pages act on (seed/configcenter.ts). */

async function caseRow(
  tx: Db,
  clusterType: ClusterType,
  version: string,
  configType: ConfigType,
  cloudProvider: CloudProvider | null = null,
  instanceType: string | null = null,
) {
  const row = await repo.findCaseByKey(tx, {
    clusterType,
    version,
    cloudProvider,
    instanceType,
    configType,
    region: null,
  });
  if (!row) throw new Error(`seed: no default case ${clusterType} ${version} ${configType}`);
  return row;
}

async function templateId(tx: Db, name: string): Promise<string> {
  const [row] = await tx.select({ id: ccTemplates.id }).from(ccTemplates).where(eq(ccTemplates.name, name)).limit(1);
  if (!row) throw new Error(`seed: no template ${name}`);
  return String(row.id);
}

/** A modification (from /template's Modify) of default cases to the named templates. */
async function modify(
  tx: Db,
  who: string,
  reason: string,
  rows: { c: Awaited<ReturnType<typeof caseRow>>; to: string }[],
): Promise<string> {
  const body = createModificationBody.parse({
    reason,
    default_case_bindings: await Promise.all(
      rows.map(async ({ c, to }) => ({
        origin: {
          template_id: String(c.templateId),
          cluster_type: c.clusterType,
          default_case: {
            version: c.version,
            cloud_provider: c.cloudProvider,
            instance_type: c.instanceType,
            config_type: c.configType,
            region: c.region,
          },
        },
        modified: { template_id: await templateId(tx, to) },
      })),
    ),
  });
  return createModification(tx, who, body);
}

async function itemIds(tx: Db, changeId: string): Promise<string[]> {
  return (await repo.selectItems(tx, Number(changeId))).map((i) => String(i.id));
}

/**
 * A release that ran before the demo begins: approved by the admin, then applied step by step as the operation would,
 * with its finished operation recorded.
 */
async function releaseNow(tx: Db, changeId: string, environment: ConfigEnvironment, at: Date): Promise<string> {
  const { release } = await createRelease(tx, changeId, OPERATOR, {
    environment,
    description: `Roll out to ${environment}`,
  });
  await decide(tx, release.approval_id!, ADMIN, 'approve', 'Reviewed the diff; go ahead');
  const counts = stepCounts((await repo.findRelease(tx, Number(release.id)))!.items as SnapshotItem[]);
  const operationId = await insertOperation(
    tx,
    {
      type: RELEASE_OPERATION,
      title: `Release ${release.release_number} of default-config change ${changeId} to ${environment}`,
      targetType: RELEASE_TARGET_TYPE,
      targetId: changeId,
      tenantId: null,
      status: 'succeeded',
      params: { change_id: changeId, release_id: release.id, environment },
      createdBy: ADMIN.email,
      createdAt: at,
      startedAt: at,
      finishedAt: new Date(at.getTime() + 3 * MINUTE),
    },
    RELEASE_STEPS.map((s, i) => ({
      seq: i + 1,
      name: s.name,
      title: s.title,
      manual: false,
      status: 'succeeded',
      message: stepMessage(s.name, counts[s.name], environment),
      startedAt: new Date(at.getTime() + i * MINUTE),
      finishedAt: new Date(at.getTime() + (i + 1) * MINUTE),
      runs: 1,
    })),
  );
  // What the settled job does with an approval, with the operation recorded as already finished.
  await repo.updateRelease(tx, Number(release.id), { phase: 'releasing', operationId: String(operationId) });
  await auditChange(tx, changeId, ADMIN.email, 'release_approved', {
    release_id: release.id,
    environment,
    approval_id: release.approval_id,
    operation_id: String(operationId),
    before: { phase: 'approving' },
    after: { phase: 'releasing' },
  });
  for (const s of RELEASE_STEPS) await applyReleaseStep(tx, Number(release.id), s.name, String(operationId));
  await tx
    .update(ccReleases)
    .set({ createdAt: new Date(at.getTime() - 2 * 60 * MINUTE), releasedAt: new Date(at.getTime() + 3 * MINUTE) })
    .where(eq(ccReleases.id, Number(release.id)));
  return release.id;
}

async function backdateRelease(tx: Db, id: string, createdAt: Date): Promise<void> {
  await tx
    .update(ccReleases)
    .set({ createdAt, updatedAt: createdAt })
    .where(eq(ccReleases.id, Number(id)));
}

async function backdate(tx: Db, changeId: string, createdAt: Date, closedAt?: Date): Promise<void> {
  await tx
    .update(ccChanges)
    .set({ createdAt, updatedAt: closedAt ?? createdAt, ...(closedAt ? { closedAt } : {}) })
    .where(eq(ccChanges.id, Number(changeId)));
}

/** A version not known anywhere yet (not in cc_versions nor in a gitops branch), for the seeded New TiDB Version. */
async function unusedVersion(tx: Db, clusterType: ClusterType, candidates: string[]): Promise<string> {
  for (const v of candidates) {
    const [known] = await tx
      .select({ v: ccVersions.version })
      .from(ccVersions)
      .where(and(eq(ccVersions.clusterType, clusterType), eq(ccVersions.version, v)));
    const [listed] = await tx
      .select({ v: ccGitopsVersions.version })
      .from(ccGitopsVersions)
      .where(and(eq(ccGitopsVersions.clusterType, clusterType), eq(ccGitopsVersions.version, v)));
    if (!known && !listed) return v;
  }
  throw new Error('seed: no unused version for the New TiDB Version change');
}

const at = (days: number, hours = 0) => new Date(DEMO_BASE_TIME - days * DAY + hours * 60 * MINUTE);

export async function seedChanges(tx: Db): Promise<void> {
  // Success: PD on AWS for v7.5.4, released to every environment (prod on the second try), closed.
  const pdAws = await caseRow(tx, 'DEDICATED_TIDB', 'v7.5.4', 'pd', 'AWS');
  const success = await modify(tx, 'maria.garcia@example.com', 'Tolerate one-hour AZ maintenance on AWS (INC-2291)', [
    { c: pdAws, to: templateName('DEDICATED_TIDB', 'pd', 'v7.5', 'default') },
  ]);
  await batchUpdateTemplates(tx, success, 'maria.garcia@example.com', {
    items: await itemIds(tx, success),
    params_to_set: [{ name: 'schedule.max-store-down-time', value: '1h' }],
    params_to_unset: [],
  });
  await releaseNow(tx, success, 'dev', at(40));
  await releaseNow(tx, success, 'staging', at(38));
  await releaseNow(tx, success, 'prod', at(35));
  await closeChange(tx, success, 'maria.garcia@example.com', { result: 'success', reason: 'Released everywhere' });
  await backdate(tx, success, at(41), at(34));

  // Terminated: a TiKV memory template for v8.1.2 Any, rejected in dev, then abandoned (the case is put back).
  const tikvAny = await caseRow(tx, 'DEDICATED_TIDB', 'v8.1.2', 'tikv');
  const terminated = await modify(tx, OPERATOR, 'Use the memory-optimized TiKV defaults everywhere on v8.1.2', [
    { c: tikvAny, to: templateName('DEDICATED_TIDB', 'tikv', 'v8.1', 'memory') },
  ]);
  const rejected = await createRelease(tx, terminated, OPERATOR, {
    environment: 'dev',
    description: 'Try it in dev first',
  });
  const decision = await decide(
    tx,
    rejected.release.approval_id!,
    ADMIN,
    'reject',
    '28GB of block cache does not fit general nodes',
  );
  // What the settled job does with a rejection (it starts nothing, so it needs no operation types).
  await onApprovalSettled({ registry: new Registry() }, tx, {
    approval_id: decision.id,
    subject_id: terminated,
    status: 'REJECTED',
    decided_by: ADMIN.email,
  });
  await backdateRelease(tx, rejected.release.id, at(30, 2));
  await closeChange(tx, terminated, OPERATOR, {
    result: 'terminated',
    reason: 'Rejected by the DBA: the block cache does not fit general-purpose nodes',
  });
  await backdate(tx, terminated, at(30), at(29));

  // In progress with template items: released to dev, waiting for the admin's approval for staging.
  const tidbAws = await caseRow(tx, 'DEDICATED_TIDB', 'v8.1.1', 'tidb', 'AWS', 'm5.2xlarge');
  const tidbGcp = await caseRow(tx, 'DEDICATED_TIDB', 'v8.1.1', 'tidb', 'GCP', 'n2-standard-8');
  const inProgress = await modify(tx, OPERATOR, 'More concurrent sessions on 8-vCPU TiDB nodes (CAP-118)', [
    { c: tidbAws, to: templateName('DEDICATED_TIDB', 'tidb', 'v8.1', 'compute') },
    { c: tidbGcp, to: templateName('DEDICATED_TIDB', 'tidb', 'v8.1', 'compute') },
  ]);
  await batchUpdateTemplates(tx, inProgress, OPERATOR, {
    items: await itemIds(tx, inProgress),
    params_to_set: [
      { name: 'token-limit', value: '2500' },
      { name: 'performance.max-procs', value: '8' },
    ],
    params_to_unset: ['performance.stats-load-concurrency'],
  });
  await releaseNow(tx, inProgress, 'dev', at(3));
  const pending = await createRelease(tx, inProgress, OPERATOR, {
    environment: 'staging',
    description: 'Staging soak for a week before prod',
  });
  await backdateRelease(tx, pending.release.id, at(1, 4));
  await backdate(tx, inProgress, at(4));

  // In progress with component items (and a template item): a TiKV hotfix image for v8.5.0; a dev release cancelled.
  const shared = await caseRow(tx, 'SHARED_POOL', 'v8.5.1', 'tidb');
  const images = await modify(tx, OPERATOR, 'TiKV hotfix for the raft-engine purge stall (TIKV-15432)', [
    { c: shared, to: templateName('SHARED_POOL', 'tidb', 'v8.5', 'general') },
  ]);
  await batchUpdateComponents(tx, images, OPERATOR, {
    batch_update_component_configs: {
      components: [
        {
          default_case: {
            component: 'TIKV',
            version: 'v8.5.0',
            cloud_provider: null,
            instance_type: null,
            config_type: '',
          },
          cluster_type: 'DEDICATED_TIDB',
          base_image: 'pingcap/tikv',
          image_tag: 'v8.5.0-20250214-b3f5e71',
        },
        {
          default_case: {
            component: 'TIDB',
            version: 'v8.5.0',
            cloud_provider: null,
            instance_type: null,
            config_type: '',
          },
          cluster_type: 'DEDICATED_TIDB',
          base_image: 'pingcap/tidb',
          image_tag: 'v8.5.0-20250214-0d9c2aa',
        },
      ],
    },
  });
  const dropped = await createRelease(tx, images, OPERATOR, { environment: 'dev', description: 'Hotfix to dev' });
  await cancelRelease(tx, images, dropped.release.id, OPERATOR);
  await backdateRelease(tx, dropped.release.id, at(2, 1));
  await backdate(tx, images, at(2));

  // New TiDB Version: a patch release of v8.1, released to dev.
  const target = await unusedVersion(tx, 'DEDICATED_TIDB', ['v8.1.3', 'v8.1.4', 'v8.1.5', 'v8.1.6']);
  const version = await releaseVersion(tx, OPERATOR, {
    cluster_type: 'DEDICATED_TIDB',
    source_version: 'v8.1.2',
    target_version: target,
    reason: `New TiDB version ${target} (patch release of v8.1)`,
  });
  await releaseNow(tx, version, 'dev', at(1));
  await backdate(tx, version, at(1, -3));
  // The approvals' settled jobs (queued by the decisions above) find these releases already moved and do nothing.
}
