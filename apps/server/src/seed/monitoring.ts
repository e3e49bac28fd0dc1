import { eq, sql } from 'drizzle-orm';
import type { CertificateComponent, O11yComponent, O11yHealth } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { writeAudit } from '../platform/audit.js';
import { regionId } from '../features/providers/service.js';
import { monCertificates, monDiffReports, monO11yClusters } from '../features/monitoring/schema.js';
import { runReportBatch, scopeKeyOf, AUDIT_TYPE } from '../features/monitoring/service.js';
import { prng, SEED_PROVIDERS } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Monitoring's demo data (issue 14): every enabled region's TLS certificates, its o11y cluster, and component-diff
 * reports computed from the seeded fleet and the config center's defaults.
 *
 * Certificates end relative to the day the database is seeded (they are checked against the real clock): most have
 * months left, five end within 30 days and one — the o11y ingestion endpoint of alicloud cn-hangzhou — expired three
 * days ago, which is why that region's o11y cluster is down. Reports are dated before DEMO_BASE_TIME and seeded
 * with the static part (`seedComponentDiffReports`).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ORG = 'O=Example DBaaS Inc., C=US';

const PUBLIC_CA: Record<string, string> = {
  aws: 'CN=Amazon RSA 2048 M02, O=Amazon, C=US',
  gcp: 'CN=WR2, O=Google Trust Services, C=US',
  azure: 'CN=Microsoft Azure RSA TLS Issuing CA 04, O=Microsoft Corporation, C=US',
  alicloud: 'CN=GlobalSign GCC R3 DV TLS CA 2020, O=GlobalSign nv-sa, C=BE',
};
const LETS_ENCRYPT = "CN=R11, O=Let's Encrypt, C=US";
const ROOT_CA = `CN=Example DBaaS Root CA, ${ORG}`;

interface CertificateSpec {
  component: CertificateComponent;
  name: string;
  /** Days a certificate of this kind is issued for, and the range of days left a healthy one has. */
  validity: number;
  left: [number, number];
  keyAlgorithm: string;
}

const CERTIFICATES: CertificateSpec[] = [
  { component: 'SQL_GATEWAY', name: 'sql-gateway-tls', validity: 395, left: [45, 380], keyAlgorithm: 'RSA 2048' },
  { component: 'TIDB', name: 'tidb-server-tls', validity: 365, left: [40, 350], keyAlgorithm: 'ECDSA P-256' },
  { component: 'TIPROXY', name: 'tiproxy-tls', validity: 365, left: [40, 350], keyAlgorithm: 'ECDSA P-256' },
  { component: 'PD', name: 'pd-cluster-tls', validity: 365, left: [40, 350], keyAlgorithm: 'ECDSA P-256' },
  { component: 'TIKV', name: 'tikv-cluster-tls', validity: 365, left: [40, 350], keyAlgorithm: 'ECDSA P-256' },
  { component: 'TIFLASH', name: 'tiflash-cluster-tls', validity: 365, left: [40, 350], keyAlgorithm: 'ECDSA P-256' },
  { component: 'O11Y', name: 'o11y-ingest-tls', validity: 90, left: [35, 85], keyAlgorithm: 'ECDSA P-256' },
  { component: 'INTERNAL_CA', name: 'internal-ca', validity: 1826, left: [400, 1700], keyAlgorithm: 'RSA 4096' },
];

/** The certificates that need attention: days left at the seed's day (`region id|component` → days). */
export const SEED_CERTIFICATE_DAYS_LEFT: Record<string, number> = {
  'aws.us-east-1|O11Y': 6,
  'aws.ap-northeast-1|TIPROXY': 12,
  'gcp.europe-west1|SQL_GATEWAY': 19,
  'aws.us-east-1|TIKV': 24,
  'azure.eastus|PD': 29,
  'alicloud.cn-hangzhou|O11Y': -3,
};

const colons = (hex: string) => hex.toUpperCase().match(/../g)!.join(':');

