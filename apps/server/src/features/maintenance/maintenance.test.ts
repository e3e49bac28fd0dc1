import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EXECUTION_STATUSES,
  MAINTENANCE_FIELD_MESSAGES,
  MAINTENANCE_STATUSES,
  type Maintenance,
  type MaintenanceDetail,
  type ExecutionAction,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, auditRows, BASE, hoursFromNow, OPERATOR, projectPicker, VIEWER, type FreeProject } from './testing.js';

let t: TestApp;
let a: ReturnType<typeof api>;
let fresh: () => Promise<FreeProject>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  fresh = projectPicker(t, 3);
});
afterAll(() => t?.close());

const body = (p: FreeProject, clusters = p.clusterIds, hours: [number, number] = [0, 4]) => ({
  project_id: p.projectId,
  schedule_time: hoursFromNow(hours[0]),
  deadline: hoursFromNow(hours[1]),
  cluster_ids: clusters,
  description: 'test maintenance',
});
const statusOf = (m: MaintenanceDetail, executionId: string) => m.executions.find((e) => e.id === executionId)?.status;

describe('the demo seed', () => {
  it('has maintenances in every status, with executions in every status and their audit rows', async () => {
    const res = await a.list('?per_page=100');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json() as { items: Maintenance[]; total: number };
    expect(total).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((m) => m.status))).toEqual(new Set(MAINTENANCE_STATUSES));
    const running = items.filter((m) => m.status === 'Running');
    const executions = (await Promise.all(running.map((m) => a.detail(m.id)))).flatMap((m) => m.executions);
    expect(new Set(executions.map((e) => e.status))).toEqual(new Set(EXECUTION_STATUSES));
    expect(executions.filter((e) => e.status === 'Cancelled').every((e) => e.cancel_reason)).toBe(true);
    for (const m of items) {
      const rows = await auditRows(t, m.id);
      expect(rows[0]).toMatchObject({ operation: 'create', operator: m.created_by });
      if (m.status === 'Closed') expect(rows.at(-1)).toMatchObject({ operation: 'close' });
      if (m.status === 'Running') expect(rows.map((r) => r.operation)).toContain('open_window');
    }
    // Open windows hold no available cluster with work still to do (other areas act on those).
    const held = await t.database.rows<{ status: string }>(sql`
      select c.status from cluster_maintenance_executions e join cluster_maintenances m on m.id = e.maintenance_id
      join clusters c on c.id = e.cluster_id
      where m.status = 'Running' and e.status in ('Pending', 'Running')`);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((h) => h.status !== 'USER_CLUSTER_STATUS_AVAILABLE')).toBe(true);
    // Every window still to move has its job queued: Pending at its schedule time, Running at its deadline.
    const jobs = await t.database.rows<{ n: number }>(sql`
      select count(*)::int as n from cluster_maintenances m join jobs j on j.dedupe_key = 'maintenance.window:' || m.id
      where m.status <> 'Closed' and j.status = 'queued'
        and j.run_at = case m.status when 'Pending' then m.schedule_time else m.deadline end`);
    expect(jobs[0]!.n).toBe(items.filter((m) => m.status !== 'Closed').length);
  });
});

