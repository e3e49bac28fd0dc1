import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CONFIG_ENVIRONMENTS,
  createModificationBody,
  type CloudProvider,
  type ClusterType,
  type ConfigEnvironment,
  type ConfigType,
  type TemplateParameter,
} from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { privilegesOf } from '../platform/auth.js';
import { decide } from '../features/approvals/index.js';
import { insertOperation } from '../features/operations/repo.js';
import {
  ccChanges,
  ccDefaultCases,
  ccGitopsVersions,
  ccInstanceTypes,
  ccReleased,
  ccReleases,
  ccTemplates,
  ccVersions,
} from '../features/configcenter/schema.js';
import {
  batchUpdateComponents,
  batchUpdateTemplates,
  closeChange,
  createModification,
  releaseVersion,
} from '../features/configcenter/changes.js';
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
import * as repo from '../features/configcenter/repo.js';
import { SEED_VERSIONS } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * The config center's core demo data (decision 0012): default templates for every cluster type that has config types,
 * default cases per version (Any, per provider, per instance type) bound to them, what dev, staging and prod have
 * released (some cases staged ahead of prod), custom templates with INIT_SQL, and default-config changes in every
 * state the pages' actions need. Runs after `seedConfigVersions` (versions, instance types, component images), whose
 * rows it reads; deterministic, bulk-inserted.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const OPERATOR = 'operator@example.com';
const ADMIN = { email: 'admin@example.com', name: 'Ada Admin', roles: ['admin'], privileges: privilegesOf(['admin']) };

/** The config types a cluster type's defaults cover (spec §9 order). */
export const SEED_CONFIG_TYPES: Partial<Record<ClusterType, ConfigType[]>> = {
  DEDICATED_TIDB: ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'],
  SHARED_POOL: ['tidb', 'tikv', 'pd'],
  LOGICAL_CLUSTER: ['tidb', 'tikv', 'pd'],
  TICDC: ['ticdc'],
  CHANGEFEED: ['changefeed'],
};

const SLUG: Record<string, string> = {
  DEDICATED_TIDB: 'dedicated',
  SHARED_POOL: 'shared-pool',
  LOGICAL_CLUSTER: 'logical-cluster',
  TICDC: 'ticdc',
  CHANGEFEED: 'changefeed',
};
const COMPONENT_OF: Record<string, string> = {
  tidb: 'TIDB',
  tikv: 'TIKV',
  pd: 'PD',
  tiflash: 'TIFLASH',
  tiflash_learner: 'TIFLASH_LEARNER',
};

/** A template's name: `dedicated-tikv-v8.1-memory`, `ticdc-v8.1-default`. */
export function templateName(clusterType: string, configType: string, minor: string, variant: string): string {
  const slug = SLUG[clusterType] ?? clusterType.toLowerCase();
  return slug === configType ? `${slug}-${minor}-${variant}` : `${slug}-${configType}-${minor}-${variant}`;
}

const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

type Variant = 'default' | 'general' | 'compute' | 'memory' | 'aws' | 'gcp' | 'default-r2' | 'general-r2';

