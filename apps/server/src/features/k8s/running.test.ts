import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { K8sUpgradeTaskDetail, OperationDetail } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { defineFeature } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { clusterWorkGuards, type ClusterWork } from '../../platform/cluster-work.js';
import { ADMIN, api, OPERATOR, TASKS } from './testing.js';

/** Running tasks: batch by batch, a failed batch stops the later ones, manual verification, cancel, guards. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const OPS = '/api/v1/devops/operations';
const op = (id: string): Promise<OperationDetail> => a.ok('GET', `${OPS}/${id}`);
const statuses = (task: K8sUpgradeTaskDetail) =>
  task.batches.map((b) => [b.status, ...b.clusters.map((c) => `${c.k8s_name}:${c.status}`)]);
const create = async (name: string, batches: string[][], target = '1.30', verification = 'automatic') => {
  const res = await a.create({ name, target_version: target, verification, batches });
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as K8sUpgradeTaskDetail).id;
};
/** Starts and finishes the manual confirmation of a waiting upgrade, as the on-call does on /operations/{id}. */
const confirm = async (operationId: string, who = ADMIN) => {
  const seq = (await op(operationId)).steps.find((s) => s.name === 'confirm')!.seq;
  await a.ok('POST', `${OPS}/${operationId}/steps/${seq}/start`, {}, who);
  await a.ok('POST', `${OPS}/${operationId}/steps/${seq}/finish`, { reason: 'dashboards green' }, who);
};
const operations = (task: K8sUpgradeTaskDetail) => task.batches.flatMap((b) => b.clusters.map((c) => c.operation_id));

