import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PORTAL_ROLES, ROLE_PRIVILEGES } from '@portal/contract';
import type { ErrorBody, FieldIssue, ListResult, PortalUser } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs, portalUsers } from '../../platform/schema.js';
import { verifyPassword } from '../../idp/password.js';

type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
  await t.database.db.insert(portalUsers).values([
    { email: 'rita.roles@example.com', name: 'Rita Roles', roles: ['viewer'] },
    { email: 'dan.disable@example.com', name: 'Dan Disable', roles: ['operator'] },
    { email: 'admin.one@example.com', name: 'Admin One', roles: ['admin'] },
    { email: 'admin.two@example.com', name: 'Admin Two', roles: ['admin'] },
  ]);
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const rolesUrl = (email: string) => `/api/v1/admin/users/${encodeURIComponent(email)}/roles`;
const disabledUrl = (email: string) => `/api/v1/admin/users/${encodeURIComponent(email)}/disabled`;

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(portalUsers).where(eq(portalUsers.email, email));
  return row;
}

async function userAudits(email: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'user'), eq(auditLogs.instanceId, email)))
    .orderBy(auditLogs.id);
}

async function auditTotal(): Promise<number> {
  const [r] = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
  return Number(r!.n);
}

function fields(body: unknown): string[] {
  return ((body as ErrorBody).details as FieldIssue[]).map((d) => d.field);
}

