import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IAM_MESSAGES } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs, iamApiKeys, portalUsers, rbacRolePrivileges, rbacRoles } from '../../platform/schema.js';
import { hashApiKey } from '../../platform/access-control.js';

const IAM = '/api/v1/devops/iam';
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const ORGS = '/api/v1/admin/orgs';
const CTL = '/api/v1/devops/cluster/ctl';
const INCIDENTS = '/api/v1/devops/incidents';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, body?: unknown, as: string | { authorization: string } = ADMIN) {
  const headers = typeof as === 'string' ? await t.as(as) : as;
  return t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}
const ok = async (method: Method, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const audits = (type: string, instanceId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, type), eq(auditLogs.instanceId, instanceId)));

describe('access to IAM', () => {
  it('needs admin.iam: an operator gets 403 naming it', async () => {
    const res = await call('GET', `${IAM}/usergroups`, undefined, OPERATOR);
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual({ privilege: 'admin.iam' });
  });
});

describe('the demo seed', () => {
  it('has groups with members and bindings, keys in every status and policies', async () => {
    const groups = await ok('GET', `${IAM}/usergroups?per_page=100`);
    expect(groups.items.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['billing-team', 'sre-oncall', 'support-readonly']),
    );
    const support = await ok('GET', `${IAM}/usergroups/support-readonly`);
    expect(support.member_list.map((m: { email: string }) => m.email)).toEqual(['sam.okafor@example.com']);
    expect(support.policies).toEqual(['deny-ctl-write']);
    const keys = await ok('GET', `${IAM}/apikeys?per_page=100`);
    expect(new Set(keys.items.map((k: { status: string }) => k.status))).toEqual(
      new Set(['active', 'revoked', 'expired']),
    );
    const policies = await ok('GET', `${IAM}/policies`);
    expect(policies.total).toBeGreaterThanOrEqual(3);
  });

  it('leaves the demo admin and operator with what their roles give', async () => {
    const admin = await call('GET', '/api/v1/devops/me', undefined, ADMIN);
    const op = await call('GET', '/api/v1/devops/me', undefined, OPERATOR);
    expect(admin.json().privileges).toContain('admin.iam');
    expect(op.json().privileges).not.toContain('admin.iam');
    expect(op.json().privileges).toContain('ctl.write');
    expect(op.json().privileges).not.toContain('billing.manage');
  });

  it('serves the spec §7 "user groups and mappings" aliases', async () => {
    const list = await ok('GET', '/api/v1/devops/usergroups?search=billing');
    expect(list.items.map((g: { name: string }) => g.name)).toEqual(['billing-team']);
    const mappings = await ok('GET', '/api/v1/devops/usergroups/billing-team/mappings');
    expect(mappings.items).toEqual([expect.objectContaining({ kind: 'policy', target: 'allow-billing' })]);
    expect((await call('GET', '/api/v1/devops/usergroups/nope/mappings')).statusCode).toBe(404);
  });
});

