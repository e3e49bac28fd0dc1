import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { ErrorBody, ListResult, PortalUser, UserDetail, UserSyncResult } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  auditLogs,
  iamGroupMembers,
  iamUserGroups,
  portalUsers,
  rbacRolePrivileges,
  rbacRoles,
} from '../../platform/schema.js';
import { DIRECTORY_PAGE_SIZE, restDirectory } from './directory.js';

type Headers = { authorization: string };
const USERS = '/api/v1/devops/users';

describe('devops users and the last-admin guard', () => {
  let t: TestApp;
  let admin: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin@example.com');
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('GET /users lists the portal users like the admin list', async () => {
    const devops = await call('GET', `${USERS}?search=example.com&per_page=100`, admin);
    const adminList = await call('GET', `/api/v1/admin/users?search=example.com&per_page=100`, admin);
    expect(devops.statusCode).toBe(200);
    expect(devops.json()).toEqual(adminList.json());
    const body = devops.json() as ListResult<PortalUser>;
    expect(body.items.find((u) => u.email === 'priya.raman@example.com')).toMatchObject({
      roles: ['admin'],
      disabled: true,
    });
  });

  it('GET /users/:email gives roles, groups and active grants', async () => {
    await t.database.db
      .insert(iamUserGroups)
      .values({ name: 'dba-team', createdBy: 'admin@example.com' })
      .onConflictDoNothing();
    await t.database.db
      .insert(iamGroupMembers)
      .values({ groupName: 'dba-team', userEmail: 'maria.garcia@example.com', addedBy: 'admin@example.com' })
      .onConflictDoNothing();
    const res = await call('GET', `${USERS}/${encodeURIComponent('Maria.Garcia@example.com')}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UserDetail;
    expect(body).toMatchObject({
      email: 'maria.garcia@example.com',
      name: 'Maria Garcia',
      roles: ['operator'],
      disabled: false,
    });
    expect(body.groups).toContain('dba-team');
    // The demo's active grant of providers.manage; never her pending (partners.manage) or expired one.
    expect(body.grants.map((g) => [g.privilege, g.status])).toEqual([['providers.manage', 'active']]);
    const missing = await call('GET', `${USERS}/nobody@example.com`, admin);
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as ErrorBody).code).toBe('user.notFound');
  });

  it('PUT /users/:email/roles changes roles like the admin route (audited)', async () => {
    await t.database.db
      .insert(portalUsers)
      .values({ email: 'rolf.roles@example.com', name: 'Rolf', roles: ['viewer'] });
    const res = await call('PUT', `${USERS}/rolf.roles@example.com/roles`, admin, { roles: ['operator', 'viewer'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'rolf.roles@example.com', roles: ['operator', 'viewer'] });
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.type, 'user'), eq(auditLogs.instanceId, 'rolf.roles@example.com')));
    expect(audits.map((a) => a.operation)).toEqual(['update_roles']);
    const bad = await call('PUT', `${USERS}/rolf.roles@example.com/roles`, admin, { roles: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('POST /users/sync reads the built-in issuer accounts: nothing to add on the demo', async () => {
    const res = await call('POST', `${USERS}/sync`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      source: 'built-in',
      added: 0,
      updated: 0,
      unchanged: 2,
      added_users: [],
      updated_users: [],
    } satisfies UserSyncResult);
  });

  it('refuses the users routes to non-admins', async () => {
    const operator = await t.as('operator@example.com');
    for (const [method, url] of [
      ['GET', USERS],
      ['GET', `${USERS}/admin@example.com`],
      ['PUT', `${USERS}/admin@example.com/roles`],
      ['POST', `${USERS}/sync`],
    ] as const) {
      const res = await call(method, url, operator, method === 'PUT' ? { roles: ['viewer'] } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
  });

  describe('the last enabled admin', () => {
    // Uma administers users through a custom role (admin.users) without being an admin herself: she is the only
    // kind of actor who can try to remove the last admin (an admin cannot demote or disable themselves).
    let uma: Headers;
    beforeAll(async () => {
      const [role] = await t.database.db
        .insert(rbacRoles)
        .values({ name: 'user-admin', description: 'Manages users' })
        .returning({ id: rbacRoles.id });
      await t.database.db.insert(rbacRolePrivileges).values({ roleId: role!.id, privilege: 'admin.users' });
      await t.database.db.insert(portalUsers).values([
        { email: 'uma.users@example.com', name: 'Uma Users', roles: ['user-admin'] },
        { email: 'other.admin@example.com', name: 'Other Admin', roles: ['admin'] },
      ]);
      uma = await t.as('uma.users@example.com');
    });

    const enabledAdmins = async () =>
      (
        await t.database.db
          .select({ email: portalUsers.email, roles: portalUsers.roles, disabled: portalUsers.disabled })
          .from(portalUsers)
      )
        .filter((u) => u.roles.includes('admin') && !u.disabled)
        .map((u) => u.email)
        .sort();

    it('may be neither demoted nor disabled: 409 user.lastAdmin, nothing changed', async () => {
      expect(await enabledAdmins()).toEqual(['admin@example.com', 'other.admin@example.com']);
      // With two, one may go.
      // (To a role she holds: she can give no role granting more than she has.)
      const demote = await call('PUT', `${USERS}/other.admin@example.com/roles`, uma, { roles: ['user-admin'] });
      expect(demote.statusCode, demote.body).toBe(200);
      expect(await enabledAdmins()).toEqual(['admin@example.com']);

      const auditsBefore = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.type, 'user'), eq(auditLogs.instanceId, 'admin@example.com')));
      // Now admin@ is the last one.
      const demoteLast = await call('PUT', `${USERS}/admin@example.com/roles`, uma, { roles: ['user-admin'] });
      expect(demoteLast.statusCode).toBe(409);
      expect(demoteLast.json()).toMatchObject({
        code: 'user.lastAdmin',
        message: 'admin@example.com is the last enabled admin: the portal must keep one',
      });
      const disableLast = await call('PUT', '/api/v1/admin/users/admin@example.com/disabled', uma, { disabled: true });
      expect(disableLast.statusCode).toBe(409);
      expect((disableLast.json() as ErrorBody).code).toBe('user.lastAdmin');
      expect(await enabledAdmins()).toEqual(['admin@example.com']);
      const auditsAfter = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.type, 'user'), eq(auditLogs.instanceId, 'admin@example.com')));
      expect(auditsAfter.length).toBe(auditsBefore.length);
      // A disabled admin does not count: re-enabling the demoted one as an admin but disabled changes nothing.
      await t.database.db
        .update(portalUsers)
        .set({ roles: ['admin'], disabled: true })
        .where(eq(portalUsers.email, 'other.admin@example.com'));
      const still = await call('PUT', `${USERS}/admin@example.com/roles`, uma, { roles: ['user-admin'] });
      expect((still.json() as ErrorBody).code).toBe('user.lastAdmin');
      // Keeping the admin role while adding one she holds is fine; adding one granting more than she holds is not.
      const widen = await call('PUT', `${USERS}/admin@example.com/roles`, uma, { roles: ['admin', 'user-admin'] });
      expect(widen.statusCode).toBe(200);
      const escalate = await call('PUT', `${USERS}/admin@example.com/roles`, uma, {
        roles: ['admin', 'user-admin', 'operator'],
      });
      expect((escalate.json() as ErrorBody).code).toBe('rbac.escalation');
    });
  });
});

describe('POST /users/sync from an external directory (OIDC_DIRECTORY_URL)', () => {
  let t: TestApp;
  let server: http.Server;
  let answer: { status: number; body: unknown } = { status: 200, body: [] };
  const seen: { url: string; authorization: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url!, authorization: req.headers.authorization });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      OIDC_DIRECTORY_URL: `http://127.0.0.1:${port}/admin/realms/portal/`,
      OIDC_DIRECTORY_TOKEN: 'directory-secret',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('adds missing users as viewers, updates names, never removes or changes roles; audited', async () => {
    answer = {
      status: 200,
      body: [
        { email: 'New.Person@Example.com', firstName: 'New', lastName: 'Person', enabled: true },
        { email: 'sam.okafor@example.com', firstName: 'Samuel', lastName: 'Okafor' },
        { email: 'lin.wei@example.com', firstName: 'Lin', lastName: 'Wei' },
        { email: 'handle.only@example.com', username: 'handle' },
        { email: 'off.boarded@example.com', firstName: 'Off', enabled: false },
        { username: 'no-email' },
      ],
    };
    const admin = await t.as('admin@example.com');
    const res = await t.app.inject({ method: 'POST', url: `${USERS}/sync`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      source: 'external',
      added: 2,
      updated: 1,
      unchanged: 1,
      added_users: ['handle.only@example.com', 'new.person@example.com'],
      updated_users: ['sam.okafor@example.com'],
    });
    expect(seen[0]).toEqual({
      url: `/admin/realms/portal/users?first=0&max=${DIRECTORY_PAGE_SIZE}`,
      authorization: 'Bearer directory-secret',
    });
    const rows = await t.database.db
      .select()
      .from(portalUsers)
      .where(
        inArray(portalUsers.email, [
          'new.person@example.com',
          'handle.only@example.com',
          'sam.okafor@example.com',
          'off.boarded@example.com',
        ]),
      )
      .orderBy(portalUsers.email);
    expect(rows.map((r) => [r.email, r.name, r.roles, r.disabled, r.passwordHash])).toEqual([
      ['handle.only@example.com', 'handle', ['viewer'], false, null],
      ['new.person@example.com', 'New Person', ['viewer'], false, null],
      ['sam.okafor@example.com', 'Samuel Okafor', ['viewer'], false, null],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.type, 'user'), inArray(auditLogs.operation, ['sync_add_user', 'sync_update_user'])))
      .orderBy(auditLogs.id);
    expect(audits.map((a) => [a.instanceId, a.operation])).toEqual([
      ['handle.only@example.com', 'sync_add_user'],
      ['new.person@example.com', 'sync_add_user'],
      ['sam.okafor@example.com', 'sync_update_user'],
    ]);
    expect(audits[2]!.details).toEqual({
      source: 'external',
      before: { name: 'Sam Okafor' },
      after: { name: 'Samuel Okafor' },
    });
    // The new user signs in through the issuer and can read, as a viewer.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devops/me',
      headers: await t.as('new.person@example.com'),
    });
    expect(me.json()).toMatchObject({ roles: ['viewer'] });

    // Again: everything unchanged; nothing removed though the directory no longer lists them.
    answer = { status: 200, body: [{ email: 'sam.okafor@example.com', firstName: 'Samuel', lastName: 'Okafor' }] };
    const again = await t.app.inject({ method: 'POST', url: `${USERS}/sync`, headers: admin });
    expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(
      (await t.database.db.select().from(portalUsers).where(eq(portalUsers.email, 'new.person@example.com'))).length,
    ).toBe(1);
  });

  it('answers 502 directory.unavailable when the directory fails, changing nothing', async () => {
    answer = { status: 500, body: { error: 'boom' } };
    const res = await t.app.inject({ method: 'POST', url: `${USERS}/sync`, headers: await t.as('admin@example.com') });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'directory.unavailable' });
    expect((res.json() as ErrorBody).message).toContain('answered 500 to the user list');
  });
});

