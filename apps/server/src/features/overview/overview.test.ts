import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardStats } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function stats(): Promise<DashboardStats> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/dashboard/stats',
    headers: await t.as('sam.okafor@example.com'),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardStats;
}

async function grouped(q: SQL): Promise<{ key: string; count: number }[]> {
  const rows = await t.database.rows<{ key: string; n: string | number }>(q);
  return rows
    .map((r) => ({ key: r.key, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

async function expectRealAggregates(s: DashboardStats): Promise<void> {
  const [totals] = await t.database.rows<Record<string, string | number>>(
    sql`select (select count(*) from tenants) as tenants, (select count(*) from projects) as projects, (select count(*) from clusters) as clusters`,
  );
  expect(s.tenants.total).toBe(Number(totals!.tenants));
  expect(s.projects.total).toBe(Number(totals!.projects));
  expect(s.clusters.total).toBe(Number(totals!.clusters));
  expect(s.tenants.by_status).toEqual(await grouped(sql`select status as key, count(*) as n from tenants group by 1`));
  expect(s.clusters.by_status).toEqual(
    await grouped(sql`select status as key, count(*) as n from clusters group by 1`),
  );
  expect(s.clusters.by_provider).toEqual(
    await grouped(sql`select provider as key, count(*) as n from clusters group by 1`),
  );
  expect(s.clusters.by_cluster_type).toEqual(
    await grouped(sql`select cluster_type as key, count(*) as n from clusters group by 1`),
  );
}

describe('GET /api/v1/admin/dashboard/stats', () => {
  it('equals the real aggregates of the demo data, largest first', async () => {
    const s = await stats();
    await expectRealAggregates(s);
    expect(s.tenants.total).toBeGreaterThanOrEqual(40);
    expect(s.clusters.by_provider.map((p) => p.key).sort()).toEqual(['ALICLOUD', 'AWS', 'AZURE', 'GCP']);
    expect(s.clusters.by_status[0]!.key).toBe('USER_CLUSTER_STATUS_AVAILABLE');
    expect(s.clusters.by_cluster_type[0]!.key).toBe('DEDICATED_TIDB');
    expect(Date.parse(s.generated_at)).not.toBeNaN();
  });

  it('follows changes: new tenants and projects, clusters moved and deleted', async () => {
    await t.database.db.execute(
      sql`insert into tenants (id, name, region, status, email) values ('9000000000000000009', 'Stats Co', 'us-east-1', 'CLOSING', 's@example.com')`,
    );
    await t.database.db.execute(
      sql`insert into projects (id, tenant_id, name, region) values ('9100000000000000009', '9000000000000000009', 'p', 'us-east-1')`,
    );
    await t.database.db.execute(
      sql`update clusters set status = 'USER_CLUSTER_STATUS_MAINTAINING', provider = 'ALICLOUD' where id in (select id from clusters order by id limit 25)`,
    );
    await t.database.db.execute(
      sql`delete from clusters where id in (select id from clusters order by id desc limit 10)`,
    );
    await expectRealAggregates(await stats());
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard/stats' });
    expect(res.statusCode).toBe(401);
  });
});
