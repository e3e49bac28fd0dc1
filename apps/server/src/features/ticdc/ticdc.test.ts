import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { clusters } from '../orgs/index.js';
import { configTarget } from '../configchange/index.js';
import { changefeeds, maskSinkUri, ticdcClusters } from './index.js';
import { buildDemoPlatform } from '../../seed/platform.js';
import { buildTicdcDemo } from '../../seed/ticdc.js';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.as('operator@example.com');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers });
const firstTicdc = async (status = 'available') =>
  (await t.database.db.select().from(ticdcClusters).where(eq(ticdcClusters.status, status)).limit(1))[0]!;

describe('TiCDC clusters and changefeeds: reads', () => {
  it('answers a TiCDC cluster with its image, upstream and counts', async () => {
    const row = await firstTicdc();
    const res = await get(`/api/v1/devops/ticdc/clusters/${row.id}`);
    expect(res.statusCode).toBe(200);
    const { ticdc_cluster } = res.json();
    const [upstream] = await t.database.db.select().from(clusters).where(eq(clusters.id, row.clusterId));
    expect(ticdc_cluster).toMatchObject({
      id: row.id,
      cluster_id: row.clusterId,
      status: 'available',
      version: row.version,
      deploy_type: row.deployType,
      specification: expect.stringMatching(/^\d+ x \d+C\d+G$/),
      control_plane_arch: expect.stringMatching(/^(AMD64|ARM64)$/),
      upstream_cluster: { id: upstream!.id, name: upstream!.name, version: upstream!.version },
      components: [
        {
          name: 'TICDC',
          base_image: row.baseImage,
          source_image_tag: row.imageTag,
          effective_image_tag: row.overwriteImageTag ?? row.imageTag,
          overwrite_image_tag: row.overwriteImageTag,
        },
      ],
    });
    const n = await t.database.db.$count(changefeeds, eq(changefeeds.ticdcClusterId, row.id));
    expect(ticdc_cluster.changefeed_count).toBe(n);
  });

  it('404s unknown TiCDC clusters and changefeeds', async () => {
    for (const [url, code] of [
      ['/api/v1/devops/ticdc/clusters/999', 'ticdc.notFound'],
      ['/api/v1/devops/ticdc/changefeeds/999', 'changefeed.notFound'],
      ['/api/v1/devops/ticdc-meta/internal/changefeeds?ticdc_cluster_id=999', 'ticdc.notFound'],
      ['/api/v1/devops/ticdc/clusters?cluster_id=999', 'cluster.notFound'],
      ['/api/v1/devops/ticdc/changefeeds?cluster_id=999', 'cluster.notFound'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(code);
    }
  });

  it('lists the TiCDC clusters and changefeeds of a cluster, newest first', async () => {
    const row = await firstTicdc();
    const list = (await get(`/api/v1/devops/ticdc/clusters?cluster_id=${row.clusterId}`)).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.items.every((i: { cluster_id: string }) => i.cluster_id === row.clusterId)).toBe(true);
    const feeds = (await get(`/api/v1/devops/ticdc/changefeeds?cluster_id=${row.clusterId}&per_page=100`)).json();
    const stored = await t.database.db.$count(changefeeds, eq(changefeeds.clusterId, row.clusterId));
    expect(feeds.total).toBe(stored);
    const times = feeds.items.map((f: { created_at: string }) => f.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // A dedicated cluster without TiCDC lists nothing (not a 404).
    const [other] = await t.database.db
      .select()
      .from(clusters)
      .where(and(eq(clusters.clusterType, 'SHARED_POOL'), ne(clusters.id, row.clusterId)))
      .limit(1);
    expect((await get(`/api/v1/devops/ticdc/clusters?cluster_id=${other!.id}`)).json()).toEqual({
      items: [],
      total: 0,
    });
    const byStatus = (await get('/api/v1/devops/ticdc/changefeeds?status=error&per_page=100')).json();
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.items.every((f: { status: string; error: string | null }) => f.status === 'error' && f.error)).toBe(
      true,
    );
  });

  it('answers a changefeed with its TiCDC cluster and a masked destination', async () => {
    const [cf] = await t.database.db.select().from(changefeeds).where(eq(changefeeds.downstreamType, 'mysql')).limit(1);
    const { changefeed } = (await get(`/api/v1/devops/ticdc/changefeeds/${cf!.id}`)).json();
    expect(changefeed).toMatchObject({
      id: cf!.id,
      display_id: cf!.displayId,
      downstream_type: 'mysql',
      ticdc_cluster: { id: cf!.ticdcClusterId },
    });
    expect(changefeed.destination).toMatch(/^mysql:\/\/cdc_writer:\*{6}@/);
  });

  it('masks passwords and secret parameters of sink URIs', () => {
    expect(maskSinkUri('mysql://root:p@ss:w0rd@10.0.0.1:3306/?worker-count=16')).toBe(
      'mysql://root:******@10.0.0.1:3306/?worker-count=16',
    );
    expect(maskSinkUri('kafka://b-1:9092/t?protocol=canal-json&sasl-user=cdc&sasl-password=hunter2')).toBe(
      'kafka://b-1:9092/t?protocol=canal-json&sasl-user=cdc&sasl-password=******',
    );
    expect(maskSinkUri('s3://bucket/p/?access-key=AKIA123&secret-access-key=abc&flush-interval=5m')).toBe(
      's3://bucket/p/?access-key=******&secret-access-key=******&flush-interval=5m',
    );
    expect(maskSinkUri('tidb://root@tidb:4000/')).toBe('tidb://root@tidb:4000/');
  });

  it('shows the internal meta of a TiCDC cluster: checkpoints, lag, owner, structured errors', async () => {
    const [cf] = await t.database.db
      .select({ ticdc: changefeeds.ticdcClusterId })
      .from(changefeeds)
      .innerJoin(ticdcClusters, eq(ticdcClusters.id, changefeeds.ticdcClusterId))
      .where(and(eq(changefeeds.status, 'normal'), eq(ticdcClusters.status, 'available')))
      .limit(1);
    const res = await get(`/api/v1/devops/ticdc-meta/internal/changefeeds?ticdc_cluster_id=${cf!.ticdc}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const normal = body.items.find((i: { state: string }) => i.state === 'normal');
    expect(normal.lag_seconds).toBeLessThan(5);
    expect(normal.owner_capture).toMatch(/-ticdc-\d+\./);
    expect(BigInt(normal.checkpoint_ts) >> 18n).toBe(BigInt(Date.parse(normal.checkpoint_time)));
    const missing = await get('/api/v1/devops/ticdc-meta/internal/changefeeds');
    expect(missing.statusCode).toBe(400);
  });
});

describe('TiCDC and changefeed configuration targets', () => {
  it('loads a TiCDC cluster as a config target and writes its version and image', async () => {
    const row = await firstTicdc();
    const state = await configTarget(t.ctx, 'TICDC')!.load(t.database.db, row.id);
    expect(state).toEqual({
      id: row.id,
      clusterType: 'TICDC',
      tenantId: row.tenantId,
      status: 'available',
      blocked: null,
      version: row.version,
      configTypes: ['ticdc'],
      components: [{ name: 'TICDC', baseImage: row.baseImage, imageTag: row.overwriteImageTag ?? row.imageTag }],
    });
    await t.database.db.transaction(async (tx) => {
      await configTarget(t.ctx, 'TICDC')!.setImageTag(tx, row.id, 'TICDC', `${row.version}-20261120-abcdef1`);
      await configTarget(t.ctx, 'TICDC')!.setVersion(tx, row.id, row.version);
    });
    const after = (await configTarget(t.ctx, 'TICDC')!.load(t.database.db, row.id))!;
    expect(after.components[0]!.imageTag).toBe(`${row.version}-20261120-abcdef1`);
    await expect(
      t.database.db.transaction((tx) => configTarget(t.ctx, 'TICDC')!.setImageTag(tx, row.id, 'TIDB', 'x')),
    ).rejects.toMatchObject({ code: 'ticdc.unknownComponent' });
    expect(await configTarget(t.ctx, 'TICDC')!.load(t.database.db, '999')).toBeUndefined();

    const stopped = await firstTicdc('stopped');
    expect((await configTarget(t.ctx, 'TICDC')!.load(t.database.db, stopped.id))!.blocked).toBe(
      'the TiCDC cluster is stopped',
    );
  });

  it('loads a changefeed as a config target: the TiCDC version, no image, blocked when its TiCDC is down', async () => {
    const [cf] = await t.database.db
      .select({
        id: changefeeds.id,
        version: ticdcClusters.version,
        tstatus: ticdcClusters.status,
        status: changefeeds.status,
      })
      .from(changefeeds)
      .innerJoin(ticdcClusters, eq(ticdcClusters.id, changefeeds.ticdcClusterId))
      .where(and(eq(ticdcClusters.status, 'stopped')))
      .limit(1);
    const state = (await configTarget(t.ctx, 'CHANGEFEED')!.load(t.database.db, cf!.id))!;
    expect(state).toMatchObject({
      clusterType: 'CHANGEFEED',
      version: cf!.version,
      configTypes: ['changefeed'],
      components: [],
    });
    expect(state.blocked).toMatch(/^its TiCDC cluster .+ is stopped$/);
    await expect(
      t.database.db.transaction((tx) => configTarget(t.ctx, 'CHANGEFEED')!.setVersion(tx, cf!.id, 'v8.5.0')),
    ).rejects.toMatchObject({ code: 'changefeed.notVersioned' });
  });

  it("serves the generic configuration page of a TiCDC cluster and a changefeed (the configchange feature's route)", async () => {
    const row = await firstTicdc();
    const res = await get(`/api/v1/devops/cloudconfig/clusters/${row.id}/config?cluster_type=TICDC`);
    expect(res.statusCode).toBe(200);
    const { configuration, changeable } = res.json();
    expect(changeable).toBe(true);
    expect(configuration.files.map((f: { config_type: string }) => f.config_type)).toEqual(['ticdc']);
    expect(configuration.components[0]).toMatchObject({ name: 'TICDC', base_image: row.baseImage });
    const [cf] = await t.database.db.select().from(changefeeds).limit(1);
    const feed = await get(`/api/v1/devops/cloudconfig/clusters/${cf!.id}/config?cluster_type=CHANGEFEED`);
    expect(feed.statusCode).toBe(200);
    expect(feed.json().configuration.files.map((f: { config_type: string }) => f.config_type)).toEqual(['changefeed']);
  });
});

describe('the TiCDC demo seed', () => {
  it('is deterministic: a quarter of the running dedicated clusters, 1–4 changefeeds each, mixed and masked', () => {
    const platform = buildDemoPlatform();
    const data = buildTicdcDemo(platform);
    expect(buildTicdcDemo(buildDemoPlatform())).toEqual(data);
    const dedicated = platform.clusters.filter(
      (c) => c.clusterType === 'DEDICATED_TIDB' && c.status !== 'USER_CLUSTER_STATUS_DELETED',
    );
    expect(data.ticdc.length / dedicated.length).toBeGreaterThan(0.18);
    expect(data.ticdc.length / dedicated.length).toBeLessThan(0.35);
    for (const tc of data.ticdc) {
      const n = data.changefeeds.filter((f) => f.ticdcClusterId === tc.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
      expect(dedicated.some((c) => c.id === tc.clusterId && c.tenantId === tc.tenantId)).toBe(true);
    }
    expect(new Set(data.changefeeds.map((f) => f.status)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(data.changefeeds.map((f) => f.downstreamType)).size).toBeGreaterThanOrEqual(5);
    for (const f of data.changefeeds) expect(f.destination).not.toMatch(/Q!/);
  });
});
