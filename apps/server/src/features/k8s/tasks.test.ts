import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  K8S_MESSAGES,
  K8S_TASK_STATE_ACTIONS,
  type K8sTaskClusterDetail,
  type K8sUpgradeTask,
  type K8sUpgradeTaskDetail,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADMIN, api, OPERATOR, TASKS, VIEWER } from './testing.js';

/** Upgrade tasks: create, edit, delete, the refused transitions, exclude, auto-generation, lists, the cluster page. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const names = (task: K8sUpgradeTaskDetail) => task.batches.map((b) => b.clusters.map((c) => c.k8s_name));
const body = (batches: string[][], extra: object = {}) => ({
  name: 'Test upgrade',
  description: 'by the tests',
  target_version: '1.30',
  batches,
  ...extra,
});

describe('creating a task', () => {
  it('validates the body with the contract messages', async () => {
    const res = await a.create({ name: ' ', target_version: '1.26', batches: [[]] });
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { field: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'task name is required' },
        { field: 'body.target_version', message: 'target version is required' },
        { field: 'body.batches.0', message: 'a batch needs at least one k8s cluster' },
      ]),
    );
    const none = await a.create({ name: 'x', target_version: '1.30', batches: [] });
    expect(none.json().details).toEqual([{ field: 'body.batches', message: 'add at least one batch' }]);
    const twice = await a.create(
      body([['gcp-us-central1-prod-02'], ['azure-eastus-prod-02', 'gcp-us-central1-prod-02']]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([
      { field: 'body.batches.1.1', message: 'gcp-us-central1-prod-02 is in more than one batch' },
    ]);
    expect(K8S_MESSAGES.duplicateCluster('x')).toBe('x is in more than one batch');
  });

  it('refuses unknown clusters, a target not above a version, and a cluster in another open task', async () => {
    const unknown = await a.create(body([['gcp-us-central1-prod-02', 'nope-01']]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'k8sUpgrade.unknownCluster',
      message: 'No k8s cluster is named nope-01',
      details: { k8s_names: ['nope-01'] },
    });
    const current = await a.create(body([['gcp-us-central1-prod-02', 'aws-us-east-1-staging-01']]));
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({
      code: 'k8sUpgrade.versionNotAbove',
      message: 'The target version 1.30 is not above the version of aws-us-east-1-staging-01 (1.30)',
    });
    const busy = await a.create(
      body([['gcp-us-central1-prod-02'], ['aws-us-west-2-prod-01', 'aws-us-east-1-prod-02']]),
    );
    expect(busy.statusCode).toBe(409);
    const draft = await a.seededId('AWS us-west-2 and Frankfurt prod to 1.30');
    const running = await a.seededId('AWS us-east-1 prod to 1.30');
    expect(busy.json()).toMatchObject({
      code: 'k8sUpgrade.clusterInOpenTask',
      message: `Already in another open upgrade task: aws-us-east-1-prod-02 (task ${running}, running), aws-us-west-2-prod-01 (task ${draft}, draft)`,
    });
    expect((await a.create(body([['gcp-us-central1-prod-02']]), VIEWER)).statusCode).toBe(403);
    expect(await t.database.rows(sql`select 1 from k8s_upgrade_tasks where name = 'Test upgrade'`)).toEqual([]);
  });

  it('creates a draft with its batches in order, audited', async () => {
    const res = await a.create(
      body([['gcp-us-central1-prod-02', 'azure-eastus-prod-02'], ['gcp-asia-east1-prod-01']], {
        verification: 'manual',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const task: K8sUpgradeTaskDetail = res.json();
    expect(task).toMatchObject({
      name: 'Test upgrade',
      description: 'by the tests',
      target_version: '1.30',
      status: 'draft',
      verification: 'manual',
      created_by: OPERATOR,
      current_batch: null,
      batch_count: 2,
      generation: null,
      progress: { total: 3, pending: 3, upgrading: 0, succeeded: 0 },
    });
    expect(names(task)).toEqual([['gcp-us-central1-prod-02', 'azure-eastus-prod-02'], ['gcp-asia-east1-prod-01']]);
    expect(task.batches.map((b) => b.status)).toEqual(['pending', 'pending']);
    expect(task.batches[0]!.clusters[0]).toMatchObject({
      provider: 'GCP',
      region: 'us-central1',
      environment: 'prod',
      batch: 1,
      position: 1,
      status: 'pending',
      from_version: '1.28',
      current_version: '1.28',
      operation_id: null,
    });
    expect(await a.audit(task.id)).toEqual([
      {
        operation: 'create',
        operator: OPERATOR,
        details: {
          after: {
            status: 'draft',
            name: 'Test upgrade',
            target_version: '1.30',
            verification: 'manual',
            batches: names(task),
          },
        },
      },
    ]);
    // Its clusters are held by it until it is deleted.
    expect((await a.create(body([['gcp-asia-east1-prod-01']]))).json().code).toBe('k8sUpgrade.clusterInOpenTask');
    await a.ok('DELETE', `${TASKS}/${task.id}`);
    expect((await a.create(body([['gcp-asia-east1-prod-01']], { name: 'Once more' }))).statusCode).toBe(201);
    await t.database.rows(sql`delete from k8s_upgrade_tasks where name = 'Once more'`);
  });
});

describe('a draft', () => {
  let id: string;
  beforeAll(async () => {
    id = (await a.create(body([['aws-ap-southeast-1-staging-01']], { name: 'Draft to edit' }))).json().id;
  });

  it('is edited with PUT (batches replaced, exclusions reset), audited before/after', async () => {
    await a.action(id, 'exclude', { k8s_name: 'aws-ap-southeast-1-staging-01', reason: 'not yet' });
    const res = await a.call(
      'PUT',
      `${TASKS}/${id}`,
      body([['gcp-europe-west1-prod-02'], ['aws-ap-southeast-1-staging-01']], { name: 'Edited draft' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const task: K8sUpgradeTaskDetail = res.json();
    expect(task.name).toBe('Edited draft');
    expect(names(task)).toEqual([['gcp-europe-west1-prod-02'], ['aws-ap-southeast-1-staging-01']]);
    expect(task.batches.flatMap((b) => b.clusters.map((c) => c.status))).toEqual(['pending', 'pending']);
    expect((await a.audit(id)).at(-1)).toMatchObject({
      operation: 'update',
      details: {
        before: { name: 'Draft to edit', batches: [['aws-ap-southeast-1-staging-01']] },
        after: { name: 'Edited draft', batches: [['gcp-europe-west1-prod-02'], ['aws-ap-southeast-1-staging-01']] },
      },
    });
    // Its own clusters are not "in another task"; another draft's are.
    const other = await a.call('PUT', `${TASKS}/${id}`, body([['aws-us-west-2-prod-02']]));
    expect(other.json().code).toBe('k8sUpgrade.clusterInOpenTask');
    expect((await a.call('PUT', `${TASKS}/${id}`, { name: 'x' })).statusCode).toBe(400);
  });

  it('excludes a pending cluster with a reason, and refuses the rest', async () => {
    const noReason = await a.action(id, 'exclude', { k8s_name: 'gcp-europe-west1-prod-02', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([
      { field: 'body.reason', message: 'a reason is required to exclude a k8s cluster' },
    ]);
    const res = await a.action(id, 'exclude', { k8s_name: 'gcp-europe-west1-prod-02', reason: 'customer freeze' });
    expect(res.statusCode, res.body).toBe(200);
    const task: K8sUpgradeTaskDetail = res.json();
    expect(task.batches[0]).toMatchObject({
      status: 'skipped',
      clusters: [{ k8s_name: 'gcp-europe-west1-prod-02', status: 'excluded', reason: 'customer freeze' }],
    });
    expect(task.progress).toMatchObject({ total: 2, pending: 1, excluded: 1 });
    expect((await a.audit(id)).at(-1)).toEqual({
      operation: 'exclude',
      operator: OPERATOR,
      details: {
        k8s_name: 'gcp-europe-west1-prod-02',
        batch: 1,
        reason: 'customer freeze',
        before: { status: 'pending' },
        after: { status: 'excluded' },
      },
    });
    const again = await a.action(id, 'exclude', { k8s_name: 'gcp-europe-west1-prod-02', reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'k8sUpgrade.clusterNotExcludable',
      message: 'gcp-europe-west1-prod-02 is excluded: only a cluster whose upgrade has not started can be excluded',
    });
    const stranger = await a.action(id, 'exclude', { k8s_name: 'azure-eastus-prod-01', reason: 'x' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('k8sUpgrade.clusterNotInTask');
    // An excluded cluster is free for another task.
    const elsewhere = await a.create(body([['gcp-europe-west1-prod-02']], { name: 'Uses the excluded one' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    await a.ok('DELETE', `${TASKS}/${elsewhere.json().id}`);
  });

  it('cannot be submitted with every cluster excluded', async () => {
    await a.action(id, 'exclude', { k8s_name: 'aws-ap-southeast-1-staging-01', reason: 'freeze' });
    const res = await a.action(id, 'submit');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'k8sUpgrade.nothingToUpgrade',
      message: 'Every k8s cluster of the task is excluded: nothing to upgrade',
    });
    expect((await a.task(id)).status).toBe('draft');
  });

  it('is deleted (audited with what it held), then 404', async () => {
    const res = await a.call('DELETE', `${TASKS}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, deleted: true });
    expect((await a.call('GET', `${TASKS}/${id}`)).json().code).toBe('k8sUpgrade.notFound');
    expect((await a.audit(id)).at(-1)).toMatchObject({
      operation: 'delete',
      operator: OPERATOR,
      details: {
        before: {
          status: 'draft',
          name: 'Edited draft',
          clusters: [
            { k8s_name: 'gcp-europe-west1-prod-02', batch: 1, status: 'excluded' },
            { k8s_name: 'aws-ap-southeast-1-staging-01', batch: 2, status: 'excluded' },
          ],
        },
      },
    });
    expect((await a.call('DELETE', `${TASKS}/${id}`)).statusCode).toBe(404);
    expect((await a.call('GET', `${TASKS}/abc`)).json().code).toBe('k8sUpgrade.notFound');
  });
});

describe('the state table', () => {
  /** Every action in every status the seed has: allowed ones are not refused for their status, others are 409. */
  it('refuses each action outside its statuses with 409 k8sUpgrade.actionNotAllowed', async () => {
    const byStatus: Record<string, string> = {
      closed: await a.seededId('Dev and staging to 1.30'),
      failed: await a.seededId('GCP prod to 1.29'),
      cancelled: await a.seededId('Azure East US prod to 1.29'),
      succeeded: await a.seededId('AWS Tokyo prod to 1.29'),
      running: await a.seededId('AWS us-east-1 prod to 1.30'),
    };
    const tries: [string, () => ReturnType<typeof a.call>][] = [];
    for (const [status, id] of Object.entries(byStatus)) {
      const allowed = K8S_TASK_STATE_ACTIONS[status as keyof typeof K8S_TASK_STATE_ACTIONS];
      const refused = (['edit', 'submit', 'cancel', 'close', 'exclude', 'delete'] as const).filter(
        (x) => !allowed.includes(x),
      );
      for (const action of refused) {
        tries.push([
          `${status}/${action}`,
          () =>
            action === 'edit'
              ? a.call('PUT', `${TASKS}/${id}`, body([['gcp-us-central1-prod-02']]))
              : action === 'delete'
                ? a.call('DELETE', `${TASKS}/${id}`)
                : a.action(id, action, action === 'exclude' ? { k8s_name: 'x-1', reason: 'r' } : undefined),
        ]);
      }
    }
    expect(tries.length).toBe(4 + 5 + 5 + 5 + 5);
    for (const [what, run] of tries) {
      const res = await run();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
      expect(res.json().code, what).toBe('k8sUpgrade.actionNotAllowed');
    }
    const closed = await a.action(byStatus.closed!, 'submit');
    expect(closed.json()).toMatchObject({
      message: 'A task that is closed cannot be submitted',
      details: { status: 'closed', action: 'submit' },
    });
  });

  it('cancels a draft, closes it, then deletes it (each audited)', async () => {
    const id = (await a.create(body([['gcp-asia-east1-prod-01']], { name: 'Cancel me' }))).json().id;
    const cancel = await a.action(id, 'cancel', { reason: 'planned elsewhere' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', reason: 'planned elsewhere' });
    expect(cancel.json().batches[0].clusters[0]).toMatchObject({
      status: 'skipped',
      reason: 'the task was cancelled: planned elsewhere',
    });
    expect((await a.action(id, 'cancel')).statusCode).toBe(409);
    expect((await a.call('DELETE', `${TASKS}/${id}`)).statusCode).toBe(409);
    const close = await a.action(id, 'close', undefined, ADMIN);
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().status).toBe('closed');
    expect(close.json().closed_at).toBeTruthy();
    expect((await a.call('DELETE', `${TASKS}/${id}`)).statusCode).toBe(200);
    expect((await a.audit(id)).map((r) => [r.operation, r.operator, r.details.before, r.details.after])).toEqual([
      ['create', OPERATOR, undefined, expect.objectContaining({ status: 'draft' })],
      ['cancel', OPERATOR, { status: 'draft' }, { status: 'cancelled' }],
      ['close', ADMIN, { status: 'cancelled' }, { status: 'closed' }],
      ['delete', OPERATOR, expect.objectContaining({ status: 'closed' }), undefined],
    ]);
  });

  it('closes the seeded succeeded and failed tasks; deletes a closed one', async () => {
    for (const name of ['AWS Tokyo prod to 1.29', 'GCP prod to 1.29']) {
      const id = await a.seededId(name);
      const res = await a.action(id, 'close');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('closed');
    }
    const closed = await a.seededId('Dev and staging to 1.30');
    expect((await a.call('DELETE', `${TASKS}/${closed}`)).statusCode).toBe(200);
    // The clusters keep their versions; their history no longer lists the deleted task.
    expect((await a.info('aws-us-east-1-dev-01')).upgrade_history).toEqual([]);
    expect(await a.version('aws-us-east-1-dev-01')).toBe('1.30');
  });
});

