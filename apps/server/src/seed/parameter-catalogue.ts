import { CONFIG_FILENAMES, type ConfigType, type ParamType, type ParamValidation } from '@portal/contract';

/**
 * The parameter catalogue (spec §3 Config parameter): real TiDB, TiKV, PD, TiFlash, TiCDC and changefeed
 * configuration items with their defaults and limits, per minor version. Items the component changes online
 * (TiKV and PD `SET CONFIG`, TiDB `instance.*` system variables and log level) apply by HotReload; the rest need a
 * rolling restart. Pure data: the same catalogue on every run.
 */
export const CATALOGUE_VERSIONS = ['v7.5', 'v8.1', 'v8.5'] as const;
export type CatalogueVersion = (typeof CATALOGUE_VERSIONS)[number];

export interface CatalogueEntry {
  configType: ConfigType;
  minorVersion: CatalogueVersion;
  name: string;
  filename: string;
  defaultValue: string;
  type: ParamType;
  applyPolicy: 'HotReload' | 'RollingRestart';
  validation: ParamValidation;
  description: string;
  riskLevel: 'low' | 'medium' | 'high';
}

interface Spec {
  name: string;
  type: ParamType;
  def: string;
  hot: boolean;
  risk: 'low' | 'medium' | 'high';
  desc: string;
  v?: ParamValidation;
  /** Only in these versions (an item added or removed along the way). */
  only?: CatalogueVersion[];
  /** A default that changed in a version. */
  defaults?: Partial<Record<CatalogueVersion, string>>;
}

const LOG_LEVELS = { enum: ['debug', 'info', 'warn', 'error'] };
const SIZE = { pattern: '^\\d+(MB|GB)$' };
const BYTES = { pattern: '^\\d+(KiB|MiB|GiB|KB|MB|GB)$' };
const DURATION = { pattern: '^\\d+(ms|s|m|h)$' };
const spec = (
  name: string,
  type: ParamType,
  def: string,
  hot: boolean,
  risk: Spec['risk'],
  desc: string,
  extra: Partial<Spec> = {},
): Spec => ({
  name,
  type,
  def,
  hot,
  risk,
  desc,
  ...extra,
});

