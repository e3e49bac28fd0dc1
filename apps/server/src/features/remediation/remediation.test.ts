import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  REMEDIATION_STATUS_ACTIONS,
  REMEDIATION_STATUSES,
  REMEDIATION_TICKET_ACTIONS,
  REMEDIATION_TRANSITIONS,
  type Approval,
  type ListResult,
  type OperationDetail,
  type RemediationTicket,
  type RemediationTicketAction,
} from '@portal/contract';
import { clusterWorkGuards } from '../../platform/cluster-work.js';
import { defineFeature } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { remediationTickets } from './schema.js';

/*
 * Remediation tickets end to end through the API: the list and its filters, the detail, create and its validation
 * (fields, the cluster, the incident, each action's parameters against the cluster), edit, submit through the
 * approvals engine (separation of duties, the high-risk second node), the run as an operation to succeeded or failed,
 * cancel, the cluster-work guards, every action in every status, the audit rows of each step, and who may do what.
 */

const P = '/api/v1/devops/remediationtickets';
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';
const VIEWER = 'sam.okafor@example.com';

/** Stands in for the maintenance area's guard: refuses any work on a cluster named in `blocked`. */
const blocked = new Set<string>();
const testGuard = defineFeature({
  name: 'test-guard',
  provides: () => [
    clusterWorkGuards.provide({
      name: 'test.maintenance',
      check: async (_tx, work) => {
        const hit = work.clusterIds.find((id) => blocked.has(id));
        if (hit) throw new AppError('maintenance.windowOpen', `Cluster ${hit} is inside an open maintenance window`);
      },
    }),
  ],
});