function certificateRows(base: number): (typeof monCertificates.$inferInsert)[] {
  const r = prng(20_261_124);
  const rows: (typeof monCertificates.$inferInsert)[] = [];
  for (const provider of SEED_PROVIDERS)
    for (const region of provider.regions) {
      if (!region.enabled) continue;
      const id = regionId(provider.id, region.code);
      const domain = `${region.code}.${provider.id}.dbaas.example.com`;
      const internal = `${region.code}.${provider.id}.internal.dbaas`;
      const regionCa = `CN=Example DBaaS Internal CA ${provider.id}-${region.code}, ${ORG}`;
      for (const spec of CERTIFICATES) {
        const left = SEED_CERTIFICATE_DAYS_LEFT[`${id}|${spec.component}`] ?? r.int(spec.left[0], spec.left[1]);
        // Certificates are issued at the top of an hour; they end at noon UTC of their day.
        const notAfter = base + left * DAY + 12 * HOUR;
        const notBefore = notAfter - spec.validity * DAY;
        const host = spec.component.toLowerCase().replace('_', '-');
        const [subject, issuer, dnsNames] =
          spec.component === 'SQL_GATEWAY'
            ? [`CN=*.${domain}, ${ORG}`, PUBLIC_CA[provider.id]!, [`*.${domain}`, domain]]
            : spec.component === 'O11Y'
              ? [`CN=o11y.${domain}`, LETS_ENCRYPT, [`o11y.${domain}`, `ingest.o11y.${domain}`]]
              : spec.component === 'INTERNAL_CA'
                ? [regionCa, ROOT_CA, []]
                : [`CN=${host}.${internal}, ${ORG}`, regionCa, [`*.${host}.${internal}`, `${host}.${internal}`]];
        rows.push({
          regionId: id,
          component: spec.component,
          name: spec.name,
          subject,
          issuer,
          serialNumber: colons(r.hex(32)),
          dnsNames,
          keyAlgorithm: spec.keyAlgorithm,
          fingerprintSha256: colons(r.hex(64)),
          notBefore: new Date(notBefore),
          notAfter: new Date(notAfter),
          createdAt: new Date(Math.min(notBefore, base)),
        });
      }
    }
  return rows;
}

/** o11y clusters that are not healthy, and why. */
const UNHEALTHY: Record<string, { health: O11yHealth; message: string; notReady: Record<string, number> }> = {
  'gcp.europe-west1': {
    health: 'degraded',
    message: 'vmstorage-2 is not ready: its volume is 94% full; vminsert reroutes its series to the other two nodes',
    notReady: { vmstorage: 1 },
  },
  'alicloud.cn-hangzhou': {
    health: 'down',
    message:
      "No samples received for 3 days: the region's vmagents cannot remote-write because the ingestion endpoint's " +
      'certificate (o11y-ingest-tls) has expired',
    notReady: { vmagent: 2 },
  },
};

const VM_VERSION = 'v1.106.1';

async function o11yRows(tx: Db, base: number): Promise<(typeof monO11yClusters.$inferInsert)[]> {
  // How many live tenant clusters each region has: the seeded load of its o11y cluster follows from it.
  const counts = await tx.execute(sql`
    select provider, region, count(*)::int as n from clusters
    where status <> 'USER_CLUSTER_STATUS_DELETED' group by provider, region`);
  const load = new Map(
    (counts as unknown as { rows: { provider: string; region: string; n: number }[] }).rows.map((row) => [
      `${row.provider}|${row.region}`,
      Number(row.n),
    ]),
  );
  const r = prng(20_261_125);
  const rows: (typeof monO11yClusters.$inferInsert)[] = [];
  for (const provider of SEED_PROVIDERS)
    for (const region of provider.regions) {
      if (!region.enabled) continue;
      const id = regionId(provider.id, region.code);
      const clusters = load.get(`${provider.name}|${region.code}`) ?? 0;
      const big = clusters > 60;
      const trouble = UNHEALTHY[id];
      const part = (name: string, version: string, replicas: number): O11yComponent => ({
        name,
        version,
        replicas,
        ready: replicas - (trouble?.notReady[name] ?? 0),
      });
      const series = clusters * 41_000 + r.int(20_000, 90_000);
      const capacity = big ? 4096 : 2048;
      rows.push({
        name: `o11y-${provider.id}-${region.code}`,
        provider: provider.name,
        regionId: id,
        region: region.code,
        endpoint: `https://o11y.${region.code}.${provider.id}.dbaas.example.com`,
        version: VM_VERSION,
        health: trouble?.health ?? 'healthy',
        healthMessage: trouble?.message ?? null,
        components: [
          part('vmagent', VM_VERSION, 2),
          part('vminsert', VM_VERSION, big ? 3 : 2),
          part('vmstorage', VM_VERSION, big ? 6 : 3),
          part('vmselect', VM_VERSION, 2),
          part('vmalert', VM_VERSION, 2),
          part('alertmanager', 'v0.27.0', 3),
          part('grafana', '11.3.0', 2),
        ],
        // One sample per series every 15 s; none reach a cluster that is down.
        ingestionRate: trouble?.health === 'down' ? 0 : Math.round(series / 15),
        activeSeries: trouble?.health === 'down' ? 0 : series,
        retentionDays: 30,
        storageUsedGib:
          trouble?.health === 'degraded' ? Math.round(capacity * 0.88) : Math.round((series / 1e6) * 180 + 60),
        storageCapacityGib: capacity,
        checkedAt: new Date(base),
        createdAt: new Date(DEMO_BASE_TIME - r.int(300, 900) * DAY),
      });
    }
  return rows;
}

