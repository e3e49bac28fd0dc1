import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  Cluster,
  ClusterComponent,
  DataResource,
  ErrorBody,
  FieldIssue,
  ListResult,
  Project,
  Tenant,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
let viewer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.as('sam.okafor@example.com');
});
afterAll(() => t?.close());

async function get<T>(url: string, headers = viewer) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { res, body: res.json() as T };
}

async function scalar(q: ReturnType<typeof sql>): Promise<number> {
  const [row] = await t.database.rows<{ n: string | number }>(q);
  return Number(row!.n);
}

async function ids(q: ReturnType<typeof sql>): Promise<string[]> {
  return (await t.database.rows<{ id: string }>(q)).map((r) => r.id);
}

describe('GET /api/v1/admin/orgs', () => {
  it('answers the first page of 10, newest first, with the exact total', async () => {
    const { res, body } = await get<ListResult<Tenant>>('/api/v1/admin/orgs');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(await scalar(sql`select count(*) as n from tenants`));
    expect(body.total).toBeGreaterThanOrEqual(40);
    expect(body.items.map((i) => i.id)).toEqual(
      await ids(sql`select id from tenants order by created_at desc, id desc limit 10`),
    );
  });

  it('pages are 1-based and per_page sized, without overlap', async () => {
    const { body } = await get<ListResult<Tenant>>('/api/v1/admin/orgs?page=2&per_page=7');
    expect(body.items.map((i) => i.id)).toEqual(
      await ids(sql`select id from tenants order by created_at desc, id desc offset 7 limit 7`),
    );
    const last = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?page=${Math.ceil(body.total / 7)}&per_page=7`);
    expect(last.body.items.length).toBe(body.total % 7 || 7);
    const beyond = await get<ListResult<Tenant>>('/api/v1/admin/orgs?page=999&per_page=7');
    expect(beyond.body).toEqual({ items: [], total: body.total });
  });

  it('answers the same rows whatever the page window: offered sizes (literal LIMIT), odd sizes, later pages', async () => {
    const order = sql`order by created_at desc, id desc`;
    for (const [page, perPage] of [
      [1, 10],
      [2, 10],
      [3, 10],
      [1, 20],
      [2, 20],
      [1, 7],
      [3, 7],
      [2, 50],
    ] as const) {
      const { body } = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?page=${page}&per_page=${perPage}`);
      const want = await ids(sql`select id from tenants ${order} offset ${(page - 1) * perPage} limit ${perPage}`);
      expect(
        body.items.map((i) => i.id),
        `page ${page} of ${perPage}`,
      ).toEqual(want);
    }
    const filtered = await get<ListResult<Tenant>>('/api/v1/admin/orgs?page=2&per_page=10&status=ACTIVE');
    expect(filtered.body.items.map((i) => i.id)).toEqual(
      await ids(sql`select id from tenants where status = 'ACTIVE' ${order} offset 10 limit 10`),
    );
  });

  it('carries each tenant’s project and cluster counts, on page 1, a later page and a filtered page', async () => {
    // Page 1 reads the rows straight from the index; later and filtered pages go through their keys.
    for (const q of ['per_page=50', 'per_page=20&page=2', 'per_page=20&status=ACTIVE&sort=name']) {
      const { body } = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?${q}`);
      expect(body.items.length, q).toBeGreaterThan(0);
      for (const tenant of body.items) {
        expect(tenant.project_count, q).toBe(
          await scalar(sql`select count(*) as n from projects where tenant_id = ${tenant.id}`),
        );
        expect(tenant.cluster_count, q).toBe(
          await scalar(sql`select count(*) as n from clusters where tenant_id = ${tenant.id}`),
        );
      }
      expect(
        body.items.some((i) => i.cluster_count > 0),
        q,
      ).toBe(true);
    }
  });

  it('searches by exact id', async () => {
    const [id] = await ids(sql`select id from tenants order by name limit 1`);
    const { body } = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?search=${id}`);
    expect(body.total).toBe(1);
    expect(body.items[0]!.id).toBe(id);
    // A prefix of an id is not an id match.
    const partial = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?search=${id!.slice(0, 12)}`);
    expect(partial.body.items.find((i) => i.id === id)).toBeUndefined();
  });

  it('searches by name, case-insensitive substring, with LIKE wildcards matched literally', async () => {
    const { body } = await get<ListResult<Tenant>>('/api/v1/admin/orgs?search=TRAVEL');
    expect(body.items.map((i) => i.name)).toEqual(["Margie's Travel"]);
    const amp = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?search=${encodeURIComponent(' & ')}&sort=name`);
    expect(amp.body.items.map((i) => i.name)).toEqual(['City Power & Light', 'Harbor & Finch Capital']);
    expect(amp.body.total).toBe(2);
    const pct = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?search=${encodeURIComponent('%')}`);
    expect(pct.body).toEqual({ items: [], total: 0 });
  });

  it('filters by repeated status and by org_tag, totals matching a real count', async () => {
    const { body } = await get<ListResult<Tenant>>('/api/v1/admin/orgs?status=SUSPENDED&status=CLOSED&per_page=100');
    expect(body.total).toBe(
      await scalar(sql`select count(*) as n from tenants where status in ('SUSPENDED', 'CLOSED')`),
    );
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((i) => i.status === 'SUSPENDED' || i.status === 'CLOSED')).toBe(true);

    const tagged = await get<ListResult<Tenant>>('/api/v1/admin/orgs?org_tag=enterprise&status=ACTIVE&per_page=100');
    expect(tagged.body.total).toBe(
      await scalar(sql`select count(*) as n from tenants where org_tag = 'enterprise' and status = 'ACTIVE'`),
    );
    expect(tagged.body.items.every((i) => i.org_tag === 'enterprise' && i.status === 'ACTIVE')).toBe(true);
  });

  it('sorts by name, id and created_at in both directions', async () => {
    const byName = await get<ListResult<Tenant>>('/api/v1/admin/orgs?sort=name&per_page=100');
    expect(byName.body.items.map((i) => i.id)).toEqual(await ids(sql`select id from tenants order by name, id`));
    const byIdDesc = await get<ListResult<Tenant>>('/api/v1/admin/orgs?sort=-id&per_page=5');
    expect(byIdDesc.body.items.map((i) => i.id)).toEqual(
      await ids(sql`select id from tenants order by id desc limit 5`),
    );
    const oldest = await get<ListResult<Tenant>>('/api/v1/admin/orgs?sort=created_at&per_page=5');
    expect(oldest.body.items.map((i) => i.id)).toEqual(
      await ids(sql`select id from tenants order by created_at, id limit 5`),
    );
  });

  it('answers 400 naming the field for per_page=0, status=BOGUS or an unknown sort', async () => {
    for (const [query, field] of [
      ['per_page=0', 'per_page'],
      ['per_page=1001', 'per_page'],
      ['page=0', 'page'],
      ['status=BOGUS', 'status'],
      ['sort=email', 'sort'],
    ] as const) {
      const { res, body } = await get<ErrorBody>(`/api/v1/admin/orgs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body.code).toBe('request.invalid');
      expect((body.details as FieldIssue[]).map((d) => d.field).join(' ')).toContain(field);
      expect(body.message).toContain(field);
    }
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/orgs' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a tenant', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    // The tenant with the most clusters: the richest detail.
    const [id] = await ids(
      sql`select tenant_id as id from clusters group by tenant_id order by count(*) desc, tenant_id limit 1`,
    );
    tenant = (await get<Tenant>(`/api/v1/admin/orgs/${id}`)).body;
  });

  it('GET /orgs/:id answers the tenant with its counts (the hover card: name, id, region, status)', async () => {
    const list = await get<ListResult<Tenant>>(`/api/v1/admin/orgs?search=${tenant.id}`);
    expect(tenant).toEqual(list.body.items[0]);
    expect(tenant).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      region: expect.any(String),
      status: expect.any(String),
    });
    expect(tenant.cluster_count).toBeGreaterThan(0);
  });

  it('GET /orgs/:id answers 404 tenant.notFound for an unknown id', async () => {
    for (const url of [
      '/api/v1/admin/orgs/999',
      '/api/v1/admin/orgs/999/data-resource',
      '/api/v1/admin/orgs/999/projects',
    ]) {
      const { res, body } = await get<ErrorBody>(url);
      expect(res.statusCode, url).toBe(404);
      expect(body.code).toBe('tenant.notFound');
    }
  });

  it('GET /orgs/:id/data-resource matches real aggregates', async () => {
    const { res, body } = await get<DataResource>(`/api/v1/admin/orgs/${tenant.id}/data-resource`);
    expect(res.statusCode).toBe(200);
    expect(body.project_count).toBe(tenant.project_count);
    expect(body.cluster_count).toBe(tenant.cluster_count);
    expect(body.node_count).toBe(
      await scalar(
        sql`select coalesce(sum(cc.replicas), 0) as n from cluster_components cc join clusters c on c.id = cc.cluster_id where c.tenant_id = ${tenant.id}`,
      ),
    );
    expect(body.storage_gib).toBe(
      await scalar(
        sql`select coalesce(sum(cc.replicas * cc.storage_gib), 0) as n from cluster_components cc join clusters c on c.id = cc.cluster_id where c.tenant_id = ${tenant.id}`,
      ),
    );
    const byStatus = await t.database.rows<{ status: string; n: string | number }>(
      sql`select status, count(*) as n from clusters where tenant_id = ${tenant.id} group by status`,
    );
    expect(Object.fromEntries(body.clusters_by_status.map((s) => [s.status, s.count]))).toEqual(
      Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    );
    expect(body.clusters_by_provider.reduce((s, p) => s + p.count, 0)).toBe(tenant.cluster_count);
  });

  it('GET /orgs/:id/projects lists its projects with cluster counts, searchable and sortable', async () => {
    const { res, body } = await get<ListResult<Project>>(
      `/api/v1/admin/orgs/${tenant.id}/projects?sort=name&per_page=100`,
    );
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(tenant.project_count);
    expect(body.items.map((p) => p.id)).toEqual(
      await ids(sql`select id from projects where tenant_id = ${tenant.id} order by name, id`),
    );
    for (const p of body.items) {
      expect(p.tenant_id).toBe(tenant.id);
      expect(p.cluster_count).toBe(await scalar(sql`select count(*) as n from clusters where project_id = ${p.id}`));
    }
    const first = body.items[0]!;
    const searched = await get<ListResult<Project>>(
      `/api/v1/admin/orgs/${tenant.id}/projects?search=${first.name.toUpperCase()}`,
    );
    expect(searched.body.items.map((p) => p.id)).toContain(first.id);
    const paged = await get<ListResult<Project>>(`/api/v1/admin/orgs/${tenant.id}/projects?per_page=1&page=2`);
    expect(paged.body.items.length).toBe(1);
    expect(paged.body.total).toBe(tenant.project_count);
  });

  it('GET /orgs/:id/projects/:pid and its data-resource; a project of another tenant is 404 project.notFound', async () => {
    const [pid] = await ids(
      sql`select project_id as id from clusters where tenant_id = ${tenant.id} group by project_id order by count(*) desc limit 1`,
    );
    const { res, body } = await get<Project>(`/api/v1/admin/orgs/${tenant.id}/projects/${pid}`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ id: pid, tenant_id: tenant.id });
    expect(body.cluster_count).toBe(await scalar(sql`select count(*) as n from clusters where project_id = ${pid}`));

    const usage = await get<DataResource>(`/api/v1/admin/orgs/${tenant.id}/projects/${pid}/data-resource`);
    expect(usage.res.statusCode).toBe(200);
    expect(usage.body.project_count).toBe(1);
    expect(usage.body.cluster_count).toBe(body.cluster_count);
    expect(usage.body.node_count).toBe(
      await scalar(
        sql`select coalesce(sum(cc.replicas), 0) as n from cluster_components cc join clusters c on c.id = cc.cluster_id where c.project_id = ${pid}`,
      ),
    );

    const [foreign] = await ids(sql`select id from projects where tenant_id <> ${tenant.id} limit 1`);
    for (const url of [
      `/api/v1/admin/orgs/${tenant.id}/projects/${foreign}`,
      `/api/v1/admin/orgs/${tenant.id}/projects/${foreign}/data-resource`,
    ]) {
      const r = await get<ErrorBody>(url);
      expect(r.res.statusCode).toBe(404);
      expect(r.body.code).toBe('project.notFound');
    }
    const unknownTenant = await get<ErrorBody>(`/api/v1/admin/orgs/999/projects/${pid}`);
    expect(unknownTenant.body.code).toBe('tenant.notFound');
  });
});