let t: TestApp;
let clusters: string[];
beforeAll(async () => {
  t = await createTestApp({}, { extraFeatures: [testGuard] });
  clusters = (
    await t.database.rows<{ id: string }>(sql`
      select c.id from clusters c
      where c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and c.cluster_type = 'DEDICATED_TIDB'
        and exists (select 1 from cluster_components k where k.cluster_id = c.id and k.component = 'TIKV')
      order by c.id desc limit 6`)
  ).map((r) => r.id);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const ok = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const get = async (id: string): Promise<RemediationTicket> => (await ok('GET', `${P}/${id}`)).ticket;
const list = async (query = ''): Promise<ListResult<RemediationTicket>> => ok('GET', `${P}${query}`);
const approval = async (id: string): Promise<Approval> =>
  (await ok('GET', `/api/v1/devops/approval/approvals/${id}`)).approval;
const operation = async (id: string): Promise<OperationDetail> => ok('GET', `/api/v1/devops/operations/${id}`);
const act = (id: string, action: string, who = OPERATOR, body: object = {}) =>
  call('POST', `${P}/${id}/${action}`, who, body);

const body = (over: object = {}) => ({
  cluster_id: clusters[0],
  action: 'restart_component',
  params: { component: 'TIDB' },
  reason: 'TiDB memory creeping up',
  ...over,
});
const create = async (over: object = {}, who = OPERATOR): Promise<RemediationTicket> =>
  (await ok('POST', P, who, body(over))).ticket;

/** Audit rows of a ticket, oldest first. */
const audit = (id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = 'remediation_ticket' and instance_id = ${id}
        order by id`,
  );
const ops = async (id: string) => (await audit(id)).map((r) => r.operation);
/** Puts a ticket straight into a status (to test what each status allows). */
const setStatus = (id: string, status: string) =>
  t.database.db
    .update(remediationTickets)
    .set({ status })
    .where(eq(remediationTickets.number, Number(id.slice(3))));
const replicas = async (clusterId: string, component: string) =>
  (
    await t.database.rows<{ replicas: number }>(
      sql`select replicas from cluster_components where cluster_id = ${clusterId} and component = ${component}`,
    )
  )[0]?.replicas ?? 0;

describe('the list and the detail', () => {
  it('lists the seeded tickets, newest first, 10 per page, in every status', async () => {
    const page = await list();
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    const times = page.items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await list('?per_page=100');
    for (const status of REMEDIATION_STATUSES) expect(all.items.map((i) => i.status)).toContain(status);
    const second = await list('?page=2');
    expect(second.items.map((i) => i.id)).not.toContain(page.items[0]!.id);
  });

  it('filters by status, action, risk, cluster, tenant, incident and applicant', async () => {
    const all = (await list('?per_page=100')).items;
    const running = await list('?status=running&status=approving');
    expect(running.total).toBe(all.filter((i) => ['running', 'approving'].includes(i.status)).length);
    expect(running.items.every((i) => ['running', 'approving'].includes(i.status))).toBe(true);
    const failover = await list('?action=failover_tidb&risk_level=high');
    expect(failover.total).toBeGreaterThan(0);
    expect(failover.items.every((i) => i.action === 'failover_tidb' && i.risk_level === 'high')).toBe(true);
    const some = all[0]!;
    const byCluster = await list(`?cluster_id=${some.cluster_id}`);
    expect(byCluster.items.every((i) => i.cluster_id === some.cluster_id)).toBe(true);
    expect(byCluster.total).toBe(all.filter((i) => i.cluster_id === some.cluster_id).length);
    const byTenant = await list(`?tenant_id=${some.tenant_id}`);
    expect(byTenant.items.every((i) => i.tenant_id === some.tenant_id)).toBe(true);
    const withIncident = all.find((i) => i.incident_id)!;
    const byIncident = await list(`?incident_id=${withIncident.incident_id!.toLowerCase()}`);
    expect(byIncident.total).toBe(all.filter((i) => i.incident_id === withIncident.incident_id).length);
    const byApplicant = await list(`?applicant=${MARIA.toUpperCase()}`);
    expect(byApplicant.total).toBeGreaterThan(0);
    expect(byApplicant.items.every((i) => i.applicant === MARIA)).toBe(true);
    expect((await call('GET', `${P}?status=bogus`)).statusCode).toBe(400);
  });

  it('answers a ticket by id (any case), and 404 remediation.notFound otherwise', async () => {
    const seeded = (await list()).items[0]!;
    expect(await get(seeded.id.toLowerCase())).toEqual(seeded);
    for (const id of ['1001', 'RT-99999999', 'RT-x'])
      expect((await call('GET', `${P}/${id}`)).json()).toMatchObject({ code: 'remediation.notFound' });
  });

  it('shows the seeded running ticket with its operation in progress, and linked tracker issues', async () => {
    const running = (await list('?status=running')).items[0]!;
    expect(running.operation_id).toBeTruthy();
    expect((await operation(running.operation_id!)).status).toBe('running');
    const issues = await ok('GET', `/api/v1/devops/issues?subject_type=remediation_ticket&subject_id=${running.id}`);
    expect(issues.total).toBeGreaterThan(0);
  });
});

describe('create and edit', () => {
  it('creates a draft with the catalogue’s risk by default, the cluster kept, and an audit row', async () => {
    const ticket = await create({ action: 'scale_out_tikv', params: { add_nodes: 2 }, reason: '  disk at 85%  ' });
    const [cluster] = await t.database.rows<{ name: string; tenant_id: string }>(
      sql`select name, tenant_id from clusters where id = ${clusters[0]!}`,
    );
    expect(ticket).toMatchObject({
      id: expect.stringMatching(/^RT-\d+$/),
      status: 'draft',
      cluster_id: clusters[0],
      cluster_name: cluster!.name,
      tenant_id: cluster!.tenant_id,
      incident_id: null,
      action: 'scale_out_tikv',
      params: { add_nodes: 2 },
      summary: 'Scale out TiKV by 2 nodes',
      reason: 'disk at 85%',
      risk_level: 'low',
      applicant: OPERATOR,
      approval_id: null,
      operation_id: null,
    });
    expect(await audit(ticket.id)).toEqual([
      {
        operation: 'create',
        operator: OPERATOR,
        details: {
          after: {
            status: 'draft',
            cluster_id: clusters[0],
            incident_id: null,
            action: 'scale_out_tikv',
            params: { add_nodes: 2 },
            reason: 'disk at 85%',
            risk_level: 'low',
          },
        },
      },
    ]);
    expect((await create({ risk_level: 'high' })).risk_level).toBe('high');
    expect((await create({ action: 'failover_tidb', params: { instance: 'tidb-1' } })).risk_level).toBe('high');
  });

  it('links an existing incident (id normalized) and refuses an unknown one', async () => {
    const [inc] = await t.database.rows<{ number: number }>(sql`select number from incidents order by number limit 1`);
    const ticket = await create({ incident_id: `inc-${inc!.number}` });
    expect(ticket.incident_id).toBe(`INC-${inc!.number}`);
    const res = await call('POST', P, OPERATOR, body({ incident_id: 'INC-999999' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'remediation.incidentNotFound',
      details: [{ field: 'body.incident_id', message: 'Incident INC-999999 does not exist' }],
    });
    expect((await call('POST', P, OPERATOR, body({ incident_id: 'OPS-1' }))).json().details[0].message).toBe(
      'incident must look like INC-1001',
    );
  });

  it('validates the fields and each action’s parameters', async () => {
    const message = async (over: object) => {
      const res = await call('POST', P, OPERATOR, body(over));
      expect(res.statusCode).toBe(400);
      return res.json().details?.[0]?.message;
    };
    expect(await message({ cluster_id: '' })).toBe('cluster is required');
    expect(await message({ reason: '   ' })).toBe('reason is required');
    expect(await message({ reason: 'x'.repeat(1001) })).toBe('reason must be at most 1000 characters');
    expect(await message({ action: 'reboot_everything' })).toBe('action is required');
    expect(await message({ action: 'scale_out_tikv', params: { add_nodes: 11 } })).toBe(
      'add nodes must be a whole number from 1 to 10',
    );
    expect(await message({ action: 'scale_out_tikv', params: { add_nodes: 1.5 } })).toBe(
      'add nodes must be a whole number from 1 to 10',
    );
    expect(await message({ action: 'transfer_pd_leader', params: { target_member: 'tikv-1' } })).toBe(
      'target member must look like pd-1',
    );
    expect(await message({ action: 'failover_tidb', params: {} })).toBe('instance must look like tidb-0');
    expect(await message({ action: 'rebalance_regions', params: { region_schedule_limit: 65 } })).toBe(
      'schedule limit must be a whole number from 1 to 64',
    );
    expect(await message({ risk_level: 'extreme' })).toBeTruthy();
  });

  it('checks the parameters against the cluster', async () => {
    const [c] = await t.database.rows<{ id: string; pd: number; tidb: number }>(sql`
      select c.id,
        (select replicas from cluster_components where cluster_id = c.id and component = 'PD') as pd,
        (select replicas from cluster_components where cluster_id = c.id and component = 'TIDB') as tidb
      from clusters c where c.id = ${clusters[1]!}`);
    const refused = async (over: object) => {
      const res = await call('POST', P, OPERATOR, body({ cluster_id: c!.id, ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('remediation.invalidParameter');
      return res.json().details[0];
    };
    const noTiflash = (await replicas(c!.id, 'TIFLASH')) === 0;
    if (noTiflash)
      expect(await refused({ params: { component: 'TIFLASH' } })).toMatchObject({
        field: 'body.params.component',
        message: expect.stringMatching(/runs no TIFLASH$/),
      });
    expect(await refused({ action: 'transfer_pd_leader', params: { target_member: `pd-${c!.pd}` } })).toMatchObject({
      field: 'body.params.target_member',
      message: expect.stringContaining(`PD members pd-0 to pd-${c!.pd - 1}`),
    });
    expect(await refused({ action: 'failover_tidb', params: { instance: `tidb-${c!.tidb}` } })).toMatchObject({
      field: 'body.params.instance',
    });
    await t.database.rows(
      sql`update cluster_components set replicas = 95 where cluster_id = ${c!.id} and component = 'TIKV'`,
    );
    try {
      expect(await refused({ action: 'scale_out_tikv', params: { add_nodes: 6 } })).toMatchObject({
        message: expect.stringContaining('at most 5 more'),
      });
    } finally {
      await t.database.rows(
        sql`update cluster_components set replicas = 3 where cluster_id = ${c!.id} and component = 'TIKV'`,
      );
    }
    expect(
      (
        await call(
          'POST',
          P,
          OPERATOR,
          body({ cluster_id: c!.id, action: 'transfer_pd_leader', params: { target_member: 'pd-1' } }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a cluster that does not exist or does not run', async () => {
    const res = await call('POST', P, OPERATOR, body({ cluster_id: 'nope' }));
    expect(res.json()).toMatchObject({
      code: 'remediation.clusterUnavailable',
      details: [{ field: 'body.cluster_id', message: 'Cluster nope does not exist' }],
    });
    const [paused] = await t.database.rows<{ id: string }>(
      sql`select id from clusters where status = 'USER_CLUSTER_STATUS_PAUSED' order by id limit 1`,
    );
    const refused = await call('POST', P, OPERATOR, body({ cluster_id: paused!.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].message).toMatch(/is PAUSED: it cannot be remediated$/);
  });

  it('edits a draft (audit before/after), and nothing else', async () => {
    const ticket = await create();
    const res = await call('PUT', `${P}/${ticket.id}`, LIN, body({ params: { component: 'TIKV' }, reason: 'changed' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({
      params: { component: 'TIKV' },
      reason: 'changed',
      summary: 'Restart TIKV',
    });
    const row = (await audit(ticket.id)).at(-1)!;
    expect(row).toMatchObject({
      operation: 'update',
      operator: LIN,
      details: {
        before: { params: { component: 'TIDB' } },
        after: { params: { component: 'TIKV' }, reason: 'changed' },
      },
    });
    await ok('POST', `${P}/${ticket.id}/submit`);
    const refused = await call('PUT', `${P}/${ticket.id}`, OPERATOR, body());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'remediation.statusForbids', details: { status: 'approving' } });
  });
});

describe('submit, approve, run', () => {
  it('submits through the approvals engine; the applicant and non-approvers cannot decide', async () => {
    const ticket = await create({}, MARIA);
    const submitted = (await ok('POST', `${P}/${ticket.id}/submit`, MARIA)).ticket as RemediationTicket;
    expect(submitted).toMatchObject({ status: 'approving', approval_id: expect.any(String) });
    expect(submitted.submitted_at).toBeTruthy();
    const a = await approval(submitted.approval_id!);
    expect(a).toMatchObject({ status: 'PENDING', applicant: MARIA, from_template: 'remediation_ticket' });
    expect(a.subject_type).toBe('remediation_ticket');
    expect(a.nodes.map((n) => n.name)).toEqual(['On-call review']);
    expect(a.nodes[0]!.tasks.map((x) => x.user_email)).toEqual([ADMIN, OPERATOR, LIN]);
    expect((await act(ticket.id, 'submit', MARIA)).json().code).toBe('remediation.statusForbids');

    const self = await create({}, OPERATOR);
    await ok('POST', `${P}/${self.id}/submit`);
    expect((await act(self.id, 'approve', OPERATOR)).json()).toMatchObject({ code: 'approval.selfApproval' });
    expect((await act(self.id, 'approve', MARIA)).json()).toMatchObject({ code: 'approval.notApprover' });
    expect((await get(self.id)).status).toBe('approving');
  });

  it('runs as an operation once approved and succeeds; scale-out records the new TiKV count', async () => {
    const cluster = clusters[2]!;
    const before = await replicas(cluster, 'TIKV');
    const ticket = await create({ cluster_id: cluster, action: 'scale_out_tikv', params: { add_nodes: 2 } }, MARIA);
    await ok('POST', `${P}/${ticket.id}/submit`, MARIA);
    const res = await act(ticket.id, 'approve', LIN, { comment: 'go' });
    expect(res.statusCode).toBe(200);
    expect(res.json().approval.status).toBe('APPROVED');
    await t.jobs.drain();
    const done = await get(ticket.id);
    expect(done).toMatchObject({ status: 'succeeded', decided_by: LIN, status_reason: null });
    expect(done.started_at && done.finished_at && done.decided_at).toBeTruthy();
    const op = await operation(done.operation_id!);
    expect(op).toMatchObject({
      type: 'remediation.run',
      status: 'succeeded',
      target_type: 'remediation_ticket',
      target_id: ticket.id,
    });
    expect(op.steps.map((s) => s.name)).toEqual(['precheck', 'provision-stores', 'balance-regions', 'verify']);
    expect(op.steps.every((s) => s.status === 'succeeded')).toBe(true);
    expect(op.steps[1]!.message).toBe(`TiKV scaled out from ${before} to ${before + 2} stores`);
    expect(await replicas(cluster, 'TIKV')).toBe(before + 2);
    expect(await ops(ticket.id)).toEqual(['create', 'submit', 'approve', 'approved', 'run', 'succeeded']);
    const rows = await audit(ticket.id);
    expect(rows[2]).toMatchObject({ operator: LIN, details: { comment: 'go' } });
    expect(rows[4]).toMatchObject({ operator: 'system', details: { operation_id: done.operation_id } });
    const [event] = await t.database.rows<{ title: string; recipients: string[]; link: string }>(
      sql`select title, recipients, link from portal_events where type = 'remediation.completed' and subject_id = ${ticket.id}`,
    );
    expect(event).toMatchObject({
      title: expect.stringContaining(`Remediation ${ticket.id} succeeded: Scale out TiKV by 2 nodes`),
      recipients: [MARIA],
      link: `/remediation_tickets/${ticket.id}`,
    });
  });

  it('is rejected through the ticket route', async () => {
    const ticket = await create({}, LIN);
    await ok('POST', `${P}/${ticket.id}/submit`, LIN);
    const res = await act(ticket.id, 'reject', ADMIN, { comment: 'not now' });
    expect(res.json().approval.status).toBe('REJECTED');
    await t.jobs.drain();
    expect(await get(ticket.id)).toMatchObject({
      status: 'rejected',
      status_reason: `Rejected by ${ADMIN}`,
      decided_by: ADMIN,
      operation_id: null,
    });
    expect(await ops(ticket.id)).toEqual(['create', 'submit', 'reject', 'rejected']);
    expect((await act(ticket.id, 'approve', OPERATOR)).json().code).toBe('remediation.statusForbids');
  });

  it('high risk: a second node (the SRE lead), then waits for the manual health confirmation', async () => {
    const ticket = await create(
      { cluster_id: clusters[3], action: 'failover_tidb', params: { instance: 'tidb-0' } },
      LIN,
    );
    await ok('POST', `${P}/${ticket.id}/submit`, LIN);
    const a = await approval((await get(ticket.id)).approval_id!);
    expect(a.from_template).toBe('remediation_ticket.high_risk');
    expect(a.nodes.map((n) => n.name)).toEqual(['On-call review', 'SRE lead review']);
    expect((await act(ticket.id, 'approve', OPERATOR)).json().approval.status).toBe('PENDING');
    await t.jobs.drain();
    expect((await get(ticket.id)).status).toBe('approving');
    expect((await act(ticket.id, 'approve', OPERATOR)).json().code).toBe('approval.notApprover');
    await act(ticket.id, 'approve', ADMIN);
    await t.jobs.drain();
    const running = await get(ticket.id);
    expect(running.status).toBe('running');
    const op = await operation(running.operation_id!);
    expect(op.steps.map((s) => [s.name, s.status])).toEqual([
      ['precheck', 'succeeded'],
      ['drain-connections', 'succeeded'],
      ['replace-instance', 'succeeded'],
      ['confirm', 'waiting'],
      ['verify', 'pending'],
    ]);
    const O = `/api/v1/devops/operations/${op.id}/steps/4`;
    await ok('POST', `${O}/start`, ADMIN, {});
    await ok('POST', `${O}/finish`, ADMIN, {});
    await t.jobs.drain();
    expect((await get(ticket.id)).status).toBe('succeeded');
  });

  it('fails when the operation fails (the cluster stopped running) or is cancelled', async () => {
    const cluster = clusters[4]!;
    const ticket = await create({ cluster_id: cluster }, MARIA);
    await ok('POST', `${P}/${ticket.id}/submit`, MARIA);
    await act(ticket.id, 'approve', OPERATOR);
    const [{ status }] = (await t.database.rows<{ status: string }>(
      sql`select status from clusters where id = ${cluster}`,
    )) as [{ status: string }];
    // The cluster is paused after the approval, before the operation's pre-check runs.
    await t.database.rows(sql`update clusters set status = 'USER_CLUSTER_STATUS_PAUSED' where id = ${cluster}`);
    try {
      await t.jobs.drain();
    } finally {
      await t.database.rows(sql`update clusters set status = ${status} where id = ${cluster}`);
    }
    const failed = await get(ticket.id);
    expect(failed.status).toBe('failed');
    expect(failed.status_reason).toMatch(/^The remediation operation \d+ failed: .*is PAUSED: nothing to remediate$/);
    expect((await ops(ticket.id)).slice(-2)).toEqual(['run', 'failed']);
    const [event] = await t.database.rows<{ title: string }>(
      sql`select title from portal_events where type = 'remediation.completed' and subject_id = ${ticket.id}`,
    );
    expect(event!.title).toContain(`Remediation ${ticket.id} failed`);

    const high = await create({ cluster_id: cluster, risk_level: 'high' }, MARIA);
    await ok('POST', `${P}/${high.id}/submit`, MARIA);
    await act(high.id, 'approve', OPERATOR);
    await act(high.id, 'approve', ADMIN);
    await t.jobs.drain();
    const running = await get(high.id);
    await ok('POST', `/api/v1/devops/operations/${running.operation_id}/cancel`, OPERATOR, {});
    await t.jobs.drain();
    expect(await get(high.id)).toMatchObject({
      status: 'failed',
      status_reason: `The remediation operation ${running.operation_id} was cancelled`,
    });
  });
});

describe('cancel and the cluster-work guards', () => {
  it('cancels a draft, an approving ticket (its approval too) and an approved one; nothing later', async () => {
    const draft = await create();
    const res = await act(draft.id, 'cancel', LIN, { reason: 'not needed' });
    expect(res.json().ticket).toMatchObject({ status: 'cancelled', status_reason: 'not needed' });
    expect((await audit(draft.id)).at(-1)).toMatchObject({
      operation: 'cancel',
      operator: LIN,
      details: { before: { status: 'draft' }, after: { status: 'cancelled', status_reason: 'not needed' } },
    });
    expect((await act(draft.id, 'cancel')).json()).toMatchObject({
      code: 'remediation.statusForbids',
      message: `Remediation ticket ${draft.id} is cancelled: it cannot be cancelled`,
    });

    const approving = await create();
    await ok('POST', `${P}/${approving.id}/submit`);
    const cancelled = (await act(approving.id, 'cancel')).json().ticket as RemediationTicket;
    expect(cancelled).toMatchObject({ status: 'cancelled', status_reason: `Cancelled by ${OPERATOR}` });
    expect((await approval(cancelled.approval_id!)).status).toBe('CANCELED');
    await t.jobs.drain();
    expect((await get(approving.id)).status).toBe('cancelled');
  });

  it('stays approved when a guard refuses the start; run retries it; cancel ends it', async () => {
    const cluster = clusters[5]!;
    blocked.add(cluster);
    const ticket = await create({ cluster_id: cluster }, MARIA);
    try {
      await ok('POST', `${P}/${ticket.id}/submit`, MARIA);
      await act(ticket.id, 'approve', OPERATOR);
      await t.jobs.drain();
      const approved = await get(ticket.id);
      expect(approved).toMatchObject({
        status: 'approved',
        operation_id: null,
        status_reason: `Cluster ${cluster} is inside an open maintenance window`,
      });
      expect((await ops(ticket.id)).slice(-2)).toEqual(['approved', 'run_refused']);
      const refused = await act(ticket.id, 'run');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('maintenance.windowOpen');
      expect((await get(ticket.id)).status).toBe('approved');
    } finally {
      blocked.delete(cluster);
    }
    const run = (await act(ticket.id, 'run', LIN)).json().ticket as RemediationTicket;
    expect(run).toMatchObject({ status: 'running', status_reason: null });
    expect((await audit(ticket.id)).at(-1)).toMatchObject({ operation: 'run', operator: LIN });
    await t.jobs.drain();
    expect((await get(ticket.id)).status).toBe('succeeded');

    const other = await create({ cluster_id: cluster }, MARIA);
    blocked.add(cluster);
    try {
      await ok('POST', `${P}/${other.id}/submit`, MARIA);
      await act(other.id, 'approve', OPERATOR);
      await t.jobs.drain();
    } finally {
      blocked.delete(cluster);
    }
    expect((await act(other.id, 'cancel', MARIA)).json().ticket.status).toBe('cancelled');
  });
});

describe('the state machine', () => {
  it('is the contract’s table', () => {
    expect(REMEDIATION_STATUS_ACTIONS).toEqual({
      draft: ['update', 'submit', 'cancel'],
      approving: ['approve', 'reject', 'cancel'],
      approved: ['run', 'cancel'],
      running: [],
      succeeded: [],
      failed: [],
      rejected: [],
      cancelled: [],
    });
    for (const [from, tos] of Object.entries(REMEDIATION_TRANSITIONS))
      for (const to of tos) {
        expect(REMEDIATION_STATUSES).toContain(to);
        expect(from).not.toBe(to);
      }
  });

  it('refuses every action a status does not allow with 409 remediation.statusForbids, and writes nothing', async () => {
    const ticket = await create();
    const request = (action: RemediationTicketAction) =>
      action === 'update' ? call('PUT', `${P}/${ticket.id}`, OPERATOR, body()) : act(ticket.id, action, ADMIN);
    for (const status of REMEDIATION_STATUSES) {
      await setStatus(ticket.id, status);
      for (const action of REMEDIATION_TICKET_ACTIONS) {
        if (REMEDIATION_STATUS_ACTIONS[status].includes(action)) continue;
        const before = (await audit(ticket.id)).length;
        const res = await request(action);
        expect([status, action, res.statusCode, res.json().code]).toEqual([
          status,
          action,
          409,
          'remediation.statusForbids',
        ]);
        expect((await audit(ticket.id)).length).toBe(before);
      }
    }
  });
});

describe('who may do what', () => {
  it('lets a viewer read but not act; anyone signed out gets 401', async () => {
    const seeded = (await list()).items[0]!;
    expect((await call('GET', `${P}/${seeded.id}`, VIEWER)).statusCode).toBe(200);
    expect((await call('POST', P, VIEWER, body())).statusCode).toBe(403);
    expect((await act(seeded.id, 'cancel', VIEWER)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: P })).statusCode).toBe(401);
  });
});
