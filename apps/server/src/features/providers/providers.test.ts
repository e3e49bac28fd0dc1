import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ErrorBody, FieldIssue, ListResult, Provider, ProviderDetail, Region } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
  operator = await t.as('operator@example.com');
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: { authorization: string }, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function auditRows(instanceId: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'provider'), eq(auditLogs.instanceId, instanceId)))
    .orderBy(auditLogs.id);
}

async function auditTotal(): Promise<number> {
  const [r] = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
  return Number(r!.n);
}

describe('reading providers', () => {
  it('GET /providers lists the four providers with region counts and cluster counts', async () => {
    const res = await call('GET', '/api/v1/admin/providers', operator);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListResult<Provider>;
    expect(body.items.map((p) => p.name).sort()).toEqual(['ALICLOUD', 'AWS', 'AZURE', 'GCP']);
    expect(body.total).toBe(4);
    for (const p of body.items) {
      const [r] = await t.database.rows<{ regions: string | number; clusters: string | number }>(
        sql`select (select count(*) from regions where provider_id = ${p.id}) as regions, (select count(*) from clusters where provider = ${p.name}) as clusters`,
      );
      expect(p.region_count).toBe(Number(r!.regions));
      expect(p.cluster_count).toBe(Number(r!.clusters));
      expect(p.cluster_count).toBeGreaterThan(0);
    }
  });

  it('GET /providers/:id answers the detail with its regions; unknown is 404', async () => {
    const res = await call('GET', '/api/v1/admin/providers/aws', operator);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProviderDetail;
    expect(body).toMatchObject({ id: 'aws', name: 'AWS', display_name: 'Amazon Web Services', enabled: true });
    expect(body.regions.map((r) => r.region_code)).toContain('us-east-1');
    expect(body.regions.length).toBe(body.region_count);
    expect(body.regions.find((r) => r.region_code === 'us-east-1')).toMatchObject({
      id: 'aws.us-east-1',
      provider_id: 'aws',
    });

    const regions = await call('GET', '/api/v1/admin/providers/gcp/regions', operator);
    expect((regions.json() as ListResult<Region>).items.map((r) => r.region_code)).toEqual([
      'asia-east1',
      'europe-west1',
      'us-central1',
    ]);

    for (const url of ['/api/v1/admin/providers/oracle', '/api/v1/admin/providers/oracle/regions']) {
      const missing = await call('GET', url, operator);
      expect(missing.statusCode).toBe(404);
      expect((missing.json() as ErrorBody).code).toBe('provider.notFound');
    }
  });
});

describe('POST /providers', () => {
  const body = { id: 'oci', name: 'OCI', display_name: 'Oracle Cloud' };

  it('is refused to an operator (403) and writes nothing', async () => {
    const before = await auditTotal();
    const res = await call('POST', '/api/v1/admin/providers', operator, body);
    expect(res.statusCode).toBe(403);
    expect((res.json() as ErrorBody).code).toBe('auth.forbidden');
    expect(await auditTotal()).toBe(before);
    expect((await call('GET', '/api/v1/admin/providers/oci', admin)).statusCode).toBe(404);
  });

  it('answers 400 naming the invalid field, and writes nothing', async () => {
    const before = await auditTotal();
    for (const [payload, field] of [
      [{ ...body, id: 'Bad Id' }, 'body.id'],
      [{ ...body, name: 'oracle' }, 'body.name'],
      [{ id: 'oci', name: 'OCI' }, 'body.display_name'],
      [{ ...body, enabled: 'yes' }, 'body.enabled'],
    ] as const) {
      const res = await call('POST', '/api/v1/admin/providers', admin, payload);
      expect(res.statusCode, field).toBe(400);
      const err = res.json() as ErrorBody;
      expect(err.code).toBe('request.invalid');
      expect((err.details as FieldIssue[]).map((d) => d.field)).toContain(field);
    }
    expect(await auditTotal()).toBe(before);
  });

  it('creates (201) with exactly one audit row carrying before/after and the operator', async () => {
    const res = await call('POST', '/api/v1/admin/providers', admin, body);
    expect(res.statusCode).toBe(201);
    const created = res.json() as Provider;
    expect(created).toMatchObject({
      id: 'oci',
      name: 'OCI',
      display_name: 'Oracle Cloud',
      enabled: true,
      region_count: 0,
      cluster_count: 0,
    });

    const audits = await auditRows('oci');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operator: 'admin@example.com', operation: 'create_provider' });
    expect(audits[0]!.details).toEqual({ before: null, after: created });

    const list = (await call('GET', '/api/v1/admin/providers', operator)).json() as ListResult<Provider>;
    expect(list.total).toBe(5);
  });

  it('is atomic with its audit row: when the audit write fails, no provider is created', async () => {
    await t.database.db.execute(
      sql`alter table audit_logs add constraint test_refuse_broken check (instance_id <> 'broken')`,
    );
    try {
      const res = await call('POST', '/api/v1/admin/providers', admin, {
        id: 'broken',
        name: 'BROKEN',
        display_name: 'Broken',
      });
      expect(res.statusCode).toBe(500);
      expect((await call('GET', '/api/v1/admin/providers/broken', admin)).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`alter table audit_logs drop constraint test_refuse_broken`);
    }
  });

  it('answers 409 provider.exists for a taken id or name, and writes no audit row', async () => {
    const before = await auditTotal();
    for (const payload of [body, { ...body, id: 'oracle' }, { ...body, name: 'AWS', id: 'amazon' }]) {
      const res = await call('POST', '/api/v1/admin/providers', admin, payload);
      expect(res.statusCode).toBe(409);
      expect((res.json() as ErrorBody).code).toBe('provider.exists');
    }
    expect(await auditTotal()).toBe(before);
  });
});

