import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MaintenanceDetail } from '@portal/contract';
import { buildApp } from '../../app.js';
import { assertClusterWorkAllowed } from '../../platform/cluster-work.js';
import { AppError } from '../../platform/errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, auditRows, hoursFromNow, projectPicker, shiftWindow, type FreeProject } from './testing.js';

let t: TestApp;
let a: ReturnType<typeof api>;
let fresh: () => Promise<FreeProject>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  fresh = projectPicker(t, 3);
});
afterAll(() => t?.close());

const body = (p: FreeProject, clusters: string[], hours: [number, number]) => ({
  project_id: p.projectId,
  schedule_time: hoursFromNow(hours[0]),
  deadline: hoursFromNow(hours[1]),
  cluster_ids: clusters,
});
const at = (iso: string) => iso.replace('.000Z', 'Z');

describe('the window job', () => {
  it('opens a maintenance at its schedule time, not before', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 1), [2, 5]));
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Pending');
    // Run early (a job made due before its time): it leaves the task Pending and waits for the schedule time again.
    const jobOf = () =>
      t.database.rows<{ run_at: string }>(
        sql`select run_at from jobs where dedupe_key = ${`maintenance.window:${m.id}`} and status = 'queued'`,
      );
    await t.database.rows(sql`update jobs set run_at = now() where dedupe_key = ${`maintenance.window:${m.id}`}`);
    expect(await t.jobs.drain()).toBeGreaterThan(0);
    expect((await a.detail(m.id)).status).toBe('Pending');
    expect(new Date((await jobOf())[0]!.run_at).toISOString()).toBe(m.schedule_time);
    // Two hours later (the window moves back instead of the clock moving on).
    await shiftWindow(t, m.id, -2);
    await t.jobs.drain();
    const d = await a.detail(m.id);
    expect(d.status).toBe('Running');
    expect((await auditRows(t, m.id)).map((r) => [r.operator, r.operation])).toEqual([
      ['operator@example.com', 'create'],
      ['system', 'open_window'],
    ]);
    // It is now due at the deadline.
    expect(new Date((await jobOf())[0]!.run_at).toISOString()).toBe(d.deadline);
  });

  it('closes a Running maintenance at its deadline, cancelling the executions still to do', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 3), [0, 3]));
    await t.jobs.drain();
    const [e1, e2] = m.executions;
    await a.act(m.id, e1!.id, 'start');
    await a.act(m.id, e1!.id, 'finish');
    await a.act(m.id, e2!.id, 'start');
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Running');

    await shiftWindow(t, m.id, -3);
    await t.jobs.drain();
    const d = await a.detail(m.id);
    const reason = `the maintenance window ended at its deadline ${at(d.deadline)}`;
    expect(d).toMatchObject({ status: 'Closed', close_reason: reason });
    expect(d.executions.map((e) => [e.status, e.cancel_reason, e.operator])).toEqual([
      ['Finished', null, 'operator@example.com'],
      ['Cancelled', `The maintenance was closed: ${reason}`, 'system'],
      ['Cancelled', `The maintenance was closed: ${reason}`, 'system'],
    ]);
    const close = (await auditRows(t, m.id)).at(-1)!;
    expect(close).toMatchObject({ operator: 'system', operation: 'close' });
    expect(close.details).toMatchObject({
      trigger: 'deadline',
      before: { status: 'Running' },
      cancelled_executions: [
        { id: e2!.id, before: { status: 'Running' } },
        { id: m.executions[2]!.id, before: { status: 'Pending' } },
      ],
    });
    // Done: no job left for it.
    const jobs = await t.database.rows(
      sql`select 1 from jobs where dedupe_key = ${`maintenance.window:${m.id}`} and status = 'queued'`,
    );
    expect(jobs).toHaveLength(0);
  });

  it('closes a maintenance whose whole window passed while nothing ran, without opening it', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 1), [1, 2]));
    await shiftWindow(t, m.id, -3);
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Closed');
    expect((await auditRows(t, m.id)).map((r) => r.operation)).toEqual(['create', 'close']);
  });

  it('is durable: a server started later on the same database runs it', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 1), [1, 4]));
    await shiftWindow(t, m.id, -1);
    // Another app (a restart) on the same database: the queued job is all that carries the schedule.
    const other = await buildApp(t.config, t.database, { stepTimeScale: 0 });
    try {
      await other.jobs.drain();
    } finally {
      await other.app.close();
    }
    expect((await a.detail(m.id)).status).toBe('Running');
  });

  it('leaves a closed maintenance alone', async () => {
    const p = await fresh();
    const m = await a.createOk(body(p, p.clusterIds.slice(0, 1), [0, 2]));
    await a.close(m.id);
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Closed');
    expect((await auditRows(t, m.id)).map((r) => r.operation)).toEqual(['create', 'close']);
  });
});