describe('every admin route refuses non-admins', () => {
  const routes: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown][] = [
    ['GET', '/api/v1/admin/users'],
    ['POST', '/api/v1/admin/users', { email: 'new.person@example.com', name: 'New Person', roles: ['viewer'] }],
    ['PUT', rolesUrl('rita.roles@example.com'), { roles: ['admin'] }],
    ['PUT', disabledUrl('dan.disable@example.com'), { disabled: true }],
    ['GET', '/api/v1/admin/audits'],
  ];

  it('answers 403 auth.forbidden to operators and viewers, changing nothing', async () => {
    const before = await auditTotal();
    for (const email of ['operator@example.com', 'sam.okafor@example.com']) {
      const headers = await t.as(email);
      for (const [method, url, payload] of routes) {
        const res = await call(method, url, headers, payload);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
      }
    }
    expect(await auditTotal()).toBe(before);
    expect((await userRow('rita.roles@example.com'))?.roles).toEqual(['viewer']);
    expect(await userRow('new.person@example.com')).toBeUndefined();
    expect((await userRow('dan.disable@example.com'))?.disabled).toBe(false);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url, payload] of routes)
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/admin/users/:email/roles', () => {
  it('offers exactly the roles the server grants privileges for', () => {
    expect([...PORTAL_ROLES]).toEqual(Object.keys(ROLE_PRIVILEGES));
  });

  it('replaces the roles, persists them, and writes one audit row with before/after', async () => {
    const res = await call('PUT', rolesUrl('Rita.Roles@example.com'), admin, { roles: ['viewer', 'operator'] });
    expect(res.statusCode, res.body).toBe(200);
    // Stored in the canonical order admin, operator, viewer.
    expect(res.json()).toMatchObject({
      email: 'rita.roles@example.com',
      roles: ['operator', 'viewer'],
      disabled: false,
    });
    expect((await userRow('rita.roles@example.com'))?.roles).toEqual(['operator', 'viewer']);
    const listed = (await call('GET', '/api/v1/admin/users?search=rita', admin)).json() as ListResult<PortalUser>;
    expect(listed.items[0]?.roles).toEqual(['operator', 'viewer']);

    const audits = await userAudits('rita.roles@example.com');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operator: 'admin@example.com', operation: 'update_roles' });
    expect(audits[0]!.details).toEqual({ before: { roles: ['viewer'] }, after: { roles: ['operator', 'viewer'] } });

    // The admin list shows it too.
    const trail = await call('GET', '/api/v1/admin/audits?type=user&instance_id=rita.roles%40example.com', admin);
    expect(trail.json()).toMatchObject({ total: 1, items: [{ operation: 'update_roles' }] });
  });

  it('takes effect on the next request of that user', async () => {
    const rita = await t.as('rita.roles@example.com');
    expect((await call('GET', '/api/v1/admin/audits', rita)).statusCode).toBe(403);
    expect((await call('PUT', rolesUrl('rita.roles@example.com'), admin, { roles: ['admin'] })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/audits', rita)).statusCode).toBe(200);
    expect((await call('PUT', rolesUrl('rita.roles@example.com'), admin, { roles: ['viewer'] })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/audits', rita)).statusCode).toBe(403);
  });

  it('writes nothing when the roles do not change', async () => {
    const before = (await userAudits('rita.roles@example.com')).length;
    const res = await call('PUT', rolesUrl('rita.roles@example.com'), admin, { roles: ['viewer'] });
    expect(res.statusCode).toBe(200);
    expect((await userAudits('rita.roles@example.com')).length).toBe(before);
  });

  it('validates the roles: at least one, known, each once', async () => {
    const before = await auditTotal();
    for (const [payload, field, message] of [
      [{ roles: [] }, 'body.roles', 'select at least one role'],
      [{ roles: ['viewer', 'viewer'] }, 'body.roles', 'each role at most once'],
      [{}, 'body.roles', 'a list of roles'],
    ] as const) {
      const res = await call('PUT', rolesUrl('rita.roles@example.com'), admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json() as ErrorBody;
      expect(body.code).toBe('request.invalid');
      expect(body.details).toContainEqual({ field, message });
    }
    const unknown = await call('PUT', rolesUrl('rita.roles@example.com'), admin, { roles: ['root'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'rbac.unknownRole',
      message: 'No role named root: the roles are those of /rbac',
    });
    expect(await auditTotal()).toBe(before);
  });

  it('answers 404 user.notFound for an unknown email', async () => {
    const res = await call('PUT', rolesUrl('nobody@example.com'), admin, { roles: ['viewer'] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'user.notFound' });
    expect(await userAudits('nobody@example.com')).toHaveLength(0);
  });

  it('refuses an admin removing their own admin role with 409 user.cannotDemoteSelf', async () => {
    const before = await auditTotal();
    const res = await call('PUT', rolesUrl('admin@example.com'), admin, { roles: ['operator'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'user.cannotDemoteSelf',
      message: 'You cannot remove the admin role from yourself',
    });
    expect((await userRow('admin@example.com'))?.roles).toEqual(['admin']);
    expect(await auditTotal()).toBe(before);
    // Nor can anyone give themselves a role (separation of duties), even one granting nothing new.
    const more = await call('PUT', rolesUrl('admin@example.com'), admin, { roles: ['admin', 'viewer'] });
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject({ code: 'user.cannotGrantSelf' });
    expect((await userRow('admin@example.com'))?.roles).toEqual(['admin']);
  });

  it('lets exactly one of two admins demoting each other at once win', async () => {
    const one = await t.as('admin.one@example.com');
    const two = await t.as('admin.two@example.com');
    const [a, b] = await Promise.all([
      call('PUT', rolesUrl('admin.two@example.com'), one, { roles: ['viewer'] }),
      call('PUT', rolesUrl('admin.one@example.com'), two, { roles: ['viewer'] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const roles = [(await userRow('admin.one@example.com'))!.roles, (await userRow('admin.two@example.com'))!.roles];
    expect(roles.filter((r) => r.includes('admin'))).toHaveLength(1);
  });
});

describe('PUT /api/v1/admin/users/:email/disabled', () => {
  it('disables a user (audited), who then cannot call the API, and enables them again', async () => {
    const dan = await t.as('dan.disable@example.com');
    expect((await call('GET', '/api/v1/devops/me', dan)).statusCode).toBe(200);

    const res = await call('PUT', disabledUrl('dan.disable@example.com'), admin, { disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'dan.disable@example.com', disabled: true });
    expect((await call('GET', '/api/v1/devops/me', dan)).statusCode).toBe(401);

    expect(
      (await call('PUT', disabledUrl('dan.disable@example.com'), admin, { disabled: false })).json(),
    ).toMatchObject({ disabled: false });
    expect((await call('GET', '/api/v1/devops/me', dan)).statusCode).toBe(200);

    const audits = await userAudits('dan.disable@example.com');
    expect(audits.map((a) => [a.operation, a.details])).toEqual([
      ['disable_user', { before: { disabled: false }, after: { disabled: true } }],
      ['enable_user', { before: { disabled: true }, after: { disabled: false } }],
    ]);
  });

  it('refuses disabling yourself with 409 user.cannotDisableSelf', async () => {
    const res = await call('PUT', disabledUrl('admin@example.com'), admin, { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'user.cannotDisableSelf' });
    expect((await userRow('admin@example.com'))?.disabled).toBe(false);
    expect(await userAudits('admin@example.com')).toHaveLength(0); // every change to it above was refused
  });

  it('validates the body and answers 404 for an unknown user', async () => {
    const bad = await call('PUT', disabledUrl('dan.disable@example.com'), admin, { disabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['body.disabled']);
    const missing = await call('PUT', disabledUrl('nobody@example.com'), admin, { disabled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'user.notFound' });
  });
});

describe('POST /api/v1/admin/users', () => {
  it('adds a user who signs in through the external issuer (no password), audited', async () => {
    const res = await call('POST', '/api/v1/admin/users', admin, {
      email: ' Nora.New@Example.com ',
      name: ' Nora New ',
      roles: ['viewer', 'operator'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as PortalUser;
    expect(created).toMatchObject({
      email: 'nora.new@example.com',
      name: 'Nora New',
      roles: ['operator', 'viewer'],
      disabled: false,
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect((await userRow('nora.new@example.com'))?.passwordHash).toBeNull();

    const audits = await userAudits('nora.new@example.com');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ operator: 'admin@example.com', operation: 'create_user' });
    expect(audits[0]!.details).toEqual({ before: null, after: { ...created, sign_in: 'external issuer' } });

    // Their token works at once.
    const me = await call('GET', '/api/v1/devops/me', await t.as('nora.new@example.com'));
    expect(me.json()).toEqual({
      email: 'nora.new@example.com',
      name: 'Nora New',
      roles: ['operator', 'viewer'],
      privileges: [...ROLE_PRIVILEGES.operator!],
    });
  });

  it('stores a given password as a scrypt hash, never in the answer or the audit row', async () => {
    const password = 'correct horse battery';
    const res = await call('POST', '/api/v1/admin/users', admin, {
      email: 'pia.local@example.com',
      name: 'Pia',
      roles: ['viewer'],
      password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toMatch(/horse|scrypt|password/i);
    const row = await userRow('pia.local@example.com');
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(password, row?.passwordHash)).toBe(true);
    const [audit] = await userAudits('pia.local@example.com');
    expect(JSON.stringify(audit!.details)).not.toMatch(/horse|scrypt/);
  });

  it('answers 409 user.exists for a taken email, in any case, and writes nothing', async () => {
    const before = await auditTotal();
    const res = await call('POST', '/api/v1/admin/users', admin, {
      email: 'OPERATOR@example.com',
      name: 'Someone Else',
      roles: ['admin'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'user.exists' });
    expect((await userRow('operator@example.com'))?.roles).toEqual(['operator']);
    expect(await auditTotal()).toBe(before);
  });

  it('answers 400 naming each invalid field', async () => {
    const cases: [unknown, string, string][] = [
      [{ email: 'not-an-email', name: 'X', roles: ['viewer'] }, 'body.email', 'a valid email address'],
      [{ email: 'x@example.com', name: '  ', roles: ['viewer'] }, 'body.name', 'required'],
      [{ email: 'x@example.com', name: 'X', roles: [] }, 'body.roles', 'select at least one role'],
      [
        { email: 'x@example.com', name: 'X', roles: ['viewer'], password: 'short' },
        'body.password',
        'at least 10 characters',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/v1/admin/users', admin, payload);
      expect(res.statusCode, field).toBe(400);
      const body = res.json() as ErrorBody;
      expect(body).toMatchObject({ code: 'request.invalid', message: `${field}: ${message}` });
      expect(body.details).toEqual([{ field, message }]);
    }
    expect(await userRow('x@example.com')).toBeUndefined();
  });
});