describe('restDirectory', () => {
  it('pages with first/max until a short page', async () => {
    const all = Array.from({ length: DIRECTORY_PAGE_SIZE + 5 }, (_, i) => ({
      email: `u${i}@example.com`,
      firstName: `U${i}`,
    }));
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(url);
      const u = new URL(url);
      const first = Number(u.searchParams.get('first'));
      const max = Number(u.searchParams.get('max'));
      return new Response(JSON.stringify(all.slice(first, first + max)), { status: 200 });
    }) as unknown as typeof fetch;
    const users = await restDirectory({ url: 'http://dir.test', token: undefined, fetch: fake }).list();
    expect(users.length).toBe(DIRECTORY_PAGE_SIZE + 5);
    expect(urls).toEqual([
      `http://dir.test/users?first=0&max=${DIRECTORY_PAGE_SIZE}`,
      `http://dir.test/users?first=${DIRECTORY_PAGE_SIZE}&max=${DIRECTORY_PAGE_SIZE}`,
    ]);
  });

  it('stops when a server ignores paging (the same page again)', async () => {
    const page = Array.from({ length: DIRECTORY_PAGE_SIZE }, (_, i) => ({ email: `p${i}@example.com` }));
    let calls = 0;
    const fake = (async () => {
      calls++;
      return new Response(JSON.stringify(page), { status: 200 });
    }) as unknown as typeof fetch;
    const users = await restDirectory({ url: 'http://dir.test', token: 't', fetch: fake }).list();
    expect(users.length).toBe(DIRECTORY_PAGE_SIZE);
    expect(calls).toBe(2);
  });

  it('refuses an answer of another shape', async () => {
    const fake = (async () => new Response(JSON.stringify({ users: [] }), { status: 200 })) as unknown as typeof fetch;
    await expect(restDirectory({ url: 'http://dir.test', token: 't', fetch: fake }).list()).rejects.toMatchObject({
      code: 'directory.unavailable',
    });
  });
});
