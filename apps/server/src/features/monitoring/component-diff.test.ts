import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { imageTagMatches } from '@portal/contract';
import type { ComponentDiffReport, ComponentDiffRow, ListResult } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, OPERATOR, REPORTS, VIEWER } from './testing.js';

/** Component-diff reports: the seeded ones, their rows and filters, generating (the job) and cancelling. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const reports = (query = ''): Promise<ListResult<ComponentDiffReport>> =>
  a.ok('GET', `${REPORTS}?per_page=100${query}`, undefined, VIEWER);
const report = (id: string): Promise<ComponentDiffReport> => a.ok('GET', `${REPORTS}/${id}`, undefined, VIEWER);
const rows = (id: string, query = ''): Promise<ListResult<ComponentDiffRow>> =>
  a.ok('GET', `${REPORTS}/${id}/diffs?per_page=1000${query}`, undefined, VIEWER);

const seeded = async () => {
  const { items } = await reports();
  const byNote = (note: string) => items.find((r) => r.note === note)!;
  return {
    items,
    fleet: byNote('Weekly fleet drift check'),
    aws: byNote('AWS clusters after the TiKV v8.1.2 default for v8.1.1 (EBS stall fix)'),
    cancelled: byNote('Fleet drift check'),
    tenant: byNote('Before the tenant upgrade review'),
  };
};

/** A live dedicated cluster of the seed, by a stable query. */
const firstCluster = async (where: ReturnType<typeof sql>) => {
  const [row] = await t.database.rows<{ id: string; tenant_id: string }>(sql`
    select id, tenant_id from clusters where cluster_type = 'DEDICATED_TIDB'
      and status <> 'USER_CLUSTER_STATUS_DELETED' and ${where} order by id limit 1`);
  return row!;
};

