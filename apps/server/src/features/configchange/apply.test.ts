import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { operations, operationSteps } from '../operations/index.js';
import { clusterComponents, clusters } from '../orgs/index.js';
import { configCustomParams } from './schema.js';
import { api, changeBody, clusterPicker, withoutReleasedTemplates, type Files } from './testing.js';
import type { CreateChangeBody } from '@portal/contract';

let t: TestApp;
let a: ReturnType<typeof api>;
let fresh: () => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  fresh = clusterPicker(t);
  await withoutReleasedTemplates(t);
});
afterAll(() => t?.close());

/** A change created and approved: wait_for_apply. */
async function approved(cluster: string, files: Files, extra: Partial<CreateChangeBody> = {}): Promise<string> {
  const id = await a.createOk(cluster, files, extra);
  await a.decide((await a.detail(id)).approval_id, 'approve');
  await t.jobs.drain();
  expect(await a.detail(id)).toMatchObject({ phase: 'wait_for_apply' });
  return id;
}
const steps = (operationId: string) =>
  t.database.db
    .select()
    .from(operationSteps)
    .where(eq(operationSteps.operationId, Number(operationId)))
    .orderBy(asc(operationSteps.seq));
const customOf = async (cluster: string) =>
  Object.fromEntries(
    (await t.database.db.select().from(configCustomParams).where(eq(configCustomParams.targetId, cluster))).map((p) => [
      `${p.configType}:${p.name}`,
      p.value,
    ]),
  );
const componentsOf = (cluster: string) =>
  t.database.db.select().from(clusterComponents).where(eq(clusterComponents.clusterId, cluster));