/** What each variant sets, per config type; values valid in every catalogued minor (checked by the seed test). */
function parametersOf(configType: ConfigType, variant: Variant, minor: string): Record<string, string> {
  const v85 = minor === 'v8.5';
  switch (configType) {
    case 'tidb': {
      const base = {
        'log.level': 'info',
        'instance.tidb_slow_log_threshold': '300',
        'performance.txn-total-size-limit': '1073741824',
        'prepared-plan-cache.enabled': 'true',
        'graceful-wait-before-shutdown': '30',
        'token-limit': '1000',
      };
      if (variant === 'general') return { ...base, 'performance.max-procs': '8', 'token-limit': '1500' };
      if (variant === 'general-r2') return { ...base, 'performance.max-procs': '8', 'token-limit': '2000' };
      if (variant === 'compute')
        return {
          ...base,
          'performance.max-procs': '16',
          'token-limit': '3000',
          'instance.max_connections': '8000',
          'performance.stats-load-concurrency': '8',
        };
      return base;
    }
    case 'tikv': {
      const base = {
        'log.level': 'info',
        'storage.block-cache.capacity': '8GB',
        'raftstore.apply-pool-size': '2',
        'raftstore.store-pool-size': '2',
        'server.grpc-concurrency': '5',
        'readpool.unified.max-thread-count': '8',
        ...(v85 ? { 'coprocessor.region-split-size': '256MiB' } : {}),
      };
      if (variant === 'default-r2')
        return { ...base, 'storage.block-cache.capacity': '10GB', 'rocksdb.max-background-jobs': '10' };
      if (variant === 'general') return { ...base, 'storage.block-cache.capacity': '12GB' };
      if (variant === 'memory')
        return {
          ...base,
          'storage.block-cache.capacity': '28GB',
          'rocksdb.defaultcf.write-buffer-size': '256MB',
          'raftstore.apply-pool-size': '3',
          'readpool.unified.max-thread-count': '10',
        };
      return base;
    }
    case 'pd': {
      const base = {
        'log.level': 'info',
        'schedule.leader-schedule-limit': '4',
        'schedule.region-schedule-limit': '2048',
        'schedule.max-store-down-time': '30m',
        'replication.max-replicas': '3',
        'replication.location-labels': '["zone","host"]',
      };
      if (variant === 'aws')
        return {
          ...base,
          'schedule.max-store-down-time': '1h',
          'replication.location-labels': '["region","zone","host"]',
        };
      if (variant === 'gcp') return { ...base, 'schedule.max-store-down-time': '45m' };
      return base;
    }
    case 'tiflash': {
      const base = {
        'logger.level': 'information',
        'logger.count': '10',
        'profiles.default.max_threads': '0',
        'profiles.default.max_memory_usage_for_all_queries': '0.8',
      };
      if (variant === 'memory')
        return {
          ...base,
          'profiles.default.max_memory_usage_for_all_queries': '0.9',
          'profiles.default.max_bytes_before_external_group_by': '10737418240',
        };
      return base;
    }
    case 'tiflash_learner':
      return {
        'log.level': 'info',
        'raftstore.apply-pool-size': '4',
        'raftstore.store-pool-size': '4',
        'readpool.unified.max-thread-count': '6',
        'storage.reserve-space': '2GB',
      };
    case 'ticdc': {
      const base = {
        'log-level': 'info',
        'per-table-memory-quota': '10485760',
        'gc-ttl': '86400',
        'sorter.max-memory-percentage': '10',
        'kv-client.worker-concurrent': '8',
      };
      if (variant === 'aws')
        return { ...base, 'per-table-memory-quota': '20971520', 'kv-client.region-scan-limit': '80' };
      return base;
    }
    case 'changefeed':
      return {
        'mounter.worker-num': '16',
        'sink.protocol': 'canal-json',
        'consistent.level': 'none',
        'filter.rules': '["*.*"]',
        'force-replicate': 'false',
      };
  }
}

const COMMENTS: Record<string, string> = {
  'token-limit': 'sized for the node class',
  'storage.block-cache.capacity': 'about 45% of the node memory',
  'schedule.max-store-down-time': 'tolerates a zonal maintenance window',
  'performance.max-procs': 'leave one core to the sidecars',
};
const asParameters = (p: Record<string, string>): TemplateParameter[] =>
  Object.entries(p).map(([name, value]) => ({ name, value, comment: COMMENTS[name] ?? '' }));

/** The instance family a variant of a config type serves. */
function variantFor(configType: ConfigType, instanceType: string): Variant {
  const memory = /^(r5|r6i|n2-highmem|Standard_E)/.test(instanceType);
  const compute = /^c5/.test(instanceType);
  if (configType === 'tiflash') return 'memory';
  if (configType === 'tikv') return memory ? 'memory' : 'general';
  if (configType === 'tidb') return compute ? 'compute' : 'general';
  return 'default';
}

interface CaseSpec {
  clusterType: ClusterType;
  version: string;
  cloudProvider: CloudProvider | null;
  instanceType: string | null;
  configType: ConfigType;
  variant: Variant;
}
const caseKey = (c: Omit<CaseSpec, 'variant'>) =>
  [c.clusterType, c.version, c.cloudProvider ?? '', c.instanceType ?? '', c.configType].join('|');

