import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { AuditLog, ErrorBody, FieldIssue, ListResult } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';

const ADMIN_LIST = '/api/v1/admin/audits';

let t: TestApp;
let admin: { authorization: string };

/** Rows far in the past, so time-range filters can pick them out of the seeded trail exactly. */
const OLD = [
  {
    type: 'tenant',
    instanceId: 't-1',
    operator: 'lin.wei@example.com',
    operation: 'suspend',
    operateAt: new Date('2001-03-01T00:00:00Z'),
  },
  {
    type: 'tenant',
    instanceId: 't-2',
    operator: 'lin.wei@example.com',
    operation: 'resume',
    operateAt: new Date('2001-03-01T23:59:59.900Z'),
  },
  {
    type: 'operation',
    instanceId: '77',
    operator: 'system',
    operation: 'succeed',
    operateAt: new Date('2001-03-02T00:00:00Z'),
  },
  {
    type: 'cloud_config_change',
    instanceId: '5',
    operator: 'maria.garcia@example.com',
    operation: 'apply',
    operateAt: new Date('2001-03-03T12:00:00Z'),
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
  await t.database.db
    .insert(auditLogs)
    .values(OLD.map((r) => ({ ...r, details: { before: { status: 'A' }, after: { status: 'B' } } })));
  // Enough current rows for several pages.
  await t.database.db.insert(auditLogs).values(
    Array.from({ length: 12 }, (_, i) => ({
      type: 'spu_sku',
      instanceId: `sku-${i}`,
      operator: 'operator@example.com',
      operation: 'update',
      operateAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
    })),
  );
});
afterAll(() => t?.close());

async function list(query: string, headers = admin) {
  const res = await t.app.inject({ method: 'GET', url: `${ADMIN_LIST}${query}`, headers });
  return { res, body: res.json() as ListResult<AuditLog> };
}

const ids = (b: ListResult<AuditLog>) => b.items.map((r) => r.instance_id);

