import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  JUMP_MESSAGES,
  JUMP_STATUS_ACTIONS,
  JUMP_STATUSES,
  JUMP_TRANSITIONS,
  type Approval,
  type JumpAuthorization,
  type JumpStatus,
} from '@portal/contract';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/app.js';

/*
 * Jump authorizations end to end through the API: the list and its filters, jumpserver users, the request and its
 * validation, approval (and separation of duties), the grant, the expiry job (made due by moving the expiry and the
 * job's run time into the past, as the clock would), cancel in every status, and the audit rows of each step.
 */

const P = '/api/v1/devops/jump';
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const LIN = 'lin.wei@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
const ok = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const get = async (id: string): Promise<JumpAuthorization> =>
  (await ok('GET', `${P}/authorizations/${id}`)).authorization;
const approval = async (id: string): Promise<Approval> =>
  (await ok('GET', `/api/v1/devops/approval/approvals/${id}`)).approval;
const decide = (approvalId: string, decision: 'approve' | 'reject', who = ADMIN) =>
  call('POST', `/api/v1/devops/approval/approvals/${approvalId}/${decision}`, who, {});
const cancel = (id: string, who = OPERATOR, reason?: string) =>
  call('POST', `${P}/authorizations/${id}/cancel`, who, reason === undefined ? {} : { reason });
const request = (body: object, who = OPERATOR) => call('POST', `${P}/authorizations`, who, body);