/**
 * Cases staged ahead of an environment: `staged` is the variant the case stages (and the environments not listed in
 * `behind` have released); those in `behind` still run the case's plain variant, or nothing when `unreleased`.
 */
const AHEAD: {
  clusterType: ClusterType;
  version: string;
  cloudProvider: CloudProvider | null;
  instanceType: string | null;
  configType: ConfigType;
  staged: Variant;
  behind: ConfigEnvironment[];
  unreleased?: boolean;
}[] = [
  {
    clusterType: 'DEDICATED_TIDB',
    version: 'v8.5.0',
    cloudProvider: null,
    instanceType: null,
    configType: 'tikv',
    staged: 'default-r2',
    behind: ['prod'],
  },
  {
    clusterType: 'DEDICATED_TIDB',
    version: 'v8.1.2',
    cloudProvider: 'AWS',
    instanceType: 'm5.2xlarge',
    configType: 'tidb',
    staged: 'general-r2',
    behind: ['staging', 'prod'],
  },
  {
    clusterType: 'SHARED_POOL',
    version: 'v8.1.2',
    cloudProvider: null,
    instanceType: null,
    configType: 'tikv',
    staged: 'default-r2',
    behind: ['prod'],
  },
  {
    clusterType: 'DEDICATED_TIDB',
    version: 'v8.5.0',
    cloudProvider: 'AZURE',
    instanceType: 'Standard_E8s_v5',
    configType: 'tikv',
    staged: 'memory',
    behind: ['staging', 'prod'],
    unreleased: true,
  },
];

interface CustomSpec {
  name: string;
  minor: string;
  creator: string;
  data: {
    tidb: Record<string, string>;
    tikv: Record<string, string>;
    tiflash: Record<string, string>;
    init_sql: string[];
  };
}

/** Custom templates (Add Template) with files per config type and numbered INIT_SQL paragraphs. */
const CUSTOM_TEMPLATES: CustomSpec[] = [
  {
    name: 'fintech-strict-consistency',
    minor: 'v8.1',
    creator: 'maria.garcia@example.com',
    data: {
      tidb: { 'performance.txn-total-size-limit': '2147483648', 'oom-action': 'cancel', 'token-limit': '2000' },
      tikv: { 'storage.block-cache.capacity': '24GB', 'raftstore.apply-pool-size': '4' },
      tiflash: {},
      init_sql: [
        "SET GLOBAL tidb_txn_mode = 'pessimistic';",
        "SET GLOBAL transaction_isolation = 'READ-COMMITTED';",
        'SET GLOBAL tidb_enable_resource_control = ON;',
      ],
    },
  },
  {
    name: 'analytics-tiflash-heavy',
    minor: 'v8.5',
    creator: OPERATOR,
    data: {
      tidb: { 'mem-quota-query': '4294967296' },
      tikv: {},
      tiflash: { 'profiles.default.max_memory_usage_for_all_queries': '0.9', 'profiles.default.max_threads': '32' },
      init_sql: [
        'SET GLOBAL tidb_allow_mpp = ON;',
        'SET GLOBAL tidb_enforce_mpp = OFF;',
        'SET GLOBAL tidb_max_tiflash_threads = 32;',
        "SET GLOBAL tidb_isolation_read_engines = 'tikv,tiflash,tidb';",
      ],
    },
  },
  {
    name: 'saas-multi-tenant',
    minor: 'v8.1',
    creator: 'lin.wei@example.com',
    data: {
      tidb: { 'instance.max_connections': '20000', 'token-limit': '4000' },
      tikv: { 'resource-control.enabled': 'true' },
      tiflash: {},
      init_sql: ['CREATE RESOURCE GROUP IF NOT EXISTS rg_batch RU_PER_SEC = 2000 PRIORITY = LOW BURSTABLE;'],
    },
  },
  {
    name: 'low-latency-oltp',
    minor: 'v7.5',
    creator: OPERATOR,
    data: {
      tidb: { 'prepared-plan-cache.enabled': 'true', 'instance.tidb_slow_log_threshold': '100' },
      tikv: { 'readpool.unified.max-thread-count': '12', 'server.grpc-concurrency': '8' },
      tiflash: {},
      init_sql: [],
    },
  },
];

