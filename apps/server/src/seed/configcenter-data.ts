import type { CloudProvider, ClusterType, ConfigEnvironment, ConfigType, TemplateParameter } from '@portal/contract';
import { privilegesOf } from '../platform/auth.js';

/**
 * What the config center's demo seed writes (seed/configcenter.ts): the default templates' variants and their
 * parameters, the cases staged ahead of an environment, the custom templates.
 */

export const DAY = 86_400_000;
export const MINUTE = 60_000;
export const OPERATOR = 'operator@example.com';
export const ADMIN = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  roles: ['admin'],
  privileges: privilegesOf(['admin']),
};

/** The config types a cluster type's defaults cover (spec §9 order). */
export const SEED_CONFIG_TYPES: Partial<Record<ClusterType, ConfigType[]>> = {
  DEDICATED_TIDB: ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'],
  SHARED_POOL: ['tidb', 'tikv', 'pd'],
  LOGICAL_CLUSTER: ['tidb', 'tikv', 'pd'],
  TICDC: ['ticdc'],
  CHANGEFEED: ['changefeed'],
};

export const SLUG: Record<string, string> = {
  DEDICATED_TIDB: 'dedicated',
  SHARED_POOL: 'shared-pool',
  LOGICAL_CLUSTER: 'logical-cluster',
  TICDC: 'ticdc',
  CHANGEFEED: 'changefeed',
};
export const COMPONENT_OF: Record<string, string> = {
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

export const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

export type Variant = 'default' | 'general' | 'compute' | 'memory' | 'aws' | 'gcp' | 'default-r2' | 'general-r2';

/** What each variant sets, per config type; values valid in every catalogued minor (checked by the seed test). */
export function parametersOf(configType: ConfigType, variant: Variant, minor: string): Record<string, string> {
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

export const COMMENTS: Record<string, string> = {
  'token-limit': 'sized for the node class',
  'storage.block-cache.capacity': 'about 45% of the node memory',
  'schedule.max-store-down-time': 'tolerates a zonal maintenance window',
  'performance.max-procs': 'leave one core to the sidecars',
};
export const asParameters = (p: Record<string, string>): TemplateParameter[] =>
  Object.entries(p).map(([name, value]) => ({ name, value, comment: COMMENTS[name] ?? '' }));

/** The instance family a variant of a config type serves. */
export function variantFor(configType: ConfigType, instanceType: string): Variant {
  const memory = /^(r5|r6i|n2-highmem|Standard_E)/.test(instanceType);
  const compute = /^c5/.test(instanceType);
  if (configType === 'tiflash') return 'memory';
  if (configType === 'tikv') return memory ? 'memory' : 'general';
  if (configType === 'tidb') return compute ? 'compute' : 'general';
  return 'default';
}

export interface CaseSpec {
  clusterType: ClusterType;
  version: string;
  cloudProvider: CloudProvider | null;
  instanceType: string | null;
  configType: ConfigType;
  variant: Variant;
}
export const caseKey = (c: Omit<CaseSpec, 'variant'>) =>
  [c.clusterType, c.version, c.cloudProvider ?? '', c.instanceType ?? '', c.configType].join('|');

/**
 * Cases staged ahead of an environment: `staged` is the variant the case stages (and the environments not listed in
 * `behind` have released); those in `behind` still run the case's plain variant, or nothing when `unreleased`.
 */
export const AHEAD: {
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

export interface CustomSpec {
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
export const CUSTOM_TEMPLATES: CustomSpec[] = [
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
