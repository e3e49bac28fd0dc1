import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardStats, ListResult, Cluster, Tenant } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * The counter tables are kept by statement-level triggers; these tests prove them against real counts after
 * inserts, updates that move rows between dimensions, deletes and truncates, single- and multi-row.
 */
let t: TestApp;
let viewer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.as('sam.okafor@example.com');
});
afterAll(() => t?.close());

const exec = (q: SQL) => t.database.db.execute(q);

async function rows(q: SQL): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of await t.database.rows<{ k: string; n: string | number }>(q)) out[r.k] = String(r.n);
  return out;
}

/** Every counter row equals its GROUP BY over the real table (zero rows allowed to linger in the counters). */
async function expectCountersExact(): Promise<void> {
  expect(
    await rows(sql`select status || '|' || provider || '|' || cluster_type as k, n from cluster_counts where n <> 0`),
  ).toEqual(
    await rows(
      sql`select status || '|' || provider || '|' || cluster_type as k, count(*) as n from clusters group by 1`,
    ),
  );
  expect(await rows(sql`select status as k, n from tenant_counts where n <> 0`)).toEqual(
    await rows(sql`select status as k, count(*) as n from tenants group by 1`),
  );
  const [p] = await t.database.rows<{ c: string | number; r: string | number }>(
    sql`select coalesce((select n from project_counts where scope = 'all'), 0) as c, (select count(*) from projects) as r`,
  );
  expect(Number(p!.c)).toBe(Number(p!.r));
  const negative = await t.database.rows(
    sql`select 1 from cluster_counts where n < 0 union all select 1 from tenant_counts where n < 0`,
  );
  expect(negative).toEqual([]);
  await expectSizesExact();
  await expectDaysExact();
}

/** Every list's day rows equal the real rows per UTC day; no negative day. */
async function expectDaysExact(): Promise<void> {
  for (const list of ['tenants', 'clusters'] as const) {
    expect(await rows(sql`select starts::text as k, n from list_days where list = ${list} and n <> 0`), list).toEqual(
      await rows(
        sql`select date_trunc('day', created_at, 'UTC')::text as k, count(*) as n from ${sql.identifier(list)} group by 1`,
      ),
    );
  }
  expect(await t.database.rows(sql`select 1 from list_days where n < 0`)).toEqual([]);
}

/**
 * Every page of the whole tenant and cluster lists in creation order, both directions, at an offered page size
 * (literal LIMIT) and an odd one (its pages start inside groups of rows sharing a created_at), answers exactly the
 * rows `OFFSET` gives: later pages start at the day of their first row (list_days), so this proves those days right
 * across day boundaries and rows sharing a created_at.
 */
async function expectPagesExact(): Promise<void> {
  for (const [list, url] of [
    ['tenants', '/api/v1/admin/orgs'],
    ['clusters', '/api/v1/devops/cluster/clusters'],
  ] as const) {
    const total = await realCount(list);
    for (const sort of ['-created_at', 'created_at']) {
      const dir = sort.startsWith('-') ? sql`desc` : sql`asc`;
      for (const perPage of [50, 23]) {
        const all = (
          await t.database.rows<{ id: string }>(
            sql`select id from ${sql.identifier(list)} order by created_at ${dir}, id ${dir}`,
          )
        ).map((r) => r.id);
        for (let page = 1; page <= Math.ceil(total / perPage) + 1; page++) {
          const q = `${url}?sort=${sort}&per_page=${perPage}&page=${page}`;
          const res = await t.app.inject({ method: 'GET', url: q, headers: viewer });
          const body = res.json() as ListResult<Cluster | Tenant>;
          expect(
            body.items.map((i) => i.id),
            q,
          ).toEqual(all.slice((page - 1) * perPage, page * perPage));
          expect(body.total, q).toBe(total);
        }
      }
    }
  }
}

/** Every tenant's size row equals its real project and cluster counts; no row for a tenant that is gone. */
async function expectSizesExact(): Promise<void> {
  const kept = await rows(
    sql`select tenant_id as k, projects || '/' || clusters as n from tenant_sizes where projects <> 0 or clusters <> 0`,
  );
  const real = await rows(sql`select t.id as k,
      (select count(*) from projects p where p.tenant_id = t.id) || '/' || (select count(*) from clusters c where c.tenant_id = t.id) as n
    from tenants t
    where exists (select 1 from projects p where p.tenant_id = t.id) or exists (select 1 from clusters c where c.tenant_id = t.id)`);
  expect(kept).toEqual(real);
  expect(
    await t.database.rows(
      sql`select 1 from tenant_sizes s where not exists (select 1 from tenants t where t.id = s.tenant_id)`,
    ),
  ).toEqual([]);
}

async function apiTotal(url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url, headers: viewer });
  expect(res.statusCode, url).toBe(200);
  return (res.json() as ListResult<Cluster | Tenant>).total;
}