describe('regions', () => {
  it('POST /providers/:id/regions creates (201) with one audit row; 403 for an operator', async () => {
    const payload = { region_code: 'us-ashburn-1', display_name: 'Ashburn (us-ashburn-1)' };
    const refused = await call('POST', '/api/v1/admin/providers/oci/regions', operator, payload);
    expect(refused.statusCode).toBe(403);

    const res = await call('POST', '/api/v1/admin/providers/oci/regions', admin, payload);
    expect(res.statusCode).toBe(201);
    const region = res.json() as Region;
    expect(region).toMatchObject({
      id: 'oci.us-ashburn-1',
      provider_id: 'oci',
      region_code: 'us-ashburn-1',
      enabled: true,
    });

    const audits = await auditRows('oci');
    expect(audits.map((a) => a.operation)).toEqual(['create_provider', 'create_region']);
    expect(audits[1]).toMatchObject({ operator: 'admin@example.com' });
    expect(audits[1]!.details).toMatchObject({ before: null, after: region });

    const detail = (await call('GET', '/api/v1/admin/providers/oci', operator)).json() as ProviderDetail;
    expect(detail.region_count).toBe(1);
    expect(detail.regions).toEqual([region]);
  });

  it('answers 409 region.exists for a duplicate code, 404 for an unknown provider, 400 for a bad code — none audited', async () => {
    const before = await auditTotal();
    const dup = await call('POST', '/api/v1/admin/providers/aws/regions', admin, {
      region_code: 'us-east-1',
      display_name: 'again',
    });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as ErrorBody).code).toBe('region.exists');

    const unknown = await call('POST', '/api/v1/admin/providers/nope/regions', admin, {
      region_code: 'x-1',
      display_name: 'X',
    });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).code).toBe('provider.notFound');

    const bad = await call('POST', '/api/v1/admin/providers/aws/regions', admin, {
      region_code: 'US East',
      display_name: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ErrorBody).message).toContain('body.region_code');
    expect(await auditTotal()).toBe(before);
  });

  it('PUT /providers/:id/regions/:rid updates by id or region code, auditing before and after', async () => {
    const res = await call('PUT', '/api/v1/admin/providers/aws/regions/aws.ap-south-1', admin, { enabled: true });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Region;
    expect(updated).toMatchObject({ id: 'aws.ap-south-1', enabled: true, display_name: 'Mumbai (ap-south-1)' });

    const byCode = await call('PUT', '/api/v1/admin/providers/aws/regions/ap-south-1', admin, {
      display_name: 'Mumbai',
    });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toMatchObject({ id: 'aws.ap-south-1', enabled: true, display_name: 'Mumbai' });

    const audits = (await auditRows('aws')).filter((a) => a.operation === 'update_region');
    expect(audits).toHaveLength(2);
    expect(audits[0]!.operator).toBe('admin@example.com');
    expect(audits[0]!.details).toMatchObject({
      region_id: 'aws.ap-south-1',
      before: { enabled: false, display_name: 'Mumbai (ap-south-1)' },
      after: { enabled: true, display_name: 'Mumbai (ap-south-1)' },
    });
    expect(audits[1]!.details).toMatchObject({
      before: { display_name: 'Mumbai (ap-south-1)' },
      after: { display_name: 'Mumbai' },
    });
  });

  it('PUT refuses an operator (403), an empty body (400), an unknown region (404) — none audited', async () => {
    const before = await auditTotal();
    const refused = await call('PUT', '/api/v1/admin/providers/aws/regions/aws.us-east-1', operator, {
      enabled: false,
    });
    expect(refused.statusCode).toBe(403);

    const empty = await call('PUT', '/api/v1/admin/providers/aws/regions/aws.us-east-1', admin, {});
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as ErrorBody).code).toBe('request.invalid');

    const blank = await call('PUT', '/api/v1/admin/providers/aws/regions/aws.us-east-1', admin, { display_name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect((blank.json() as ErrorBody).message).toContain('body.display_name');

    const unknown = await call('PUT', '/api/v1/admin/providers/aws/regions/aws.mars-1', admin, { enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).code).toBe('region.notFound');
    // A region of another provider is not found under this one.
    const foreign = await call('PUT', '/api/v1/admin/providers/aws/regions/gcp.us-central1', admin, { enabled: false });
    expect((foreign.json() as ErrorBody).code).toBe('region.notFound');
    const noProvider = await call('PUT', '/api/v1/admin/providers/nope/regions/x', admin, { enabled: false });
    expect((noProvider.json() as ErrorBody).code).toBe('provider.notFound');

    expect(await auditTotal()).toBe(before);
    const still = (await call('GET', '/api/v1/admin/providers/aws', admin)).json() as ProviderDetail;
    expect(still.regions.find((r) => r.id === 'aws.us-east-1')!.enabled).toBe(true);
  });

  it('the audit trail is readable through the audit API by type and instance id', async () => {
    const res = await call('GET', '/api/v1/devops/audit?type=provider&instance_id=oci', operator);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListResult<{ operation: string; operator: string }>;
    expect(body.items.map((a) => a.operation).sort()).toEqual(['create_provider', 'create_region']);
  });
});
