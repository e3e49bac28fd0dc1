import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIG_CENTER_MESSAGES, type ChangeItem } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, CHANGES, image, OPERATOR, P } from './testing.js';

/** New TiDB Version: a default-config change releasing a new version (decision 0012). */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('New TiDB Version', () => {
  it('creates a change with the version item and the copied cases and images, staged for the target', async () => {
    const res = await a.call('POST', `${P}/versions/release`, OPERATOR, {
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.9',
      reason: 'Patch release',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().change_id as string;
    const change = await a.change(id);
    expect(change).toMatchObject({ phase: 'in_progress', reason: 'Patch release' });
    expect(change.item_types).toEqual(['version_release', 'template_default_case_binding', 'default_component_config']);
    const items = (await a.items(id)) as ChangeItem[];
    const version = items.find((i) => i.type === 'version_release')!;
    expect(version.version_release).toMatchObject({
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.9',
    });
    expect(version.version_release!.covering_instance_types).toEqual(
      expect.arrayContaining(['AWS:m5.2xlarge', 'GCP:n2-highmem-8', 'AZURE:Standard_E8s_v5']),
    );
    const [counts] = await t.database.rows<{ source: number; target: number; staged: number }>(sql`
      select count(*) filter (where version = 'v8.5.1')::int as source, count(*) filter (where version = 'v8.5.9')::int as target,
        count(*) filter (where version = 'v8.5.9' and change_id = ${Number(id)})::int as staged
      from cc_default_cases where cluster_type = 'DEDICATED_TIDB'`);
    expect(counts!.target).toBe(counts!.source);
    expect(counts!.staged).toBe(counts!.target);
    expect(items.filter((i) => i.type === 'template_default_case_binding')).toHaveLength(counts!.source);
    const copied = await a.binding({
      version: 'v8.5.9',
      configType: 'tikv',
      provider: 'AWS',
      instanceType: 'r5.2xlarge',
    });
    const source = await a.binding({
      version: 'v8.5.1',
      configType: 'tikv',
      provider: 'AWS',
      instanceType: 'r5.2xlarge',
    });
    expect(copied.current_template).toEqual(source.current_template);
    expect(copied.source_template).toBeNull();
    const view = await a.ok('GET', `${CHANGES}/${id}/components?version=v8.5.9`);
    expect(view.items.find((r: { component: string }) => r.component === 'TIKV')).toMatchObject({
      base_image: 'pingcap/tikv',
      current_tag: 'v8.5.9',
      source_tag: null,
      change_id: id,
    });
    // Not available to new clusters anywhere until released.
    const resolved = await a.resolve({
      environment: 'dev',
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.5.9',
      cloud_provider: 'AWS',
    });
    expect(resolved).toMatchObject({ version_available: false, templates: [], components: [] });
    const [audit] = await a.audit(id);
    expect(audit).toMatchObject({
      operation: 'create',
      details: { after: { version_release: { target_version: 'v8.5.9' } } },
    });

    // Terminated before any release: the version and everything copied for it are removed.
    await a.close(id, { result: 'terminated', reason: 'Wrong version number' });
    const [left] = await t.database.rows<{ cases: number; images: number; versions: number }>(sql`
      select (select count(*) from cc_default_cases where version = 'v8.5.9')::int as cases,
        (select count(*) from cc_component_defaults where version = 'v8.5.9')::int as images,
        (select count(*) from cc_versions where version = 'v8.5.9')::int as versions`);
    expect(left).toEqual({ cases: 0, images: 0, versions: 0 });
  });

  it('closed as success before any release: the version released nowhere is removed and can be created again', async () => {
    const create = () =>
      a.call('POST', `${P}/versions/release`, OPERATOR, {
        cluster_type: 'DEDICATED_TIDB',
        source_version: 'v8.5.1',
        target_version: 'v8.5.7',
        reason: 'Patch release',
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().change_id as string;
    // One of its images is changed too (an existing component default, not created for the version): kept.
    await a.images(id, [image('TIDB', 'v7.1.5', 'v7.1.5-keep')]);
    const closed = await a.close(id, { result: 'success' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().change.phase).toBe('success');
    const left = async () =>
      (
        await t.database.rows<{ cases: number; images: number; versions: number }>(sql`
      select (select count(*) from cc_default_cases where version = 'v8.5.7')::int as cases,
        (select count(*) from cc_component_defaults where version = 'v8.5.7')::int as images,
        (select count(*) from cc_versions where version = 'v8.5.7')::int as versions`)
      )[0];
    expect(await left()).toEqual({ cases: 0, images: 0, versions: 0 });
    const view = await a.ok('GET', `${CHANGES}/${id}/components?version=v7.1.5`);
    expect(view.items.find((r: { component: string }) => r.component === 'TIDB')).toMatchObject({
      current_tag: 'v7.1.5-keep',
      change_id: null,
    });
    const close = (await a.audit(id)).at(-1)!;
    expect(close).toMatchObject({ operation: 'close', details: { after: { phase: 'success' } } });
    expect(close.details.reverted).toEqual(
      expect.arrayContaining([{ version: 'DEDICATED_TIDB:v8.5.7', removed: true }]),
    );

    const again = await create();
    expect(again.statusCode, again.body).toBe(201);
    const staged = await left();
    expect(staged!.versions).toBe(1);
    expect(staged!.cases).toBeGreaterThan(0);
  });

  it('closed as success after a release: the released version stays and is not created twice', async () => {
    const res = await a.call('POST', `${P}/versions/release`, OPERATOR, {
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.6',
    });
    const id = res.json().change_id as string;
    const release = await a.release(id, 'dev');
    expect(release.statusCode, release.body).toBe(201);
    expect((await a.decide(release.json().release.approval_id, 'approve')).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await a.close(id, { result: 'success' })).statusCode).toBe(200);
    expect((await a.audit(id)).at(-1)!.details.reverted).toBeUndefined();
    const again = await a.call('POST', `${P}/versions/release`, OPERATOR, {
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.6',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('version.exists');
  });

  it('refuses an existing target (409), a missing source (404) and invalid versions (400)', async () => {
    const post = (body: object) => a.call('POST', `${P}/versions/release`, OPERATOR, body);
    const exists = await post({ source_version: 'v8.1.1', target_version: 'v8.5.0' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({
      code: 'version.exists',
      message: 'Version v8.5.0 of DEDICATED_TIDB already exists',
    });
    const missing = await post({ source_version: 'v1.0.0', target_version: 'v8.5.8' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'version.notFound',
      message: 'Version v1.0.0 of DEDICATED_TIDB not found',
    });
    const noTarget = await post({ source_version: 'v8.5.1' });
    expect(noTarget.json().message).toBe(`body.target_version: ${CONFIG_CENTER_MESSAGES.targetVersionRequired}`);
    const badTarget = await post({ source_version: 'v8.5.1', target_version: '8.5.8' });
    expect(badTarget.json().message).toBe('body.target_version: a version looks like v8.1.1');
    const [n] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cc_versions where version = 'v8.5.8'`,
    );
    expect(n!.n).toBe(0);
  });
});