const SPECS: Record<ConfigType, Spec[]> = {
  tidb: [
    spec('log.level', 'string', 'info', true, 'low', 'Log level of the TiDB server.', { v: LOG_LEVELS }),
    spec(
      'instance.tidb_slow_log_threshold',
      'int',
      '300',
      true,
      'low',
      'Queries slower than this many milliseconds go to the slow log.',
      { v: { minimum: 0, maximum: 9223372036 } },
    ),
    spec('instance.tidb_enable_slow_log', 'bool', 'true', true, 'low', 'Whether the slow query log is written.'),
    spec(
      'instance.max_connections',
      'int',
      '0',
      true,
      'medium',
      'Maximum concurrent client connections per TiDB instance; 0 means unlimited.',
      { v: { minimum: 0, maximum: 100000 } },
    ),
    spec(
      'instance.tidb_expensive_query_time_threshold',
      'int',
      '60',
      true,
      'low',
      'Seconds after which a running query is logged as expensive.',
      { v: { minimum: 10 } },
    ),
    spec(
      'performance.max-procs',
      'int',
      '0',
      false,
      'medium',
      'Number of CPUs TiDB uses (GOMAXPROCS); 0 uses all of the node.',
      { v: { minimum: 0 } },
    ),
    spec(
      'performance.txn-total-size-limit',
      'int',
      '104857600',
      false,
      'medium',
      'Maximum size in bytes of a single transaction.',
      { v: { minimum: 1, maximum: 1099511627776 } },
    ),
    spec(
      'performance.txn-entry-size-limit',
      'int',
      '6291456',
      false,
      'medium',
      'Maximum size in bytes of a single key-value entry.',
      { v: { minimum: 1, maximum: 125829120 } },
    ),
    spec(
      'performance.stats-load-concurrency',
      'int',
      '5',
      false,
      'low',
      'Concurrent workers loading statistics synchronously; 0 picks it from the CPU count.',
      { v: { minimum: 0, maximum: 128 }, defaults: { 'v8.5': '0' } },
    ),
    spec(
      'performance.stats-load-queue-size',
      'int',
      '1000',
      false,
      'low',
      'Queue length of synchronous statistics loading.',
      { v: { minimum: 10, maximum: 100000 } },
    ),
    spec(
      'performance.concurrently-init-stats',
      'bool',
      'false',
      false,
      'low',
      'Initialize statistics concurrently at start-up.',
      { defaults: { 'v8.5': 'true' } },
    ),
    spec(
      'performance.server-memory-quota',
      'int',
      '0',
      false,
      'high',
      'Memory limit of the TiDB instance in bytes; 0 means no limit.',
      { v: { minimum: 0 } },
    ),
    spec('prepared-plan-cache.enabled', 'bool', 'true', false, 'low', 'Cache execution plans of prepared statements.'),
    spec('token-limit', 'int', '1000', false, 'medium', 'Sessions that may execute requests concurrently.', {
      v: { minimum: 1, maximum: 1048576 },
    }),
    spec('oom-action', 'string', 'cancel', false, 'medium', 'What TiDB does when a query exceeds its memory quota.', {
      v: { enum: ['log', 'cancel'] },
    }),
    spec('mem-quota-query', 'int', '1073741824', false, 'medium', 'Memory quota of one query in bytes.', {
      v: { minimum: 0 },
    }),
    spec('split-table', 'bool', 'true', false, 'high', 'Create a separate Region for each table.'),
    spec('labels', 'json', '{}', false, 'low', 'Server labels, e.g. {"zone":"us-east-1a"}.'),
    spec(
      'graceful-wait-before-shutdown',
      'int',
      '0',
      false,
      'low',
      'Seconds TiDB keeps serving after it is asked to stop.',
      { v: { minimum: 0, maximum: 3600 } },
    ),
    spec(
      'enable-global-index',
      'bool',
      'false',
      false,
      'high',
      'Allow global indexes on partitioned tables (removed once global indexes became generally available).',
      { only: ['v7.5'] },
    ),
  ],
  tikv: [
    spec('log.level', 'string', 'info', true, 'low', 'Log level of the TiKV server.', { v: LOG_LEVELS }),
    spec('storage.block-cache.capacity', 'string', '16GB', true, 'medium', 'Size of the shared RocksDB block cache.', {
      v: SIZE,
    }),
    spec('storage.scheduler-worker-pool-size', 'int', '4', true, 'medium', 'Threads of the transaction scheduler.', {
      v: { minimum: 1, maximum: 16 },
    }),
    spec(
      'storage.api-version',
      'int',
      '1',
      false,
      'high',
      'Storage format of keys: 1 for TiDB, 2 to share the cluster with RawKV.',
      { v: { minimum: 1, maximum: 2 } },
    ),
    spec('raftstore.apply-pool-size', 'int', '2', true, 'medium', 'Threads applying Raft logs to the state machine.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('raftstore.store-pool-size', 'int', '2', true, 'medium', 'Threads processing Raft messages.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec(
      'rocksdb.max-background-jobs',
      'int',
      '8',
      true,
      'medium',
      'RocksDB background threads for flushes and compactions.',
      { v: { minimum: 2, maximum: 64 } },
    ),
    spec(
      'rocksdb.defaultcf.write-buffer-size',
      'string',
      '128MB',
      true,
      'medium',
      'Memtable size of the default column family.',
      { v: SIZE },
    ),
    spec('rocksdb.titan.enabled', 'bool', 'false', false, 'high', 'Store large values separately (Titan).', {
      defaults: { 'v8.1': 'true', 'v8.5': 'true' },
    }),
    spec('server.grpc-concurrency', 'int', '5', false, 'medium', 'gRPC worker threads.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('server.grpc-memory-pool-quota', 'string', '32GB', false, 'medium', 'Memory gRPC may use for its buffers.', {
      v: SIZE,
    }),
    spec('readpool.unified.max-thread-count', 'int', '8', true, 'medium', 'Maximum threads of the unified read pool.', {
      v: { minimum: 1, maximum: 128 },
    }),
    spec(
      'gc.enable-compaction-filter',
      'bool',
      'true',
      true,
      'medium',
      'Collect MVCC garbage during RocksDB compaction.',
    ),
    spec('coprocessor.region-split-size', 'string', '96MiB', true, 'high', 'Size at which a Region splits.', {
      v: BYTES,
      defaults: { 'v8.5': '256MiB' },
    }),
    spec('raft-engine.enable', 'bool', 'true', false, 'high', 'Store Raft logs in Raft Engine instead of RocksDB.'),
    spec('resource-control.enabled', 'bool', 'true', false, 'medium', 'Schedule requests by resource group.'),
    spec('memory.enable-heap-profiling', 'bool', 'true', true, 'low', 'Keep heap profiling on for diagnosis.'),
  ],
  pd: [
    spec('log.level', 'string', 'info', true, 'low', 'Log level of the PD server.', { v: LOG_LEVELS }),
    spec('schedule.leader-schedule-limit', 'int', '4', true, 'medium', 'Leader scheduling tasks run concurrently.', {
      v: { minimum: 1, maximum: 1024 },
    }),
    spec('schedule.region-schedule-limit', 'int', '2048', true, 'medium', 'Region scheduling tasks run concurrently.', {
      v: { minimum: 1, maximum: 65536 },
    }),
    spec('schedule.replica-schedule-limit', 'int', '64', true, 'medium', 'Replica scheduling tasks run concurrently.', {
      v: { minimum: 1, maximum: 1024 },
    }),
    spec('schedule.merge-schedule-limit', 'int', '8', true, 'low', 'Region merge tasks run concurrently.', {
      v: { minimum: 0, maximum: 1024 },
    }),
    spec(
      'schedule.hot-region-schedule-limit',
      'int',
      '4',
      true,
      'low',
      'Hot Region scheduling tasks run concurrently.',
      { v: { minimum: 1, maximum: 1024 } },
    ),
    spec(
      'schedule.max-store-down-time',
      'string',
      '30m',
      true,
      'high',
      'How long a disconnected store may be down before PD replaces its replicas.',
      { v: DURATION },
    ),
    spec(
      'schedule.patrol-region-interval',
      'string',
      '10ms',
      true,
      'low',
      'How often the replica checker patrols Regions.',
      { v: DURATION },
    ),
    spec(
      'schedule.max-merge-region-size',
      'int',
      '20',
      true,
      'low',
      'Regions smaller than this many MiB may be merged.',
      { v: { minimum: 0 }, defaults: { 'v8.5': '54' } },
    ),
    spec(
      'schedule.max-merge-region-keys',
      'int',
      '200000',
      true,
      'low',
      'Regions with fewer keys than this may be merged.',
      { v: { minimum: 0 }, defaults: { 'v8.5': '540000' } },
    ),
    spec(
      'schedule.enable-cross-table-merge',
      'bool',
      'true',
      true,
      'low',
      'Allow merging Regions of different tables.',
    ),
    spec(
      'schedule.low-space-ratio',
      'float',
      '0.8',
      true,
      'medium',
      'Store usage above which PD stops moving data onto it.',
      { v: { minimum: 0, maximum: 1 } },
    ),
    spec(
      'schedule.high-space-ratio',
      'float',
      '0.7',
      true,
      'medium',
      'Store usage below which PD balances by size only.',
      { v: { minimum: 0, maximum: 1 } },
    ),
    spec('replication.max-replicas', 'int', '3', true, 'high', 'Replicas of each Region.', {
      v: { minimum: 1, maximum: 7 },
    }),
    spec(
      'replication.location-labels',
      'json',
      '["zone","host"]',
      true,
      'high',
      'Topology labels PD spreads replicas across.',
    ),
    spec(
      'replication.enable-placement-rules',
      'bool',
      'true',
      true,
      'high',
      'Use placement rules for replica placement.',
    ),
    spec('pd-server.flow-round-by-digit', 'int', '3', true, 'low', 'Digits Region flow statistics are rounded to.', {
      v: { minimum: 0, maximum: 10 },
    }),
    spec('lease', 'int', '3', false, 'medium', 'PD leader lease in seconds.', { v: { minimum: 1, maximum: 60 } }),
  ],
  tiflash: [
    spec('logger.level', 'string', 'debug', false, 'low', 'Log level of TiFlash.', {
      v: { enum: ['trace', 'debug', 'information', 'warning', 'error'] },
    }),
    spec('logger.count', 'int', '10', false, 'low', 'Rotated log files kept.', { v: { minimum: 1, maximum: 100 } }),
    spec('logger.size', 'string', '100M', false, 'low', 'Size at which a log file rotates.', {
      v: { pattern: '^\\d+(K|M|G)$' },
    }),
    spec(
      'profiles.default.max_memory_usage',
      'int',
      '0',
      false,
      'high',
      'Memory limit of one query in bytes; 0 means no limit.',
      { v: { minimum: 0 } },
    ),
    spec(
      'profiles.default.max_memory_usage_for_all_queries',
      'float',
      '0.8',
      false,
      'high',
      'Share of the node memory all queries may use together.',
      { v: { minimum: 0, maximum: 1 } },
    ),
    spec('profiles.default.max_threads', 'int', '0', false, 'medium', 'Threads of one query; 0 uses the CPU count.', {
      v: { minimum: 0, maximum: 256 },
    }),
    spec(
      'profiles.default.cop_pool_size',
      'int',
      '0',
      false,
      'medium',
      'Threads serving coprocessor requests; 0 uses the default.',
      { v: { minimum: 0, maximum: 256 } },
    ),
    spec(
      'profiles.default.max_bytes_before_external_group_by',
      'int',
      '0',
      false,
      'medium',
      'Memory an aggregation may use before spilling to disk; 0 never spills.',
      { v: { minimum: 0 } },
    ),
    spec('profiles.default.dt_segment_limit_rows', 'int', '1000000', false, 'low', 'Rows per storage segment.', {
      v: { minimum: 10000 },
    }),
    spec('flash.compact_log_min_period', 'int', '120', false, 'low', 'Minimum seconds between Raft log compactions.', {
      v: { minimum: 1 },
    }),
    spec('flash.compact_log_min_rows', 'int', '40960', false, 'low', 'Rows that trigger a Raft log compaction.', {
      v: { minimum: 1 },
    }),
    spec('flash.compact_log_min_bytes', 'int', '33554432', false, 'low', 'Bytes that trigger a Raft log compaction.', {
      v: { minimum: 1 },
    }),
    spec('storage.format_version', 'int', '5', false, 'high', 'On-disk format of the DeltaTree storage.', {
      v: { minimum: 2, maximum: 5 },
    }),
  ],
  tiflash_learner: [
    spec('log.level', 'string', 'info', false, 'low', 'Log level of the TiFlash proxy.', { v: LOG_LEVELS }),
    spec('raftstore.apply-pool-size', 'int', '4', false, 'medium', 'Threads applying Raft logs.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('raftstore.store-pool-size', 'int', '4', false, 'medium', 'Threads processing Raft messages.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('raftstore.snap-handle-pool-size', 'int', '2', false, 'medium', 'Threads handling snapshots.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('server.grpc-concurrency', 'int', '5', false, 'medium', 'gRPC worker threads.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('server.status-thread-pool-size', 'int', '1', false, 'low', 'Threads of the status server.', {
      v: { minimum: 1, maximum: 16 },
    }),
    spec('readpool.unified.max-thread-count', 'int', '4', false, 'medium', 'Maximum threads of the read pool.', {
      v: { minimum: 1, maximum: 128 },
    }),
    spec('rocksdb.max-open-files', 'int', '40960', false, 'low', 'Files RocksDB may keep open.', {
      v: { minimum: -1 },
    }),
    spec('storage.reserve-space', 'string', '1GB', false, 'medium', 'Disk space kept free for recovery.', { v: SIZE }),
    spec('security.redact-info-log', 'bool', 'false', false, 'low', 'Redact user data from logs.'),
  ],
  ticdc: [
    spec('log-level', 'string', 'info', false, 'low', 'Log level of the TiCDC server.', { v: LOG_LEVELS }),
    spec(
      'per-table-memory-quota',
      'int',
      '10485760',
      false,
      'medium',
      'Memory in bytes each replicated table may use.',
      { v: { minimum: 1048576 } },
    ),
    spec(
      'gc-ttl',
      'int',
      '86400',
      false,
      'high',
      'Seconds the upstream keeps data for a stopped changefeed (service GC safepoint TTL).',
      { v: { minimum: 60 } },
    ),
    spec(
      'sorter.max-memory-percentage',
      'int',
      '10',
      false,
      'medium',
      'Share of memory the sorter may use, in percent.',
      { v: { minimum: 0, maximum: 80 } },
    ),
    spec('sorter.sort-dir', 'string', '/tmp/sorter', false, 'low', 'Directory of the sorter files.'),
    spec('kv-client.worker-concurrent', 'int', '8', false, 'low', 'Workers of the KV client.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('kv-client.region-scan-limit', 'int', '40', false, 'low', 'Regions scanned concurrently.', {
      v: { minimum: 1, maximum: 1024 },
    }),
    spec('kv-client.region-retry-duration', 'string', '1m', false, 'low', 'How long a Region request is retried.', {
      v: DURATION,
    }),
    spec('capture-session-ttl', 'int', '10', false, 'medium', 'Seconds of the capture session lease.', {
      v: { minimum: 1, maximum: 600 },
    }),
    spec('owner-flush-interval', 'string', '50ms', false, 'low', 'How often the owner advances checkpoints.', {
      v: DURATION,
    }),
    spec('processor-flush-interval', 'string', '50ms', false, 'low', 'How often processors flush.', { v: DURATION }),
    spec('tz', 'string', 'System', false, 'low', 'Time zone used to convert time values.'),
  ],
  changefeed: [
    spec('mounter.worker-num', 'int', '16', false, 'low', 'Threads decoding KV events into rows.', {
      v: { minimum: 1, maximum: 64 },
    }),
    spec('sink.protocol', 'string', 'canal-json', false, 'high', 'Message protocol of a message-queue sink.', {
      v: { enum: ['canal-json', 'open-protocol', 'avro'] },
    }),
    spec('sink.terminator', 'string', '\\r\\n', false, 'low', 'Line terminator of CSV and canal-json output.'),
    spec('sink.date-separator', 'string', 'day', false, 'low', 'How storage sinks split files by date.', {
      v: { enum: ['none', 'year', 'month', 'day'] },
    }),
    spec(
      'sink.enable-partition-separator',
      'bool',
      'true',
      false,
      'low',
      'Write partitions of a table to separate directories.',
    ),
    spec('sink.dispatchers', 'json', '[]', false, 'medium', 'Rules choosing the topic and partition of each table.'),
    spec('filter.rules', 'json', '["*.*"]', false, 'high', 'Tables replicated by the changefeed.'),
    spec('consistent.level', 'string', 'none', false, 'medium', 'Redo log consistency level.', {
      v: { enum: ['none', 'eventual'] },
    }),
    spec('consistent.max-log-size', 'int', '64', false, 'low', 'Size of one redo log file in MiB.', {
      v: { minimum: 1, maximum: 1024 },
    }),
    spec('consistent.flush-interval', 'int', '2000', false, 'low', 'Milliseconds between redo log flushes.', {
      v: { minimum: 50 },
    }),
    spec('force-replicate', 'bool', 'false', false, 'medium', 'Also replicate tables without a valid index.'),
    spec('case-sensitive', 'bool', 'false', false, 'medium', 'Match database and table names case-sensitively.'),
    spec('bdr-mode', 'bool', 'false', false, 'high', 'Bidirectional replication mode.'),
    spec(
      'changefeed-error-stuck-duration',
      'string',
      '30m',
      false,
      'low',
      'How long a changefeed retries an error before it fails.',
      { v: DURATION },
    ),
    spec('enable-old-value', 'bool', 'true', false, 'medium', 'Output the old value of updated rows.', {
      only: ['v7.5'],
    }),
  ],
};

/** The whole catalogue as rows, deterministic order. */
export function buildParameterCatalogue(): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  for (const [configType, specs] of Object.entries(SPECS) as [ConfigType, Spec[]][]) {
    for (const minorVersion of CATALOGUE_VERSIONS) {
      for (const s of specs) {
        if (s.only && !s.only.includes(minorVersion)) continue;
        out.push({
          configType,
          minorVersion,
          name: s.name,
          filename: CONFIG_FILENAMES[configType],
          defaultValue: s.defaults?.[minorVersion] ?? s.def,
          type: s.type,
          applyPolicy: s.hot ? 'HotReload' : 'RollingRestart',
          validation: s.v ?? {},
          description: s.desc,
          riskLevel: s.risk,
        });
      }
    }
  }
  return out;
}