describe('apply', () => {
  it('runs the operation: rolling restarts of the affected components, then the new configuration is stored, exactly once', async () => {
    const cluster = await fresh();
    const before = await a.config(cluster);
    const id = await approved(
      cluster,
      { tidb: { 'token-limit': '4096' }, tikv: { 'server.grpc-concurrency': '8' } },
      {
        change_type: 'mixed',
        components: [{ component: 'TIDB', overwrite_image_tag: { to_image_tag: 'v8.1.2-20261020-hotfix1' } }],
      },
    );
    const res = await a.apply(id);
    expect(res.statusCode).toBe(200);
    const { change, instance_id } = res.json();
    expect(change).toMatchObject({ phase: 'applying', operation_id: instance_id });
    expect((await a.config(cluster)).reason).toBe(`there is an unfinished configuration change ${id}`);

    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({ phase: 'applied', closed_at: expect.any(String), phase_reason: null });
    const [op] = await t.database.db
      .select()
      .from(operations)
      .where(eq(operations.id, Number(instance_id)));
    expect(op).toMatchObject({ status: 'succeeded', type: 'cloud_config_change.apply', targetId: cluster });
    const s = await steps(instance_id);
    expect(s.map((x) => x.title)).toEqual([
      'Check the configuration is unchanged',
      'Rolling restart TIKV',
      'Rolling restart TIDB',
      'Persist the new configuration',
    ]);
    expect(s.map((x) => [x.status, x.runs])).toEqual(s.map(() => ['succeeded', 1]));

    expect(await customOf(cluster)).toEqual({ 'tidb:token-limit': '4096', 'tikv:server.grpc-concurrency': '8' });
    const tidb = (await componentsOf(cluster)).find((c) => c.component === 'TIDB')!;
    expect(tidb.imageTag).toBe('v8.1.2-20261020-hotfix1');
    const after = await a.config(cluster);
    expect(after).toMatchObject({ changeable: true, reason: null });
    expect(after.configuration.fingerprint).not.toBe(before.configuration.fingerprint);
    expect(after.configuration.components.find((c: { name: string }) => c.name === 'TIDB')).toMatchObject({
      effective_image_tag: 'v8.1.2-20261020-hotfix1',
      overwrite_image_tag: 'v8.1.2-20261020-hotfix1',
    });
    const tidbFile = after.configuration.files.find((f: { config_type: string }) => f.config_type === 'tidb');
    expect(tidbFile.parameters.find((p: { name: string }) => p.name === 'token-limit')).toMatchObject({
      source: 'custom',
      value: '4096',
    });

    const audit = (
      await a.call('GET', `/api/v1/devops/audit?type=cloud_config_change&instance_id=${id}&sort=operate_at`)
    ).json().items;
    expect(audit.map((i: { operation: string }) => i.operation)).toEqual([
      'create',
      'submit_for_approval',
      'approve',
      'approved',
      'apply',
      'applied',
    ]);
    expect(audit.map((i: { operator: string }) => i.operator)).toEqual([
      'operator@example.com',
      'operator@example.com',
      'admin@example.com',
      'admin@example.com',
      'operator@example.com',
      'system',
    ]);
    expect(audit[5].details).toMatchObject({
      operation_id: instance_id,
      before: { phase: 'applying' },
      after: { phase: 'applied' },
    });

    // Draining again changes nothing: applied is final.
    await t.jobs.drain();
    expect((await steps(instance_id)).map((x) => x.runs)).toEqual([1, 1, 1, 1]);
    expect((await a.apply(id)).statusCode).toBe(409);
  });

  it('HotReload reloads instead of restarting; unsetting returns a parameter to its default', async () => {
    const cluster = await fresh();
    const first = await approved(cluster, { tidb: { 'log.level': 'warn' } }, { apply_policy: 'HotReload' });
    const op = (await a.apply(first)).json().instance_id;
    await t.jobs.drain();
    expect((await steps(op)).map((x) => x.title)).toEqual([
      'Check the configuration is unchanged',
      'Hot reload',
      'Persist the new configuration',
    ]);
    expect(await customOf(cluster)).toEqual({ 'tidb:log.level': 'warn' });

    const second = await approved(cluster, { tidb: { 'log.level': null } }, { apply_policy: 'EnsureUpdateToTC' });
    const op2 = (await a.apply(second)).json().instance_id;
    await t.jobs.drain();
    expect((await steps(op2)).map((x) => x.name)).toEqual(['check', 'persist']);
    expect(await customOf(cluster)).toEqual({});
    const level = (await a.config(cluster)).configuration.files[0].parameters.find(
      (p: { name: string }) => p.name === 'log.level',
    );
    expect(level).toMatchObject({ source: 'default', value: 'info' });
  });

  it('a version upgrade restarts every component, moves them to the version and drops parameters the version lacks', async () => {
    const cluster = await clusterPicker(t, 'v7.5')();
    const set = await approved(cluster, { tidb: { 'enable-global-index': 'true', 'token-limit': '1500' } });
    await a.apply(set);
    await t.jobs.drain();
    const up = await approved(cluster, {}, { change_type: 'version', version: { to_version: 'v8.5.1' } });
    expect((await a.detail(up)).scope.clear_custom_params).toEqual(['tidb']);
    const op = (await a.apply(up)).json().instance_id;
    await t.jobs.drain();
    expect(await a.detail(up)).toMatchObject({ phase: 'applied' });
    expect((await steps(op)).filter((x) => x.name.startsWith('restart-')).length).toBe(
      (await componentsOf(cluster)).length,
    );
    expect(
      (await t.database.db.select({ v: clusters.version }).from(clusters).where(eq(clusters.id, cluster)))[0]!.v,
    ).toBe('v8.5.1');
    for (const c of await componentsOf(cluster)) expect([c.version, c.imageTag]).toEqual(['v8.5.1', 'v8.5.1']);
    expect(await customOf(cluster)).toEqual({ 'tidb:token-limit': '1500' });
  });
});

