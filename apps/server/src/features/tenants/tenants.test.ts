import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  TENANT_MESSAGES,
  vpcCidrProblem,
  type AccountUser,
  type Credit,
  type DeletedTenant,
  type ListResult,
  type Project,
  type SupportSession,
  type SupportSessions,
  type Tenant,
  type TenantQuota,
  type TenantVpcCidrs,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { SANDBOX_TENANT } from '../../seed/tenants.js';

/*
 * Tenant operations end to end through the API on the seeded demo (spec §7 Devops tenants): create (validation,
 * 201, audit), delete (refused with live clusters and for partner orgs, allowed once they are deleted), support
 * sessions (start, a second refused, end, expiry at the time of use, audit), account users, credits, projects, VPC
 * CIDRs (validation, overlap) and quota (ranges, audit before/after); operators get 403 naming orgs.manage.
 */

const T = '/api/v1/devops/tenants';
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, who: string = ADMIN, payload?: object) =>
  t.app.inject({
    method,
    url: url.startsWith('/api') ? url : `${T}${url}`,
    headers: await t.as(who),
    ...(payload !== undefined ? { payload } : {}),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in assertions
const ok = async <R = any>(method: Method, url: string, who: string = ADMIN, payload?: object, status = 200) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as R;
};
const refused = async (method: Method, url: string, who: string = ADMIN, payload?: object) => {
  const res = await call(method, url, who, payload);
  const body = res.json() as {
    code: string;
    message: string;
    details?: { field: string; message: string }[] & { privilege?: string };
  };
  return { status: res.statusCode, code: body.code, message: body.message, details: body.details };
};
const fieldMessages = async (method: Method, url: string, payload: object, field: string) => {
  const r = await refused(method, url, ADMIN, payload);
  expect(r.status, JSON.stringify(r)).toBe(400);
  return (r.details ?? []).filter((d) => d.field === field).map((d) => d.message);
};

const rows = <R>(q: ReturnType<typeof sql>) => t.database.rows<R>(q);
const idOf = async (name: string) =>
  (await rows<{ id: string }>(sql`select id from tenants where name = ${name}`))[0]!.id;
const audits = (instance: string, operation: string) =>
  rows<{ operator: string; details: Record<string, unknown> }>(
    sql`select operator, details from audit_logs where type = 'tenant' and instance_id = ${instance} and operation = ${operation} order by id`,
  );
const newTenant = (name: string) =>
  ok<Tenant>(
    'POST',
    '',
    ADMIN,
    { name, email: `ops@${name.toLowerCase().replace(/\W/g, '')}.test`, region: 'us-east-1' },
    201,
  );

describe('tenant list, detail, projects (the orgs area reused)', () => {
  it('answers the org list and detail with the same shape and query', async () => {
    const list = await ok<ListResult<Tenant>>('GET', '?search=woodgrove', VIEWER);
    expect(list.items.map((i) => i.name)).toEqual(['Woodgrove Bank']);
    const same = await ok<ListResult<Tenant>>('GET', '/api/v1/admin/orgs?search=woodgrove', VIEWER);
    expect(list).toEqual(same);
    const detail = await ok<Tenant>('GET', `/${list.items[0]!.id}`, VIEWER);
    expect(detail).toEqual(list.items[0]);
    expect((await refused('GET', '/424242', VIEWER)).status).toBe(404);
    const projects = await ok<ListResult<Project>>('GET', `/${detail.id}/projects`, VIEWER);
    expect(projects.total).toBe(detail.project_count);
    expect(projects.items.every((p) => p.tenant_id === detail.id)).toBe(true);
  });
});

describe('create a tenant', () => {
  it('validates the fields with messages', async () => {
    expect(await fieldMessages('POST', '', { name: 'x', email: 'a@b.co', region: 'us-east-1' }, 'body.name')).toEqual([
      TENANT_MESSAGES.nameLength,
    ]);
    expect(await fieldMessages('POST', '', { name: 'Acme', email: 'nope', region: 'us-east-1' }, 'body.email')).toEqual(
      [TENANT_MESSAGES.invalidEmail],
    );
    expect(await fieldMessages('POST', '', { name: 'Acme', email: 'a@b.co' }, 'body.region')).toEqual([
      TENANT_MESSAGES.required,
    ]);
    // A disabled region (ap-south-1) and an unknown one are both refused.
    for (const region of ['ap-south-1', 'mars-north-1'])
      expect(await fieldMessages('POST', '', { name: 'Acme', email: 'a@b.co', region }, 'body.region')).toEqual([
        TENANT_MESSAGES.unknownRegion,
      ]);
    expect(
      (
        await fieldMessages(
          'POST',
          '',
          { name: 'Acme', email: 'a@b.co', region: 'us-east-1', org_tag: 'msp' },
          'body.org_tag',
        )
      ).length,
    ).toBe(1);
  });

  it('creates an ACTIVE tenant (201), listed and audited', async () => {
    const res = await call('POST', '', ADMIN, {
      name: '  Acme Rockets ',
      email: 'Ops@Acme.Test',
      region: 'us-east-1',
      org_tag: 'startup',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Tenant;
    expect(created).toMatchObject({
      name: 'Acme Rockets',
      email: 'ops@acme.test',
      region: 'us-east-1',
      status: 'ACTIVE',
      org_tag: 'startup',
      project_count: 0,
      cluster_count: 0,
    });
    expect(created.id).toMatch(/^\d{19}$/);
    expect((await ok<ListResult<Tenant>>('GET', '?search=acme rockets')).items.map((i) => i.id)).toEqual([created.id]);
    const [a] = await audits(created.id, 'create');
    expect(a).toMatchObject({ operator: ADMIN, details: { after: { name: 'Acme Rockets', status: 'ACTIVE' } } });
  });
});

describe('delete a tenant', () => {
  it('is refused with 409 naming how many live clusters it has, then allowed once they are deleted', async () => {
    const tenant = await newTenant('Doomed Corp');
    await t.database.db.execute(
      sql`insert into projects (id, tenant_id, name, region) values ('9100000000000000001', ${tenant.id}, 'production', 'us-east-1')`,
    );
    for (const [id, status] of [
      ['9100000000000000011', 'USER_CLUSTER_STATUS_AVAILABLE'],
      ['9100000000000000012', 'USER_CLUSTER_STATUS_PAUSED'],
      ['9100000000000000013', 'USER_CLUSTER_STATUS_DELETED'],
    ] as const)
      await t.database.db.execute(sql`
        insert into clusters (id, name, status, cluster_type, project_id, tenant_id, provider, region, version)
        values (${id}, ${`c-${id.slice(-2)}`}, ${status}, 'DEDICATED_TIDB', '9100000000000000001', ${tenant.id}, 'AWS',
          'us-east-1', 'v8.1.0')`);
    const r = await refused('DELETE', `/${tenant.id}`);
    expect([r.status, r.code, r.message]).toEqual([409, 'tenants.liveClusters', TENANT_MESSAGES.liveClusters(2)]);
    expect(r.message).toBe('The tenant has 2 live clusters: delete them before deleting the tenant');
    expect((await ok<Tenant>('GET', `/${tenant.id}`)).cluster_count).toBe(3);

    await t.database.db.execute(
      sql`update clusters set status = 'USER_CLUSTER_STATUS_DELETED' where id = '9100000000000000011'`,
    );
    expect((await refused('DELETE', `/${tenant.id}`)).message).toBe(TENANT_MESSAGES.liveClusters(1));
    await t.database.db.execute(
      sql`update clusters set status = 'USER_CLUSTER_STATUS_DELETED' where id = '9100000000000000012'`,
    );
    const gone = await ok<DeletedTenant>('DELETE', `/${tenant.id}`);
    expect(gone).toEqual({ id: tenant.id, name: 'Doomed Corp', projects_deleted: 1, clusters_deleted: 3 });
    expect((await refused('GET', `/${tenant.id}`)).status).toBe(404);
    expect((await refused('DELETE', `/${tenant.id}`)).status).toBe(404);
    const [a] = await audits(tenant.id, 'delete');
    expect(a).toMatchObject({
      operator: ADMIN,
      details: { before: { name: 'Doomed Corp', status: 'ACTIVE' }, projects_deleted: 1, clusters_deleted: 3 },
    });
    // The counters the list reads follow the delete.
    const [counts] = await rows<{ a: string; b: string }>(
      sql`select (select sum(n) from tenant_counts) as a, (select count(*) from tenants) as b`,
    );
    expect(Number(counts!.a)).toBe(Number(counts!.b));
  });

  it('deletes the seeded sandbox tenant (no clusters) with its quota, CIDRs and account users', async () => {
    const id = SANDBOX_TENANT.id;
    expect((await ok<ListResult<AccountUser>>('GET', `/${id}/accountusers`)).total).toBeGreaterThan(0);
    expect((await ok<TenantQuota>('GET', `/${id}/quota`)).is_default).toBe(false);
    expect(await ok<DeletedTenant>('DELETE', `/${id}`)).toEqual({
      id,
      name: SANDBOX_TENANT.name,
      projects_deleted: 0,
      clusters_deleted: 0,
    });
    const left = await rows<{ n: string }>(sql`
      select (select count(*) from tenant_account_users where tenant_id = ${id})
           + (select count(*) from tenant_quotas where tenant_id = ${id})
           + (select count(*) from tenant_vpc_cidrs where tenant_id = ${id}) as n`);
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('refuses a partner org, once it has no live clusters either', async () => {
    const tenant = await newTenant('Partner Co');
    await t.database.db.execute(sql`update tenants set org_tag = 'reseller' where id = ${tenant.id}`);
    const r = await refused('DELETE', `/${tenant.id}`);
    expect([r.status, r.code, r.message]).toEqual([409, 'tenants.partnerOrg', TENANT_MESSAGES.partnerOrg('reseller')]);
    // A partner with live clusters hears about those first.
    const tidewater = await refused('DELETE', `/${await idOf('Tidewater Payments')}`);
    expect([tidewater.status, tidewater.code]).toEqual([409, 'tenants.liveClusters']);
  });
});

describe('support sessions (impersonation)', () => {
  it('starts one with a reason and a time limit, refuses a second, ends it; all audited', async () => {
    const id = await idOf('Kestrel Robotics');
    const before = Date.now();
    const started = await ok<SupportSession>(
      'POST',
      `/${id}/impersonate`,
      ADMIN,
      { reason: 'Investigating ticket OPS-77 about slow queries', minutes: 30 },
      201,
    );
    expect(started).toMatchObject({ tenant_id: id, operator: ADMIN, status: 'active', ended_at: null });
    const limit = Date.parse(started.expires_at) - Date.parse(started.started_at);
    expect(limit).toBe(30 * 60_000);
    expect(Date.parse(started.started_at)).toBeGreaterThanOrEqual(before - 1000);

    const second = await refused('POST', `/${id}/impersonate`, ADMIN, { reason: 'Another reason, long enough' });
    expect([second.status, second.code]).toEqual([409, 'tenants.sessionActive']);
    expect(second.message).toBe(TENANT_MESSAGES.sessionActive(started.expires_at));

    const view = await ok<SupportSessions>('GET', `/${id}/impersonate`);
    expect(view.active?.id).toBe(started.id);
    expect(view.recent[0]?.id).toBe(started.id);
    expect(view.max_minutes).toBe(120); // the demo seed's support_session_max_minutes
    // Another staff member sees the session in the recent list, but it is not theirs.
    const other = await ok<SupportSessions>('GET', `/${id}/impersonate`, VIEWER);
    expect(other.active).toBeNull();
    expect(other.recent[0]?.operator).toBe(ADMIN);

    const ended = await ok<SupportSession>('DELETE', `/${id}/impersonate`);
    expect(ended).toMatchObject({ id: started.id, status: 'ended', ended_by: ADMIN });
    expect((await ok<SupportSessions>('GET', `/${id}/impersonate`)).active).toBeNull();
    const none = await refused('DELETE', `/${id}/impersonate`);
    expect([none.status, none.code, none.message]).toEqual([
      404,
      'tenants.noActiveSession',
      TENANT_MESSAGES.noActiveSession,
    ]);

    const [start] = await audits(id, 'impersonate_start');
    expect(start).toMatchObject({
      operator: ADMIN,
      details: {
        after: {
          session_id: started.id,
          reason: 'Investigating ticket OPS-77 about slow queries',
          minutes: 30,
          expires_at: started.expires_at,
        },
      },
    });
    const [end] = await audits(id, 'impersonate_end');
    expect(end).toMatchObject({
      operator: ADMIN,
      details: {
        before: { session_id: started.id, expires_at: started.expires_at },
        after: { ended_at: ended.ended_at },
      },
    });
  });

  it('treats a session past its time limit as ended when used', async () => {
    const id = await idOf('Relecloud');
    const s = await ok<SupportSession>(
      'POST',
      `/${id}/impersonate`,
      ADMIN,
      { reason: 'Checking the suspension state' },
      201,
    );
    expect(Date.parse(s.expires_at) - Date.parse(s.started_at)).toBe(60 * 60_000); // the default duration
    await t.database.db.execute(
      sql`update impersonations set expires_at = now() - interval '1 minute' where id = ${s.id}`,
    );
    const view = await ok<SupportSessions>('GET', `/${id}/impersonate`);
    expect(view.active).toBeNull();
    expect(view.recent.find((r) => r.id === s.id)?.status).toBe('expired');
    expect((await refused('DELETE', `/${id}/impersonate`)).status).toBe(404);
    // A new one may start: the expired one no longer counts.
    await ok('POST', `/${id}/impersonate`, ADMIN, { reason: 'A new session after expiry' }, 201);
    await ok('DELETE', `/${id}/impersonate`);
  });

  it('validates the reason and the duration (the system setting lowers the maximum)', async () => {
    const id = await idOf('Relecloud');
    const url = `/${id}/impersonate`;
    expect(await fieldMessages('POST', url, { reason: 'too short' }, 'body.reason')).toEqual([
      TENANT_MESSAGES.reasonLength,
    ]);
    expect(await fieldMessages('POST', url, { reason: 'x'.repeat(501) }, 'body.reason')).toEqual([
      TENANT_MESSAGES.reasonLength,
    ]);
    for (const minutes of [14, 481, 30.5])
      expect(await fieldMessages('POST', url, { reason: 'A good enough reason', minutes }, 'body.minutes')).toEqual([
        TENANT_MESSAGES.minutesRange(480),
      ]);
    await t.database.db.execute(
      sql`insert into system_settings (key, value, updated_by) values ('support_session_max_minutes', '90'::jsonb, 'test')
          on conflict (key) do update set value = excluded.value`,
    );
    try {
      expect(
        await fieldMessages('POST', url, { reason: 'A good enough reason', minutes: 120 }, 'body.minutes'),
      ).toEqual([TENANT_MESSAGES.minutesRange(90)]);
      expect((await ok<SupportSessions>('GET', url)).max_minutes).toBe(90);
    } finally {
      await t.database.db.execute(
        sql`update system_settings set value = '120'::jsonb where key = 'support_session_max_minutes'`,
      );
    }
    expect((await refused('POST', '/424242/impersonate', ADMIN, { reason: 'A good enough reason' })).status).toBe(404);
  });

  it('shows the seeded sessions: one ended by hand, one expired', async () => {
    const contoso = await ok<SupportSessions>('GET', `/${await idOf('Contoso Retail')}/impersonate`, VIEWER);
    expect(contoso.recent.map((s) => s.status)).toContain('ended');
    const woodgrove = await ok<SupportSessions>('GET', `/${await idOf('Woodgrove Bank')}/impersonate`, VIEWER);
    expect(woodgrove.recent.map((s) => s.status)).toContain('expired');
  });
});

describe('account users and credits', () => {
  it('lists the seeded account users with search and paging', async () => {
    const id = await idOf('Woodgrove Bank');
    const all = await ok<ListResult<AccountUser>>('GET', `/${id}/accountusers?per_page=100`, VIEWER);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items.some((u) => u.role === 'Owner')).toBe(true);
    expect(all.items.map((u) => u.email)).toEqual([...all.items.map((u) => u.email)].sort());
    const page2 = await ok<ListResult<AccountUser>>('GET', `/${id}/accountusers?per_page=2&page=2`, VIEWER);
    expect(page2.items.map((u) => u.id)).toEqual(all.items.slice(2, 4).map((u) => u.id));
    const term = all.items[0]!.name.split(' ')[1]!.toLowerCase();
    const found = await ok<ListResult<AccountUser>>('GET', `/${id}/accountusers?search=${term}`, VIEWER);
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((u) => `${u.email} ${u.name}`.toLowerCase().includes(term))).toBe(true);
    expect((await ok<ListResult<AccountUser>>('GET', `/${await idOf('Tailspin Toys')}/accountusers`)).total).toBe(0);
    expect((await refused('GET', '/424242/accountusers')).status).toBe(404);
  });

  it("lists the tenant's billing credits, read only", async () => {
    const [row] = await rows<{ tenant_id: string; n: string }>(
      sql`select tenant_id, count(*) as n from billing_credits group by 1 order by 2 desc, 1 limit 1`,
    );
    const credits = await ok<ListResult<Credit>>('GET', `/${row!.tenant_id}/credits?per_page=100`, VIEWER);
    expect(credits.total).toBe(Number(row!.n));
    expect(credits.items.every((c) => c.tenant_id === row!.tenant_id)).toBe(true);
    expect((await refused('GET', '/424242/credits')).status).toBe(404);
  });
});

describe('quota', () => {
  it('seeds quotas with headroom over what the tenants use', async () => {
    for (const name of ['Northwind Traders', 'Woodgrove Bank', 'Kestrel Robotics', 'Fabrikam Logistics']) {
      const q = await ok<TenantQuota>('GET', `/${await idOf(name)}/quota`, VIEWER);
      expect(q.is_default, name).toBe(false);
      expect(q.used_clusters, name).toBeGreaterThan(0);
      expect(q.max_clusters, name).toBeGreaterThanOrEqual(q.used_clusters);
      expect(q.max_storage_tb, name).toBeGreaterThanOrEqual(q.used_storage_tb);
    }
  });

  it('answers the default until set, then the set quota; ranges are checked; audited before/after', async () => {
    const id = await idOf('Tailspin Toys');
    const initial = await ok<TenantQuota>('GET', `/${id}/quota`, VIEWER);
    expect(initial).toMatchObject({
      max_clusters: 20,
      max_nodes_per_cluster: 50,
      max_storage_tb: 100,
      is_default: true,
    });
    expect(initial.used_clusters).toBeGreaterThan(0);

    const url = `/${id}/quota`;
    const good = { max_clusters: 12, max_nodes_per_cluster: 40, max_storage_tb: 75 };
    expect(await fieldMessages('PUT', url, { ...good, max_clusters: 1001 }, 'body.max_clusters')).toEqual([
      TENANT_MESSAGES.maxClusters,
    ]);
    expect(
      await fieldMessages('PUT', url, { ...good, max_nodes_per_cluster: 0 }, 'body.max_nodes_per_cluster'),
    ).toEqual([TENANT_MESSAGES.maxNodes]);
    expect(await fieldMessages('PUT', url, { ...good, max_storage_tb: -1 }, 'body.max_storage_tb')).toEqual([
      TENANT_MESSAGES.maxStorage,
    ]);
    expect(await fieldMessages('PUT', url, { ...good, max_storage_tb: 1.5 }, 'body.max_storage_tb')).toEqual([
      TENANT_MESSAGES.maxStorage,
    ]);

    const set = await ok<TenantQuota>('PUT', url, ADMIN, good);
    expect(set).toMatchObject({ ...good, is_default: false, updated_by: ADMIN });
    await ok('PUT', url, ADMIN, { max_clusters: 0, max_nodes_per_cluster: 500, max_storage_tb: 10000 });
    const trail = await audits(id, 'update_quota');
    expect(trail.map((a) => a.details)).toEqual([
      { before: { max_clusters: 20, max_nodes_per_cluster: 50, max_storage_tb: 100, is_default: true }, after: good },
      { before: good, after: { max_clusters: 0, max_nodes_per_cluster: 500, max_storage_tb: 10000 } },
    ]);
  });
});

describe('VPC CIDR', () => {
  it('checks format, prefix, private range and host bits with messages', async () => {
    expect(vpcCidrProblem('10.0.0.0/16')).toBeUndefined();
    expect(vpcCidrProblem('172.31.255.0/24')).toBeUndefined();
    expect(vpcCidrProblem('192.168.0.0/16')).toBeUndefined();
    const id = await idOf('Tailspin Toys');
    const url = `/${id}/vpc_cidr`;
    const cases: [string, string][] = [
      ['10.0.0.0', TENANT_MESSAGES.cidrFormat],
      ['10.0.0.256/16', TENANT_MESSAGES.cidrFormat],
      ['10.0.0.0/8', TENANT_MESSAGES.cidrPrefix],
      ['10.0.0.0/25', TENANT_MESSAGES.cidrPrefix],
      ['8.8.0.0/16', TENANT_MESSAGES.cidrPrivate],
      ['172.32.0.0/16', TENANT_MESSAGES.cidrPrivate],
      ['10.1.2.0/16', TENANT_MESSAGES.cidrHostBits('10.1.0.0/16')],
    ];
    for (const [cidr, message] of cases)
      expect(await fieldMessages('PUT', url, { cidr }, 'body.cidr')).toEqual([message]);
  });

  it('sets the home region by default and another region on request, never overlapping; audited', async () => {
    const id = await idOf('Tailspin Toys');
    const url = `/${id}/vpc_cidr`;
    const tenant = await ok<Tenant>('GET', `/${id}`);
    expect(await ok<TenantVpcCidrs>('GET', url, VIEWER)).toEqual({
      tenant_id: id,
      home_region: tenant.region,
      items: [],
    });
    const home = await ok<TenantVpcCidrs>('PUT', url, ADMIN, { cidr: '10.10.0.0/16' });
    expect(home.items).toEqual([
      expect.objectContaining({ region: tenant.region, cidr: '10.10.0.0/16', updated_by: ADMIN }),
    ]);
    const other = tenant.region === 'us-west-2' ? 'us-east-1' : 'us-west-2';
    expect(await fieldMessages('PUT', url, { region: other, cidr: '10.10.128.0/17' }, 'body.cidr')).toEqual([
      TENANT_MESSAGES.cidrOverlap(tenant.region, '10.10.0.0/16'),
    ]);
    expect(await fieldMessages('PUT', url, { region: 'mars-1', cidr: '10.11.0.0/16' }, 'body.region')).toEqual([
      TENANT_MESSAGES.unknownRegion,
    ]);
    const both = await ok<TenantVpcCidrs>('PUT', url, ADMIN, { region: other, cidr: '10.11.0.0/16' });
    expect(both.items.map((i) => i.cidr).sort()).toEqual(['10.10.0.0/16', '10.11.0.0/16']);
    // Changing a region's own CIDR is no overlap with itself.
    await ok('PUT', url, ADMIN, { cidr: '10.10.0.0/17' });
    const trail = await audits(id, 'update_vpc_cidr');
    expect(trail.map((a) => a.details)).toEqual([
      { region: tenant.region, before: null, after: { cidr: '10.10.0.0/16' } },
      { region: other, before: null, after: { cidr: '10.11.0.0/16' } },
      { region: tenant.region, before: { cidr: '10.10.0.0/16' }, after: { cidr: '10.10.0.0/17' } },
    ]);
  });

  it('shows the seeded CIDRs, two regions for Northwind Traders', async () => {
    const cidrs = await ok<TenantVpcCidrs>('GET', `/${await idOf('Northwind Traders')}/vpc_cidr`, VIEWER);
    expect(cidrs.items.map((i) => i.cidr).sort()).toEqual(['10.20.0.0/16', '10.21.0.0/16']);
  });
});

describe('access', () => {
  it('refuses operators and viewers every change with 403 naming orgs.manage; they read', async () => {
    const id = await idOf('Tailspin Toys');
    const changes: [Method, string, object | undefined][] = [
      ['POST', '', { name: 'Nope Inc', email: 'a@b.co', region: 'us-east-1' }],
      ['DELETE', `/${id}`, undefined],
      ['POST', `/${id}/impersonate`, { reason: 'A good enough reason' }],
      ['DELETE', `/${id}/impersonate`, undefined],
      ['PUT', `/${id}/vpc_cidr`, { cidr: '10.99.0.0/16' }],
      ['PUT', `/${id}/quota`, { max_clusters: 1, max_nodes_per_cluster: 1, max_storage_tb: 1 }],
    ];
    for (const who of [OPERATOR, VIEWER]) {
      for (const [method, url, payload] of changes) {
        const r = await refused(method, url, who, payload);
        expect(
          [r.status, r.code, (r.details as { privilege?: string } | undefined)?.privilege],
          `${who} ${method} ${url}`,
        ).toEqual([403, 'auth.forbidden', 'orgs.manage']);
      }
      for (const url of [
        '',
        `/${id}`,
        `/${id}/impersonate`,
        `/${id}/accountusers`,
        `/${id}/credits`,
        `/${id}/projects`,
        `/${id}/vpc_cidr`,
        `/${id}/quota`,
      ])
        expect((await call('GET', url, who)).statusCode, `${who} GET ${url}`).toBe(200);
    }
  });
});