describe('user groups', () => {
  it('validates the name and refuses a duplicate (409)', async () => {
    const bad = await call('POST', `${IAM}/usergroups`, { name: 'No Spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'body.name', message: IAM_MESSAGES.name }]);
    expect((await call('POST', `${IAM}/usergroups`, { name: 'dup-group' })).statusCode).toBe(201);
    const dup = await call('POST', `${IAM}/usergroups`, { name: 'dup-group' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'iam.groupExists',
      message: 'A user group named dup-group already exists',
    });
  });

  it('gives its members the privileges of a role bound to it, and takes them away with the membership', async () => {
    await t.database.db.insert(portalUsers).values({ email: 'nobody@example.test', name: 'No Role', roles: [] });
    const nobody = 'nobody@example.test';
    expect((await call('GET', ORGS, undefined, nobody)).statusCode).toBe(403);

    await ok('POST', `${IAM}/usergroups`, { name: 'readers', description: 'Read-only staff' });
    const added = await ok('POST', `${IAM}/usergroups/readers/members`, { emails: ['Nobody@Example.test'] });
    expect(added.member_list.map((m: { email: string }) => m.email)).toEqual([nobody]);
    const binding = (
      await call('POST', `${IAM}/rolebindings`, { role: 'viewer', subject_type: 'group', subject: 'readers' })
    ).json();
    expect(binding).toMatchObject({ kind: 'role', target: 'viewer', subject_type: 'group', subject: 'readers' });

    expect((await call('GET', ORGS, undefined, nobody)).statusCode).toBe(200);
    const user = await ok('GET', `${IAM}/users/${nobody}`);
    expect(user).toMatchObject({ roles: [], bound_roles: ['viewer'], groups: ['readers'] });
    expect(user.privileges).toContain('orgs.read');

    await ok('DELETE', `${IAM}/usergroups/readers/members/${nobody}`);
    expect((await call('GET', ORGS, undefined, nobody)).statusCode).toBe(403);
    const gone = await call('DELETE', `${IAM}/usergroups/readers/members/${nobody}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses unknown members with a clear message', async () => {
    await ok('POST', `${IAM}/usergroups`, { name: 'strangers' });
    const res = await call('POST', `${IAM}/usergroups/strangers/members`, { emails: ['ghost@example.test'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No portal user has the email ghost@example.test');
  });

  it('deletes a group with its memberships and bindings, audited', async () => {
    await ok('POST', `${IAM}/usergroups`, { name: 'short-lived' });
    await ok('POST', `${IAM}/usergroups/short-lived/members`, { emails: [OPERATOR] });
    await ok('POST', `${IAM}/rolebindings`, { role: 'viewer', subject_type: 'group', subject: 'short-lived' });
    await ok('DELETE', `${IAM}/usergroups/short-lived`);
    expect((await call('GET', `${IAM}/usergroups/short-lived`)).statusCode).toBe(404);
    const left = await ok('GET', `${IAM}/rolebindings?subject_type=group&subject=short-lived`);
    expect(left.total).toBe(0);
    const user = await ok('GET', `${IAM}/users/${OPERATOR}`);
    expect(user.groups).not.toContain('short-lived');
    const trail = await audits('iam_user_group', 'short-lived');
    expect(trail.map((a) => a.operation)).toEqual(['create_user_group', 'add_members', 'delete_user_group']);
    expect(trail[2]!.details).toMatchObject({
      before: { members: [OPERATOR], bindings: [{ kind: 'role', target: 'viewer' }] },
    });
  });
});

describe('API keys', () => {
  it('validates name, role and expiry', async () => {
    const badName = await call('POST', `${IAM}/apikeys`, { name: 'X', role: 'viewer' });
    expect(badName.json().details).toEqual([{ field: 'body.name', message: IAM_MESSAGES.name }]);
    const badRole = await call('POST', `${IAM}/apikeys`, { name: 'no-such-role', role: 'root' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe('No role named root: the roles are those of /rbac');
    const past = await call('POST', `${IAM}/apikeys`, {
      name: 'in-the-past',
      role: 'viewer',
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ field: 'body.expires_at', message: IAM_MESSAGES.expiresInFuture }]);
  });

  it('shows the secret once, stores its hash, works as a bearer within its role, and stops when revoked', async () => {
    const created = await call('POST', `${IAM}/apikeys`, {
      name: 'ci-viewer',
      description: 'CI',
      role: 'viewer',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const { secret, prefix, status } = created.json();
    expect(secret).toMatch(/^mpk_/);
    expect(prefix).toBe(secret.slice(0, 12));
    expect(status).toBe('active');

    const [row] = await t.database.db.select().from(iamApiKeys).where(eq(iamApiKeys.name, 'ci-viewer'));
    expect(row!.secretHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const detail = await call('GET', `${IAM}/apikeys/ci-viewer`);
    expect(detail.body).not.toContain(secret);
    expect(detail.body).not.toContain(row!.secretHash);
    expect(detail.json()).not.toHaveProperty('secret');
    const trail = await audits('iam_api_key', 'ci-viewer');
    expect(JSON.stringify(trail)).not.toContain(secret);
    expect(JSON.stringify(trail)).not.toContain(row!.secretHash);

    const bearer = { authorization: `Bearer ${secret}` };
    const me = await call('GET', '/api/v1/devops/me', undefined, bearer);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'apikey:ci-viewer', roles: ['viewer'] });
    expect((await call('GET', ORGS, undefined, bearer)).statusCode).toBe(200);
    const write = await call('POST', INCIDENTS, { title: 'x', severity: 'minor' }, bearer);
    expect(write.statusCode).toBe(403);
    expect(write.json().details).toEqual({ privilege: 'incidents.write' });
    const used = await ok('GET', `${IAM}/apikeys/ci-viewer`);
    expect(used.last_used_at).not.toBeNull();

    const revoked = await ok('POST', `${IAM}/apikeys/ci-viewer/revoke`);
    expect(revoked).toMatchObject({ status: 'revoked', revoked_by: ADMIN });
    expect((await call('GET', '/api/v1/devops/me', undefined, bearer)).statusCode).toBe(401);
    expect((await call('GET', ORGS, undefined, bearer)).statusCode).toBe(401);
    const again = await call('POST', `${IAM}/apikeys/ci-viewer/revoke`);
    expect(again.statusCode).toBe(409);
    // The row and its trail stay.
    expect((await ok('GET', `${IAM}/apikeys?status=revoked`)).items.map((k: { name: string }) => k.name)).toContain(
      'ci-viewer',
    );
    expect((await audits('iam_api_key', 'ci-viewer')).map((a) => a.operation)).toEqual([
      'create_api_key',
      'revoke_api_key',
    ]);
  });

  it('refuses a second key of the same name (409)', async () => {
    expect((await call('POST', `${IAM}/apikeys`, { name: 'twice-key', role: 'viewer' })).statusCode).toBe(201);
    const dup = await call('POST', `${IAM}/apikeys`, { name: 'twice-key', role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('iam.apiKeyExists');
  });

  it('lets a policy bound to a key narrow it further', async () => {
    const { secret } = (await call('POST', `${IAM}/apikeys`, { name: 'narrow-key', role: 'viewer' })).json();
    await ok('POST', `${IAM}/policies`, {
      name: 'no-orgs',
      statements: [{ effect: 'Deny', actions: ['orgs.*'], resources: ['/api/v1/admin/orgs*'] }],
    });
    await ok('POST', `${IAM}/policybindings`, { policy: 'no-orgs', subject_type: 'apikey', subject: 'narrow-key' });
    const res = await call('GET', ORGS, undefined, { authorization: `Bearer ${secret}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual({ privilege: 'orgs.read' });
  });
});

describe('policies', () => {
  const stmt = { effect: 'Deny', actions: ['ctl.write'], resources: ['*'] };

  it('validates statements with clear messages', async () => {
    const cases: [unknown, string][] = [
      [[], IAM_MESSAGES.statementsRequired],
      [[{ ...stmt, actions: ['ctl.fly'] }], IAM_MESSAGES.unknownAction('ctl.fly')],
      [[{ ...stmt, actions: ['nothing.*'] }], IAM_MESSAGES.unknownAction('nothing.*')],
      [[{ ...stmt, resources: ['orgs'] }], IAM_MESSAGES.resource],
      [[{ ...stmt, effect: 'Maybe' }], IAM_MESSAGES.effect],
      [[{ ...stmt, actions: [] }], IAM_MESSAGES.actionsRequired],
      [Array.from({ length: 51 }, () => stmt), IAM_MESSAGES.statementsMax],
    ];
    for (const [statements, message] of cases) {
      const res = await call('POST', `${IAM}/policies`, { name: 'checked', statements });
      expect(res.statusCode, JSON.stringify(statements).slice(0, 80)).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const glob = await call('POST', `${IAM}/policies`, {
      name: 'globbed',
      statements: [{ effect: 'Allow', actions: ['*.read', 'billing.*'], resources: ['/api/v1/devops/*'] }],
    });
    expect(glob.statusCode).toBe(201);
  });

  it('refuses a route with 403 when a bound Deny matches, and lets it again once unbound', async () => {
    // Before: the operator may run ctl commands (the empty body is refused later, by validation).
    expect((await call('POST', CTL, {}, OPERATOR)).statusCode).toBe(400);
    await ok('POST', `${IAM}/policies`, { name: 'no-ctl', description: 'No ctl', statements: [stmt] });
    const binding = await ok('POST', `${IAM}/policybindings`, {
      policy: 'no-ctl',
      subject_type: 'user',
      subject: OPERATOR,
    });
    const denied = await call('POST', CTL, {}, OPERATOR);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().details).toEqual({ privilege: 'ctl.write' });
    const me = (await call('GET', '/api/v1/devops/me', undefined, OPERATOR)).json();
    expect(me.privileges).not.toContain('ctl.write');

    const inUse = await call('DELETE', `${IAM}/policies/no-ctl`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('The policy no-ctl is still bound to 1 subject(s); remove its bindings first');

    const dup = await call('POST', `${IAM}/policybindings`, {
      policy: 'no-ctl',
      subject_type: 'user',
      subject: OPERATOR,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The policy no-ctl is already bound to the user operator@example.com');

    await ok('DELETE', `${IAM}/policybindings/${binding.id}`);
    expect((await call('POST', CTL, {}, OPERATOR)).statusCode).toBe(400);
    // A role binding's id is not a policy binding.
    expect((await call('DELETE', `${IAM}/policybindings/${binding.id}`)).statusCode).toBe(404);
    await ok('DELETE', `${IAM}/policies/no-ctl`);
    expect((await audits('iam_policy', 'no-ctl')).map((a) => a.operation)).toEqual(['create_policy', 'delete_policy']);
    expect((await audits('iam_binding', 'policy:no-ctl')).map((a) => a.operation)).toEqual([
      'create_policy_binding',
      'delete_policy_binding',
    ]);
  });

  it('applies a changed statement at once', async () => {
    await ok('POST', `${IAM}/policies`, {
      name: 'edit-me',
      statements: [{ effect: 'Deny', actions: ['sla.read'], resources: ['*'] }],
    });
    await ok('POST', `${IAM}/policybindings`, { policy: 'edit-me', subject_type: 'user', subject: OPERATOR });
    expect((await call('POST', CTL, {}, OPERATOR)).statusCode).toBe(400);
    const updated = await ok('PUT', `${IAM}/policies/edit-me`, { statements: [stmt] });
    expect(updated.statements).toEqual([stmt]);
    expect((await call('POST', CTL, {}, OPERATOR)).statusCode).toBe(403);
  });
});

describe('bindings', () => {
  it('checks that the target and the subject exist', async () => {
    const cases: [string, object, number, string][] = [
      [
        'rolebindings',
        { role: 'root', subject_type: 'user', subject: OPERATOR },
        400,
        'No role named root: the roles are those of /rbac',
      ],
      ['policybindings', { policy: 'nope', subject_type: 'user', subject: OPERATOR }, 400, 'No policy named nope'],
      [
        'rolebindings',
        { role: 'viewer', subject_type: 'user', subject: 'ghost@example.test' },
        400,
        'No portal user has the email ghost@example.test',
      ],
      ['rolebindings', { role: 'viewer', subject_type: 'group', subject: 'nope' }, 400, 'No user group named nope'],
      ['rolebindings', { role: 'viewer', subject_type: 'apikey', subject: 'nope' }, 400, 'No API key named nope'],
      [
        'rolebindings',
        { role: 'viewer', subject_type: 'apikey', subject: 'legacy-deploy' },
        400,
        'The API key legacy-deploy is revoked: it cannot be bound',
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await call('POST', `${IAM}/${path}`, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await call('DELETE', `${IAM}/rolebindings/999999`)).statusCode).toBe(404);
  });

  it('refuses a Deny that would leave no enabled admin able to manage IAM and users', async () => {
    await ok('POST', `${IAM}/policies`, {
      name: 'deny-admin',
      statements: [{ effect: 'Deny', actions: ['admin.*'], resources: ['*'] }],
    });
    const res = await call('POST', `${IAM}/policybindings`, {
      policy: 'deny-admin',
      subject_type: 'group',
      subject: 'platform-admins',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('iam.lockout');
    // Nothing was bound, and the admin still gets in.
    expect((await ok('GET', `${IAM}/policybindings?policy=deny-admin`)).total).toBe(0);
    expect((await call('GET', `${IAM}/usergroups`)).statusCode).toBe(200);
    // Another user may be denied it.
    const other = await call('POST', `${IAM}/policybindings`, {
      policy: 'deny-admin',
      subject_type: 'user',
      subject: OPERATOR,
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('roles', () => {
  it('lists the RBAC roles with their privileges, holders and bindings', async () => {
    const roles = await ok('GET', `${IAM}/roles`);
    const viewer = roles.items.find((r: { name: string }) => r.name === 'viewer');
    expect(viewer.privileges).toContain('orgs.read');
    expect(viewer.bindings).toBeGreaterThanOrEqual(2);
    const detail = await ok('GET', `${IAM}/roles/viewer`);
    expect(detail.holders.map((h: { email: string }) => h.email)).toContain('sam.okafor@example.com');
    expect(detail.binding_list.map((b: { subject: string }) => b.subject)).toContain('support-readonly');
    expect((await call('GET', `${IAM}/roles/nope`)).statusCode).toBe(404);
  });
});

describe('separation of duties and no escalation', () => {
  it('lets an IAM manager grant neither themselves nor others more than they hold', async () => {
    const [role] = await t.database.db
      .insert(rbacRoles)
      .values({ name: 'iam-manager', description: 'manages IAM' })
      .returning();
    await t.database.db
      .insert(rbacRolePrivileges)
      .values(['admin.iam', 'orgs.read'].map((privilege) => ({ roleId: role!.id, privilege })));
    await t.database.db
      .insert(portalUsers)
      .values({ email: 'ian.iam@example.test', name: 'Ian Iam', roles: ['iam-manager'] });
    const ian = await t.as('ian.iam@example.test');

    const key = await call('POST', `${IAM}/apikeys`, { name: 'ian-operator', role: 'operator' }, ian);
    expect(key.statusCode).toBe(403);
    expect(key.json()).toMatchObject({ code: 'rbac.escalation' });
    const own = await call('POST', `${IAM}/apikeys`, { name: 'ian-own', role: 'iam-manager' }, ian);
    expect(own.statusCode, own.body).toBe(201);

    const self = await call(
      'POST',
      `${IAM}/rolebindings`,
      { role: 'iam-manager', subject_type: 'user', subject: 'ian.iam@example.test' },
      ian,
    );
    expect(self.json()).toMatchObject({ code: 'user.cannotGrantSelf' });
    const wider = await call(
      'POST',
      `${IAM}/rolebindings`,
      { role: 'admin', subject_type: 'user', subject: OPERATOR },
      ian,
    );
    expect(wider.json()).toMatchObject({ code: 'rbac.escalation' });
    const join = await call(
      'POST',
      `${IAM}/usergroups/support-readonly/members`,
      { emails: ['ian.iam@example.test'] },
      ian,
    );
    expect(join.json()).toMatchObject({ code: 'user.cannotGrantSelf' });
  });
});