describe('a submitted task', () => {
  let id: string;
  let submitted: K8sUpgradeTaskDetail;

  it('starts its first batch only: one upgrade operation per cluster, audited', async () => {
    id = await a.seededId('AWS us-west-2 and Frankfurt prod to 1.30');
    const res = await a.action(id, 'submit');
    expect(res.statusCode, res.body).toBe(200);
    submitted = res.json();
    expect(submitted).toMatchObject({ status: 'running', current_batch: 1, reason: null });
    expect(submitted.submitted_at).toBeTruthy();
    expect(statuses(submitted)).toEqual([
      ['running', 'aws-us-west-2-prod-01:upgrading'],
      ['pending', 'aws-us-west-2-prod-02:pending', 'aws-eu-central-1-prod-01:pending'],
      ['pending', 'aws-eu-central-1-prod-02:pending'],
    ]);
    const [first, ...rest] = operations(submitted);
    expect(rest).toEqual([null, null, null]);
    const o = await op(first!);
    expect(o).toMatchObject({
      type: 'k8s_upgrade.cluster',
      target_type: 'k8s_cluster',
      target_id: 'aws-us-west-2-prod-01',
      status: 'running',
      created_by: OPERATOR,
      title: `Upgrade Kubernetes aws-us-west-2-prod-01 to 1.30 (task ${id}, batch 1)`,
    });
    expect(o.steps.map((s) => s.name)).toEqual(['precheck', 'control-plane', 'node-pools', 'verify']);
    expect((await a.audit(id)).slice(-2)).toEqual([
      {
        operation: 'submit',
        operator: OPERATOR,
        details: { before: { status: 'draft' }, after: { status: 'running', clusters: 4 } },
      },
      {
        operation: 'batch_started',
        operator: OPERATOR,
        details: { batch: 1, operations: [{ k8s_name: 'aws-us-west-2-prod-01', operation_id: first }] },
      },
    ]);
    expect((await a.action(id, 'submit')).json().code).toBe('k8sUpgrade.actionNotAllowed');
  });

  it('runs batch after batch, each after the previous one ended, and succeeds', async () => {
    await t.jobs.drain();
    const done = await a.task(id);
    expect(done).toMatchObject({ status: 'succeeded', current_batch: 3, reason: null });
    expect(done.finished_at).toBeTruthy();
    expect(done.progress).toMatchObject({ total: 4, succeeded: 4 });
    expect(statuses(done).map((b) => b[0])).toEqual(['succeeded', 'succeeded', 'succeeded']);
    for (const name of ['aws-us-west-2-prod-01', 'aws-us-west-2-prod-02', 'aws-eu-central-1-prod-01']) {
      expect(await a.version(name)).toBe('1.30');
      expect(new Set(await a.poolVersions(name))).toEqual(new Set(['1.30']));
    }
    // Each batch's operations started after every operation of the batch before had finished.
    const ops = await Promise.all(done.batches.map((b) => Promise.all(b.clusters.map((c) => op(c.operation_id!)))));
    for (let b = 1; b < ops.length; b++) {
      const lastEnd = Math.max(...ops[b - 1]!.map((o) => Date.parse(o.finished_at!)));
      for (const o of ops[b]!) expect(Date.parse(o.started_at!)).toBeGreaterThanOrEqual(lastEnd);
    }
    expect(ops.flat().every((o) => o.status === 'succeeded')).toBe(true);
    expect(ops[0]![0]!.steps.map((s) => s.message)).toEqual([
      expect.stringMatching(/^\d+ node pools healthy \(\d+ nodes\); the upgrade path is 1\.29 → 1\.30$/),
      'control plane upgraded 1.29 → 1.30, one minor version at a time',
      expect.stringContaining('node pools upgraded to 1.30'),
      expect.stringContaining('nodes Ready at 1.30'),
    ]);
    const log = await a.audit(id);
    expect(log.slice(-10).map((r) => [r.operation, r.details.batch])).toEqual([
      ['cluster_upgraded', 1],
      ['batch_succeeded', 1],
      ['batch_started', 2],
      ['cluster_upgraded', 2],
      ['cluster_upgraded', 2],
      ['batch_succeeded', 2],
      ['batch_started', 3],
      ['cluster_upgraded', 3],
      ['batch_succeeded', 3],
      ['succeed', undefined],
    ]);
    expect(log.at(-1)).toEqual({
      operation: 'succeed',
      operator: 'system',
      details: { reason: null, before: { status: 'running' }, after: { status: 'succeeded' } },
    });
    expect(log.find((r) => r.operation === 'cluster_upgraded')).toMatchObject({
      operator: 'system',
      details: {
        k8s_name: 'aws-us-west-2-prod-01',
        batch: 1,
        before: { status: 'upgrading', version: '1.29' },
        after: { status: 'succeeded', version: '1.30' },
      },
    });
    const cluster = await a.ok('GET', `${TASKS}/${id}/k8sClusters/aws-eu-central-1-prod-01`);
    expect(cluster.pools_before.every((p: { version: string }) => p.version === '1.29')).toBe(true);
    expect(cluster.pools_after.every((p: { version: string }) => p.version === '1.30')).toBe(true);
    expect((await a.info('aws-eu-central-1-prod-01')).open_task).toBeNull();
    // A cluster at the target can no longer be put in a task to it.
    expect(
      (await a.create({ name: 'x', target_version: '1.30', batches: [['aws-us-west-2-prod-01']] })).statusCode,
    ).toBe(409);
  });
});