describe('GET /cluster/maintenances', () => {
  it('pages by 10, newest schedule first, and sorts by schedule time or creation', async () => {
    const all = (await a.list('?per_page=100')).json() as { items: Maintenance[]; total: number };
    const first = (await a.list()).json() as { items: Maintenance[]; total: number };
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(all.total);
    const times = all.items.map((m) => m.schedule_time);
    expect(times).toEqual([...times].sort().reverse());
    const asc = (await a.list('?per_page=100&sort=schedule_time')).json().items as Maintenance[];
    expect(asc.map((m) => m.id)).toEqual([...all.items].reverse().map((m) => m.id));
    const created = (await a.list('?per_page=100&sort=-created_at')).json().items as Maintenance[];
    expect(created.map((m) => m.created_at)).toEqual(
      created
        .map((m) => m.created_at)
        .sort()
        .reverse(),
    );
    const page2 = (await a.list('?page=2')).json().items as Maintenance[];
    expect(page2.map((m) => m.id)).toEqual(all.items.slice(10, 20).map((m) => m.id));
  });

  it('filters by status (repeated), project, cluster and schedule range', async () => {
    const all = (await a.list('?per_page=100')).json().items as Maintenance[];
    const byStatus = async (q: string) => ((await a.list(q)).json().items as Maintenance[]).map((m) => m.id).sort();
    const ids = (f: (m: Maintenance) => boolean) =>
      all
        .filter(f)
        .map((m) => m.id)
        .sort();
    expect(await byStatus('?per_page=100&status=Running')).toEqual(ids((m) => m.status === 'Running'));
    expect(await byStatus('?per_page=100&status=Running&status=Pending')).toEqual(ids((m) => m.status !== 'Closed'));
    const m = all.find((x) => x.status === 'Running')!;
    expect(await byStatus(`?per_page=100&project_id=${m.project_id}`)).toEqual(
      ids((x) => x.project_id === m.project_id),
    );
    expect(await byStatus(`?per_page=100&cluster_id=${m.cluster_ids[0]}`)).toEqual(
      ids((x) => x.cluster_ids.includes(m.cluster_ids[0]!)),
    );
    const day = m.schedule_time.slice(0, 10);
    expect(await byStatus(`?per_page=100&schedule_from=${day}&schedule_to=${day}`)).toEqual(
      ids((x) => x.schedule_time.slice(0, 10) === day),
    );
    const from = encodeURIComponent(m.schedule_time);
    expect(await byStatus(`?per_page=100&schedule_from=${from}`)).toEqual(
      ids((x) => x.schedule_time >= m.schedule_time),
    );
    expect(await byStatus(`?per_page=100&schedule_to=${from}`)).toEqual(ids((x) => x.schedule_time <= m.schedule_time));
  });

  it('refuses bad filters with the field named', async () => {
    for (const [q, field] of [
      ['?status=Open', 'querystring.status.0'],
      ['?schedule_from=tomorrow', 'querystring.schedule_from'],
      ['?schedule_from=2026-03-02&schedule_to=2026-03-01', 'querystring.schedule_to'],
      ['?sort=deadline', 'querystring.sort'],
    ] as const) {
      const res = await a.list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});

describe('GET /cluster/maintenances/:id', () => {
  it('answers the maintenance with its executions, or without them', async () => {
    const [m] = (await a.list('?status=Running')).json().items as Maintenance[];
    const detail = await a.detail(m!.id);
    expect(detail).toMatchObject({ id: m!.id, project_id: m!.project_id, status: 'Running' });
    expect(detail.executions.map((e) => e.cluster_id)).toEqual(m!.cluster_ids);
    expect(detail.executions[0]).toMatchObject({ maintenance_id: m!.id, cluster_name: expect.any(String) });
    const bare = (await a.call('GET', `${BASE}/${m!.id}?with_executions=false`)).json();
    expect(bare.executions).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await a.call('GET', `${BASE}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('maintenance.notFound');
    }
  });
});

describe('POST /cluster/maintenances', () => {
  it('creates a Pending maintenance with one Pending execution per cluster, its audit row and its window job', async () => {
    const p = await fresh();
    const input = body(p, [p.clusterIds[1]!, p.clusterIds[0]!, p.clusterIds[1]!], [2, 6]);
    const res = await a.create(input);
    expect(res.statusCode).toBe(201);
    const m = res.json() as MaintenanceDetail;
    expect(m).toMatchObject({
      project_id: p.projectId,
      tenant_id: p.tenantId,
      status: 'Pending',
      created_by: OPERATOR,
      description: 'test maintenance',
      cluster_ids: [p.clusterIds[1], p.clusterIds[0]],
      closed_at: null,
    });
    expect(m.project_name).not.toBe('');
    expect(m.executions.map((e) => [e.cluster_id, e.status, e.cancel_reason])).toEqual([
      [p.clusterIds[1], 'Pending', null],
      [p.clusterIds[0], 'Pending', null],
    ]);
    expect(await auditRows(t, m.id)).toEqual([
      {
        operator: OPERATOR,
        operation: 'create',
        details: {
          after: {
            status: 'Pending',
            project_id: p.projectId,
            schedule_time: m.schedule_time,
            deadline: m.deadline,
            cluster_ids: m.cluster_ids,
            description: 'test maintenance',
          },
        },
      },
    ]);
    const [job] = await t.database.rows<{ kind: string; run_at: string }>(
      sql`select kind, run_at from jobs where dedupe_key = ${`maintenance.window:${m.id}`} and status = 'queued'`,
    );
    expect(job?.kind).toBe('maintenance.window');
    expect(new Date(job!.run_at).toISOString()).toBe(m.schedule_time);
  });

  it('refuses an invalid request with a clear message', async () => {
    const p = await fresh();
    const other = await fresh();
    const cases: [object, number, string, string][] = [
      [{ ...body(p), project_id: '' }, 400, 'request.invalid', MAINTENANCE_FIELD_MESSAGES.projectRequired],
      [{ ...body(p), cluster_ids: [] }, 400, 'request.invalid', MAINTENANCE_FIELD_MESSAGES.clustersRequired],
      [{ ...body(p), schedule_time: '' }, 400, 'request.invalid', MAINTENANCE_FIELD_MESSAGES.scheduleRequired],
      [{ ...body(p), deadline: 'tomorrow' }, 400, 'request.invalid', 'an ISO 8601 time'],
      [
        body(p, p.clusterIds, [3, 2]),
        400,
        'maintenance.invalidWindow',
        MAINTENANCE_FIELD_MESSAGES.deadlineBeforeSchedule,
      ],
      [
        body(p, p.clusterIds, [3, 3]),
        400,
        'maintenance.invalidWindow',
        MAINTENANCE_FIELD_MESSAGES.deadlineBeforeSchedule,
      ],
      [body(p, p.clusterIds, [-1, 2]), 400, 'maintenance.invalidWindow', MAINTENANCE_FIELD_MESSAGES.scheduleInPast],
      [
        body(p, p.clusterIds, [1, 1 + 31 * 24]),
        400,
        'maintenance.invalidWindow',
        MAINTENANCE_FIELD_MESSAGES.windowTooLong,
      ],
      [{ ...body(p), project_id: '1' }, 404, 'project.notFound', 'Project 1 not found'],
      [
        body(p, [p.clusterIds[0]!, other.clusterIds[0]!]),
        400,
        'maintenance.clusterNotInProject',
        `Cluster ${other.clusterIds[0]} is not in project`,
      ],
      [body(p, [p.clusterIds[0]!, 'nope']), 400, 'maintenance.clusterNotInProject', 'Cluster nope is not in project'],
    ];
    for (const [input, status, code, message] of cases) {
      const res = await a.create(input);
      expect(res.statusCode, JSON.stringify(input)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(message);
    }
    const res = await a.create(body(p, p.clusterIds, [3, 2]));
    expect(res.json().details).toEqual([
      { field: 'body.deadline', message: MAINTENANCE_FIELD_MESSAGES.deadlineBeforeSchedule },
    ]);
    // A schedule a few minutes ago is "now" (the time the form took).
    expect((await a.create(body(p, p.clusterIds, [-0.1, 1]))).statusCode).toBe(201);
    // Nothing of the refused requests was written.
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cluster_maintenances where project_id in (${p.projectId}, ${other.projectId})`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses deleted clusters', async () => {
    const [c] = await t.database.rows<{ id: string; project_id: string }>(sql`
      select id, project_id from clusters where status = 'USER_CLUSTER_STATUS_DELETED' order by id limit 1`);
    const res = await a.create({
      project_id: c!.project_id,
      schedule_time: hoursFromNow(1),
      deadline: hoursFromNow(2),
      cluster_ids: [c!.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'maintenance.clusterNotMaintainable',
      message: `Cluster ${c!.id} is deleted or being deleted and cannot be maintained`,
    });
  });

  it('is refused to a user without maintenance.write', async () => {
    const p = await fresh();
    const res = await a.create(body(p), VIEWER);
    expect(res.statusCode).toBe(403);
  });
});

/**
 * Spec §4, written out rather than derived from the contract's tables: start only when the task is Running and the
 * execution Pending; finish only when the execution is Running; cancel when it is Running or Pending; nothing once
 * the maintenance is Closed.
 */
function specAllows(action: ExecutionAction, task: string, execution: string): boolean {
  if (task === 'Closed') return false;
  if (action === 'start') return task === 'Running' && execution === 'Pending';
  if (action === 'finish') return execution === 'Running';
  return execution === 'Running' || execution === 'Pending';
}
const AFTER = { start: 'Running', finish: 'Finished', cancel: 'Cancelled' } as const;

describe('execution actions', () => {
  it('allows exactly what spec §4 allows, and refuses the rest with 409 and its code', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 2)));
    const [target, other] = m.executions as [MaintenanceDetail['executions'][0], MaintenanceDetail['executions'][0]];
    const set = (task: string, execution: string) =>
      t.database.rows(sql`
        with _t as (update cluster_maintenances set status = ${task} where id = ${Number(m.id)})
        update cluster_maintenance_executions set status = case id when ${Number(target.id)} then ${execution}
          else 'Pending' end, cancel_reason = null where maintenance_id = ${Number(m.id)}`);
    let checked = 0;
    for (const task of MAINTENANCE_STATUSES)
      for (const execution of EXECUTION_STATUSES)
        for (const action of ['start', 'finish', 'cancel'] as const) {
          await set(task, execution);
          const audits = (await auditRows(t, m.id)).length;
          const res = await a.act(m.id, target.id, action);
          const what = `${action} with the task ${task} and the execution ${execution}`;
          if (specAllows(action, task, execution)) {
            expect(res.statusCode, what).toBe(200);
            expect(statusOf(res.json(), target.id), what).toBe(AFTER[action]);
            const rows = await auditRows(t, m.id);
            expect(rows.slice(audits), what).toEqual([
              {
                operator: OPERATOR,
                operation: `${action}_execution`,
                details: {
                  execution_id: target.id,
                  cluster_id: target.cluster_id,
                  before: { status: execution },
                  after: {
                    status: AFTER[action],
                    ...(action === 'cancel' ? { cancel_reason: `Cancelled by ${OPERATOR}` } : {}),
                  },
                },
              },
            ]);
          } else {
            expect(res.statusCode, what).toBe(409);
            const code =
              task === 'Closed'
                ? 'maintenance.alreadyClosed'
                : action === 'start' && execution === 'Pending'
                  ? 'maintenance.taskNotRunning'
                  : 'maintenance.executionStatusForbids';
            expect(res.json().code, what).toBe(code);
            expect((await auditRows(t, m.id)).length, what).toBe(audits);
            expect(statusOf(await a.detail(m.id), target.id), what).toBe(execution);
          }
          checked++;
        }
    expect(checked).toBe(36);
    void other;
  });

  it('explains a refusal in its message', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 2), [1, 3]));
    const [e1] = m.executions;
    let res = await a.act(m.id, e1!.id, 'start');
    expect(res.json().message).toBe(
      `Execution ${e1!.id} cannot be started: maintenance ${m.id} is Pending, and an execution can be started only while the maintenance is Running (from its schedule time ${m.schedule_time.replace('.000Z', 'Z')})`,
    );
    res = await a.act(m.id, e1!.id, 'finish');
    expect(res.json().message).toBe(
      `Execution ${e1!.id} is Pending and cannot be finished: only a Running execution can be finished`,
    );
    expect((await a.act(m.id, '999999', 'cancel')).json().code).toBe('maintenance.executionNotFound');
    expect((await a.act('999999', e1!.id, 'cancel')).json().code).toBe('maintenance.notFound');
    expect((await a.act(m.id, e1!.id, 'cancel', undefined, VIEWER)).statusCode).toBe(403);
  });

  it('runs the whole flow: opens at the schedule time, start, finish, cancel with a reason, close', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 3), [0, 4]));
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Running');
    const [e1, e2, e3] = m.executions as [
      MaintenanceDetail['executions'][0],
      MaintenanceDetail['executions'][0],
      MaintenanceDetail['executions'][0],
    ];

    let d = (await a.act(m.id, e1.id, 'start')).json() as MaintenanceDetail;
    expect(d.executions[0]).toMatchObject({ status: 'Running', started_at: expect.any(String), operator: OPERATOR });
    d = (await a.act(m.id, e1.id, 'finish')).json();
    expect(d.executions[0]).toMatchObject({ status: 'Finished', ended_at: expect.any(String) });
    d = (await a.act(m.id, e2.id, 'cancel', 'the customer asked to postpone')).json();
    expect(d.executions[1]).toMatchObject({ status: 'Cancelled', cancel_reason: 'the customer asked to postpone' });
    expect(d.status).toBe('Running');

    const res = await a.close(m.id, 'done for tonight');
    expect(res.statusCode).toBe(200);
    d = res.json();
    expect(d).toMatchObject({ status: 'Closed', close_reason: 'done for tonight', closed_at: expect.any(String) });
    expect(d.executions.map((e) => [e.status, e.cancel_reason])).toEqual([
      ['Finished', null],
      ['Cancelled', 'the customer asked to postpone'],
      ['Cancelled', 'The maintenance was closed: done for tonight'],
    ]);
    const rows = await auditRows(t, m.id);
    expect(rows.map((r) => [r.operator, r.operation])).toEqual([
      [OPERATOR, 'create'],
      ['system', 'open_window'],
      [OPERATOR, 'start_execution'],
      [OPERATOR, 'finish_execution'],
      [OPERATOR, 'cancel_execution'],
      [OPERATOR, 'close'],
    ]);
    expect(rows[1]!.details).toMatchObject({ before: { status: 'Pending' }, after: { status: 'Running' } });
    expect(rows.at(-1)!.details).toEqual({
      trigger: 'user',
      before: { status: 'Running' },
      after: { status: 'Closed', close_reason: 'done for tonight' },
      cancelled_executions: [
        {
          id: e3.id,
          cluster_id: e3.cluster_id,
          before: { status: 'Pending' },
          after: { status: 'Cancelled', cancel_reason: 'The maintenance was closed: done for tonight' },
        },
      ],
    });

    // Closed: nothing more, not even a second close.
    const again = await a.close(m.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'maintenance.alreadyClosed',
      message: `Maintenance ${m.id} is already Closed`,
    });
    expect((await auditRows(t, m.id)).length).toBe(rows.length);
  });

  it('closes a Pending maintenance with a default reason, cancelling its executions', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 2), [5, 6]));
    const d = (await a.close(m.id)).json() as MaintenanceDetail;
    expect(d).toMatchObject({ status: 'Closed', close_reason: `Closed by ${OPERATOR}` });
    expect(d.executions.every((e) => e.status === 'Cancelled')).toBe(true);
    expect((await auditRows(t, m.id)).at(-1)!.details).toMatchObject({
      before: { status: 'Pending' },
      after: { status: 'Closed' },
    });
    expect((await a.close('999999')).statusCode).toBe(404);
    expect((await a.close(m.id, undefined, VIEWER)).statusCode).toBe(403);
  });

  it('closes the maintenance by itself once every execution is finished or cancelled', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 2), [0, 4]));
    await t.jobs.drain();
    const [e1, e2] = m.executions;
    await a.act(m.id, e1!.id, 'start');
    await a.act(m.id, e1!.id, 'finish');
    expect((await a.detail(m.id)).status).toBe('Running');
    const d = (await a.act(m.id, e2!.id, 'cancel')).json() as MaintenanceDetail;
    expect(d).toMatchObject({ status: 'Closed', close_reason: 'every execution is finished or cancelled' });
    expect(d.executions[1]).toMatchObject({ status: 'Cancelled', cancel_reason: `Cancelled by ${OPERATOR}` });
    const rows = await auditRows(t, m.id);
    expect(rows.slice(-2).map((r) => [r.operator, r.operation])).toEqual([
      [OPERATOR, 'cancel_execution'],
      ['system', 'close'],
    ]);
    expect(rows.at(-1)!.details).toMatchObject({ trigger: 'executions_done', cancelled_executions: [] });
  });
});
