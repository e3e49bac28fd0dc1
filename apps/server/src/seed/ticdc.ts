import type { Db } from '../platform/db.js';
import { changefeeds, maskSinkUri, ticdcClusters } from '../features/ticdc/index.js';
import { gitopsDesiredStates, pdConfigs, pdSchedulers } from '../features/controlplane/index.js';
import { prng, SEED_VERSIONS } from './catalogue.js';
import { buildDemoPlatform, DEMO_BASE_TIME, type DemoPlatformData } from './platform.js';
import { buildOpsState } from './ticdc-ops.js';
import { insertRows } from '../platform/bulk.js';

/**
 * Demo TiCDC clusters (about a quarter of the running DEDICATED_TIDB clusters, 1–4 changefeeds each, mixed statuses
 * and downstreams), plus the PD settings and gitops desired states of the ctl and gitops pages. Deterministic: built
 * from the same demo platform data and a fixed PRNG seed.
 */

const DAY = 86_400_000;
type Cluster = DemoPlatformData['clusters'][number];
type TicdcInsert = typeof ticdcClusters.$inferInsert;
type ChangefeedInsert = typeof changefeeds.$inferInsert;

const RUNNING = new Set([
  'USER_CLUSTER_STATUS_AVAILABLE',
  'USER_CLUSTER_STATUS_MODIFYING',
  'USER_CLUSTER_STATUS_MAINTAINING',
  'USER_CLUSTER_STATUS_UNAVAILABLE',
  'USER_CLUSTER_STATUS_PAUSED',
]);
const BASE_IMAGES: Record<string, string> = {
  AWS: 'public.ecr.aws/pingcap/dbaas/ticdc',
  GCP: 'gcr.io/pingcap-public/dbaas/ticdc',
  AZURE: 'pingcapdbaas.azurecr.io/dbaas/ticdc',
  ALICLOUD: 'registry.cn-hangzhou.aliyuncs.com/pingcap-dbaas/ticdc',
};
const OBJECT_STORE: Record<string, 's3' | 'gcs' | 'azblob'> = {
  AWS: 's3',
  GCP: 'gcs',
  AZURE: 'azblob',
  ALICLOUD: 's3',
};
/** Errors a changefeed reports, by status and by the kind of sink it writes to (a Kafka error on a Kafka sink). */
type Sink = 'kafka' | 'mysql' | 'tidb' | 's3' | 'gcs' | 'azblob' | 'pulsar';
const SINK_ERRORS: Record<'warning' | 'error', Record<Sink, readonly string[]>> = {
  warning: {
    kafka: [
      '[CDC:ErrKafkaNewProducer]new kafka producer: kafka: client has run out of available brokers to talk to: dial tcp 10.0.4.12:9092: i/o timeout',
    ],
    mysql: ['[CDC:ErrReachMaxTry]reach maximum try: 10, error: dial tcp 10.2.8.31:3306: connect: connection refused'],
    tidb: ['[CDC:ErrReachMaxTry]reach maximum try: 10, error: dial tcp 10.2.8.31:4000: connect: connection refused'],
    s3: [
      '[CDC:ErrS3StorageAPI]s3 storage api: RequestTimeout: Your socket connection to the server was not read from or written to within the timeout period',
    ],
    gcs: [
      '[CDC:ErrExternalStorageAPI]external storage api: Post "https://storage.googleapis.com/upload/storage/v1/b/cdc-sink/o": context deadline exceeded',
    ],
    azblob: ['[CDC:ErrExternalStorageAPI]external storage api: RESPONSE 503: 503 Server Busy, ERROR CODE: ServerBusy'],
    pulsar: ['[CDC:ErrPulsarNewProducer]new pulsar producer: connection error: dial tcp 10.0.4.18:6650: i/o timeout'],
  },
  error: {
    kafka: [
      '[CDC:ErrKafkaSendMessage]kafka send message: kafka server: Message was too large, server rejected it to avoid allocation error',
    ],
    mysql: ["[CDC:ErrMySQLTxnError]MySQL txn error: Error 1146 (42S02): Table 'archive.order_items' doesn't exist"],
    tidb: ["[CDC:ErrMySQLTxnError]MySQL txn error: Error 1146 (42S02): Table 'archive.order_items' doesn't exist"],
    s3: ['[CDC:ErrS3StorageAPI]s3 storage api: AccessDenied: Access Denied, status code: 403'],
    gcs: [
      '[CDC:ErrExternalStorageAPI]external storage api: googleapi: Error 403: cdc-sink@project.iam does not have storage.objects.create access',
    ],
    azblob: [
      '[CDC:ErrExternalStorageAPI]external storage api: RESPONSE 403: 403 This request is not authorized to perform this operation',
    ],
    pulsar: ['[CDC:ErrPulsarSendMessage]pulsar send message: producer queue is full'],
  },
};
const GC_TTL_ERROR =
  '[CDC:ErrGCTTLExceeded]the checkpoint-ts lag of the changefeed has exceeded the GC TTL and the changefeed is blocking global GC progression';

