import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';
import { clusters } from '../orgs/index.js';
import { changefeeds, ticdcClusters } from './index.js';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.as('operator@example.com');
});
afterAll(() => t.close());

const base = '/api/v1/devops/ticdc';
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `${base}${url}`, headers, payload: payload as object });
const ticdc = async (id: string) =>
  (await t.app.inject({ url: `${base}/clusters/${id}`, headers })).json().ticdc_cluster;
const changefeed = async (id: string) =>
  (await t.app.inject({ url: `${base}/changefeeds/${id}`, headers })).json().changefeed;
const operation = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/devops/operations/${id}`, headers })).json();
const audits = (id: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'change'), eq(auditLogs.instanceId, id)))
    .orderBy(asc(auditLogs.id));

/** Distinct available TiCDC clusters, one per test, so tests don't see each other's changes. */
let pool: (typeof ticdcClusters.$inferSelect)[] = [];
async function takeTicdc(pred: (r: typeof ticdcClusters.$inferSelect) => boolean = () => true) {
  if (!pool.length)
    pool = await t.database.db
      .select()
      .from(ticdcClusters)
      .where(eq(ticdcClusters.status, 'available'))
      .orderBy(asc(ticdcClusters.id));
  const i = pool.findIndex(pred);
  expect(i, 'a seeded TiCDC cluster fits').toBeGreaterThanOrEqual(0);
  return pool.splice(i, 1)[0]!;
}

/** Asserts the 400 answer names the field and carries the spec's message verbatim. */
async function expectInvalid(url: string, payload: unknown, message: string) {
  const res = await post(url, payload);
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  expect(res.json().code).toBe('request.invalid');
  expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
}

async function expectCompleted(instanceId: string) {
  await t.jobs.drain();
  const op = await operation(instanceId);
  expect(op.status).toBe('succeeded');
  expect(op.steps.every((s: { status: string }) => s.status === 'succeeded')).toBe(true);
  return op;
}

describe('TiCDC actions: validation', () => {
  it('pins every validation message', async () => {
    const { id } = await takeTicdc();
    for (const body of [{}, { target_version: '' }, { target_version: '   ' }, { target_version: null }]) {
      await expectInvalid(`/clusters/${id}/upgrade`, body, 'target version is required');
    }
    await expectInvalid(
      `/clusters/${id}/upgrade`,
      { target_version: 'latest' },
      'target version should look like v8.5.1',
    );
    for (const image_tag of [undefined, ''])
      await expectInvalid(
        `/clusters/${id}/images`,
        { components: [{ component: 'TICDC', image_tag }] },
        'image tag is required',
      );
    for (const image_tag of [' v8.1.1', 'v8.1.1 ', '\tv8.1.1']) {
      await expectInvalid(
        `/clusters/${id}/images`,
        { components: [{ component: 'TICDC', image_tag }] },
        'please delete the whitespaces in the head and tail',
      );
    }
    await expectInvalid(`/clusters/${id}/images`, { components: [] }, 'at least one component is required');
    for (const body of [{}, { cloud_config_change_id: '' }, { cloud_config_change_id: null }]) {
      await expectInvalid(`/clusters/${id}/shutdown`, body, 'cloud config change id is required');
    }
    for (const cloud_config_change_id of ['12a', ' 123', '-5', '1.5', 'abc']) {
      await expectInvalid(`/clusters/${id}/shutdown`, { cloud_config_change_id }, 'the input should be all digits');
    }
    expect((await ticdc(id)).status).toBe('available');
  });

  it('404s actions on unknown targets and forbids viewers', async () => {
    for (const url of ['/clusters/999/restart', '/clusters/999/upgrade', '/changefeeds/999/restart']) {
      const res = await post(url, { target_version: 'v9.0.0' });
      expect(res.statusCode, url).toBe(404);
    }
    const { id } = await takeTicdc();
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/clusters/${id}/restart`,
      headers: await t.as('sam.okafor@example.com'),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('TiCDC actions: operations that change the stored row', () => {
  it('upgrades the version: refuses a downgrade, the same version and a version above the upstream', async () => {
    const rows = await t.database.db
      .select({ id: ticdcClusters.id, version: ticdcClusters.version, upstream: clusters.version })
      .from(ticdcClusters)
      .innerJoin(clusters, eq(clusters.id, ticdcClusters.clusterId))
      .where(and(eq(ticdcClusters.status, 'available'), lt(ticdcClusters.version, clusters.version)));
    const row = rows[0]!;
    pool = pool.filter((p) => p.id !== row.id);
    const same = await post(`/clusters/${row.id}/upgrade`, { target_version: row.version });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'ticdc.versionNotNewer',
      message: `The target version ${row.version} is not newer than the current version ${row.version}`,
    });
    expect((await post(`/clusters/${row.id}/upgrade`, { target_version: 'v6.1.0' })).json().code).toBe(
      'ticdc.versionNotNewer',
    );
    expect((await post(`/clusters/${row.id}/upgrade`, { target_version: 'v99.0.0' })).json().code).toBe(
      'ticdc.versionAboveUpstream',
    );

    const res = await post(`/clusters/${row.id}/upgrade`, { target_version: row.upstream });
    expect(res.statusCode).toBe(200);
    const { instance_id } = res.json();
    expect(instance_id).toMatch(/^\d+$/);
    expect((await ticdc(row.id)).status).toBe('upgrading');
    const busy = await post(`/clusters/${row.id}/restart`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'ticdc.actionNotAllowed',
      message: 'Cannot restart a TiCDC cluster that is upgrading',
    });

    const op = await expectCompleted(instance_id);
    expect(op).toMatchObject({ type: 'ticdc.upgrade', target_type: 'ticdc_cluster', target_id: row.id });
    expect(op.steps.map((s: { name: string }) => s.name)).toEqual([
      'precheck',
      'pull-image',
      'rolling-upgrade',
      'finalize',
    ]);
    const after = await ticdc(row.id);
    expect(after).toMatchObject({ status: 'available', version: row.upstream });
    expect(after.components[0].effective_image_tag).toBe(row.upstream);
    const log = await audits(row.id);
    expect(log.map((a) => a.operation)).toEqual(['upgrade_ticdc', 'upgrade_ticdc_completed']);
    expect(log[0]!).toMatchObject({
      operator: 'operator@example.com',
      details: {
        instance_id,
        before: { status: 'available', version: row.version },
        after: { status: 'upgrading', target_version: row.upstream },
      },
    });
    expect(log[1]!.details).toMatchObject({
      before: { version: row.version },
      after: { version: row.upstream, status: 'available' },
    });
  });

  it('modifies the image: sets the overwrite tag; the same tag or another component is refused', async () => {
    const row = await takeTicdc((r) => r.overwriteImageTag === null);
    const unchanged = await post(`/clusters/${row.id}/images`, {
      components: [{ component: 'TICDC', image_tag: row.imageTag }],
    });
    expect(unchanged.json()).toMatchObject({ code: 'ticdc.imageUnchanged' });
    const other = await post(`/clusters/${row.id}/images`, { components: [{ component: 'TIDB', image_tag: 'v1' }] });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('ticdc.unknownComponent');

    const tag = `${row.version}-20261121-0a1b2c3`;
    const res = await post(`/clusters/${row.id}/images`, { components: [{ component: 'TICDC', image_tag: tag }] });
    expect(res.statusCode).toBe(200);
    expect((await ticdc(row.id)).status).toBe('modifying');
    await expectCompleted(res.json().instance_id);
    const after = await ticdc(row.id);
    expect(after.status).toBe('available');
    expect(after.components[0]).toMatchObject({
      source_image_tag: row.imageTag,
      effective_image_tag: tag,
      overwrite_image_tag: tag,
    });
    expect((await audits(row.id)).map((a) => a.operation)).toEqual([
      'modify_ticdc_image',
      'modify_ticdc_image_completed',
    ]);
  });

  it('restarts a TiCDC cluster; a stopped one is refused with 409', async () => {
    const row = await takeTicdc();
    const res = await post(`/clusters/${row.id}/restart`, { reason: 'owner stuck' });
    expect((await ticdc(row.id)).status).toBe('restarting');
    await expectCompleted(res.json().instance_id);
    const after = await ticdc(row.id);
    expect(after.status).toBe('available');
    expect(Date.parse(after.updated_at)).toBeGreaterThan(row.updatedAt.getTime());
    const log = await audits(row.id);
    expect(log.map((a) => a.operation)).toEqual(['restart_ticdc', 'restart_ticdc_completed']);
    expect(log[0]!.details).toMatchObject({ after: { reason: 'owner stuck' } });

    const [stopped] = await t.database.db
      .select()
      .from(ticdcClusters)
      .where(eq(ticdcClusters.status, 'stopped'))
      .limit(1);
    const refused = await post(`/clusters/${stopped!.id}/restart`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ticdc.actionNotAllowed',
      message: 'Cannot restart a TiCDC cluster that is stopped',
      details: { allowed_statuses: ['available', 'unavailable'] },
    });
    expect(await audits(stopped!.id)).toEqual([]);
  });

  it('shuts a TiCDC cluster down: its changefeeds stop, and it refuses a second shutdown', async () => {
    const [withFeeds] = await t.database.db
      .selectDistinct({ id: ticdcClusters.id })
      .from(ticdcClusters)
      .innerJoin(changefeeds, eq(changefeeds.ticdcClusterId, ticdcClusters.id))
      .where(
        and(
          eq(ticdcClusters.status, 'available'),
          eq(changefeeds.status, 'normal'),
          inArray(
            ticdcClusters.id,
            pool.map((p) => p.id),
          ),
        ),
      )
      .limit(1);
    const row = await takeTicdc((r) => r.id === withFeeds!.id);
    const res = await post(`/clusters/${row.id}/shutdown`, { cloud_config_change_id: '4021' });
    expect(res.statusCode).toBe(200);
    expect((await ticdc(row.id)).status).toBe('shutting_down');
    const op = await expectCompleted(res.json().instance_id);
    expect(op.params).toMatchObject({ cloud_config_change_id: '4021' });
    expect((await ticdc(row.id)).status).toBe('stopped');
    const feeds = await t.database.db.select().from(changefeeds).where(eq(changefeeds.ticdcClusterId, row.id));
    expect(feeds.some((f) => f.status === 'normal' || f.status === 'error' || f.status === 'warning')).toBe(false);
    expect((await post(`/clusters/${row.id}/shutdown`, { cloud_config_change_id: '4022' })).statusCode).toBe(409);
    const log = await audits(row.id);
    expect(log.map((a) => a.operation)).toEqual(['shutdown_ticdc', 'shutdown_ticdc_completed']);
    expect(log[1]!.details).toMatchObject({ cloud_config_change_id: '4021', after: { status: 'stopped' } });
  });

  it('a cancelled operation puts the previous status back', async () => {
    const row = await takeTicdc();
    const { instance_id } = (await post(`/clusters/${row.id}/restart`)).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devops/operations/${instance_id}/cancel`,
      headers,
      payload: {},
    });
    expect(cancel.json().status).toBe('cancelled');
    await t.jobs.drain();
    expect((await ticdc(row.id)).status).toBe('available');
    expect((await audits(row.id)).map((a) => a.operation)).toEqual(['restart_ticdc', 'restart_ticdc_cancelled']);
  });
});

describe('changefeed restart', () => {
  it('restarts a changefeed in error: it replicates again and the error is cleared', async () => {
    const [cf] = await t.database.db
      .select({ id: changefeeds.id, error: changefeeds.error })
      .from(changefeeds)
      .innerJoin(ticdcClusters, eq(ticdcClusters.id, changefeeds.ticdcClusterId))
      .where(and(eq(changefeeds.status, 'error'), eq(ticdcClusters.status, 'available')))
      .limit(1);
    const res = await post(`/changefeeds/${cf!.id}/restart`);
    expect(res.statusCode).toBe(200);
    expect((await changefeed(cf!.id)).status).toBe('restarting');
    expect((await post(`/changefeeds/${cf!.id}/restart`)).json().code).toBe('changefeed.actionNotAllowed');
    await expectCompleted(res.json().instance_id);
    expect(await changefeed(cf!.id)).toMatchObject({ status: 'normal', error: null });
    const log = await audits(cf!.id);
    expect(log.map((a) => a.operation)).toEqual(['restart_changefeed', 'restart_changefeed_completed']);
    expect(log[0]!.details).toMatchObject({
      before: { status: 'error', error: cf!.error },
      after: { status: 'restarting' },
    });
  });

  it('refuses a finished changefeed and one whose TiCDC cluster is stopped (409)', async () => {
    const [finished] = await t.database.db
      .select()
      .from(changefeeds)
      .where(eq(changefeeds.status, 'finished'))
      .limit(1);
    const a = await post(`/changefeeds/${finished!.id}/restart`);
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({
      code: 'changefeed.actionNotAllowed',
      message: 'Cannot restart a changefeed that is finished',
    });
    const [onStopped] = await t.database.db
      .select({ id: changefeeds.id })
      .from(changefeeds)
      .innerJoin(ticdcClusters, eq(ticdcClusters.id, changefeeds.ticdcClusterId))
      .where(and(eq(ticdcClusters.status, 'stopped'), eq(changefeeds.status, 'stopped')))
      .limit(1);
    const b = await post(`/changefeeds/${onStopped!.id}/restart`);
    expect(b.statusCode).toBe(409);
    expect(b.json().code).toBe('changefeed.ticdcUnavailable');
  });
});