async function realCount(table: 'clusters' | 'tenants', where: SQL = sql`true`): Promise<number> {
  const [r] = await t.database.rows<{ n: string | number }>(
    sql`select count(*) as n from ${sql.identifier(table)} where ${where}`,
  );
  return Number(r!.n);
}

/** The counter-backed totals the API answers, each against `select count(*)`. */
async function expectApiTotalsExact(): Promise<void> {
  const clusterCases: [string, SQL][] = [
    ['', sql`true`],
    ['?status=USER_CLUSTER_STATUS_AVAILABLE', sql`status = 'USER_CLUSTER_STATUS_AVAILABLE'`],
    [
      '?status=USER_CLUSTER_STATUS_PAUSED&provider=GCP',
      sql`status = 'USER_CLUSTER_STATUS_PAUSED' and provider = 'GCP'`,
    ],
    ['?provider=AWS&provider=ALICLOUD', sql`provider in ('AWS', 'ALICLOUD')`],
    [
      '?cluster_type=TICDC&status=USER_CLUSTER_STATUS_DELETING',
      sql`cluster_type = 'TICDC' and status = 'USER_CLUSTER_STATUS_DELETING'`,
    ],
    ['?cluster_type=SHARED_POOL', sql`cluster_type = 'SHARED_POOL'`],
    // BYOC totals: the byoc rows counted, and the rest derived from the counters.
    ['?is_byoc=true', sql`is_byoc`],
    ['?is_byoc=false', sql`not is_byoc`],
    [
      '?is_byoc=false&cluster_type=DEDICATED_TIDB&provider=AWS',
      sql`not is_byoc and cluster_type = 'DEDICATED_TIDB' and provider = 'AWS'`,
    ],
    ['?is_byoc=true&status=USER_CLUSTER_STATUS_AVAILABLE', sql`is_byoc and status = 'USER_CLUSTER_STATUS_AVAILABLE'`],
  ];
  for (const [q, where] of clusterCases) {
    expect(await apiTotal(`/api/v1/devops/cluster/clusters${q}`), q).toBe(await realCount('clusters', where));
  }
  for (const [q, where] of [
    ['', sql`true`],
    ['?status=ACTIVE', sql`status = 'ACTIVE'`],
    ['?status=SUSPENDED&status=CLOSED', sql`status in ('SUSPENDED', 'CLOSED')`],
  ] as [string, SQL][]) {
    expect(await apiTotal(`/api/v1/admin/orgs${q}`), q).toBe(await realCount('tenants', where));
  }
  const stats = (
    await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard/stats', headers: viewer })
  ).json() as DashboardStats;
  expect(stats.clusters.total).toBe(await realCount('clusters'));
  expect(stats.tenants.total).toBe(await realCount('tenants'));
}