/** Audit rows of an authorization, oldest first. */
const audit = (id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = 'jump' and instance_id = ${id} order by id`,
  );
const grant = async (grantId: string) =>
  (
    await t.database.rows<{ username: string; hosts: string[]; until: string; revoked_at: string | null }>(
      sql`select username, hosts, until::text, revoked_at::text from jump_grants where id = ${grantId}`,
    )
  )[0];
const expiryJob = async (id: string) =>
  (
    await t.database.rows<{ run_at: string; status: string }>(
      sql`select run_at::text, status from jobs where kind = 'jump.expire' and dedupe_key = ${`jump-expire-${id}`}`,
    )
  )[0];
/** The authorization's expiry job is due now (the clock reached its run time). */
const jobDue = (id: string) =>
  t.database.rows(sql`update jobs set run_at = now() where dedupe_key = ${`jump-expire-${id}`}`);
/** What the clock does: the authorization's expiry (and its job's run time) is now in the past. */
async function timePasses(id: string) {
  await t.database.rows(
    sql`update jump_authorizations set expires_at = now() - interval '1 second' where id = ${Number(id)}`,
  );
  await jobDue(id);
}

/** Available dedicated clusters (with components) nobody has an open request for yet, one per test. */
let freeClusters: { id: string; name: string; tenant_id: string; replicas: number }[] = [];
const nextCluster = () => {
  const c = freeClusters.shift();
  if (!c) throw new Error('no free cluster left');
  return c;
};
beforeAll(async () => {
  freeClusters = await t.database.rows(sql`
    select c.id, c.name, c.tenant_id, (select sum(replicas)::int from cluster_components k where k.cluster_id = c.id) as replicas
    from clusters c
    where c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and c.cluster_type = 'DEDICATED_TIDB'
      and exists (select 1 from cluster_components k where k.cluster_id = c.id)
      and not exists (select 1 from jump_authorizations j where j.cluster_id = c.id)
    order by c.id limit 30`);
});

const body = (clusterId: string, extra: object = {}) => ({
  cluster_id: clusterId,
  jumpserver_user: 'oscar.ops',
  duration_minutes: 60,
  reason: 'Read the TiKV logs for INC-1',
  ...extra,
});

/** A fresh authorization by `who` (approving). */
async function requested(who = OPERATOR, extra: object = {}): Promise<JumpAuthorization> {
  const res = await request(body(nextCluster().id, extra), who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().authorization;
}
/** A fresh authorization, approved by the admin and granted (active). */
async function active(who = OPERATOR, extra: object = {}): Promise<JumpAuthorization> {
  const a = await requested(who, extra);
  expect((await decide(a.approval_id!, 'approve')).statusCode).toBe(200);
  await t.jobs.drain();
  const now = await get(a.id);
  expect(now.status).toBe('active');
  return now;
}

describe('the state machine (contract)', () => {
  it('allows cancel only while approving or active, and ends in expired, cancelled or rejected', () => {
    expect(JUMP_STATUSES).toEqual(['approving', 'active', 'expired', 'cancelled', 'rejected']);
    const cancellable = JUMP_STATUSES.filter((s) => JUMP_STATUS_ACTIONS[s].includes('cancel'));
    expect(cancellable).toEqual(['approving', 'active']);
    expect(JUMP_TRANSITIONS.approving).toEqual(['active', 'rejected', 'cancelled']);
    expect(JUMP_TRANSITIONS.active).toEqual(['expired', 'cancelled']);
    for (const s of ['expired', 'cancelled', 'rejected'] as JumpStatus[]) expect(JUMP_TRANSITIONS[s]).toEqual([]);
  });

  it('pins the messages', () => {
    expect(JUMP_MESSAGES).toMatchObject({
      reasonRequired: 'reason is required',
      reasonTooLong: 'reason must be at most 500 characters',
      durationMin: 'duration must be at least 15 minutes',
      durationMax: 'duration must be at most 24 hours',
      durationWhole: 'duration must be a whole number of minutes',
      clusterRequired: 'cluster is required',
      userRequired: 'jumpserver user is required',
      created: 'Create successful!',
      cancelled: 'Successfully Cancel',
    });
  });
});

describe('lists', () => {
  it('lists the seeded authorizations newest first, filtered by status, cluster and applicant', async () => {
    const all = await ok('GET', `${P}/authorizations?per_page=100`);
    expect(all.total).toBe(all.items.length);
    expect(new Set(all.items.map((a: JumpAuthorization) => a.status))).toEqual(new Set(JUMP_STATUSES));
    const created = all.items.map((a: JumpAuthorization) => a.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const open = await ok('GET', `${P}/authorizations?status=approving&status=active&per_page=100`);
    expect(open.total).toBeGreaterThanOrEqual(4);
    for (const a of open.items) expect(['approving', 'active']).toContain(a.status);
    expect(open.total).toBe(
      all.items.filter((a: JumpAuthorization) => a.status === 'approving' || a.status === 'active').length,
    );

    const first = all.items[0] as JumpAuthorization;
    const byCluster = await ok('GET', `${P}/authorizations?cluster_id=${first.cluster_id}&per_page=100`);
    expect(byCluster.total).toBeGreaterThanOrEqual(1);
    for (const a of byCluster.items) expect(a.cluster_id).toBe(first.cluster_id);

    const lin = await ok('GET', `${P}/authorizations?applicant=LIN.WEI@example.com&per_page=100`);
    expect(lin.total).toBeGreaterThanOrEqual(2);
    for (const a of lin.items) expect(a.applicant).toBe(LIN);

    const page2 = await ok('GET', `${P}/authorizations?per_page=3&page=2`);
    expect(page2.items.map((a: JumpAuthorization) => a.id)).toEqual(
      all.items.slice(3, 6).map((a: JumpAuthorization) => a.id),
    );
  });

  it('sorts by expiry, and refuses an unknown sort or status', async () => {
    const res = await ok('GET', `${P}/authorizations?status=expired&sort=expires_at&per_page=100`);
    const expires = res.items.map((a: JumpAuthorization) => a.expires_at);
    expect(expires.every(Boolean)).toBe(true);
    expect([...expires].sort()).toEqual(expires);
    const desc = await ok('GET', `${P}/authorizations?status=expired&sort=-expires_at&per_page=100`);
    expect(desc.items.map((a: JumpAuthorization) => a.expires_at)).toEqual([...expires].reverse());
    expect((await call('GET', `${P}/authorizations?sort=reason`)).statusCode).toBe(400);
    expect((await call('GET', `${P}/authorizations?status=done`)).statusCode).toBe(400);
  });

  it('lists jumpserver users by username, searched by username, name or email, and by state', async () => {
    const all = await ok('GET', `${P}/users?per_page=100`);
    expect(all.total).toBe(8);
    const names = all.items.map((u: { username: string }) => u.username);
    expect([...names].sort()).toEqual(names);
    expect(
      all.items.filter((u: { is_active: boolean }) => !u.is_active).map((u: { username: string }) => u.username),
    ).toEqual(['jordan.doe']);
    expect((await ok('GET', `${P}/users?search=OSCAR`)).items.map((u: { username: string }) => u.username)).toEqual([
      'oscar.ops',
    ]);
    expect((await ok('GET', `${P}/users?search=maria.garcia@`)).items).toHaveLength(1);
    expect((await ok('GET', `${P}/users?search=100%25`)).total).toBe(0);
    const inactive = await ok('GET', `${P}/users?is_active=false`);
    expect(inactive.total).toBe(1);
    expect((await ok('GET', `${P}/users?is_active=true`)).total).toBe(7);
    // Any signed-in user may read.
    expect((await call('GET', `${P}/users`, VIEWER)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await call('GET', `${P}/authorizations/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'jump.notFound', message: `Jump authorization ${id} not found` });
      expect((await cancel(id)).statusCode).toBe(404);
    }
  });
});