describe('GET /api/v1/devops/cluster/clusters', () => {
  const list = (q = '') => get<ListResult<Cluster>>(`/api/v1/devops/cluster/clusters${q}`);

  it('answers the newest clusters with project and tenant names, and the exact total', async () => {
    const { res, body } = await list();
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(await scalar(sql`select count(*) as n from clusters`));
    expect(body.total).toBeGreaterThan(400);
    expect(body.items.map((c) => c.id)).toEqual(
      await ids(sql`select id from clusters order by created_at desc, id desc limit 10`),
    );
    for (const c of body.items) {
      const [row] = await t.database.rows<{ p: string; t: string }>(
        sql`select p.name as p, t.name as t from projects p join tenants t on t.id = p.tenant_id where p.id = ${c.project_id} and t.id = ${c.tenant_id}`,
      );
      expect(c.project_name).toBe(row!.p);
      expect(c.tenant_name).toBe(row!.t);
    }
  });

  it('answers the same rows whatever the page window, and a later page of a tenant’s clusters', async () => {
    const order = sql`order by created_at desc, id desc`;
    for (const [page, perPage] of [
      [1, 10],
      [2, 10],
      [1, 20],
      [2, 100],
      [1, 3],
      [4, 3],
    ] as const) {
      const { body } = await list(`?page=${page}&per_page=${perPage}`);
      const want = await ids(sql`select id from clusters ${order} offset ${(page - 1) * perPage} limit ${perPage}`);
      expect(
        body.items.map((c) => c.id),
        `page ${page} of ${perPage}`,
      ).toEqual(want);
    }
    const [tenant] = await ids(
      sql`select tenant_id as id from clusters group by tenant_id having count(*) > 10 limit 1`,
    );
    const { body } = await list(`?tenant_id=${tenant}&page=2&per_page=10`);
    expect(body.items.map((c) => c.id)).toEqual(
      await ids(sql`select id from clusters where tenant_id = ${tenant} ${order} offset 10 limit 10`),
    );
  });

  it('totals match a real count for every filter, counter-backed or not', async () => {
    const [someTenant] = await ids(
      sql`select tenant_id as id from clusters group by tenant_id order by count(*) desc limit 1`,
    );
    const [someProject] = await ids(
      sql`select project_id as id from clusters group by project_id order by count(*) desc limit 1`,
    );
    const cases: [string, ReturnType<typeof sql>][] = [
      ['?status=USER_CLUSTER_STATUS_AVAILABLE', sql`status = 'USER_CLUSTER_STATUS_AVAILABLE'`],
      [
        '?status=USER_CLUSTER_STATUS_PAUSED&status=USER_CLUSTER_STATUS_UNAVAILABLE',
        sql`status in ('USER_CLUSTER_STATUS_PAUSED', 'USER_CLUSTER_STATUS_UNAVAILABLE')`,
      ],
      ['?provider=AWS&cluster_type=DEDICATED_TIDB', sql`provider = 'AWS' and cluster_type = 'DEDICATED_TIDB'`],
      [
        '?provider=GCP&provider=AZURE&status=USER_CLUSTER_STATUS_AVAILABLE&cluster_type=TICDC&cluster_type=CHANGEFEED',
        sql`provider in ('GCP', 'AZURE') and status = 'USER_CLUSTER_STATUS_AVAILABLE' and cluster_type in ('TICDC', 'CHANGEFEED')`,
      ],
      ['?cluster_type=LOGICAL_CLUSTER', sql`cluster_type = 'LOGICAL_CLUSTER'`],
      [`?tenant_id=${someTenant}`, sql`tenant_id = ${someTenant}`],
      [
        `?project_id=${someProject}&status=USER_CLUSTER_STATUS_AVAILABLE`,
        sql`project_id = ${someProject} and status = 'USER_CLUSTER_STATUS_AVAILABLE'`,
      ],
      ['?is_byoc=true', sql`is_byoc`],
      ['?is_byoc=false&provider=AWS', sql`not is_byoc and provider = 'AWS'`],
      ['?search=ORDERS', sql`name ilike '%orders%'`],
    ];
    for (const [q, where] of cases) {
      const { res, body } = await list(`${q}&per_page=1000`);
      expect(res.statusCode, q).toBe(200);
      const real = await scalar(sql`select count(*) as n from clusters where ${where}`);
      expect(body.total, q).toBe(real);
      expect(body.items.length, q).toBe(real);
      expect(new Set(body.items.map((c) => c.id))).toEqual(
        new Set(await ids(sql`select id from clusters where ${where}`)),
      );
      // Past the last page the items are empty and the total is still the list's.
      const beyond = await list(`${q}&per_page=10&page=${Math.ceil(real / 10) + 1}`);
      expect(beyond.body, q).toEqual({ items: [], total: real });
    }
  });

  it('searches by exact id', async () => {
    const [id] = await ids(sql`select id from clusters order by id limit 1`);
    const { body } = await list(`?search=${id}`);
    expect(body.total).toBe(1);
    expect(body.items[0]!.id).toBe(id);
  });

  it('sorts by name and by status (then newest), in both directions', async () => {
    const byName = await list('?sort=name&per_page=20');
    expect(byName.body.items.map((c) => c.id)).toEqual(
      await ids(sql`select id from clusters order by name, id limit 20`),
    );
    const byStatus = await list('?sort=-status&per_page=20&page=3');
    expect(byStatus.body.items.map((c) => c.id)).toEqual(
      await ids(sql`select id from clusters order by status desc, created_at desc, id desc offset 40 limit 20`),
    );
  });

  it('answers 400 naming the field on a bad filter', async () => {
    for (const [q, field] of [
      ['?is_byoc=yes', 'is_byoc'],
      ['?provider=IBM', 'provider'],
      ['?cluster_type=MYSQL', 'cluster_type'],
      ['?per_page=0', 'per_page'],
    ] as const) {
      const { res, body } = await get<ErrorBody>(`/api/v1/devops/cluster/clusters${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(body.message).toContain(field);
    }
  });
});

describe('a cluster', () => {
  it('GET /clusters/:id answers the hover card fields; unknown is 404 cluster.notFound', async () => {
    const [id] = await ids(sql`select id from clusters where status = 'USER_CLUSTER_STATUS_UNAVAILABLE' limit 1`);
    const { res, body } = await get<Cluster>(`/api/v1/devops/cluster/clusters/${id}`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      id,
      status: 'USER_CLUSTER_STATUS_UNAVAILABLE',
      project_name: expect.any(String),
      tenant_name: expect.any(String),
    });
    expect(body.errmsg).toBeTruthy();
    for (const url of ['/api/v1/devops/cluster/clusters/404404', '/api/v1/devops/cluster/clusters/404404/components']) {
      const r = await get<ErrorBody>(url);
      expect(r.res.statusCode).toBe(404);
      expect(r.body.code).toBe('cluster.notFound');
    }
  });

  it('GET /clusters/:id/components lists its components in topology order', async () => {
    const [id] = await ids(
      sql`select cluster_id as id from cluster_components group by cluster_id having count(*) >= 4 order by cluster_id limit 1`,
    );
    const { res, body } = await get<ListResult<ClusterComponent>>(`/api/v1/devops/cluster/clusters/${id}/components`);
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(await scalar(sql`select count(*) as n from cluster_components where cluster_id = ${id}`));
    expect(body.items.slice(0, 3).map((c) => c.component)).toEqual(['PD', 'TIKV', 'TIDB']);
    for (const c of body.items) {
      expect(c.node_spec).toMatch(/^\d+C\d+G$/);
      expect(c.image_tag.startsWith(c.version)).toBe(true);
    }
    // A changefeed runs no TiDB components: an empty list, not a 404.
    const [cf] = await ids(sql`select id from clusters where cluster_type = 'CHANGEFEED' limit 1`);
    const empty = await get<ListResult<ClusterComponent>>(`/api/v1/devops/cluster/clusters/${cf}/components`);
    expect(empty.res.statusCode).toBe(200);
    expect(empty.body).toEqual({ items: [], total: 0 });
  });
});

describe('benchmark twins of the lists', () => {
  const TWINS = ['/api/v1/devops/ping/orgs', '/api/v1/devops/ping/clusters'];

  it('are not served in a normal start', async () => {
    for (const url of ['/api/v1/devops/ping', ...TWINS]) {
      const { res, body } = await get<ErrorBody>(url);
      expect(res.statusCode, url).toBe(404);
      expect(body.code, url).toBe('route.notFound');
    }
  });

  describe('with BENCH_ROUTES=1', () => {
    let bench: TestApp;
    let reader: { authorization: string };
    beforeAll(async () => {
      bench = await createTestApp({ BENCH_ROUTES: '1' });
      reader = await bench.as('sam.okafor@example.com');
    });
    afterAll(() => bench?.close());

    const call = async <T>(url: string, headers: Record<string, string> = reader) => {
      const res = await bench.app.inject({ method: 'GET', url, headers });
      return { res, body: res.json() as T };
    };

    it('answer a schema-valid page of 10 to a reader, and 401 without a token', async () => {
      for (const url of TWINS) {
        const { res, body } = await call<ListResult<Tenant | Cluster>>(url);
        expect(res.statusCode, url).toBe(200);
        expect(body.items, url).toHaveLength(10);
        expect((await call(url, {})).res.statusCode, url).toBe(401);
        // The same query schema as the list it stands beside.
        const bad = await call<ErrorBody>(`${url}?per_page=0`);
        expect(bad.res.statusCode, url).toBe(400);
      }
    });

    it('answer the bare authenticated ping', async () => {
      const { res, body } = await call<{ ok: boolean }>('/api/v1/devops/ping');
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ ok: true });
      expect((await call('/api/v1/devops/ping', {})).res.statusCode).toBe(401);
    });
  });
});