function changefeedErrors(status: string, sink: string): readonly string[] | undefined {
  if (status === 'failed') return [GC_TTL_ERROR];
  if (status !== 'warning' && status !== 'error') return undefined;
  return SINK_ERRORS[status][sink as Sink];
}

/** Every demo timestamp stays before the demo's base time, like the platform seed's. */
const before = (ms: number) => Math.min(ms, DEMO_BASE_TIME - 3_600_000);
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
const olderVersions = (v: string) =>
  SEED_VERSIONS.map((s) => s.version).filter((x) => x < v && x.split('.')[0] === v.split('.')[0]);

function sinkUri(r: ReturnType<typeof prng>, type: string, c: Cluster, db: string): string {
  const slug = c.name.replace(/[^a-z0-9]+/g, '');
  const pw = `${r.hex(6)}Q!${r.hex(6)}`;
  switch (type) {
    case 'mysql':
      return `mysql://cdc_writer:${pw}@10.${r.int(0, 31)}.${r.int(0, 255)}.${r.int(2, 250)}:3306/?worker-count=16&max-txn-row=5000&safe-mode=false`;
    case 'tidb':
      return `tidb://root:${pw}@tidb.${slug}-dr.internal:4000/?time-zone=UTC`;
    case 'kafka':
      return c.provider === 'AWS'
        ? `kafka://b-1.${slug}.msk.kafka.${c.region}.amazonaws.com:9096/${db}-cdc?protocol=canal-json&partition-num=6&replication-factor=3&sasl-user=cdc&sasl-password=${pw}`
        : `kafka://kafka-0.${slug}.internal:9092/${db}-cdc?protocol=avro&partition-num=3&max-message-bytes=1048576`;
    case 'pulsar':
      return `pulsar://pulsar.${slug}.internal:6650/persistent://public/default/${db}-cdc?protocol=canal-json&token=${pw}`;
    case 's3':
      return `s3://${slug}-cdc-archive/${db}/?protocol=canal-json&flush-interval=5m&access-key=AKIA${r.hex(16).toUpperCase()}&secret-access-key=${pw}`;
    case 'gcs':
      return `gcs://${slug}-cdc/${db}/?protocol=csv&flush-interval=2m`;
    default:
      return `azblob://${slug}cdc/${db}/?protocol=csv&account-name=${slug}&account-key=${pw}`;
  }
}

export interface TicdcDemoData {
  ticdc: TicdcInsert[];
  changefeeds: ChangefeedInsert[];
}