describe('auto-generation', () => {
  it('plans dev, then staging, then prod, smallest first, never mixing environments', async () => {
    const res = await a.call('POST', `${TASKS}/autoGeneration`, { target_version: '1.30', batch_size: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const task: K8sUpgradeTaskDetail = res.json();
    expect(task).toMatchObject({
      name: 'Upgrade to 1.30 (auto-generated)',
      status: 'draft',
      generation: { below_version: '1.30', batch_size: 2, provider: null, region: null, environment: null },
    });
    const all = task.batches.flatMap((b) => b.clusters);
    // Every cluster below 1.30 not in an open task (the seeded drafts and the running task hold theirs).
    const expected = await t.database.rows<{ name: string }>(sql`
      select k.name from k8s_clusters k where k.version_rank < 1030 and not exists (
        select 1 from k8s_upgrade_task_clusters tc join k8s_upgrade_tasks t on t.id = tc.task_id
        where tc.k8s_cluster_id = k.id
          and (t.status in ('draft', 'running') and tc.status <> 'excluded' or tc.status = 'upgrading')
      ) and k.id not in (select k8s_cluster_id from k8s_upgrade_task_clusters where task_id = ${Number(task.id)})`);
    expect(expected).toEqual([]);
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((c) => c.k8s_name)).not.toContain('aws-us-west-2-prod-01');
    expect(all.map((c) => c.k8s_name)).not.toContain('aws-us-east-1-prod-02');
    const envRank = { dev: 0, staging: 1, prod: 2 };
    for (let i = 1; i < all.length; i++) {
      const [p, c] = [all[i - 1]!, all[i]!];
      expect(envRank[p.environment] <= envRank[c.environment]).toBe(true);
      if (p.environment === c.environment) expect(p.node_count).toBeLessThanOrEqual(c.node_count);
    }
    for (const b of task.batches) {
      expect(b.clusters.length).toBeLessThanOrEqual(2);
      expect(new Set(b.clusters.map((c) => c.environment)).size).toBe(1);
    }
    expect(task.batches[0]!.clusters[0]!.environment).toBe('staging');
    expect((await a.audit(task.id))[0]).toMatchObject({
      operation: 'auto_generate',
      details: { generation: { below_version: '1.30', batch_size: 2 }, after: { status: 'draft' } },
    });
    // Nothing is left: every cluster below 1.30 is now in an open task.
    const again = await a.call('POST', `${TASKS}/autoGeneration`, { target_version: '1.30' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'k8sUpgrade.nothingToUpgrade',
      message: 'No k8s cluster below 1.30 matches that is not already in an open upgrade task',
    });
    await a.ok('DELETE', `${TASKS}/${task.id}`);
  });

  it('takes only the clusters below the given version, in the provider and region asked', async () => {
    const res = await a.call('POST', `${TASKS}/autoGeneration`, {
      target_version: '1.29',
      below_version: '1.29',
      provider: 'AZURE',
      batch_size: 1,
      name: 'Azure below 1.29',
    });
    expect(res.statusCode, res.body).toBe(201);
    const task: K8sUpgradeTaskDetail = res.json();
    expect(task.name).toBe('Azure below 1.29');
    // azure-westeurope-prod-02 (1.27) is in the seeded auto-generated draft: left out.
    expect(names(task).flat().sort()).toEqual(['azure-eastus-prod-02', 'azure-westeurope-prod-01']);
    expect(task.batches.every((b) => b.clusters.length === 1)).toBe(true);
    expect((await a.audit(task.id))[0]!.details.left_out).toEqual(['azure-westeurope-prod-02']);
    const region = await a.call('POST', `${TASKS}/autoGeneration`, {
      target_version: '1.29',
      provider: 'GCP',
      region: 'asia-east1',
    });
    expect(region.statusCode, region.body).toBe(201);
    expect(names(region.json())).toEqual([['gcp-asia-east1-prod-01']]);
    const invalid = await a.call('POST', `${TASKS}/autoGeneration`, { target_version: '1.28', below_version: '1.30' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([
      { field: 'body.below_version', message: 'the "below version" cannot be above the target version' },
    ]);
    expect(
      (await a.call('POST', `${TASKS}/autoGeneration`, { target_version: '1.29', batch_size: 0 })).statusCode,
    ).toBe(400);
  });
});

describe('the task list and the cluster-in-task page', () => {
  it('lists newest first with progress, filters by status, cluster, target and name', async () => {
    const all: { items: K8sUpgradeTask[]; total: number } = await a.ok('GET', `${TASKS}?per_page=100`);
    expect(all.total).toBe(all.items.length);
    const created = all.items.map((i) => i.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const failed = all.items.find((i) => i.name === 'GCP prod to 1.29')!;
    expect(failed).toMatchObject({
      batch_count: 3,
      current_batch: 2,
      progress: { total: 6, succeeded: 2, failed: 1, excluded: 1, skipped: 2, pending: 0, upgrading: 0 },
    });
    const running = await a.ok('GET', `${TASKS}?status=running`);
    expect(running.items.map((i: K8sUpgradeTask) => i.name)).toEqual(['AWS us-east-1 prod to 1.30']);
    const two = await a.ok('GET', `${TASKS}?status=draft&status=running&per_page=100`);
    expect(two.items.every((i: K8sUpgradeTask) => ['draft', 'running'].includes(i.status))).toBe(true);
    const byCluster = await a.ok('GET', `${TASKS}?k8s_name=gcp-asia-east1-prod-02&per_page=100`);
    expect(byCluster.items.map((i: K8sUpgradeTask) => i.name)).toContain('Upgrade to 1.28 (auto-generated)');
    expect(byCluster.items.map((i: K8sUpgradeTask) => i.name)).toContain('GCP prod to 1.29');
    const target = await a.ok('GET', `${TASKS}?target_version=1.28&per_page=100`);
    expect(target.items.every((i: K8sUpgradeTask) => i.target_version === '1.28')).toBe(true);
    expect((await a.ok('GET', `${TASKS}?search=tokyo`)).items.map((i: K8sUpgradeTask) => i.name)).toEqual([
      'AWS Tokyo prod to 1.29',
    ]);
    const byName = await a.ok('GET', `${TASKS}?sort=name&per_page=2`);
    expect(byName.items).toHaveLength(2);
    expect(byName.items[0].name <= byName.items[1].name).toBe(true);
    expect((await a.call('GET', `${TASKS}?status=done`)).statusCode).toBe(400);
  });

  it('shows one cluster inside a task: its batch, operation steps and pools before and after', async () => {
    const id = await a.seededId('AWS us-east-1 prod to 1.30');
    const waiting: K8sTaskClusterDetail = await a.ok('GET', `${TASKS}/${id}/k8sClusters/aws-us-east-1-prod-01`);
    expect(waiting.task).toMatchObject({ id, status: 'running', verification: 'manual' });
    expect(waiting.task).not.toHaveProperty('batches');
    expect(waiting.cluster).toMatchObject({
      batch: 2,
      status: 'upgrading',
      from_version: '1.29',
      current_version: '1.30',
    });
    expect(waiting.batch).toMatchObject({ index: 2, status: 'running' });
    expect(waiting.operation).toMatchObject({
      id: waiting.cluster.operation_id,
      type: 'k8s_upgrade.cluster',
      target_type: 'k8s_cluster',
      target_id: 'aws-us-east-1-prod-01',
      status: 'waiting',
    });
    expect(waiting.operation!.steps.map((s) => [s.name, s.status])).toEqual([
      ['precheck', 'succeeded'],
      ['control-plane', 'succeeded'],
      ['node-pools', 'succeeded'],
      ['confirm', 'waiting'],
      ['verify', 'pending'],
    ]);
    expect(waiting.pools_before.every((p) => p.version === '1.29')).toBe(true);
    expect(waiting.pools_after).toBeNull();
    const pending: K8sTaskClusterDetail = await a.ok('GET', `${TASKS}/${id}/k8sClusters/aws-us-east-1-prod-02`);
    expect(pending.operation).toBeNull();
    expect(pending.pools_before).toEqual((await a.info('aws-us-east-1-prod-02')).node_pools);
    const done: K8sTaskClusterDetail = await a.ok('GET', `${TASKS}/${id}/k8sClusters/aws-us-east-1-prod-03`);
    expect(done.operation!.status).toBe('succeeded');
    expect(done.pools_after!.every((p) => p.version === '1.30')).toBe(true);
    const missing = await a.call('GET', `${TASKS}/${id}/k8sClusters/gcp-asia-east1-prod-01`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('k8sUpgrade.clusterNotInTask');
    expect((await a.call('GET', `${TASKS}/999999/k8sClusters/x-1`)).json().code).toBe('k8sUpgrade.notFound');
  });
});
