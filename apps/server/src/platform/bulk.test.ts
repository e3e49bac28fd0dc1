import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { oidcPayloads, portalUsers } from './schema.js';
import { insertRows } from './bulk.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('insertRows (one JSON parameter per statement)', () => {
  it('stores what a drizzle insert stores: text, null, arrays, booleans, dates, json, and SQL defaults', async () => {
    const at = new Date('2025-03-04T05:06:07.089Z');
    const users = [
      { email: 'bulk.a@example.com', name: 'O\'Hara & "Sons" \\ é', roles: ['admin', 'viewer'], passwordHash: null },
      { email: 'bulk.b@example.com', name: 'Bea', roles: [], passwordHash: 'x$y' },
    ];
    await insertRows(t.database.db, portalUsers, users);
    const got = await t.database.db
      .select()
      .from(portalUsers)
      .where(inArray(portalUsers.email, ['bulk.a@example.com', 'bulk.b@example.com']))
      .orderBy(portalUsers.email);
    expect(
      got.map(({ email, name, roles, passwordHash, disabled }) => ({ email, name, roles, passwordHash, disabled })),
    ).toEqual(users.map((u) => ({ ...u, disabled: false })));
    // Columns the rows leave out take their SQL default (now()).
    for (const u of got) expect(Date.now() - u.createdAt.getTime()).toBeLessThan(60_000);

    const payload = { accountId: 'a', scopes: ['openid', 'email'], at: null, nested: { n: 1.5, ok: true, s: 'é"\\' } };
    const row = { model: 'Bulk', id: 'bulk-1', payload, grantId: null, userCode: 'u', uid: null, consumedAt: null };
    await insertRows(t.database.db, oidcPayloads, [{ ...row, expiresAt: at }]);
    const [stored] = await t.database.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Bulk'), eq(oidcPayloads.id, 'bulk-1')));
    expect(stored).toEqual({ ...row, expiresAt: at });
  });

  it('upserts: inserts new rows, rewrites a changed one, leaves an unchanged one as it is', async () => {
    const upsert = { target: [portalUsers.email], update: [portalUsers.name, portalUsers.roles] };
    const rowOf = async (email: string) =>
      (
        await t.database.rows<{ name: string; roles: string[]; xmin: string }>(
          sql`select name, roles, xmin::text as xmin from portal_users where email = ${email}`,
        )
      )[0];
    const rows = [
      { email: 'upsert.a@example.com', name: 'A', roles: ['viewer'] },
      { email: 'upsert.b@example.com', name: 'B', roles: [] },
    ];
    await insertRows(t.database.db, portalUsers, rows, upsert);
    const a = await rowOf('upsert.a@example.com');
    const b = await rowOf('upsert.b@example.com');
    expect(a).toMatchObject({ name: 'A', roles: ['viewer'] });

    await insertRows(t.database.db, portalUsers, [rows[0]!, { ...rows[1]!, roles: ['operator'] }], upsert);
    expect(await rowOf('upsert.a@example.com')).toEqual(a); // same version: not rewritten
    const b2 = await rowOf('upsert.b@example.com');
    expect(b2).toMatchObject({ name: 'B', roles: ['operator'] });
    expect(b2!.xmin).not.toBe(b!.xmin);
  });

  it('refuses rows that give different columns, and does nothing for none', async () => {
    await expect(
      insertRows(t.database.db, portalUsers, [
        { email: 'bulk.c@example.com', name: 'C', roles: [] },
        { email: 'bulk.d@example.com', name: 'D', roles: [], disabled: true },
      ]),
    ).rejects.toThrow(/different columns/);
    await expect(
      insertRows(t.database.db, portalUsers, [
        { email: 'bulk.e@example.com', name: 'E', roles: [], disabled: true },
        { email: 'bulk.f@example.com', name: 'F', roles: [] },
      ]),
    ).rejects.toThrow(/lacks disabled/);
    await insertRows(t.database.db, portalUsers, []);
    const none = await t.database.db
      .select()
      .from(portalUsers)
      .where(inArray(portalUsers.email, ['bulk.c@example.com', 'bulk.d@example.com', 'bulk.e@example.com']));
    expect(none).toEqual([]);
  });
});