/** Builds the demo TiCDC clusters and changefeeds: pure and deterministic. */
export function buildTicdcDemo(platform: DemoPlatformData = buildDemoPlatform()): TicdcDemoData {
  const r = prng(20_261_122);
  const out: TicdcDemoData = { ticdc: [], changefeeds: [] };
  let ticdcId = 1811000000000000000n;
  let changefeedId = 1812000000000000000n;
  for (const c of platform.clusters) {
    if (c.clusterType !== 'DEDICATED_TIDB' || !RUNNING.has(c.status!) || !r.chance(0.27)) continue;
    ticdcId += BigInt(r.int(1_000, 50_000_000));
    const created = before(
      c.createdAt!.getTime() +
        r.int(1, Math.max(1, Math.floor((DEMO_BASE_TIME - c.createdAt!.getTime()) / DAY) - 1)) * DAY,
    );
    const older = olderVersions(c.version);
    const version = older.length && r.chance(0.4) ? r.pick(older) : c.version;
    const status =
      c.status === 'USER_CLUSTER_STATUS_PAUSED'
        ? 'stopped'
        : r.weighted([
            { v: 'available', weight: 84 },
            { v: 'stopped', weight: 9 },
            { v: 'unavailable', weight: 7 },
          ]).v;
    const shared = r.chance(0.2);
    const arm = (c.provider === 'AWS' || c.provider === 'GCP') && r.chance(0.3);
    const t: TicdcInsert = {
      id: ticdcId.toString(),
      clusterId: c.id,
      tenantId: c.tenantId,
      name: `${c.name}-cdc`,
      status,
      version,
      deployType: shared ? 'shared' : 'dedicated',
      specification: shared ? '2 x 4C8G' : `${r.pick([2, 2, 3, 4])} x ${r.pick(['8C16G', '8C16G', '16C32G', '4C8G'])}`,
      region: c.region,
      provider: c.provider,
      controlPlaneArch: arm ? 'ARM64' : 'AMD64',
      operatorVersion: r.pick(['v1.5.4', 'v1.6.0', 'v1.6.1', 'v1.6.1']),
      baseImage: BASE_IMAGES[c.provider] ?? BASE_IMAGES.AWS!,
      imageTag: version,
      overwriteImageTag: r.chance(0.15) ? `${version}-${ymd(created + r.int(1, 20) * DAY)}-${r.hex(7)}` : null,
      createdAt: new Date(created),
      updatedAt: new Date(created),
    };
    out.ticdc.push(t);

    const db = c.name.split('-')[1]?.replace(/\d+/g, '') || 'app';
    const used = new Set<string>();
    for (let k = r.int(1, 4); k > 0; k--) {
      changefeedId += BigInt(r.int(1_000, 50_000_000));
      let downstream = r.weighted([
        { v: 'kafka', weight: 35 },
        { v: 'mysql', weight: 22 },
        { v: 'tidb', weight: 13 },
        { v: OBJECT_STORE[c.provider] ?? 's3', weight: 22 },
        { v: 'pulsar', weight: 8 },
      ]).v;
      if (used.has(downstream)) downstream = downstream === 'kafka' ? 'mysql' : 'kafka';
      used.add(downstream);
      const cfStatus =
        status === 'stopped'
          ? r.chance(0.8)
            ? 'stopped'
            : 'finished'
          : r.weighted([
              { v: 'normal', weight: 62 },
              { v: 'stopped', weight: 10 },
              { v: 'error', weight: 9 },
              { v: 'warning', weight: 6 },
              { v: 'failed', weight: 5 },
              { v: 'finished', weight: 8 },
            ]).v;
      const cfCreated = before(
        created + r.int(0, Math.max(0, Math.floor((DEMO_BASE_TIME - created) / DAY) - 1)) * DAY + r.int(0, DAY - 1),
      );
      const errors = changefeedErrors(cfStatus, downstream);
      out.changefeeds.push({
        id: changefeedId.toString(),
        displayId: `cfd-${r.hex(12)}`,
        displayName: `${db}-to-${downstream}`,
        ticdcClusterId: t.id,
        clusterId: c.id,
        tenantId: c.tenantId,
        status: cfStatus,
        downstreamType: downstream,
        destination: maskSinkUri(sinkUri(r, downstream, c, db)),
        error: errors ? r.pick(errors) : null,
        checkpointAt: new Date(
          cfStatus === 'normal' ? DEMO_BASE_TIME : cfCreated + Math.floor((DEMO_BASE_TIME - cfCreated) * r.next()),
        ),
        createdAt: new Date(cfCreated),
        updatedAt: new Date(cfCreated),
      });
    }
  }
  return out;
}

/** Inserts the demo TiCDC clusters, changefeeds, PD settings and gitops desired states. */
export async function seedTicdc(tx: Db): Promise<void> {
  const platform = buildDemoPlatform();
  const data = buildTicdcDemo(platform);
  await insertRows(tx, ticdcClusters, data.ticdc);
  await insertRows(tx, changefeeds, data.changefeeds);
  const ops = buildOpsState(platform);
  await insertRows(tx, pdConfigs, ops.pdConfigs);
  await insertRows(tx, pdSchedulers, ops.schedulers);
  await insertRows(tx, gitopsDesiredStates, ops.desired);
}