describe('a failed batch', () => {
  it('fails the task once every upgrade of the batch ended, and skips the later batches', async () => {
    const id = await create(
      'Fails at the pre-check',
      [['gcp-europe-west1-prod-01', 'gcp-us-central1-prod-02'], ['gcp-asia-east1-prod-01']],
      '1.29',
    );
    await a.action(id, 'submit');
    await t.jobs.drain();
    const task = await a.task(id);
    const reason =
      'node pool tikv is unhealthy (2 of 9 nodes NotReady: kubelet stopped posting node status): repair it, or ' +
      'exclude gcp-europe-west1-prod-01 from the task';
    expect(task).toMatchObject({
      status: 'failed',
      current_batch: 1,
      reason: `batch 1 failed: gcp-europe-west1-prod-01: ${reason}`,
    });
    expect(statuses(task)).toEqual([
      ['failed', 'gcp-europe-west1-prod-01:failed', 'gcp-us-central1-prod-02:succeeded'],
      ['skipped', 'gcp-asia-east1-prod-01:skipped'],
    ]);
    expect(task.batches[0]!.clusters[0]!.reason).toBe(reason);
    expect(task.batches[1]!.clusters[0]).toMatchObject({ reason: 'batch 1 failed', operation_id: null });
    // The failed cluster is untouched, its sibling in the batch finished, the later batch never ran.
    expect(await a.version('gcp-europe-west1-prod-01')).toBe('1.28');
    expect(await a.version('gcp-us-central1-prod-02')).toBe('1.29');
    expect(await a.version('gcp-asia-east1-prod-01')).toBe('1.28');
    const failed = await op(task.batches[0]!.clusters[0]!.operation_id!);
    expect(failed).toMatchObject({ status: 'failed', error: reason });
    expect(failed.steps.map((s) => s.status)).toEqual(['failed', 'pending', 'pending', 'pending']);
    const ops = await t.database.rows(
      sql`select 1 from operations where type = 'k8s_upgrade.cluster' and target_id = 'gcp-asia-east1-prod-01' and params->>'task_id' = ${id}`,
    );
    expect(ops).toEqual([]);
    const log = (await a.audit(id)).map((r) => r.operation);
    expect(log).toEqual([
      'create',
      'submit',
      'batch_started',
      'cluster_failed',
      'cluster_upgraded',
      'batch_failed',
      'fail',
    ]);
    expect((await a.audit(id)).at(-2)).toMatchObject({
      details: { batch: 1, failed: [{ k8s_name: 'gcp-europe-west1-prod-01', reason }] },
    });
    // Failed → close (then delete).
    expect((await a.action(id, 'close')).json().status).toBe('closed');
  });
});

describe('manual verification', () => {
  it('waits for the confirmation; a pending cluster excluded meanwhile is never upgraded', async () => {
    const id = await a.seededId('AWS us-east-1 prod to 1.30');
    const before = await a.task(id);
    const waitingOp = before.batches[1]!.clusters[0]!.operation_id!;
    await t.jobs.drain();
    expect((await op(waitingOp)).status).toBe('waiting');
    expect((await a.task(id)).status).toBe('running');
    const excluded = await a.action(id, 'exclude', { k8s_name: 'aws-us-east-1-prod-02', reason: 'tenant launch week' });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const started = await a.action(id, 'exclude', { k8s_name: 'aws-us-east-1-prod-01', reason: 'too late' });
    expect(started.json()).toMatchObject({
      code: 'k8sUpgrade.clusterNotExcludable',
      message: 'aws-us-east-1-prod-01 is upgrading: only a cluster whose upgrade has not started can be excluded',
    });
    await confirm(waitingOp);
    await t.jobs.drain();
    const done = await a.task(id);
    expect(done.status).toBe('succeeded');
    expect(statuses(done)).toEqual([
      ['succeeded', 'aws-us-east-1-prod-03:succeeded'],
      ['succeeded', 'aws-us-east-1-prod-01:succeeded'],
      ['skipped', 'aws-us-east-1-prod-02:excluded'],
    ]);
    expect(await a.version('aws-us-east-1-prod-02')).toBe('1.29');
    expect((await op(waitingOp)).steps.find((s) => s.name === 'confirm')).toMatchObject({
      status: 'succeeded',
      message: 'dashboards green',
    });
    expect((await a.audit(id)).slice(-4).map((r) => r.operation)).toEqual([
      'exclude',
      'cluster_upgraded',
      'batch_succeeded',
      'succeed',
    ]);
  });

  it('starts the next batch only after the confirmation', async () => {
    const id = await create(
      'Manual two batches',
      [['aws-ap-southeast-1-staging-01'], ['gcp-europe-west1-prod-02']],
      '1.30',
      'manual',
    );
    await a.action(id, 'submit');
    await t.jobs.drain();
    let task = await a.task(id);
    expect(statuses(task)).toEqual([
      ['running', 'aws-ap-southeast-1-staging-01:upgrading'],
      ['pending', 'gcp-europe-west1-prod-02:pending'],
    ]);
    const first = await op(task.batches[0]!.clusters[0]!.operation_id!);
    expect(first.steps.map((s) => [s.name, s.status])).toEqual([
      ['precheck', 'succeeded'],
      ['control-plane', 'succeeded'],
      ['node-pools', 'succeeded'],
      ['confirm', 'waiting'],
      ['verify', 'pending'],
    ]);
    await confirm(first.id);
    await t.jobs.drain();
    task = await a.task(id);
    expect(statuses(task)).toEqual([
      ['succeeded', 'aws-ap-southeast-1-staging-01:succeeded'],
      ['running', 'gcp-europe-west1-prod-02:upgrading'],
    ]);
    expect((await op(task.batches[1]!.clusters[0]!.operation_id!)).status).toBe('waiting');
  });
});

