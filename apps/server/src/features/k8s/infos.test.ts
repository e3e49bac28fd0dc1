import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { K8sInfo, K8sInfoDetail } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, P, VIEWER } from './testing.js';

/** Infrastructure information: the seeded fleet, its list filters and sorts, and one cluster's detail. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const list = async (query: string): Promise<{ items: K8sInfo[]; total: number }> =>
  a.ok('GET', `${P}/k8sInfos?per_page=100${query ? `&${query}` : ''}`, undefined, VIEWER);

describe('the k8s cluster list', () => {
  it('lists the seeded fleet by name, with pools, nodes, hosted clusters, health and open task', async () => {
    const { items, total } = await list('');
    expect(total).toBe(30);
    expect(items).toHaveLength(30);
    expect(items.map((i) => i.name)).toEqual([...items.map((i) => i.name)].sort());
    expect(new Set(items.map((i) => i.provider))).toEqual(new Set(['AWS', 'GCP', 'AZURE']));
    expect(new Set(items.map((i) => i.version))).toEqual(new Set(['1.27', '1.28', '1.29', '1.30']));
    for (const i of items) {
      expect(i.node_pool_count).toBeGreaterThanOrEqual(2);
      expect(i.node_pool_count).toBeLessThanOrEqual(5);
      expect(i.node_count).toBeGreaterThan(i.node_pool_count);
    }
    const [{ n }] = (await t.database.rows<{ n: number }>(sql`select count(*)::int as n from k8s_cluster_hosting`)) as [
      { n: number },
    ];
    expect(items.reduce((s, i) => s + i.hosted_cluster_count, 0)).toBe(n);
    expect(n).toBeGreaterThan(300);
    const degraded = items.filter((i) => i.health === 'degraded').map((i) => i.name);
    expect(degraded).toEqual(['gcp-europe-west1-prod-01']);
    const byName = new Map(items.map((i) => [i.name, i]));
    expect(byName.get('aws-us-east-1-prod-01')!.open_task).toMatchObject({
      name: 'AWS us-east-1 prod to 1.30',
      status: 'running',
      cluster_status: 'upgrading',
    });
    expect(byName.get('aws-us-west-2-prod-01')!.open_task).toMatchObject({
      status: 'draft',
      cluster_status: 'pending',
    });
    // In a failed task only: not open.
    expect(byName.get('gcp-europe-west1-prod-01')!.open_task).toBeNull();
  });

  it('filters by provider, region, version, environment and name, and counts the matches', async () => {
    const gcp = await list('provider=GCP');
    expect(gcp.total).toBe(8);
    expect(gcp.items.every((i) => i.provider === 'GCP')).toBe(true);
    const two = await list('provider=GCP&provider=AZURE');
    expect(two.total).toBe(14);
    const region = await list('region=us-east-1');
    expect(region.items.map((i) => i.name)).toEqual([
      'aws-us-east-1-dev-01',
      'aws-us-east-1-prod-01',
      'aws-us-east-1-prod-02',
      'aws-us-east-1-prod-03',
      'aws-us-east-1-staging-01',
    ]);
    const old = await list('version=1.27');
    expect(old.items.map((i) => i.name)).toEqual([
      'aws-ap-southeast-1-prod-02',
      'azure-westeurope-prod-02',
      'gcp-asia-east1-prod-02',
    ]);
    expect((await list('version=1.27&version=1.28')).items.every((i) => ['1.27', '1.28'].includes(i.version))).toBe(
      true,
    );
    const dev = await list('environment=dev');
    expect(dev.items.map((i) => i.name)).toEqual([
      'aws-us-east-1-dev-01',
      'azure-eastus-dev-01',
      'gcp-us-central1-dev-01',
    ]);
    const search = await list('search=WEST1');
    expect(search.items.map((i) => i.name)).toEqual(['gcp-europe-west1-prod-01', 'gcp-europe-west1-prod-02']);
    // LIKE wildcards match literally.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('provider=ALICLOUD')).total).toBe(0);
  });

  it('sorts by version (numerically) and name, pages, and refuses an unknown sort or provider', async () => {
    const asc = await list('sort=version');
    const ranks = asc.items.map((i) => Number(i.version.split('.')[1]));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(asc.items[0]!.name).toBe('aws-ap-southeast-1-prod-02');
    const desc = await list('sort=-version');
    expect(desc.items[0]!.version).toBe('1.30');
    expect((await list('sort=-name')).items[0]!.name).toBe('gcp-us-central1-staging-01');
    const page = await a.ok('GET', `${P}/k8sInfos?per_page=10&page=3`);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBe(30);
    expect((await a.call('GET', `${P}/k8sInfos?sort=region`)).statusCode).toBe(400);
    expect((await a.call('GET', `${P}/k8sInfos?provider=IBM`)).statusCode).toBe(400);
  });
});

describe('a k8s cluster detail', () => {
  it('shows its node pools, the tenant clusters it hosts and its upgrade history', async () => {
    const d: K8sInfoDetail = await a.info('gcp-europe-west1-prod-01');
    expect(d).toMatchObject({ provider: 'GCP', region: 'europe-west1', environment: 'prod', version: '1.28' });
    expect(d.health).toBe('degraded');
    expect(d.node_pools.map((p) => p.name)).toEqual(['pd', 'system', 'tidb', 'tikv']);
    expect(d.node_pools.find((p) => p.name === 'tikv')).toMatchObject({
      status: 'unhealthy',
      instance_type: 'n2-highmem-16',
      message: '2 of 9 nodes NotReady: kubelet stopped posting node status',
    });
    expect(d.node_pools.every((p) => p.version === '1.28')).toBe(true);
    expect(d.node_count).toBe(d.node_pools.reduce((s, p) => s + p.node_count, 0));
    expect(d.hosted_clusters).toHaveLength(d.hosted_cluster_count);
    expect(d.hosted_clusters.length).toBeGreaterThan(0);
    // Hosted clusters are running tenant clusters of the same provider and region, with their tenant for links.
    const ids = d.hosted_clusters.map((h) => h.id);
    const rows = await t.database.rows<{ provider: string; region: string; tenant_id: string; status: string }>(
      sql`select provider, region, tenant_id, status from clusters where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(rows.every((r) => r.provider === 'GCP' && r.region === 'europe-west1')).toBe(true);
    expect(rows.some((r) => r.status === 'USER_CLUSTER_STATUS_DELETED')).toBe(false);
    expect(d.hosted_clusters[0]!.tenant_name).toBeTruthy();
    expect(d.upgrade_history).toEqual([
      expect.objectContaining({
        task_name: 'GCP prod to 1.29',
        task_status: 'failed',
        batch: 2,
        status: 'failed',
        from_version: '1.28',
        to_version: '1.29',
        reason: expect.stringContaining('node pool tikv is unhealthy'),
      }),
    ]);
    expect(d.upgrade_history[0]!.operation_id).toMatch(/^\d+$/);
  });

  it('lists a cluster upgraded twice newest first, and answers 404 for an unknown name', async () => {
    const d: K8sInfoDetail = await a.info('gcp-asia-east1-prod-02');
    expect(d.version).toBe('1.27');
    expect(d.upgrade_history.map((h) => [h.task_name, h.status, h.reason])).toEqual([
      ['Upgrade to 1.28 (auto-generated)', 'pending', null],
      ['GCP prod to 1.29', 'skipped', 'batch 2 failed'],
    ]);
    // Waiting for its confirmation: the control plane and pools already run the target.
    const waiting: K8sInfoDetail = await a.info('aws-us-east-1-prod-01');
    expect(waiting.version).toBe('1.30');
    expect(waiting.node_pools.every((p) => p.version === '1.30')).toBe(true);
    expect(waiting.upgrade_history.map((h) => [h.task_name, h.status])).toEqual([
      ['AWS us-east-1 prod to 1.30', 'upgrading'],
    ]);
    const none = await a.call('GET', `${P}/k8sInfos/nope-01`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'k8s.notFound', message: 'No k8s cluster is named nope-01' });
  });
});