describe('overlapping windows', () => {
  it('refuses a window over a cluster already in an overlapping, non-closed maintenance', async () => {
    const p = await fresh();
    const [c1, c2, c3] = p.clusterIds as [string, string, string];
    const first = await a.createOk(body(p, [c1, c2], [1, 3]));
    const res = await a.create(body(p, [c3, c2, c1], [2, 4]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'maintenance.overlap',
      message: `Clusters ${c1}, ${c2} are already in maintenance ${first.id} (${at(first.schedule_time)} – ${at(first.deadline)}), whose window overlaps this one`,
      details: { maintenance_id: first.id, cluster_ids: [c1, c2] },
    });
    const one = await a.create(body(p, [c2, c3], [0.5, 1.5]));
    expect(one.json().message).toMatch(new RegExp(`^Cluster ${c2} is already in maintenance ${first.id} `));
    // Back to back is no overlap; another cluster neither.
    expect((await a.create(body(p, [c3], [2, 4]))).statusCode).toBe(201);
    const after = await a.createOk({ ...body(p, [c1], [3, 5]), schedule_time: first.deadline });
    expect(after.status).toBe('Pending');
  });

  it('counts only the executions still to do, and only maintenances not closed', async () => {
    const p = await fresh();
    const [c1, c2] = p.clusterIds as [string, string];
    const first = await a.createOk(body(p, [c1, c2], [1, 3]));
    await a.act(first.id, first.executions[0]!.id, 'cancel', 'not this one');
    expect((await a.create(body(p, [c1], [2, 4]))).statusCode).toBe(201);
    expect((await a.create(body(p, [c2], [2, 4]))).statusCode).toBe(409);
    await a.close(first.id);
    expect((await a.create(body(p, [c2], [2, 4]))).statusCode).toBe(201);
  });
});

describe('the maintenance window guard (other automation honours it)', () => {
  const work = (clusterIds: string[], subject = { subjectType: 'cloud_config_change', subjectId: '42' }) => ({
    kind: 'config_change.apply',
    ...subject,
    clusterIds,
  });
  const check = (w: ReturnType<typeof work>) =>
    t.database.db
      .transaction((tx) => assertClusterWorkAllowed(t.ctx, tx, w))
      .then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e : Promise.reject(e)),
      );

  it('refuses work on a cluster with an execution still to do in an open window, and only then', async () => {
    const p = await fresh();
    const [c1, c2, c3] = p.clusterIds as [string, string, string];
    const m = await a.createOk(body(p, [c1, c2], [1, 3]));
    // Not open yet (Pending, schedule in an hour).
    expect(await check(work([c1]))).toBeNull();
    await shiftWindow(t, m.id, -1);
    // Open by the clock even before the job ran.
    const refused = await check(work([c3, c1]));
    expect(refused).toMatchObject({ status: 409, code: 'maintenance.windowOpen' });
    const d = await a.detail(m.id);
    expect(refused!.message).toBe(
      `Cluster ${c1} is in maintenance ${m.id} until its deadline ${at(d.deadline)}: config_change.apply of cloud_config_change 42 is refused while the window is open (it opens again once the cluster's execution is finished or cancelled, or the maintenance is closed)`,
    );
    expect(refused!.details).toMatchObject({ maintenance_id: m.id, cluster_id: c1, deadline: d.deadline });
    await t.jobs.drain();
    // Another cluster of the project, not in the maintenance: allowed.
    expect(await check(work([c3]))).toBeNull();
    // The maintenance's own work on it: allowed.
    expect(await check(work([c1], { subjectType: 'cluster_maintenance', subjectId: m.id }))).toBeNull();
    // Its execution finished: the cluster leaves the window.
    await a.act(m.id, d.executions[0]!.id, 'start');
    expect(await check(work([c1]))).not.toBeNull();
    await a.act(m.id, d.executions[0]!.id, 'finish');
    expect(await check(work([c1]))).toBeNull();
    expect(await check(work([c2]))).not.toBeNull();
    // Past the deadline (the job not run yet): the window is over.
    await shiftWindow(t, m.id, -3);
    expect(await check(work([c2]))).toBeNull();
  });

  it("refuses a configuration change's apply on a cluster inside an open window, and lets it apply once closed", async () => {
    // The demo's change waiting for apply.
    const [change] = await t.database.rows<{ id: string; target_id: string; project_id: string }>(sql`
      select x.id::text as id, x.target_id, c.project_id from config_changes x join clusters c on c.id = x.target_id
      where x.phase = 'wait_for_apply' and x.target_type = 'cluster' order by x.id limit 1`);
    expect(change).toBeDefined();
    const m = await a.createOk({
      project_id: change!.project_id,
      schedule_time: hoursFromNow(0),
      deadline: hoursFromNow(2),
      cluster_ids: [change!.target_id],
    });
    await t.jobs.drain();
    expect((await a.detail(m.id)).status).toBe('Running');

    const apply = () => a.call('POST', `/api/v1/devops/cloudconfig/changes/${change!.id}/apply`);
    const refused = await apply();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'maintenance.windowOpen', details: { maintenance_id: m.id } });
    expect(refused.json().message).toContain(
      `Cluster ${change!.target_id} is in maintenance ${m.id} until its deadline`,
    );
    const phase = async () =>
      (await a.call('GET', `/api/v1/devops/cloudconfig/changes/${change!.id}`)).json().change.phase as string;
    expect(await phase()).toBe('wait_for_apply');

    await a.close(m.id, 'window released');
    const applied = await apply();
    expect(applied.statusCode).toBe(200);
    expect(applied.json().change.phase).toBe('applying');
  });
});

describe('concurrency', () => {
  it('two overlapping maintenances of one cluster created at once: one wins', async () => {
    const p = await fresh();
    const res = await Promise.all([
      a.create(body(p, [p.clusterIds[0]!], [1, 3])),
      a.create(body(p, [p.clusterIds[0]!], [2, 4])),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('two closes at once: one wins, one audit row', async () => {
    const p = await fresh();
    const m: MaintenanceDetail = await a.createOk(body(p, [p.clusterIds[0]!], [1, 3]));
    const res = await Promise.all([a.close(m.id), a.close(m.id)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await auditRows(t, m.id)).filter((r) => r.operation === 'close')).toHaveLength(1);
  });
});