describe('the seeded reports', () => {
  it('lists them newest first with their scope, status and counters', async () => {
    const { items, fleet, aws, cancelled, tenant } = await seeded();
    expect(items.map((r) => r.id)).toEqual([tenant.id, fleet.id, cancelled.id, aws.id]);
    expect(fleet).toMatchObject({
      status: 'completed',
      scope: { provider: null, tenant_id: null, tenant_name: null },
      requested_by: OPERATOR,
      reason: null,
    });
    expect(aws).toMatchObject({ status: 'completed', scope: { provider: 'AWS', tenant_id: null } });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'maria.garcia@example.com',
      reason: 'Cancelled by maria.garcia@example.com',
    });
    expect(tenant.scope.tenant_id).not.toBeNull();
    expect(tenant.scope.tenant_name).not.toBeNull();
    // Partial: the cancelled report compared the first 200 clusters only.
    expect(cancelled.clusters_scanned).toBeLessThan(fleet.clusters_scanned);
    expect(cancelled.diff_rows).toBeLessThan(fleet.diff_rows);
    expect(aws.diff_rows).toBeLessThan(fleet.diff_rows);
    for (const r of [fleet, aws, cancelled, tenant]) {
      expect(r.diff_rows).toBeGreaterThan(0);
      expect(r.version_diffs + r.image_diffs).toBeGreaterThanOrEqual(r.diff_rows);
      expect((await rows(r.id)).total).toBe(r.diff_rows);
      expect(r.started_at! <= r.finished_at!).toBe(true);
    }
  });

  it('holds the counts of the demo fleet against the demo defaults (deterministic)', async () => {
    const { fleet, aws, cancelled, tenant } = await seeded();
    const counts = (r: ComponentDiffReport) => [
      r.clusters_scanned,
      r.components_scanned,
      r.clusters_with_diff,
      r.diff_rows,
      r.version_diffs,
      r.image_diffs,
    ];
    expect(counts(fleet)).toEqual([462, 1570, 242, 297, 174, 297]);
    expect(counts(aws)).toEqual([216, 723, 138, 160, 101, 160]);
    expect(counts(cancelled)).toEqual([155, 529, 83, 102, 60, 102]);
    expect(counts(tenant)).toEqual([21, 69, 8, 8, 4, 8]);
    expect(tenant.scope.tenant_name).toBe('Tidewater Payments');
  });

  it("records every component that runs another version or image than its version's defaults", async () => {
    const { fleet } = await seeded();
    const { items } = await rows(fleet.id);
    for (const row of items) {
      const versionDiffers = row.actual_version !== row.expected_version;
      const imageDiffers = !imageTagMatches(row.expected_image_tag, row.actual_image_tag);
      expect(versionDiffers || imageDiffers).toBe(true);
      expect(row.difference).toBe(
        versionDiffers && imageDiffers ? 'version_and_image' : versionDiffers ? 'version' : 'image',
      );
    }
    expect(items.filter((r) => r.difference !== 'image')).toHaveLength(fleet.version_diffs);
    expect(new Set(items.map((r) => r.cluster_id)).size).toBe(fleet.clusters_with_diff);
  });

  it('holds an AWS v8.1.1 TiKV to the v8.1.2 rule, and its PD (a build of the default release) to nothing', async () => {
    const { fleet } = await seeded();
    const c = await firstCluster(sql`provider = 'AWS' and version = 'v8.1.1'`);
    const { items } = await rows(fleet.id, `&search=${c.id}`);
    const tikv = items.find((r) => r.component === 'TIKV');
    expect(tikv).toMatchObject({
      cluster_version: 'v8.1.1',
      expected_version: 'v8.1.2',
      expected_version_source: 'rule',
      actual_version: 'v8.1.1',
      base_image: 'pingcap/tikv',
      expected_image_tag: 'v8.1.2',
      expected_image_source: 'released',
      difference: 'version_and_image',
    });
    expect(tikv!.actual_image_tag).toMatch(/^v8\.1\.1-\d{8}-[0-9a-f]{7}$/);
    expect(items.find((r) => r.component === 'PD')).toBeUndefined();
  });

  it('holds a v7.5.4 TiDB to its pinned hotfix build', async () => {
    const { fleet } = await seeded();
    const c = await firstCluster(sql`version = 'v7.5.4'`);
    const { items } = await rows(fleet.id, `&search=${c.id}&component=TIDB`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      difference: 'image',
      expected_version: 'v7.5.4',
      actual_version: 'v7.5.4',
      expected_image_tag: 'v7.5.4-20240920-8a1f0de',
      expected_image_source: 'released',
    });
  });

  it('filters rows by tenant, provider, component, difference and cluster, and sorts by tenant or cluster', async () => {
    const { fleet, aws, tenant } = await seeded();
    const all = (await rows(fleet.id)).items;
    // The AWS report's rows are the fleet report's AWS rows (same clusters, same defaults).
    const awsRows = await rows(fleet.id, '&provider=AWS');
    expect(awsRows.total).toBe(aws.diff_rows);
    expect(awsRows.items.every((r) => r.provider === 'AWS')).toBe(true);
    const twoProviders = await rows(fleet.id, '&provider=GCP&provider=AZURE');
    expect(twoProviders.total).toBe(all.filter((r) => r.provider === 'GCP' || r.provider === 'AZURE').length);
    const ofTenant = await rows(fleet.id, `&tenant_id=${tenant.scope.tenant_id}`);
    expect(ofTenant.total).toBe(tenant.diff_rows);
    expect(ofTenant.items.every((r) => r.tenant_name === tenant.scope.tenant_name)).toBe(true);
    const proxies = await rows(fleet.id, '&component=TIPROXY');
    expect(proxies.total).toBe(all.filter((r) => r.component === 'TIPROXY').length);
    expect(proxies.total).toBeGreaterThan(0);
    const images = await rows(fleet.id, '&difference=image');
    expect(images.total).toBe(all.filter((r) => r.difference === 'image').length);
    const name = all[0]!.cluster_name;
    expect((await rows(fleet.id, `&search=${name.slice(1, -1)}`)).items.some((r) => r.cluster_name === name)).toBe(
      true,
    );
    // The order is the database's (its collation): tenant, cluster, component; or cluster, component.
    const ordered = async (order: ReturnType<typeof sql>) =>
      (
        await t.database.rows<{ id: string }>(
          sql`select id::text from mon_component_diff_rows where report_id = ${Number(fleet.id)} order by ${order}`,
        )
      ).map((r) => r.id);
    expect(all.map((r) => r.id)).toEqual(await ordered(sql`tenant_name, cluster_name, component, id`));
    const byCluster = (await rows(fleet.id, '&sort=-cluster')).items.map((r) => r.id);
    expect(byCluster).toEqual(await ordered(sql`cluster_name desc, component desc, id desc`));
    const page2 = await a.ok('GET', `${REPORTS}/${fleet.id}/diffs?per_page=10&page=2`);
    expect(page2.items.map((r: ComponentDiffRow) => r.id)).toEqual(all.slice(10, 20).map((r) => r.id));
  });

  it('filters reports by status and scope', async () => {
    const { aws, cancelled, tenant } = await seeded();
    expect((await reports('&status=cancelled')).items.map((r) => r.id)).toEqual([cancelled.id]);
    expect((await reports('&provider=AWS')).items.map((r) => r.id)).toEqual([aws.id]);
    expect((await reports(`&tenant_id=${tenant.scope.tenant_id}`)).items.map((r) => r.id)).toEqual([tenant.id]);
    expect((await reports('&sort=created_at')).items.at(-1)!.id).toBe(tenant.id);
  });

  it('answers 404 for an unknown report and 400 for bad filters', async () => {
    for (const url of [`${REPORTS}/999999`, `${REPORTS}/abc`, `${REPORTS}/999999/diffs`]) {
      const res = await a.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('monitoring.reportNotFound');
    }
    const { fleet } = await seeded();
    for (const q of ['difference=minor', 'component=ETCD', 'provider=IBM', 'sort=region'])
      expect((await a.call('GET', `${REPORTS}/${fleet.id}/diffs?${q}`)).statusCode).toBe(400);
    expect((await a.call('GET', `${REPORTS}?status=done`)).statusCode).toBe(400);
  });
});

