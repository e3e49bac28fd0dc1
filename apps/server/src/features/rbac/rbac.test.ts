import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRIVILEGES, RBAC_MESSAGES } from '@portal/contract';
import type { ErrorBody, ListResult, Profile, RbacPrivilege, RbacRole } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs, portalUsers, privilegeGrants, rbacRolePrivileges, rbacRoles } from '../../platform/schema.js';

let t: TestApp;
let admin: { authorization: string };
const RBAC = '/api/v1/admin/rbac';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
  await t.database.db.insert(portalUsers).values([
    { email: 'rhea.role@example.test', name: 'Rhea Role', roles: ['viewer'] },
    { email: 'gus.grant@example.test', name: 'Gus Grant', roles: ['viewer'] },
  ]);
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = admin, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function roleNamed(name: string): Promise<RbacRole | undefined> {
  const res = await call('GET', `${RBAC}/role/list?search=${name}&per_page=100`);
  return (res.json() as ListResult<RbacRole>).items.find((r) => r.name === name);
}

const audits = (instanceId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'rbac_role'), eq(auditLogs.instanceId, instanceId)))
    .orderBy(auditLogs.id);

describe('the privilege catalogue and the built-in roles', () => {
  it('lists every privilege with its area and description', async () => {
    const res = await call('GET', `${RBAC}/privilege/list`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListResult<RbacPrivilege>;
    expect(body.items.map((p) => p.name)).toEqual([...PRIVILEGES]);
    expect(body.items.find((p) => p.name === 'billing.manage')).toMatchObject({
      area: 'billing',
      area_label: 'Billing',
    });
  });

  it('seeds admin with every privilege, operator and viewer with theirs, and counts their holders', async () => {
    const adminRole = await roleNamed('admin');
    expect(adminRole).toMatchObject({ builtin: true });
    expect(adminRole!.privileges).toEqual([...PRIVILEGES]);
    expect(adminRole!.users).toBeGreaterThanOrEqual(1);
    const viewer = await roleNamed('viewer');
    expect(viewer!.privileges.every((p) => p.endsWith('.read'))).toBe(true);
    const privs = await call('GET', `${RBAC}/role-privilege/list/${viewer!.id}`);
    expect((privs.json() as ListResult<RbacPrivilege>).items.map((p) => p.name)).toEqual(viewer!.privileges);
    expect((await call('GET', `${RBAC}/role-privilege/list/999999`)).statusCode).toBe(404);
  });

  it('refuses to edit the admin role or delete a built-in role', async () => {
    const adminRole = await roleNamed('admin');
    const edit = await call('POST', `${RBAC}/role/update`, admin, { id: adminRole!.id, privileges: ['orgs.read'] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'rbac.builtinRole' });
    const viewer = await roleNamed('viewer');
    const del = await call('DELETE', `${RBAC}/role/${viewer!.id}`);
    expect(del.statusCode).toBe(409);
    expect((await roleNamed('admin'))!.privileges).toEqual([...PRIVILEGES]);
  });
});

describe('a custom role', () => {
  it('validates name and privileges with the messages the form shows', async () => {
    for (const [payload, field, message] of [
      [{ name: 'Bad Name', privileges: ['orgs.read'] }, 'body.name', RBAC_MESSAGES.roleName],
      [{ name: 'empty-role', privileges: [] }, 'body.privileges', RBAC_MESSAGES.privilegesRequired],
      [{ name: 'twice', privileges: ['orgs.read', 'orgs.read'] }, 'body.privileges', RBAC_MESSAGES.privilegeTwice],
      [{ name: 'unknown', privileges: ['orgs.destroy'] }, 'body.privileges.0', RBAC_MESSAGES.unknownPrivilege],
    ] as const) {
      const res = await call('POST', `${RBAC}/role-privilege/create`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as ErrorBody).details).toContainEqual({ field, message });
    }
  });

  it('takes effect at once: created, given to a user, widened and narrowed without a restart, all audited', async () => {
    const rhea = await t.as('rhea.role@example.test');
    // A viewer: no billing changes.
    const before = await call('GET', '/api/v1/devops/me', rhea);
    expect((before.json() as Profile).privileges).not.toContain('billing.write');

    const created = await call('POST', `${RBAC}/role-privilege/create`, admin, {
      name: 'billing-clerk',
      description: 'Billing changes',
      privileges: ['billing.write', 'billing.read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as RbacRole;
    expect(role).toMatchObject({ name: 'billing-clerk', builtin: false, users: 0 });
    expect(role.privileges).toEqual(['billing.read', 'billing.write']);
    const again = await call('POST', `${RBAC}/role-privilege/create`, admin, {
      name: 'billing-clerk',
      privileges: ['orgs.read'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'rbac.roleExists' });

    const assign = await call('PUT', '/api/v1/admin/users/rhea.role%40example.test/roles', admin, {
      roles: ['viewer', 'billing-clerk'],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(((await call('GET', '/api/v1/devops/me', rhea)).json() as Profile).privileges).toContain('billing.write');
    expect((await roleNamed('billing-clerk'))!.users).toBe(1);

    // Narrowed: the privilege is gone on the next request.
    const narrowed = await call('POST', `${RBAC}/role/update`, admin, { id: role.id, privileges: ['billing.read'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(((await call('GET', '/api/v1/devops/me', rhea)).json() as Profile).privileges).not.toContain(
      'billing.write',
    );
    // Widened by an admin: a route it did not allow answers now.
    const orgs = () => call('GET', '/api/v1/admin/orgs?per_page=1', rhea);
    const viewerRole = await roleNamed('viewer');
    await call('POST', `${RBAC}/role/update`, admin, {
      id: viewerRole!.id,
      privileges: viewerRole!.privileges.filter((p) => p !== 'orgs.read'),
    });
    const refused = await orgs();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden', details: { privilege: 'orgs.read' } });
    expect((refused.json() as ErrorBody).message).toContain('orgs.read');
    await call('POST', `${RBAC}/role/update`, admin, { id: viewerRole!.id, privileges: viewerRole!.privileges });
    expect((await orgs()).statusCode).toBe(200);

    // Held: it cannot be deleted; once nobody holds it, it can.
    expect((await call('DELETE', `${RBAC}/role/${role.id}`)).json()).toMatchObject({ code: 'rbac.roleInUse' });
    await call('PUT', '/api/v1/admin/users/rhea.role%40example.test/roles', admin, { roles: ['viewer'] });
    expect((await call('DELETE', `${RBAC}/role/${role.id}`)).statusCode).toBe(200);
    expect(await roleNamed('billing-clerk')).toBeUndefined();

    expect((await audits('billing-clerk')).map((a) => a.operation)).toEqual([
      'create_role',
      'update_role',
      'delete_role',
    ]);
    const update = (await audits('billing-clerk'))[1]!;
    expect(update.details).toMatchObject({ removed: ['billing.write'], added: [] });
  });

  it('refuses roles the user cannot be given: an unknown role name', async () => {
    const res = await call('PUT', '/api/v1/admin/users/rhea.role%40example.test/roles', admin, { roles: ['ghost'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'rbac.unknownRole' });
  });

  it('needs rbac.manage to change roles: an operator reads them and is refused a change, naming the privilege', async () => {
    const operator = await t.as('operator@example.com');
    expect((await call('GET', `${RBAC}/role/list`, operator)).statusCode).toBe(200);
    const res = await call('POST', `${RBAC}/role-privilege/create`, operator, {
      name: 'sneaky',
      privileges: ['admin.users'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ details: { privilege: 'rbac.manage' } });
  });
});

describe('separation of duties and no escalation', () => {
  it('lets nobody give themselves a role, nor grant privileges they do not hold', async () => {
    const [role] = await t.database.db
      .insert(rbacRoles)
      .values({ name: 'user-manager', description: 'manages users and roles' })
      .returning();
    await t.database.db
      .insert(rbacRolePrivileges)
      .values(
        ['admin.users', 'rbac.read', 'rbac.manage', 'orgs.read'].map((privilege) => ({ roleId: role!.id, privilege })),
      );
    await t.database.db
      .insert(portalUsers)
      .values({ email: 'uma.manager@example.test', name: 'Uma Manager', roles: ['user-manager'] });
    const uma = await t.as('uma.manager@example.test');

    // A role with a privilege Uma lacks: refused, naming it.
    const create = await call('POST', `${RBAC}/role-privilege/create`, uma, {
      name: 'uma-billing',
      privileges: ['orgs.read', 'billing.manage'],
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({
      code: 'rbac.escalation',
      message: 'You cannot grant privileges you do not hold: billing.manage',
    });
    // Widening a role she holds: the same.
    const widen = await call('POST', `${RBAC}/role/update`, uma, {
      id: role!.id,
      privileges: ['admin.users', 'rbac.read', 'rbac.manage', 'orgs.read', 'admin.iam'],
    });
    expect(widen.json()).toMatchObject({ code: 'rbac.escalation' });
    // Giving herself (or anyone) the admin role: refused.
    const self = await call('PUT', '/api/v1/admin/users/uma.manager%40example.test/roles', uma, {
      roles: ['user-manager', 'viewer'],
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'user.cannotGrantSelf' });
    const other = await call('PUT', '/api/v1/admin/users/rhea.role%40example.test/roles', uma, { roles: ['admin'] });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'rbac.escalation' });
    // Within what she holds, she can.
    const fine = await call('POST', `${RBAC}/role-privilege/create`, uma, {
      name: 'uma-orgs',
      privileges: ['orgs.read'],
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('a time-bound privilege grant', () => {
  it('counts while active and unexpired, checked at the time of use', async () => {
    const gus = await t.as('gus.grant@example.test');
    const url = '/api/v1/admin/orgs?per_page=1';
    const viewerRole = await roleNamed('viewer');
    // Gus's role no longer grants orgs.read for this test; a grant does.
    await call('POST', `${RBAC}/role/update`, admin, {
      id: viewerRole!.id,
      privileges: viewerRole!.privileges.filter((p) => p !== 'orgs.read'),
    });
    try {
      expect((await call('GET', url, gus)).statusCode).toBe(403);
      const [grant] = await t.database.db
        .insert(privilegeGrants)
        .values({
          userEmail: 'gus.grant@example.test',
          privilege: 'orgs.read',
          reason: 'investigating a tenant',
          status: 'active',
          requestedBy: 'admin@example.com',
          expiresAt: new Date(Date.now() + 1500),
        })
        .returning();
      const { invalidateAccess } = await import('../../platform/access-control.js');
      invalidateAccess();
      expect((await call('GET', url, gus)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1600));
      // No job ran: the expiry alone refuses it.
      expect((await call('GET', url, gus)).statusCode).toBe(403);
      expect(grant!.id).toBeGreaterThan(0);
    } finally {
      await call('POST', `${RBAC}/role/update`, admin, { id: viewerRole!.id, privileges: viewerRole!.privileges });
    }
  });
});
