import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  CertificateRegion,
  ListResult,
  O11yCluster,
  O11yClusterDetail,
  RegionCertificates,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, P, VIEWER } from './testing.js';

/** Certificates per region (spec §7 monitoring/certificate/regions/{id}) and the o11y clusters, on the demo seed. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const regions = (query = ''): Promise<ListResult<CertificateRegion>> =>
  a.ok('GET', `${P}/certificate/regions${query}`, undefined, VIEWER);
const region = (id: string, query = ''): Promise<RegionCertificates> =>
  a.ok('GET', `${P}/certificate/regions/${id}?per_page=100${query}`, undefined, VIEWER);

describe('the certificate regions', () => {
  it('lists every region with its certificates counted by status and its o11y cluster', async () => {
    const { items, total } = await regions();
    expect(total).toBe(13);
    expect(items.map((r) => r.region_id).slice(0, 3)).toEqual([
      'alicloud.ap-southeast-1',
      'alicloud.cn-hangzhou',
      'aws.ap-northeast-1',
    ]);
    const byId = new Map(items.map((r) => [r.region_id, r]));
    // The disabled region has neither certificates nor an o11y cluster.
    expect(byId.get('aws.ap-south-1')).toMatchObject({
      enabled: false,
      total: 0,
      next_expiry: null,
      o11y_cluster: null,
    });
    for (const r of items.filter((x) => x.enabled)) {
      expect(r.total).toBe(8);
      expect(r.valid + r.expiring + r.expired).toBe(8);
      expect(r.o11y_cluster).toBe(`o11y-${r.region_id.replace('.', '-')}`);
    }
    expect(items.reduce((s, r) => s + r.expiring, 0)).toBe(5);
    expect(items.filter((r) => r.expired > 0).map((r) => r.region_id)).toEqual(['alicloud.cn-hangzhou']);
    expect(byId.get('aws.us-east-1')).toMatchObject({ provider: 'AWS', region: 'us-east-1', expiring: 2, expired: 0 });
    // The soonest end not past yet: the o11y endpoint's, six days after the seed's day at noon.
    const next = new Date(byId.get('aws.us-east-1')!.next_expiry!);
    expect(next.toISOString()).toMatch(/T12:00:00\.000Z$/);
    expect((next.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(4.9);
    expect((next.getTime() - Date.now()) / 86_400_000).toBeLessThan(6.6);
  });

  it('filters the regions by provider', async () => {
    const gcp = await regions('?provider=GCP&provider=AZURE');
    expect(gcp.items.map((r) => r.region_id)).toEqual([
      'azure.eastus',
      'azure.westeurope',
      'gcp.asia-east1',
      'gcp.europe-west1',
      'gcp.us-central1',
    ]);
    expect((await a.call('GET', `${P}/certificate/regions?provider=IBM`, undefined, VIEWER)).statusCode).toBe(400);
  });
});

describe("a region's certificates", () => {
  it('lists them soonest end first, with days left, status and the region', async () => {
    const page = await region('aws.us-east-1');
    expect(page.total).toBe(8);
    expect(page.region).toMatchObject({ region_id: 'aws.us-east-1', expiring: 2 });
    const [first, second, third] = page.items;
    expect(first).toMatchObject({ component: 'O11Y', name: 'o11y-ingest-tls', status: 'expiring' });
    expect(first!.days_left === 5 || first!.days_left === 6).toBe(true);
    expect(first!.subject).toBe('CN=o11y.us-east-1.aws.dbaas.example.com');
    expect(first!.issuer).toBe("CN=R11, O=Let's Encrypt, C=US");
    expect(first!.dns_names).toEqual([
      'o11y.us-east-1.aws.dbaas.example.com',
      'ingest.o11y.us-east-1.aws.dbaas.example.com',
    ]);
    // A 90-day certificate.
    expect(new Date(first!.not_after).getTime() - new Date(first!.not_before).getTime()).toBe(90 * 86_400_000);
    expect(second).toMatchObject({ component: 'TIKV', status: 'expiring' });
    expect(second!.days_left === 23 || second!.days_left === 24).toBe(true);
    expect(third!.status).toBe('valid');
    expect(third!.days_left).toBeGreaterThan(30);
    const ends = page.items.map((c) => c.not_after);
    expect(ends).toEqual([...ends].sort());
    expect(page.items.every((c) => c.provider === 'AWS' && c.region === 'us-east-1')).toBe(true);
  });

  it('shows the expired one as expired, with negative days left', async () => {
    const page = await region('alicloud.cn-hangzhou', '&status=expired');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ component: 'O11Y', status: 'expired' });
    expect(page.items[0]!.days_left === -3 || page.items[0]!.days_left === -4).toBe(true);
  });

  it('filters by status, component and text, and sorts by component or name', async () => {
    expect((await region('aws.us-east-1', '&status=expiring')).items.map((c) => c.component)).toEqual(['O11Y', 'TIKV']);
    expect((await region('aws.us-east-1', '&status=valid')).total).toBe(6);
    expect((await region('aws.us-east-1', '&status=valid&status=expiring')).total).toBe(8);
    expect((await region('aws.us-east-1', '&status=expired')).total).toBe(0);
    expect((await region('gcp.europe-west1', '&component=SQL_GATEWAY')).items[0]).toMatchObject({
      status: 'expiring',
      issuer: 'CN=WR2, O=Google Trust Services, C=US',
      subject: 'CN=*.europe-west1.gcp.dbaas.example.com, O=Example DBaaS Inc., C=US',
    });
    // DNS names are searched too.
    const dns = await region('aws.us-east-1', '&search=ingest.o11y');
    expect(dns.items.map((c) => c.name)).toEqual(['o11y-ingest-tls']);
    expect((await region('aws.us-east-1', '&search=Root CA')).items.map((c) => c.component)).toEqual(['INTERNAL_CA']);
    const byComponent = await region('aws.us-east-1', '&sort=component');
    expect(byComponent.items.map((c) => c.component)).toEqual([
      'INTERNAL_CA',
      'O11Y',
      'PD',
      'SQL_GATEWAY',
      'TIDB',
      'TIFLASH',
      'TIKV',
      'TIPROXY',
    ]);
    const paged = await a.ok('GET', `${P}/certificate/regions/aws.us-east-1?per_page=3&page=3&sort=-name`);
    expect(paged.total).toBe(8);
    expect(paged.items).toHaveLength(2);
  });

  it('answers 404 for an unknown region and 400 for bad filters, never 5xx', async () => {
    const missing = await a.call('GET', `${P}/certificate/regions/aws.mars-1`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'region.notFound', message: 'Region aws.mars-1 not found' });
    for (const q of ['status=revoked', 'component=ETCD', 'sort=subject', 'per_page=0', `search=${'x'.repeat(201)}`])
      expect((await a.call('GET', `${P}/certificate/regions/aws.us-east-1?${q}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${P}/certificate/regions/aws.us-east-1` })).statusCode).toBe(401);
  });
});

describe('the o11y clusters', () => {
  const list = (query = ''): Promise<ListResult<O11yCluster>> =>
    a.ok('GET', `${P}/o11y/clusters${query}`, undefined, VIEWER);

  it('lists one per enabled region with its health and the tenant clusters it covers', async () => {
    const { items, total } = await list();
    expect(total).toBe(12);
    expect(items.map((o) => o.name)).toContain('o11y-aws-us-east-1');
    expect(items.filter((o) => o.health !== 'healthy').map((o) => [o.name, o.health])).toEqual([
      ['o11y-alicloud-cn-hangzhou', 'down'],
      ['o11y-gcp-europe-west1', 'degraded'],
    ]);
    const down = items.find((o) => o.health === 'down')!;
    expect(down.health_message).toMatch(/certificate \(o11y-ingest-tls\) has expired/);
    expect(down.ingestion_rate).toBe(0);
    // Every live tenant cluster is covered by exactly one o11y cluster (the demo's clusters are in enabled regions).
    const live = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from clusters where status <> 'USER_CLUSTER_STATUS_DELETED'`,
    );
    expect(items.reduce((s, o) => s + o.covered_clusters, 0)).toBe(live[0]!.n);
    for (const o of items) expect(o.covered_tenants).toBeLessThanOrEqual(o.covered_clusters);
  });

  it('filters by provider and health', async () => {
    expect((await list('?provider=GCP')).items.map((o) => o.name)).toEqual([
      'o11y-gcp-asia-east1',
      'o11y-gcp-europe-west1',
      'o11y-gcp-us-central1',
    ]);
    expect((await list('?health=degraded&health=down')).total).toBe(2);
    expect((await a.call('GET', `${P}/o11y/clusters?health=sick`)).statusCode).toBe(400);
  });

  it("shows one with its stack's components and pages through the clusters it covers", async () => {
    const detail: O11yClusterDetail = await a.ok('GET', `${P}/o11y/clusters/o11y-gcp-europe-west1`);
    expect(detail).toMatchObject({ provider: 'GCP', region: 'europe-west1', region_id: 'gcp.europe-west1' });
    expect(detail.components.find((c) => c.name === 'vmstorage')).toEqual({
      name: 'vmstorage',
      version: 'v1.106.1',
      replicas: 3,
      ready: 2,
    });
    const covered = await a.ok('GET', `${P}/o11y/clusters/o11y-gcp-europe-west1/clusters?per_page=100`);
    expect(covered.total).toBe(detail.covered_clusters);
    expect(covered.items.length).toBe(Math.min(100, covered.total));
    const created = covered.items.map((c: { created_at: string }) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(covered.items.map((c: { tenant_id: string }) => c.tenant_id)).size).toBe(detail.covered_tenants);
    const first = covered.items[0] as { id: string; name: string; tenant_id: string };
    const byId = await a.ok('GET', `${P}/o11y/clusters/o11y-gcp-europe-west1/clusters?search=${first.id}`);
    expect(byId.items.map((c: { id: string }) => c.id)).toEqual([first.id]);
    const byTenant = await a.ok(
      'GET',
      `${P}/o11y/clusters/o11y-gcp-europe-west1/clusters?per_page=100&tenant_id=${first.tenant_id}`,
    );
    expect(byTenant.items.every((c: { tenant_id: string }) => c.tenant_id === first.tenant_id)).toBe(true);
    expect(byTenant.total).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown o11y cluster', async () => {
    for (const url of [`${P}/o11y/clusters/o11y-nowhere`, `${P}/o11y/clusters/o11y-nowhere/clusters`]) {
      const res = await a.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('monitoring.o11yClusterNotFound');
    }
  });
});