describe('requesting access', () => {
  it('creates an approving authorization with its hosts, its approval and an audit row', async () => {
    const c = nextCluster();
    const res = await request(body(c.id, { duration_minutes: 90, reason: '  Inspect PD logs (INC-7)  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json().authorization as JumpAuthorization;
    expect(a).toMatchObject({
      cluster_id: c.id,
      cluster_name: c.name,
      tenant_id: c.tenant_id,
      applicant: OPERATOR,
      jumpserver_user: 'oscar.ops',
      reason: 'Inspect PD logs (INC-7)',
      duration_minutes: 90,
      status: 'approving',
      status_reason: null,
      grant_id: null,
      starts_at: null,
      expires_at: null,
      ended_at: null,
    });
    // One host per replica, named as the cluster's topology names them.
    expect(a.hosts).toHaveLength(c.replicas);
    expect(a.hosts).toContain(`db-pd-0.db-pd-peer.tidb${c.id}.svc`);
    expect(a.hosts).toContain(`db-tikv-0.db-tikv-peer.tidb${c.id}.svc`);
    expect(await get(a.id)).toEqual(a);
    expect(await approval(a.approval_id!)).toMatchObject({
      status: 'PENDING',
      applicant: OPERATOR,
      from_template: 'jump_authorization',
      subject_type: 'jump',
      subject_id: a.id,
      name: `Jump access to cluster ${c.name} (${c.id}) as oscar.ops for 1h 30m`,
      nodes: [{ name: 'Access review', tasks: [{ user_email: ADMIN, status: 'PENDING' }] }],
    });
    expect(await audit(a.id)).toEqual([
      {
        operation: 'create',
        operator: OPERATOR,
        details: {
          approval_id: a.approval_id,
          reason: 'Inspect PD logs (INC-7)',
          after: {
            status: 'approving',
            cluster_id: c.id,
            jumpserver_user: 'oscar.ops',
            duration_minutes: 90,
            hosts: a.hosts,
          },
        },
      },
    ]);
    // Nothing is granted before the approval.
    expect(
      await t.database.rows(sql`select 1 from jump_grants where reference = ${`jump-authorization-${a.id}`}`),
    ).toEqual([]);
  });

  it.each([
    [{ reason: '' }, 'reason', JUMP_MESSAGES.reasonRequired],
    [{ reason: '   ' }, 'reason', JUMP_MESSAGES.reasonRequired],
    [{ reason: undefined }, 'reason', JUMP_MESSAGES.reasonRequired],
    [{ reason: 'x'.repeat(501) }, 'reason', JUMP_MESSAGES.reasonTooLong],
    [{ duration_minutes: 14 }, 'duration_minutes', JUMP_MESSAGES.durationMin],
    [{ duration_minutes: 1441 }, 'duration_minutes', JUMP_MESSAGES.durationMax],
    [{ duration_minutes: 30.5 }, 'duration_minutes', JUMP_MESSAGES.durationWhole],
    [{ duration_minutes: undefined }, 'duration_minutes', JUMP_MESSAGES.durationRequired],
    [{ cluster_id: '' }, 'cluster_id', JUMP_MESSAGES.clusterRequired],
    [{ jumpserver_user: '' }, 'jumpserver_user', JUMP_MESSAGES.userRequired],
  ])('refuses %j with the field message', async (change, field, message) => {
    const res = await request(body('1', change));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
  });

  it('accepts the bounds: 15 minutes and 24 hours', async () => {
    expect((await request(body(nextCluster().id, { duration_minutes: 15 }))).statusCode).toBe(201);
    expect((await request(body(nextCluster().id, { duration_minutes: 1440 }))).statusCode).toBe(201);
  });

  it('refuses a cluster that does not exist, is not running or has no hosts', async () => {
    const missing = await request(body('424242'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'jump.clusterUnavailable',
      message: 'Cluster 424242 does not exist',
      details: [{ field: 'body.cluster_id', message: 'Cluster 424242 does not exist' }],
    });
    const [paused] = await t.database.rows<{ id: string; name: string }>(
      sql`select id, name from clusters where status = 'USER_CLUSTER_STATUS_PAUSED' and cluster_type = 'DEDICATED_TIDB' order by id limit 1`,
    );
    const res = await request(body(paused!.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'jump.clusterUnavailable',
      message: `Cluster ${paused!.name} (${paused!.id}) is PAUSED: its hosts cannot be reached`,
    });
    const [changefeed] = await t.database.rows<{ id: string; name: string }>(
      sql`select id, name from clusters where status = 'USER_CLUSTER_STATUS_AVAILABLE' and cluster_type = 'CHANGEFEED' order by id limit 1`,
    );
    const none = await request(body(changefeed!.id));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`Cluster ${changefeed!.name} (${changefeed!.id}) has no hosts`);
    // An unavailable cluster is exactly when access is needed: allowed.
    const [down] = await t.database.rows<{ id: string }>(
      sql`select id from clusters where status = 'USER_CLUSTER_STATUS_UNAVAILABLE' and cluster_type = 'DEDICATED_TIDB' order by id limit 1`,
    );
    expect((await request(body(down!.id))).statusCode).toBe(201);
  });

  it('refuses a jumpserver user that does not exist or is inactive', async () => {
    const c = nextCluster();
    const unknown = await request(body(c.id, { jumpserver_user: 'nobody' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'jump.userUnavailable',
      message: 'Jumpserver user nobody does not exist',
      details: [{ field: 'body.jumpserver_user', message: 'Jumpserver user nobody does not exist' }],
    });
    const inactive = await request(body(c.id, { jumpserver_user: 'jordan.doe' }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({
      code: 'jump.userUnavailable',
      message: 'Jumpserver user jordan.doe is inactive',
    });
    // Nothing was written for the refused requests.
    expect(await t.database.rows(sql`select 1 from jump_authorizations where cluster_id = ${c.id}`)).toEqual([]);
  });

  it('refuses a second open request of the same applicant, cluster and user (another user or applicant is fine)', async () => {
    const c = nextCluster();
    const first = (await request(body(c.id))).json().authorization as JumpAuthorization;
    const again = await request(body(c.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'jump.alreadyOpen',
      message: `Your authorization ${first.id} for cluster ${c.name} as oscar.ops is approving; cancel it or wait for it to end`,
      details: { authorization_id: first.id, status: 'approving' },
    });
    expect((await request(body(c.id, { jumpserver_user: 'dba-oncall' }))).statusCode).toBe(201);
    expect((await request(body(c.id), LIN)).statusCode).toBe(201);
    // Once it has ended, the same request may be made again.
    expect((await cancel(first.id)).statusCode).toBe(200);
    expect((await request(body(c.id))).statusCode).toBe(201);
  });

  it('is refused to a viewer (403) and to nobody signed in (401)', async () => {
    expect((await request(body(nextCluster().id), VIEWER)).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: `${P}/authorizations`, payload: body('1') });
    expect(anon.statusCode).toBe(401);
  });
});

describe('approval', () => {
  it('cannot be decided by the applicant nor by someone who is not an approver', async () => {
    const mine = await requested(ADMIN);
    const self = await decide(mine.approval_id!, 'approve', ADMIN);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('approval.selfApproval');
    const theirs = await requested(OPERATOR);
    const stranger = await decide(theirs.approval_id!, 'approve', LIN);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('approval.notApprover');
    await t.jobs.drain();
    expect((await get(mine.id)).status).toBe('approving');
    expect((await get(theirs.id)).status).toBe('approving');
  });

  it('approved: the jump server grants the hosts until now + duration, and the expiry job is queued for then', async () => {
    const a = await requested(OPERATOR, { duration_minutes: 120 });
    const before = Date.now();
    expect((await decide(a.approval_id!, 'approve')).statusCode).toBe(200);
    // The outcome reaches the authorization through the settled job.
    expect((await get(a.id)).status).toBe('approving');
    await t.jobs.drain();
    const now = await get(a.id);
    expect(now.status).toBe('active');
    const starts = Date.parse(now.starts_at!);
    expect(starts).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(now.expires_at!) - starts).toBe(120 * 60_000);
    expect(now.grant_id).toMatch(/^grant-/);
    const g = await grant(now.grant_id!);
    expect(g).toMatchObject({ username: 'oscar.ops', hosts: a.hosts, revoked_at: null });
    expect(Date.parse(g!.until)).toBe(Date.parse(now.expires_at!));
    const job = await expiryJob(a.id);
    expect(job?.status).toBe('queued');
    expect(Date.parse(job!.run_at)).toBe(Date.parse(now.expires_at!));
    expect((await audit(a.id)).map((r) => [r.operation, r.operator])).toEqual([
      ['create', OPERATOR],
      ['approve', ADMIN],
      ['approved', ADMIN],
    ]);
    expect((await audit(a.id))[2]!.details).toMatchObject({
      approval_id: a.approval_id,
      before: { status: 'approving' },
      after: { status: 'active', expires_at: now.expires_at, grant_id: now.grant_id, hosts: a.hosts },
    });
    // Not due yet: draining changes nothing.
    await t.jobs.drain();
    expect((await get(a.id)).status).toBe('active');
  });

  it('rejected: the authorization is rejected, nothing is granted and it cannot be cancelled', async () => {
    const a = await requested();
    expect((await decide(a.approval_id!, 'reject')).statusCode).toBe(200);
    await t.jobs.drain();
    const now = await get(a.id);
    expect(now).toMatchObject({ status: 'rejected', status_reason: `Rejected by ${ADMIN}`, ended_by: ADMIN });
    expect(now.ended_at).not.toBeNull();
    expect(now.grant_id).toBeNull();
    expect((await audit(a.id)).map((r) => r.operation)).toEqual(['create', 'reject', 'rejected']);
    expect((await audit(a.id))[2]!.details).toMatchObject({
      before: { status: 'approving' },
      after: { status: 'rejected' },
    });
    const res = await cancel(a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'jump.statusForbids',
      message: 'A jump authorization that is rejected cannot be cancelled',
    });
  });
});

describe('cancel', () => {
  it('while approving: cancels the approval too; a later decision is refused and moves nothing', async () => {
    const a = await requested();
    const res = await cancel(a.id, OPERATOR, 'Fixed it from the console');
    expect(res.statusCode).toBe(200);
    expect(res.json().authorization).toMatchObject({
      status: 'cancelled',
      status_reason: 'Fixed it from the console',
      ended_by: OPERATOR,
    });
    expect((await approval(a.approval_id!)).status).toBe('CANCELED');
    expect((await decide(a.approval_id!, 'approve')).statusCode).toBe(409);
    await t.jobs.drain();
    expect((await get(a.id)).status).toBe('cancelled');
    expect(await audit(a.id)).toEqual([
      expect.objectContaining({ operation: 'create' }),
      {
        operation: 'cancel',
        operator: OPERATOR,
        details: {
          before: { status: 'approving' },
          after: { status: 'cancelled', status_reason: 'Fixed it from the console' },
        },
      },
    ]);
  });

  it('while active: revokes the grant at once; the expiry job then does nothing', async () => {
    const a = await active();
    const res = await cancel(a.id, ADMIN);
    expect(res.statusCode).toBe(200);
    const now = res.json().authorization as JumpAuthorization;
    expect(now).toMatchObject({ status: 'cancelled', status_reason: `Cancelled by ${ADMIN}`, ended_by: ADMIN });
    expect((await grant(a.grant_id!))!.revoked_at).not.toBeNull();
    expect((await audit(a.id)).at(-1)).toEqual({
      operation: 'cancel',
      operator: ADMIN,
      details: {
        revoked_grant_id: a.grant_id,
        before: { status: 'active' },
        after: { status: 'cancelled', status_reason: `Cancelled by ${ADMIN}` },
      },
    });
    await timePasses(a.id);
    await t.jobs.drain();
    // Only the expiry the test moved differs: still cancelled, nothing ended it again.
    expect({ ...(await get(a.id)), expires_at: now.expires_at }).toEqual(now);
    expect(await expiryJob(a.id)).toBeUndefined();
    expect((await audit(a.id)).map((r) => r.operation)).not.toContain('expire');
  });

  it('refuses a second cancel (409) and a viewer (403)', async () => {
    const a = await requested();
    expect((await cancel(a.id, VIEWER)).statusCode).toBe(403);
    expect((await cancel(a.id)).statusCode).toBe(200);
    const again = await cancel(a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'jump.statusForbids',
      message: 'A jump authorization that is cancelled cannot be cancelled',
      details: { status: 'cancelled' },
    });
    expect(
      (await call('POST', `${P}/authorizations/${a.id}/cancel`, OPERATOR, { reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
  });
});

describe('expiry', () => {
  it('ends access by itself at its expiry: the grant is revoked, the authorization expired, audited by system', async () => {
    const a = await active();
    await timePasses(a.id);
    await t.jobs.drain();
    const now = await get(a.id);
    expect(now).toMatchObject({ status: 'expired', ended_by: 'system' });
    expect(now.status_reason).toBe(`Expired at ${now.expires_at}`);
    expect((await grant(a.grant_id!))!.revoked_at).not.toBeNull();
    expect(await expiryJob(a.id)).toBeUndefined();
    expect((await audit(a.id)).at(-1)).toEqual({
      operation: 'expire',
      operator: 'system',
      details: {
        revoked_grant_id: a.grant_id,
        before: { status: 'active', expires_at: now.expires_at },
        after: { status: 'expired', status_reason: now.status_reason },
      },
    });
    const res = await cancel(a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A jump authorization that is expired cannot be cancelled');
  });

  it('a job that runs early (clock skew) looks again at the expiry', async () => {
    const a = await active();
    await jobDue(a.id);
    await t.jobs.drain();
    expect((await get(a.id)).status).toBe('active');
    expect(Date.parse((await expiryJob(a.id))!.run_at)).toBe(Date.parse(a.expires_at!));
  });

  it('survives a restart: another app on the same database expires it', async () => {
    const a = await active();
    await timePasses(a.id);
    // The first app's runner never runs again; a new process (app) finds the durable job in the database.
    const other = await buildApp(t.config, t.database, { stepTimeScale: 0 });
    try {
      await other.jobs.drain();
    } finally {
      await other.app.close();
    }
    expect((await get(a.id)).status).toBe('expired');
    expect((await audit(a.id)).at(-1)!.operation).toBe('expire');
  });
});

describe('the demo seed', () => {
  it('has authorizations in every status over seeded clusters, with their approvals, grants and audit rows', async () => {
    const seeded = await t.database.rows<{ id: string; status: string; applicant: string }>(
      sql`select j.id::text, j.status, j.applicant from jump_authorizations j where j.id <= 11 order by j.id`,
    );
    expect(seeded.map((r) => r.status)).toEqual([
      'expired',
      'expired',
      'rejected',
      'cancelled',
      'cancelled',
      'expired',
      'expired',
      'active',
      'active',
      'approving',
      'approving',
    ]);
    for (const r of seeded) expect((await audit(r.id))[0]!.operation).toBe('create');
  });

  it('serves an approving one the admin can approve, and active ones with their expiry ahead and queued', async () => {
    const [pending] = await t.database.rows<{ id: string }>(
      sql`select id::text from jump_authorizations where id <= 11 and status = 'approving' and applicant = ${OPERATOR}`,
    );
    const a = await get(pending!.id);
    expect((await approval(a.approval_id!)).status).toBe('PENDING');
    expect((await decide(a.approval_id!, 'approve')).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await get(a.id)).status).toBe('active');

    const actives = await t.database.rows<{ id: string }>(
      sql`select id::text from jump_authorizations where id <= 9 and status = 'active'`,
    );
    expect(actives).toHaveLength(2);
    for (const { id } of actives) {
      const x = await get(id);
      expect(Date.parse(x.expires_at!)).toBeGreaterThan(Date.now());
      expect(Date.parse((await expiryJob(id))!.run_at)).toBe(Date.parse(x.expires_at!));
      expect((await grant(x.grant_id!))!.revoked_at).toBeNull();
    }
  });
});