describe('cancelling', () => {
  it('a running task starts no further batch; the running upgrade finishes and is recorded', async () => {
    const id = await create(
      'Cancel while running',
      [['gcp-us-central1-prod-01'], ['azure-eastus-prod-01'], ['aws-ap-northeast-1-prod-01']],
      '1.30',
      'manual',
    );
    await a.action(id, 'submit');
    await t.jobs.drain();
    const running = await a.task(id);
    const inFlight = running.batches[0]!.clusters[0]!.operation_id!;
    const res = await a.action(id, 'cancel', { reason: 'change freeze' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', reason: 'change freeze' });
    expect(statuses(res.json())).toEqual([
      ['running', 'gcp-us-central1-prod-01:upgrading'],
      ['skipped', 'azure-eastus-prod-01:skipped'],
      ['skipped', 'aws-ap-northeast-1-prod-01:skipped'],
    ]);
    expect(res.json().batches[1].clusters[0].reason).toBe('the task was cancelled: change freeze');
    expect((await a.audit(id)).at(-1)).toEqual({
      operation: 'cancel',
      operator: OPERATOR,
      details: {
        reason: 'change freeze',
        still_running: [{ k8s_name: 'gcp-us-central1-prod-01', operation_id: inFlight }],
        before: { status: 'running' },
        after: { status: 'cancelled' },
      },
    });
    // Still held by its running upgrade: not free for another task, and the task cannot be deleted yet.
    expect((await a.info('gcp-us-central1-prod-01')).open_task).toMatchObject({
      task_id: id,
      cluster_status: 'upgrading',
    });
    expect(
      (await a.create({ name: 'y', target_version: '1.31', batches: [['gcp-us-central1-prod-01']] })).json().code,
    ).toBe('k8sUpgrade.clusterInOpenTask');
    expect((await a.action(id, 'close')).json().status).toBe('closed');
    const del = await a.call('DELETE', `${TASKS}/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      code: 'k8sUpgrade.upgradesInFlight',
      message: 'The upgrades of gcp-us-central1-prod-01 are still running; wait for them to end',
    });
    await confirm(inFlight);
    await t.jobs.drain();
    const after = await a.task(id);
    expect(after.status).toBe('closed');
    expect(statuses(after)[0]).toEqual(['succeeded', 'gcp-us-central1-prod-01:succeeded']);
    expect(await a.version('azure-eastus-prod-01')).toBe('1.29');
    expect((await a.audit(id)).slice(-3).map((r) => r.operation)).toEqual([
      'close',
      'cluster_upgraded',
      'batch_succeeded',
    ]);
    expect((await a.call('DELETE', `${TASKS}/${id}`)).statusCode).toBe(200);
  });

  it('an upgrade operation cancelled on its page fails the cluster, the batch and the task', async () => {
    const id = await create(
      'Operation cancelled',
      [['azure-eastus-prod-01'], ['aws-ap-northeast-1-prod-01']],
      '1.30',
      'manual',
    );
    await a.action(id, 'submit');
    await t.jobs.drain();
    const opId = (await a.task(id)).batches[0]!.clusters[0]!.operation_id!;
    await a.ok('POST', `${OPS}/${opId}/cancel`, { reason: 'wrong window' });
    const task = await a.task(id);
    expect(task).toMatchObject({ status: 'failed' });
    expect(statuses(task)).toEqual([
      ['failed', 'azure-eastus-prod-01:failed'],
      ['skipped', 'aws-ap-northeast-1-prod-01:skipped'],
    ]);
    expect(task.batches[0]!.clusters[0]!.reason).toBe(`the upgrade operation ${opId} was cancelled`);
    // It stopped at the confirmation: the control plane and pools already ran the target.
    expect(await a.version('azure-eastus-prod-01')).toBe('1.30');
    expect(await a.version('aws-ap-northeast-1-prod-01')).toBe('1.29');
  });
});

describe('cluster-work guards', () => {
  const seen: ClusterWork[] = [];
  let refuse = new Set<string>();
  const guarded = defineFeature({
    name: 'test-guard',
    provides: () => [
      clusterWorkGuards.provide({
        name: 'test.guard',
        async check(_tx, work) {
          seen.push(work);
          const hit = work.clusterIds.find((c) => refuse.has(c));
          if (hit) throw new AppError('conflict', `cluster ${hit} is frozen`);
        },
      }),
    ],
  });
  let g: TestApp;
  let ga: ReturnType<typeof api>;
  beforeAll(async () => {
    g = await createTestApp({}, { extraFeatures: [guarded] });
    ga = api(g);
    const hosted = await g.database.rows<{ id: string }>(sql`
      select h.cluster_id as id from k8s_cluster_hosting h join k8s_clusters k on k.id = h.k8s_cluster_id
      where k.name = 'gcp-asia-east1-prod-01' order by h.cluster_id`);
    refuse = new Set([hosted[0]!.id]);
  });
  afterAll(() => g?.close());

  it('are asked with the tenant clusters a batch hosts; a refusal at submit is the 409 and nothing starts', async () => {
    const res = await ga.create({ name: 'Frozen', target_version: '1.29', batches: [['gcp-asia-east1-prod-01']] });
    const id = res.json().id;
    const submit = await ga.action(id, 'submit');
    expect(submit.statusCode).toBe(409);
    expect(submit.json()).toMatchObject({ code: 'conflict', message: `cluster ${[...refuse][0]} is frozen` });
    expect(seen.at(-1)).toMatchObject({ kind: 'k8s_upgrade.batch', subjectType: 'k8s_upgrade_task', subjectId: id });
    expect(seen.at(-1)!.clusterIds.length).toBe((await ga.info('gcp-asia-east1-prod-01')).hosted_cluster_count);
    const task = await ga.task(id);
    expect(task.status).toBe('draft');
    expect(task.batches[0]!.clusters[0]!.operation_id).toBeNull();
    expect((await ga.audit(id)).map((r) => r.operation)).toEqual(['create']);
    await ga.ok('DELETE', `${TASKS}/${id}`);
  });

  it('a refusal of a later batch fails the task with the reason', async () => {
    const res = await ga.create({
      name: 'Frozen later',
      target_version: '1.29',
      batches: [['azure-eastus-prod-02'], ['gcp-asia-east1-prod-01']],
    });
    const id = res.json().id;
    expect((await ga.action(id, 'submit')).statusCode).toBe(200);
    await g.jobs.drain();
    const task = await ga.task(id);
    const reason = `batch 2 could not start: cluster ${[...refuse][0]} is frozen`;
    expect(task).toMatchObject({ status: 'failed', reason });
    expect(statuses(task)).toEqual([
      ['succeeded', 'azure-eastus-prod-02:succeeded'],
      ['skipped', 'gcp-asia-east1-prod-01:skipped'],
    ]);
    expect(task.batches[1]!.clusters[0]!.reason).toBe(reason);
    expect((await ga.audit(id)).slice(-3)).toEqual([
      expect.objectContaining({ operation: 'batch_succeeded' }),
      { operation: 'batch_refused', operator: 'system', details: { batch: 2, code: 'conflict', reason } },
      expect.objectContaining({ operation: 'fail', details: expect.objectContaining({ reason }) }),
    ]);
  });
});