interface SeedReport {
  createdAt: number;
  requestedBy: string;
  note: string;
  provider?: string;
  tenant?: { id: string; name: string };
  /** Cancelled after this many clusters were compared (by whom). */
  cancelAfter?: { clusters: number; by: string };
}

async function seedReport(tx: Db, spec: SeedReport): Promise<void> {
  const provider = spec.provider ?? null;
  const tenantId = spec.tenant?.id ?? null;
  const created = new Date(spec.createdAt);
  const [report] = await tx
    .insert(monDiffReports)
    .values({
      status: 'queued',
      scopeProvider: provider,
      scopeTenantId: tenantId,
      scopeTenantName: spec.tenant?.name ?? null,
      scopeKey: scopeKeyOf(provider, tenantId),
      note: spec.note,
      requestedBy: spec.requestedBy,
      createdAt: created,
    })
    .returning();
  const id = String(report!.id);
  await writeAudit(tx, {
    type: AUDIT_TYPE,
    instanceId: id,
    operator: spec.requestedBy,
    operation: 'generate',
    details: { before: null, after: { status: 'queued', scope: { provider, tenant_id: tenantId }, note: spec.note } },
    operateAt: created,
  });
  const started = new Date(spec.createdAt + 2_000);
  let row = report!;
  if (spec.cancelAfter) {
    await runReportBatch(tx, row, { batchSize: spec.cancelAfter.clusters, now: started });
    const at = new Date(spec.createdAt + 9_000);
    const [after] = await tx
      .update(monDiffReports)
      .set({
        status: 'cancelled',
        reason: `Cancelled by ${spec.cancelAfter.by}`,
        cancelledBy: spec.cancelAfter.by,
        finishedAt: at,
      })
      .where(eq(monDiffReports.id, row.id))
      .returning();
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: id,
      operator: spec.cancelAfter.by,
      operation: 'cancel',
      details: {
        before: { status: 'running' },
        after: { status: 'cancelled', clusters_scanned: after!.clustersScanned, diff_rows: after!.diffRows },
      },
      operateAt: at,
    });
    return;
  }
  // Every cluster in one batch: the demo fleet is a few hundred clusters.
  let step = 0;
  for (;;) {
    const more = await runReportBatch(tx, row, { batchSize: 5_000, now: new Date(spec.createdAt + 30_000) });
    if (!more) break;
    row = (await tx.select().from(monDiffReports).where(eq(monDiffReports.id, row.id)))[0]!;
    if (++step > 100) throw new Error('seedReport: no end');
  }
  await tx.update(monDiffReports).set({ startedAt: started }).where(eq(monDiffReports.id, row.id));
}

/** The tenant with the most live dedicated clusters (ties: the lowest id): the demo's tenant-scoped report. */
async function busiestTenant(tx: Db): Promise<{ id: string; name: string }> {
  const result = (await tx.execute(sql`
    select t.id, t.name from clusters c join tenants t on t.id = c.tenant_id
    where c.cluster_type = 'DEDICATED_TIDB' and c.status <> 'USER_CLUSTER_STATUS_DELETED'
    group by t.id, t.name order by count(*) desc, t.id limit 1`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return result.rows[0]!;
}

export async function seedMonitoring(tx: Db, now = Date.now()): Promise<void> {
  const base = Math.floor(now / DAY) * DAY;
  await insertRows(tx, monCertificates, certificateRows(base));
  await insertRows(tx, monO11yClusters, await o11yRows(tx, Math.floor(now / HOUR) * HOUR));
}

/** Component-diff reports, all dated before DEMO_BASE_TIME: part of the static seed. */
export async function seedComponentDiffReports(tx: Db): Promise<void> {
  await seedReport(tx, {
    createdAt: DEMO_BASE_TIME - 9 * DAY + 10 * HOUR,
    requestedBy: 'lin.wei@example.com',
    note: 'AWS clusters after the TiKV v8.1.2 default for v8.1.1 (EBS stall fix)',
    provider: 'AWS',
  });
  await seedReport(tx, {
    createdAt: DEMO_BASE_TIME - 5 * DAY + 14 * HOUR,
    requestedBy: 'operator@example.com',
    note: 'Fleet drift check',
    cancelAfter: { clusters: 200, by: 'maria.garcia@example.com' },
  });
  await seedReport(tx, {
    createdAt: DEMO_BASE_TIME - 2 * DAY + 9 * HOUR,
    requestedBy: 'operator@example.com',
    note: 'Weekly fleet drift check',
  });
  await seedReport(tx, {
    createdAt: DEMO_BASE_TIME - 1 * DAY + 16 * HOUR,
    requestedBy: 'maria.garcia@example.com',
    note: 'Before the tenant upgrade review',
    tenant: await busiestTenant(tx),
  });
}