describe('counter triggers', () => {
  it('the seeded counters are exact', async () => {
    await expectCountersExact();
    await expectApiTotalsExact();
  });

  it('a multi-row insert counts every new row in its dimension', async () => {
    await exec(sql`insert into tenants (id, name, region, status, email) values
      ('9000000000000000001', 'Counter Test A', 'us-east-1', 'ACTIVE', 'a@example.com'),
      ('9000000000000000002', 'Counter Test B', 'us-east-1', 'SUSPENDED', 'b@example.com'),
      ('9000000000000000003', 'Counter Test C', 'eu-central-1', 'SUSPENDED', 'c@example.com')`);
    await exec(sql`insert into projects (id, tenant_id, name, region) values
      ('9100000000000000001', '9000000000000000001', 'p1', 'us-east-1'),
      ('9100000000000000002', '9000000000000000002', 'p2', 'us-east-1')`);
    // Created at whole hours around a UTC midnight, ten rows at each instant: ties, and a page across the day boundary.
    await exec(sql`insert into clusters (id, name, status, cluster_type, project_id, tenant_id, provider, region, version, created_at)
      select '92000000000000' || lpad(g::text, 5, '0'), 'counter-' || g,
             (array['USER_CLUSTER_STATUS_AVAILABLE', 'USER_CLUSTER_STATUS_PAUSED', 'USER_CLUSTER_STATUS_DELETING'])[1 + g % 3],
             (array['DEDICATED_TIDB', 'TICDC', 'SHARED_POOL', 'LOGICAL_CLUSTER'])[1 + g % 4],
             case when g % 2 = 0 then '9100000000000000001' else '9100000000000000002' end,
             case when g % 2 = 0 then '9000000000000000001' else '9000000000000000002' end,
             (array['AWS', 'GCP', 'AZURE', 'ALICLOUD'])[1 + g % 5 % 4], 'r1', 'v8.5.0',
             timestamptz '2025-03-01 00:00:00+00' - (g % 25) * interval '1 hour'
      from generate_series(1, 250) g`);
    await exec(sql`update clusters set is_byoc = true where id like '92%' and right(id, 1) in ('3', '7')`);
    await exec(sql`insert into clusters (id, name, status, cluster_type, project_id, tenant_id, provider, region, version)
      values ('9300000000000000001', 'single', 'USER_CLUSTER_STATUS_CREATING', 'TICDC_NG', '9100000000000000001', '9000000000000000001', 'GCP', 'r1', 'v8.5.0')`);
    await expectCountersExact();
    await expectApiTotalsExact();
    await expectPagesExact();
  });

  it('updates that move rows between dimensions move their counts; other updates change nothing', async () => {
    const before = await rows(sql`select status || '|' || provider || '|' || cluster_type as k, n from cluster_counts`);
    await exec(sql`update clusters set name = name || '-renamed', version = 'v8.5.1' where id like '92%'`);
    expect(
      await rows(sql`select status || '|' || provider || '|' || cluster_type as k, n from cluster_counts`),
    ).toEqual(before);

    await exec(
      sql`update clusters set status = 'USER_CLUSTER_STATUS_PAUSED' where id like '92%' and status = 'USER_CLUSTER_STATUS_AVAILABLE'`,
    );
    await exec(
      sql`update clusters set provider = 'AWS', cluster_type = 'DEDICATED_TIDB' where id like '92%' and provider in ('GCP', 'AZURE')`,
    );
    // One statement moving rows both ways across the same keys.
    await exec(sql`update clusters set status = case status when 'USER_CLUSTER_STATUS_PAUSED' then 'USER_CLUSTER_STATUS_DELETING'
      else 'USER_CLUSTER_STATUS_PAUSED' end where id like '92%'`);
    // Clusters and a project moving to another tenant move its sizes.
    await exec(
      sql`update clusters set tenant_id = '9000000000000000003' where id like '92%' and right(id, 1) in ('1', '4')`,
    );
    await exec(sql`update projects set tenant_id = '9000000000000000003' where id = '9100000000000000002'`);
    await exec(sql`update tenants set status = 'CLOSING' where id in ('9000000000000000002', '9000000000000000003')`);
    await exec(sql`update tenants set status = 'ACTIVE' where id = '9000000000000000003'`);
    // Rows moving to another day (and a tenant to another year) move their day counts.
    await exec(
      sql`update clusters set created_at = created_at + interval '1 day' where id like '92%' and right(id, 1) in ('2', '5')`,
    );
    await exec(
      sql`update tenants set created_at = timestamptz '2020-06-30 23:59:59.999+00' where id = '9000000000000000002'`,
    );
    // An upsert that takes the update path.
    await exec(sql`insert into clusters (id, name, status, cluster_type, project_id, tenant_id, provider, region, version)
      values ('9300000000000000001', 'single', 'USER_CLUSTER_STATUS_CREATING', 'TICDC_NG', '9100000000000000001', '9000000000000000001', 'GCP', 'r1', 'v8.5.0')
      on conflict (id) do update set status = 'USER_CLUSTER_STATUS_AVAILABLE', provider = 'AZURE'`);
    await expectCountersExact();
    await expectApiTotalsExact();
    await expectPagesExact();
  });

  it('deletes uncount their rows', async () => {
    await exec(
      sql`delete from clusters where id like '92%' and (status = 'USER_CLUSTER_STATUS_DELETING' or provider = 'ALICLOUD')`,
    );
    await expectCountersExact();
    await exec(sql`delete from clusters where id like '92%' or id like '93%'`);
    await exec(sql`delete from projects where id like '91%'`);
    await exec(sql`delete from tenants where id like '90%'`);
    await expectCountersExact();
    await expectApiTotalsExact();
  });

  it('a rolled-back change leaves the counters as they were', async () => {
    const before = await rows(sql`select status || '|' || provider || '|' || cluster_type as k, n from cluster_counts`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update clusters set status = 'USER_CLUSTER_STATUS_MAINTAINING'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await rows(sql`select status || '|' || provider || '|' || cluster_type as k, n from cluster_counts`),
    ).toEqual(before);
  });

  it('truncate empties the counters, sizes and days, and refresh_platform_counts() rebuilds them exactly', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate cluster_components, clusters`);
        const [c] = await tx
          .execute(sql`select count(*) as n from cluster_counts where n <> 0`)
          .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
        expect(Number(c!.n)).toBe(0);
        const [z] = await tx
          .execute(sql`select count(*) as n from tenant_sizes where clusters <> 0`)
          .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
        expect(Number(z!.n)).toBe(0);
        const [d] = await tx
          .execute(sql`select count(*) as n from list_days where list = 'clusters'`)
          .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
        expect(Number(d!.n)).toBe(0);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));

    await exec(sql`update cluster_counts set n = n + 7`);
    await exec(sql`delete from tenant_counts`);
    await exec(sql`update tenant_sizes set clusters = clusters + 3`);
    await exec(sql`insert into tenant_sizes (tenant_id, projects) values ('gone', 2)`);
    await exec(sql`update list_days set n = n + 1 where list = 'clusters'`);
    await exec(sql`delete from list_days where list = 'tenants'`);
    await exec(sql`select refresh_platform_counts()`);
    await expectCountersExact();
    await expectApiTotalsExact();
    await expectPagesExact();
  });
});