describe('generating a report', () => {
  it('queues it (202) with its audit row, runs it as a job to the same rows as the seeded one', async () => {
    const { fleet } = await seeded();
    const res = await a.call('POST', REPORTS, { note: 'After the rule change' });
    expect(res.statusCode).toBe(202);
    const queued: ComponentDiffReport = res.json();
    expect(queued).toMatchObject({
      status: 'queued',
      scope: { provider: null, tenant_id: null },
      note: 'After the rule change',
      requested_by: OPERATOR,
      diff_rows: 0,
      started_at: null,
    });
    // One in progress per scope; another scope may run beside it.
    const again = await a.call('POST', REPORTS, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'monitoring.reportInProgress' });
    expect(again.json().message).toContain(`Report ${queued.id}`);
    const gcp = await a.call('POST', REPORTS, { provider: 'GCP' });
    expect(gcp.statusCode).toBe(202);

    await t.jobs.drain();
    const done = await report(queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      clusters_scanned: fleet.clusters_scanned,
      components_scanned: fleet.components_scanned,
      clusters_with_diff: fleet.clusters_with_diff,
      diff_rows: fleet.diff_rows,
      version_diffs: fleet.version_diffs,
      image_diffs: fleet.image_diffs,
    });
    const strip = (r: ComponentDiffRow) => ({ ...r, id: '' });
    expect((await rows(queued.id)).items.map(strip)).toEqual((await rows(fleet.id)).items.map(strip));
    expect((await report(gcp.json().id)).status).toBe('completed');
    expect(await a.audit(queued.id)).toEqual([
      expect.objectContaining({
        operation: 'generate',
        operator: OPERATOR,
        details: {
          before: null,
          after: {
            status: 'queued',
            scope: { provider: null, tenant_id: null, tenant_name: null },
            note: 'After the rule change',
          },
        },
      }),
      expect.objectContaining({
        operation: 'complete',
        operator: 'system',
        // Two batches: the last one completes it.
        details: {
          before: { status: 'running' },
          after: {
            status: 'completed',
            clusters_scanned: fleet.clusters_scanned,
            clusters_with_diff: fleet.clusters_with_diff,
            diff_rows: fleet.diff_rows,
          },
        },
      }),
    ]);
    // Once it has ended, the scope is free again.
    const next = await a.call('POST', REPORTS, {});
    expect(next.statusCode).toBe(202);
    await t.jobs.drain();
  });

  it('compares a batch of clusters per run of its job, resuming after the last one compared', async () => {
    await t.jobs.drain();
    const { fleet } = await seeded();
    const id = (await a.ok('POST', REPORTS, {})).id as string;
    await t.jobs.runOne();
    const halfway = await report(id);
    expect(halfway.status).toBe('running');
    expect(halfway.started_at).not.toBeNull();
    expect(halfway.clusters_scanned).toBeGreaterThan(0);
    expect(halfway.clusters_scanned).toBeLessThan(fleet.clusters_scanned);
    await t.jobs.drain();
    expect(await report(id)).toMatchObject({ status: 'completed', diff_rows: fleet.diff_rows });
  });

  it('scopes a report to a tenant', async () => {
    const tenant = (await seeded()).tenant;
    const res = await a.call('POST', REPORTS, { tenant_id: tenant.scope.tenant_id });
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    expect((await report(id)).scope.tenant_name).toBe(tenant.scope.tenant_name);
    await t.jobs.drain();
    expect(await report(id)).toMatchObject({
      status: 'completed',
      diff_rows: tenant.diff_rows,
      clusters_scanned: tenant.clusters_scanned,
    });
  });

  it('refuses an unknown tenant or provider (400) and a viewer (403)', async () => {
    const unknown = await a.call('POST', REPORTS, { tenant_id: '42' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'monitoring.unknownTenant' });
    expect((await a.call('POST', REPORTS, { provider: 'IBM' })).statusCode).toBe(400);
    expect((await a.call('POST', REPORTS, { note: 'x'.repeat(501) })).json().details).toEqual([
      { field: 'body.note', message: 'note must be at most 500 characters' },
    ]);
    expect((await a.call('POST', REPORTS, {}, VIEWER)).statusCode).toBe(403);
  });
});