describe('the stale guard', () => {
  it('refuses to apply over a configuration that changed since the change was prepared', async () => {
    const cluster = await fresh();
    const id = await approved(cluster, { tidb: { 'token-limit': '2000' } });
    await t.database.db
      .update(clusterComponents)
      .set({ imageTag: 'v8.1.9-someone-else' })
      .where(and(eq(clusterComponents.clusterId, cluster), eq(clusterComponents.component, 'TIKV')));
    const res = await a.apply(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'configChange.stale',
      message: 'The cluster configuration changed after this change was prepared; reload and prepare it again',
    });
    expect(await a.detail(id)).toMatchObject({ phase: 'wait_for_apply' });
    expect(await customOf(cluster)).toEqual({});
  });

  it('a change made while the apply runs fails the check step: back to wait_for_apply with the reason, retryable', async () => {
    const cluster = await fresh();
    const id = await approved(cluster, { pd: { 'schedule.leader-schedule-limit': '16' } });
    const op = (await a.apply(id)).json().instance_id;
    await t.database.db.insert(configCustomParams).values({
      clusterType: 'DEDICATED_TIDB',
      targetId: cluster,
      configType: 'tidb',
      filename: 'tidb.toml',
      name: 'token-limit',
      value: '9',
    });
    await t.jobs.drain();
    const failed = await a.detail(id);
    expect(failed.phase).toBe('wait_for_apply');
    expect(failed.phase_reason).toContain('The cluster configuration changed after this change was prepared');
    expect((await steps(op)).map((x) => x.status)).toEqual(['failed', 'pending', 'pending']);
    expect(await customOf(cluster)).toEqual({ 'tidb:token-limit': '9' });

    // Once the foreign edit is gone the same change applies.
    await t.database.db.delete(configCustomParams).where(eq(configCustomParams.targetId, cluster));
    const retry = await a.apply(id);
    expect(retry.statusCode).toBe(200);
    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({ phase: 'applied' });
    expect(await customOf(cluster)).toEqual({ 'pd:schedule.leader-schedule-limit': '16' });
  });

  it('a cancelled apply operation puts the change back in wait_for_apply; an unavailable cluster refuses apply', async () => {
    const cluster = await fresh();
    const id = await approved(cluster, { tidb: { 'token-limit': '2000' } });
    const op = (await a.apply(id)).json().instance_id;
    expect((await a.call('POST', `/api/v1/devops/operations/${op}/cancel`)).statusCode).toBe(200);
    expect(await a.detail(id)).toMatchObject({
      phase: 'wait_for_apply',
      phase_reason: `The apply operation ${op} was cancelled`,
    });
    await t.database.db
      .update(clusters)
      .set({ status: 'USER_CLUSTER_STATUS_MODIFYING' })
      .where(eq(clusters.id, cluster));
    const res = await a.apply(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'configChange.notChangeable',
      message: 'You cannot change the config currently, because the cluster is USER_CLUSTER_STATUS_MODIFYING',
    });
  });
});

describe('apply to a TiCDC cluster', () => {
  it('targets the TiCDC cluster with its operation and stores the new parameter', async () => {
    const [row] = await t.database.rows<{ id: string }>(sql`
      select k.id from ticdc_clusters k
      where k.status = 'available' and not exists (select 1 from config_changes x where x.target_id = k.id)
      order by k.id limit 1`);
    const id = row!.id;
    const fp = (await a.call('GET', `/api/v1/devops/cloudconfig/clusters/${id}/config?cluster_type=TICDC`)).json()
      .configuration.fingerprint;
    const res = await a.create(id, changeBody(id, fp, { ticdc: { 'gc-ttl': '3600' } }, { cluster_type: 'TICDC' }));
    expect(res.statusCode, res.body).toBe(200);
    const changeId = res.json().change_id as string;
    await a.decide((await a.detail(changeId)).approval_id, 'approve');
    await t.jobs.drain();
    const { instance_id } = (await a.apply(changeId)).json();
    await t.jobs.drain();
    expect(await a.detail(changeId)).toMatchObject({ phase: 'applied', target_type: 'cluster', cluster_type: 'TICDC' });
    const [op] = await t.database.db
      .select()
      .from(operations)
      .where(eq(operations.id, Number(instance_id)));
    expect(op).toMatchObject({ status: 'succeeded', targetType: 'ticdc_cluster', targetId: id });
    expect(await customOf(id)).toEqual({ 'ticdc:gc-ttl': '3600' });
  });
});
