import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';
import { gitopsDesiredStates, pdConfigs } from '../controlplane/index.js';
import { clusterComponents, clusters } from '../orgs/index.js';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.as('operator@example.com');
});
afterAll(() => t.close());

const call = (action: 'list' | 'diff' | 'apply', payload: object, who = headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/devops/secondaryconfirm/${action}`, headers: who, payload });
const available = eq(clusters.status, 'USER_CLUSTER_STATUS_AVAILABLE');

/** Available clusters whose desired state has a commit beyond the baseline (an image hotfix or a PD change). */
async function driftedClusters(): Promise<string[]> {
  const rows = await t.database.db
    .selectDistinct({ id: gitopsDesiredStates.clusterId })
    .from(gitopsDesiredStates)
    .innerJoin(clusters, eq(clusters.id, gitopsDesiredStates.clusterId))
    .where(and(ne(gitopsDesiredStates.author, 'gitops-bot@example.com'), available))
    .orderBy(asc(gitopsDesiredStates.clusterId));
  return rows.map((r) => r.id);
}
const imageOf = async (clusterId: string, component: string) =>
  (
    await t.database.db
      .select()
      .from(clusterComponents)
      .where(and(eq(clusterComponents.clusterId, clusterId), eq(clusterComponents.component, component)))
  )[0]!.imageTag;
const gitopsAudits = (clusterId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'gitops_secondary_confirm'), eq(auditLogs.instanceId, clusterId)))
    .orderBy(asc(auditLogs.id));

describe('gitops secondary confirm', () => {
  it('lists and diffs the pending items of a drifted cluster on the default branch', async () => {
    const [id] = await driftedClusters();
    const list = await call('list', { cluster_id: id });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ cluster_id: id, branch: '3layer-prod', applying: null });
    expect(body.total).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({
      path: expect.stringMatching(/^(components\.[A-Z_]+\.image_tag|pd\.schedule\.[a-z-]+)$/),
      revision: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const diff = (await call('diff', { cluster_id: id, branch: '3layer-prod' })).json();
    expect(diff.items.map((i: { path: string }) => i.path)).toEqual(body.items.map((i: { path: string }) => i.path));
    for (const item of diff.items) expect(item.current).not.toBe(item.desired);
    expect((await gitopsAudits(id!)).map((a) => a.operation)).toEqual(['list', 'diff']);
  });

  it('shows hand-set PD values as drift from git', async () => {
    const [row] = await t.database.db
      .select({ id: pdConfigs.clusterId })
      .from(pdConfigs)
      .innerJoin(clusters, eq(clusters.id, pdConfigs.clusterId))
      .where(
        and(
          eq(pdConfigs.key, 'leader-schedule-limit'),
          eq(pdConfigs.value, '8'),
          eq(clusters.clusterType, 'DEDICATED_TIDB'),
        ),
      )
      .limit(1);
    const diff = (await call('diff', { cluster_id: row!.id })).json();
    expect(diff.items).toContainEqual(
      expect.objectContaining({
        path: 'pd.schedule.leader-schedule-limit',
        kind: 'pd_config',
        current: '8',
        desired: '4',
      }),
    );
  });

  it('answers an in-sync cluster with no items, and 404s an untracked branch or cluster', async () => {
    const drifted = await driftedClusters();
    const overridden = (await t.database.db.select({ id: pdConfigs.clusterId }).from(pdConfigs)).map((r) => r.id);
    const [synced] = await t.database.db
      .selectDistinct({ id: gitopsDesiredStates.clusterId })
      .from(gitopsDesiredStates)
      .where(notInArray(gitopsDesiredStates.clusterId, [...drifted, ...overridden]))
      .limit(1);
    expect((await call('list', { cluster_id: synced!.id })).json()).toMatchObject({ items: [], total: 0 });
    const nothing = await call('apply', { cluster_id: synced!.id, confirm: true });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('gitops.nothingToApply');
    const branch = await call('list', { cluster_id: synced!.id, branch: 'feature/x' });
    expect(branch.statusCode).toBe(404);
    expect(branch.json().code).toBe('gitops.notTracked');
    expect((await call('list', { cluster_id: '999' })).json().code).toBe('cluster.notFound');
    expect((await call('list', { cluster_id: synced!.id, branch: 'bad branch!' })).statusCode).toBe(400);
    expect((await call('list', {})).json().details[0].message).toBe('cluster id is required');
  });

  it('applies after the secondary confirmation: an operation writes the desired values into the cluster', async () => {
    const ids = await driftedClusters();
    let id = '';
    let items: { path: string; kind: string; current: string; desired: string }[] = [];
    for (const candidate of ids) {
      items = (await call('diff', { cluster_id: candidate })).json().items;
      if (items.some((i) => i.kind === 'image_tag')) {
        id = candidate;
        break;
      }
    }
    const image = items.find((i) => i.kind === 'image_tag')!;
    const component = image.path.split('.')[1]!;

    const unconfirmed = await call('apply', { cluster_id: id });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      code: 'confirmation.required',
      details: {
        changes: expect.arrayContaining([{ path: image.path, current: image.current, desired: image.desired }]),
        resend_with: { confirm: true },
      },
    });
    expect(
      (await call('apply', { cluster_id: id, confirm: true, paths: ['components.NOPE.image_tag'] })).json().code,
    ).toBe('gitops.unknownPath');
    expect(
      (await call('apply', { cluster_id: id, confirm: true }, await t.as('sam.okafor@example.com'))).statusCode,
    ).toBe(403);

    const res = await call('apply', { cluster_id: id, confirm: true });
    expect(res.statusCode).toBe(200);
    const { instance_id } = res.json();
    expect((await call('list', { cluster_id: id })).json().applying).toEqual({ instance_id });
    const again = await call('apply', { cluster_id: id, confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('gitops.applyInProgress');

    await t.jobs.drain();
    const op = (await t.app.inject({ url: `/api/v1/devops/operations/${instance_id}`, headers })).json();
    expect(op).toMatchObject({ status: 'succeeded', type: 'gitops.apply', target_id: id });
    expect(await imageOf(id, component)).toBe(image.desired);
    expect((await call('list', { cluster_id: id })).json()).toMatchObject({ total: 0, applying: null });
    const log = await gitopsAudits(id);
    const applied = log.find((a) => a.operation === 'apply')!;
    expect(applied.details).toMatchObject({
      instance_id,
      before: { [image.path]: image.current },
      after: { [image.path]: image.desired },
    });
    expect(log.map((a) => a.operation)).toContain('apply_completed');
  });

  it('applies only the chosen paths, and fails the operation when the cluster moved after the confirmation', async () => {
    const [row] = await t.database.db
      .select({ id: pdConfigs.clusterId })
      .from(pdConfigs)
      .innerJoin(clusters, eq(clusters.id, pdConfigs.clusterId))
      .where(and(eq(pdConfigs.key, 'leader-schedule-limit'), eq(pdConfigs.value, '8'), available))
      .limit(1);
    const path = 'pd.schedule.leader-schedule-limit';
    const { instance_id } = (await call('apply', { cluster_id: row!.id, confirm: true, paths: [path] })).json();
    // Someone changes the value by hand before the apply runs.
    const ctl = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers,
      payload: { cluster_id: row!.id, command: 'pd-ctl config set leader-schedule-limit 16', confirm: true },
    });
    expect(ctl.statusCode).toBe(200);
    await t.jobs.drain();
    const op = (await t.app.inject({ url: `/api/v1/devops/operations/${instance_id}`, headers })).json();
    expect(op.status).toBe('failed');
    expect(op.error).toBe(`changed since the confirmation: ${path} is now 16`);

    const { instance_id: second } = (await call('apply', { cluster_id: row!.id, confirm: true, paths: [path] })).json();
    await t.jobs.drain();
    expect((await t.app.inject({ url: `/api/v1/devops/operations/${second}`, headers })).json().status).toBe(
      'succeeded',
    );
    const stored = await t.database.db
      .select()
      .from(pdConfigs)
      .where(and(eq(pdConfigs.clusterId, row!.id), eq(pdConfigs.key, 'leader-schedule-limit')));
    expect(stored).toEqual([]); // back to PD's default, as git wants
  });
});