describe('cancelling a report', () => {
  it('cancels a queued one (its job then stops) and refuses to cancel it twice', async () => {
    const queued: ComponentDiffReport = (await a.call('POST', REPORTS, { provider: 'AZURE' })).json();
    expect((await a.call('POST', `${REPORTS}/${queued.id}/cancel`, {}, VIEWER)).statusCode).toBe(403);
    const cancelled: ComponentDiffReport = await a.ok('POST', `${REPORTS}/${queued.id}/cancel`);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_by: OPERATOR,
      reason: `Cancelled by ${OPERATOR}`,
    });
    expect(cancelled.finished_at).not.toBeNull();
    await t.jobs.drain();
    expect(await report(queued.id)).toMatchObject({ status: 'cancelled', diff_rows: 0, clusters_scanned: 0 });
    const twice = await a.call('POST', `${REPORTS}/${queued.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('monitoring.reportActionNotAllowed');
    const { fleet } = await seeded();
    expect((await a.call('POST', `${REPORTS}/${fleet.id}/cancel`)).statusCode).toBe(409);
    expect((await a.call('POST', `${REPORTS}/999999/cancel`)).statusCode).toBe(404);
    expect((await a.audit(queued.id)).map((r) => [r.operation, r.operator])).toEqual([
      ['generate', OPERATOR],
      ['cancel', OPERATOR],
    ]);
  });

  it('fails the report on the last attempt of a batch that keeps failing, keeping it on earlier ones', async () => {
    await t.jobs.drain();
    const queued: ComponentDiffReport = (await a.call('POST', REPORTS, { provider: 'ALICLOUD' })).json();
    // Every new diff row is refused from now on.
    await t.database.db.execute(
      sql`alter table mon_component_diff_rows add constraint test_refuse check (report_id < 0) not valid`,
    );
    try {
      await t.jobs.runOne();
      expect((await report(queued.id)).status).toBe('queued');
      await t.database.db.execute(
        sql`update jobs set attempts = max_attempts - 1, run_at = now() where kind = 'monitoring.component_diff'`,
      );
      await t.jobs.runOne();
      const failed = await report(queued.id);
      expect(failed.status).toBe('failed');
      expect(failed.reason).toMatch(/^The comparison failed: /);
      expect((await a.audit(queued.id)).map((r) => [r.operation, r.operator])).toEqual([
        ['generate', OPERATOR],
        ['fail', 'system'],
      ]);
    } finally {
      await t.database.db.execute(sql`alter table mon_component_diff_rows drop constraint test_refuse`);
    }
  });
});