/** Released per environment: (env, default case id) → template id. */
type Bindings = { environment: ConfigEnvironment; caseId: number; templateId: number }[];

async function seedTemplatesAndCases(tx: Db): Promise<void> {
  // The versions and instance types the versions seed created (the catalogue's versions when it has not run).
  const versions = await tx
    .select({ clusterType: ccVersions.clusterType, version: ccVersions.version })
    .from(ccVersions)
    .orderBy(asc(ccVersions.clusterType), asc(ccVersions.createdAt), asc(ccVersions.version));
  const versionsOf = (ct: ClusterType) => {
    const own = versions.filter((v) => v.clusterType === ct).map((v) => v.version);
    return own.length ? own : SEED_VERSIONS.map((v) => v.version);
  };
  const instances = await tx
    .select()
    .from(ccInstanceTypes)
    .orderBy(asc(ccInstanceTypes.clusterType), asc(ccInstanceTypes.cloudProvider), asc(ccInstanceTypes.instanceType));
  const releasedVersions = await tx
    .select({ environment: ccReleased.environment, key: ccReleased.key })
    .from(ccReleased)
    .where(eq(ccReleased.kind, 'version'));
  const envsOf = (ct: string, version: string): ConfigEnvironment[] => {
    const envs = releasedVersions.filter((r) => r.key === `${ct}:${version}`).map((r) => r.environment);
    return envs.length ? CONFIG_ENVIRONMENTS.filter((e) => envs.includes(e)) : [...CONFIG_ENVIRONMENTS];
  };

  // Default cases: Any per config type; per instance type serving the config type's component (tidb, tikv, tiflash);
  // per provider for PD (dedicated) and TiCDC.
  const cases: CaseSpec[] = [];
  for (const [ct, configTypes] of Object.entries(SEED_CONFIG_TYPES) as [ClusterType, ConfigType[]][]) {
    for (const version of versionsOf(ct)) {
      for (const configType of configTypes) {
        cases.push({
          clusterType: ct,
          version,
          cloudProvider: null,
          instanceType: null,
          configType,
          variant: 'default',
        });
        if (configType === 'tidb' || configType === 'tikv' || configType === 'tiflash')
          for (const it of instances.filter(
            (i) => i.clusterType === ct && (i.components as string[]).includes(COMPONENT_OF[configType]!),
          ))
            cases.push({
              clusterType: ct,
              version,
              cloudProvider: it.cloudProvider as CloudProvider,
              instanceType: it.instanceType,
              configType,
              variant: variantFor(configType, it.instanceType),
            });
        if ((ct === 'DEDICATED_TIDB' && configType === 'pd') || ct === 'TICDC')
          for (const p of ['AWS', 'GCP'] as const)
            if (configType !== 'ticdc' || p === 'AWS')
              cases.push({
                clusterType: ct,
                version,
                cloudProvider: p,
                instanceType: null,
                configType,
                variant: configType === 'ticdc' ? 'aws' : p === 'AWS' ? 'aws' : 'gcp',
              });
      }
    }
  }
  const ahead = new Map(AHEAD.map((a) => [caseKey(a), a]));
  const present = new Set(cases.map(caseKey));
  for (const a of AHEAD) if (!present.has(caseKey(a))) throw new Error(`seed: no default case ${caseKey(a)}`);

  // One template per cluster type, config type, minor version and variant the cases use.
  const wanted = new Map<string, { ct: ClusterType; configType: ConfigType; minor: string; variant: Variant }>();
  const want = (ct: ClusterType, configType: ConfigType, minor: string, variant: Variant) =>
    wanted.set(templateName(ct, configType, minor, variant), { ct, configType, minor, variant });
  for (const c of cases) {
    want(c.clusterType, c.configType, minorOf(c.version), c.variant);
    const a = ahead.get(caseKey(c));
    if (a) want(c.clusterType, c.configType, minorOf(c.version), a.staged);
  }
  const names = [...wanted.keys()];
  const base = DEMO_BASE_TIME - 400 * DAY;
  await insertRows(tx, ccTemplates, [
    ...names.map((name, i) => {
      const w = wanted.get(name)!;
      return {
        name,
        clusterType: w.ct,
        templateType: 'default',
        configType: w.configType,
        effectiveMinorVersion: w.minor,
        creatorEmail: w.variant.endsWith('-r2') ? 'maria.garcia@example.com' : 'platform-bot@example.com',
        parameters: asParameters(parametersOf(w.configType, w.variant, w.minor)),
        customData: null,
        changeId: null,
        createdAt: new Date(base + i * 60 * MINUTE + (w.variant.endsWith('-r2') ? 200 * DAY : 0)),
      };
    }),
    ...CUSTOM_TEMPLATES.map((t, i) => ({
      name: t.name,
      clusterType: 'DEDICATED_TIDB',
      templateType: 'custom',
      configType: null,
      effectiveMinorVersion: t.minor,
      creatorEmail: t.creator,
      parameters: [],
      customData: {
        tidb: asParameters(t.data.tidb),
        tikv: asParameters(t.data.tikv),
        tiflash: asParameters(t.data.tiflash),
        init_sql: t.data.init_sql.map((s, n) => ({ index: n + 1, sql: s })),
      },
      changeId: null,
      createdAt: new Date(DEMO_BASE_TIME - (60 - i * 12) * DAY),
    })),
  ]);
  const ids = new Map(
    (
      await tx
        .select({ id: ccTemplates.id, name: ccTemplates.name })
        .from(ccTemplates)
        .where(inArray(ccTemplates.name, names))
    ).map((r) => [r.name, r.id]),
  );
  const idOf = (c: CaseSpec, variant: Variant) =>
    ids.get(templateName(c.clusterType, c.configType, minorOf(c.version), variant))!;

  await insertRows(
    tx,
    ccDefaultCases,
    cases.map((c) => ({
      clusterType: c.clusterType,
      version: c.version,
      cloudProvider: c.cloudProvider,
      instanceType: c.instanceType,
      configType: c.configType,
      region: null,
      templateId: idOf(c, ahead.get(caseKey(c))?.staged ?? c.variant),
      changeId: null,
      createdAt: new Date(base),
    })),
  );
  const stored = await tx
    .select({
      id: ccDefaultCases.id,
      clusterType: ccDefaultCases.clusterType,
      version: ccDefaultCases.version,
      cloudProvider: ccDefaultCases.cloudProvider,
      instanceType: ccDefaultCases.instanceType,
      configType: ccDefaultCases.configType,
    })
    .from(ccDefaultCases);
  const caseIds = new Map(stored.map((r) => [caseKey(r as Omit<CaseSpec, 'variant'>), r.id]));

  const bindings: Bindings = [];
  for (const c of cases) {
    const id = caseIds.get(caseKey(c))!;
    const a = ahead.get(caseKey(c));
    for (const environment of envsOf(c.clusterType, c.version)) {
      const behind = a?.behind.includes(environment);
      if (behind && a?.unreleased) continue;
      bindings.push({ environment, caseId: id, templateId: idOf(c, a && !behind ? a.staged : c.variant) });
    }
  }
  await insertRows(
    tx,
    ccReleased,
    bindings.map((b) => ({
      environment: b.environment,
      kind: 'binding',
      key: String(b.caseId),
      value: { template_id: String(b.templateId) },
      releaseId: null,
      releasedAt: new Date(base + (CONFIG_ENVIRONMENTS.indexOf(b.environment) + 1) * 7 * DAY),
    })),
  );
}

// ---------------------------------------------------------------- changes

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

async function seedChanges(tx: Db): Promise<void> {
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

/** Templates, default cases, released bindings, custom templates and default-config changes (decision 0012). */
export async function seedConfigCenter(tx: Db): Promise<void> {
  await seedTemplatesAndCases(tx);
  await seedChanges(tx);
}