describe('GET /api/v1/admin/audits', () => {
  it('lists every audit row of every type, newest first, 10 per page', async () => {
    const [all] = await t.database.db.select({ n: count() }).from(auditLogs);
    const { res, body } = await list('');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(all!.n);
    expect(body.items).toHaveLength(10);
    // The 2030 rows are the newest, the latest minute first.
    expect(ids(body)).toEqual(Array.from({ length: 10 }, (_, i) => `sku-${11 - i}`));
    expect(body.items[0]).toMatchObject({
      type: 'spu_sku',
      operator: 'operator@example.com',
      operation: 'update',
      operate_at: '2030-01-01T00:11:00.000Z',
    });
    const second = await list('?page=2');
    expect(ids(second.body).slice(0, 2)).toEqual(['sku-1', 'sku-0']);
    expect((await list('?sort=operate_at&per_page=1')).body.items[0]!.operate_at < body.items[0]!.operate_at).toBe(
      true,
    );
  });

  it('filters by type, instance id and operator (any case)', async () => {
    expect(ids((await list('?type=tenant&from=2001-01-01&to=2001-12-31')).body)).toEqual(['t-2', 't-1']);
    expect(ids((await list('?type=tenant&instance_id=t-1')).body)).toEqual(['t-1']);
    const byOperator = await list('?operator=Maria.Garcia@Example.com&type=cloud_config_change&to=2001-12-31');
    expect(ids(byOperator.body)).toEqual(['5']);
    expect(byOperator.body.total).toBe(1);
    expect((await list('?operator=system&instance_id=77')).body.items.map((r) => r.operation)).toEqual(['succeed']);
  });

  it('takes from/to as whole UTC days, both inclusive', async () => {
    const day = await list('?from=2001-03-01&to=2001-03-01');
    expect(ids(day.body)).toEqual(['t-2', 't-1']);
    expect(day.body.total).toBe(2);
    expect(ids((await list('?from=2001-03-02&to=2001-03-03')).body)).toEqual(['5', '77']);
    expect(ids((await list('?to=2001-03-01')).body)).toEqual(['t-2', 't-1']);
    // An open end: everything since the date, the seeded rows and the 2030 ones included.
    const since = await list('?from=2001-03-03');
    const [newer] = await t.database.rows<{ n: string | number }>(
      sql`select count(*) as n from audit_logs where operate_at >= '2001-03-03'`,
    );
    expect(since.body.total).toBe(Number(newer!.n));
  });

  it('takes ISO times as exact bounds', async () => {
    expect(
      ids(
        (
          await list(
            `?from=${encodeURIComponent('2001-03-01T12:00:00Z')}&to=${encodeURIComponent('2001-03-02T00:00:00Z')}`,
          )
        ).body,
      ),
    ).toEqual(['77', 't-2']);
    expect(ids((await list(`?from=${encodeURIComponent('2001-03-03T13:00:00+01:00')}&to=2001-03-03`)).body)).toEqual([
      '5',
    ]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'querystring.from'],
      ['?to=2001-02-30', 'querystring.to'],
      ['?from=2001-03-02&to=2001-03-01', 'querystring.to'],
      ['?type=nope', 'querystring.type'],
      ['?per_page=0', 'querystring.per_page'],
    ] as const) {
      const { res } = await list(query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as ErrorBody;
      expect(body.code).toBe('request.invalid');
      expect(
        (body.details as FieldIssue[]).map((d) => d.field),
        query,
      ).toContain(field);
    }
  });

  it('is for admins only: operators and viewers get 403 auth.forbidden, no token 401', async () => {
    for (const email of ['operator@example.com', 'sam.okafor@example.com']) {
      const { res } = await list('', await t.as(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: ADMIN_LIST });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/devops/audit (one object, for detail tabs)', () => {
  const TRAIL = '/api/v1/devops/audit';

  beforeAll(async () => {
    await t.database.db.insert(auditLogs).values([
      { type: 'user', instanceId: 'sam.okafor@example.com', operator: 'admin@example.com', operation: 'set_roles' },
      { type: 'cloud_config_change', instanceId: 'cc-one', operator: 'operator@example.com', operation: 'apply' },
      { type: 'cloud_config_change', instanceId: 'cc-two', operator: 'operator@example.com', operation: 'create' },
      { type: 'ctl', instanceId: 'cc-one', operator: 'operator@example.com', operation: 'pd-ctl store' },
    ]);
  });

  const trail = async (query: string, email: string) =>
    t.app.inject({ method: 'GET', url: `${TRAIL}${query}`, headers: await t.as(email) });

  it('stays open to every signed-in user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devops/audit?type=tenant&instance_id=t-1',
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json() as ListResult<AuditLog>)).toEqual(['t-1']);
  });

  it('answers only the rows of the one object asked for', async () => {
    for (const email of ['operator@example.com', 'sam.okafor@example.com']) {
      const res = await trail('?type=cloud_config_change&instance_id=cc-one', email);
      expect(res.statusCode, email).toBe(200);
      const body = res.json() as ListResult<AuditLog>;
      expect(body.total).toBe(1);
      expect(body.items.map((r) => [r.type, r.instance_id, r.operation])).toEqual([
        ['cloud_config_change', 'cc-one', 'apply'],
      ]);
    }
  });

  it('requires both type and instance_id: 400 request.invalid naming the missing one', async () => {
    for (const [query, missing] of [
      ['', ['querystring.type', 'querystring.instance_id']],
      ['?type=tenant', ['querystring.instance_id']],
      ['?instance_id=t-1', ['querystring.type']],
      ['?type=tenant&instance_id=', ['querystring.instance_id']],
      ['?type=tenant&instance_id=%20', ['querystring.instance_id']],
    ] as const) {
      for (const email of ['operator@example.com', 'admin@example.com']) {
        const res = await trail(query, email);
        expect(res.statusCode, `${email} ${query}`).toBe(400);
        const body = res.json() as ErrorBody;
        expect(body).toMatchObject({ code: 'request.invalid', requestId: res.headers['x-request-id'] });
        expect((body.details as FieldIssue[]).map((d) => d.field).sort()).toEqual([...missing].sort());
      }
    }
  });

  it('refuses admin-only audit types to everyone but admins (403), as /api/v1/admin/audits does', async () => {
    for (const email of ['operator@example.com', 'sam.okafor@example.com']) {
      const res = await trail('?type=user&instance_id=sam.okafor@example.com', email);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden', requestId: res.headers['x-request-id'] });
    }
    const asAdmin = await trail('?type=user&instance_id=sam.okafor@example.com', 'admin@example.com');
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as ListResult<AuditLog>).items.map((r) => r.operation)).toEqual(['set_roles']);
  });

  it('leaves every type to admins on the admin list', async () => {
    const { res, body } = await list('?type=user&instance_id=sam.okafor@example.com');
    expect(res.statusCode).toBe(200);
    expect(body.items.map((r) => [r.type, r.operation])).toEqual([['user', 'set_roles']]);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_LIST}?type=user`,
      headers: await t.as('operator@example.com'),
    });
    expect(refused.statusCode).toBe(403);
  });
});
