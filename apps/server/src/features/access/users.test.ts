import { ROLE_PRIVILEGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { ListResult, PortalUser } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { portalUsers } from '../../platform/schema.js';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
  // Enough extra people for several pages, with names that test the search.
  await t.database.db.insert(portalUsers).values([
    { email: 'zoe.percent@example.com', name: '100% Zoe', roles: ['viewer'] },
    { email: 'under_score@example.com', name: 'Una Underscore', roles: ['viewer', 'operator'] },
    { email: 'yuki@corp.example', name: 'Yuki Tanaka', roles: ['admin'] },
  ]);
});
afterAll(() => t?.close());

async function users(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users${query}`, headers: admin });
  return { res, body: res.json() as ListResult<PortalUser> };
}

describe('the caller profile', () => {
  it('GET /api/v1/devops/me returns the caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devops/me',
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'operator@example.com',
      name: 'Oscar Operator',
      roles: ['operator'],
      privileges: [...ROLE_PRIVILEGES.operator!],
    });
  });

  it('POST /api/v1/admin/profile/query returns the caller, with or without a body', async () => {
    const headers = await t.as('sam.okafor@example.com');
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/profile/query',
      headers,
      payload: { anything: 1 },
    });
    expect(withBody.statusCode).toBe(200);
    expect(withBody.json()).toEqual({
      email: 'sam.okafor@example.com',
      name: 'Sam Okafor',
      roles: ['viewer'],
      privileges: [...ROLE_PRIVILEGES.viewer!],
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/admin/profile/query', headers });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ email: 'sam.okafor@example.com' });
  });

  it('is refused without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/profile/query', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('lists every portal user, sorted by email, first page of 10 by default', async () => {
    const [row] = await t.database.db.select({ n: count() }).from(portalUsers);
    const { res, body } = await users('');
    expect(res.statusCode).toBe(200);
    expect(body.total).toBe(row!.n);
    expect(body.items.length).toBe(Math.min(10, row!.n));
    const emails = body.items.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const adminRow = body.items.find((u) => u.email === 'admin@example.com');
    expect(adminRow).toMatchObject({ name: 'Ada Admin', roles: ['admin'] });
    expect(new Date(adminRow!.created_at).toISOString()).toBe(adminRow!.created_at);
    // Never the password hash.
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i);
  });

  it('pages without overlap or gaps', async () => {
    const all = (await users('?per_page=100')).body;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
      const { body } = await users(`?per_page=3&page=${page}`);
      expect(body.total).toBe(all.total);
      seen.push(...body.items.map((u) => u.email));
    }
    expect(seen).toEqual(all.items.map((u) => u.email));
    const past = await users(`?per_page=3&page=${Math.ceil(all.total / 3) + 1}`);
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBe(all.total);
  });

  it('searches email and name, case-insensitively', async () => {
    expect((await users('?search=OSCAR')).body.items.map((u) => u.email)).toEqual(['operator@example.com']);
    expect((await users('?search=corp.example')).body.items.map((u) => u.email)).toEqual(['yuki@corp.example']);
    const { body } = await users('?search=' + encodeURIComponent(' ada '));
    expect(body.items.map((u) => u.email)).toEqual(['admin@example.com']);
    expect(body.total).toBe(1);
  });

  it('treats % and _ in the search literally', async () => {
    expect((await users('?search=' + encodeURIComponent('%'))).body.items.map((u) => u.email)).toEqual([
      'zoe.percent@example.com',
    ]);
    expect((await users('?search=' + encodeURIComponent('_'))).body.items.map((u) => u.email)).toEqual([
      'under_score@example.com',
    ]);
  });

  it('filters by role and combines with search', async () => {
    const ops = (await users('?role=operator&per_page=100')).body;
    expect(ops.items.every((u) => u.roles.includes('operator'))).toBe(true);
    expect(ops.items.map((u) => u.email)).toEqual(
      expect.arrayContaining(['operator@example.com', 'under_score@example.com']),
    );
    expect(ops.total).toBe(ops.items.length);
    expect((await users('?role=admin&search=yuki')).body.items.map((u) => u.email)).toEqual(['yuki@corp.example']);
    expect((await users('?role=nobody')).body).toEqual({ items: [], total: 0 });
  });

  it('sorts by name descending on request', async () => {
    const { body } = await users('?sort=-name&per_page=100');
    const names = body.items.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('refuses invalid paging and sorting with 400 request.invalid', async () => {
    for (const q of ['?per_page=0', '?page=0', '?page=abc', '?sort=password_hash']) {
      const { res } = await users(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
    }
  });
});
