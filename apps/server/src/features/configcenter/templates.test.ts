import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DefaultCaseBinding, TemplateSummary } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, P } from './testing.js';

/** Templates, the default-case table, template diffs and the resolved defaults (decision 0012), on the demo seed. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('templates', () => {
  it('lists 10 per page with the total, newest first, and filters by type, cluster type, version and name', async () => {
    const page = await a.ok('GET', `${P}/templates`);
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThan(50);
    const created = (page.items as TemplateSummary[]).map((i) => i.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const custom = await a.ok('GET', `${P}/templates?template_type=custom`);
    // Four seeded directly, one created by the demo's applied Add Template change (seed/configchange-targets.ts).
    expect(custom.total).toBe(5);
    expect(
      custom.items.every((i: TemplateSummary) => i.tags.template_type === 'custom' && i.config_type === null),
    ).toBe(true);
    const v81 = await a.ok('GET', `${P}/templates?template_type=custom&version=v8.1.2`);
    expect(v81.items.map((i: TemplateSummary) => i.name).sort()).toEqual([
      'fintech-strict-consistency',
      'gaming-burst-writes',
      'saas-multi-tenant',
    ]);
    const ticdc = await a.ok('GET', `${P}/templates?cluster_type=TICDC&per_page=100`);
    expect(ticdc.total).toBeGreaterThan(0);
    expect(ticdc.items.every((i: TemplateSummary) => i.cluster_type === 'TICDC' && i.config_type === 'ticdc')).toBe(
      true,
    );
    const tikv = await a.ok('GET', `${P}/templates?template_type=default&config_type=tikv&per_page=1000`);
    expect(tikv.total).toBeGreaterThan(0);
    expect(tikv.items).toHaveLength(tikv.total);
    expect(tikv.items.every((i: TemplateSummary) => i.config_type === 'tikv')).toBe(true);
    const named = await a.ok(
      'GET',
      `${P}/templates?name_in=dedicated-tidb-v8.1-compute&name_in=dedicated-tidb-v8.1-general&sort=name`,
    );
    expect(named.items.map((i: TemplateSummary) => i.name)).toEqual([
      'dedicated-tidb-v8.1-compute',
      'dedicated-tidb-v8.1-general',
    ]);
    expect(named.items[0]).toMatchObject({
      cluster_type: 'DEDICATED_TIDB',
      config_type: 'tidb',
      tags: { template_type: 'default', effective_minor_version: 'v8.1' },
      change_id: null,
    });
  });

  it("hides a change's unreleased drafts from the lists, but shows one asked for by id", async () => {
    const changeId = await a.modify([
      { ref: { version: 'v7.1.5', configType: 'tidb' }, to: 'dedicated-tidb-v7.1-general' },
    ]);
    const [item] = await a.items(changeId);
    await a.ok('POST', `${P}/default_config/changes/${changeId}/items/batchUpdate`, undefined, {
      items: [item.id],
      params_to_set: [{ name: 'token-limit', value: '1800' }],
    });
    const [draft] = await t.database.rows<{ id: string; change_id: string }>(
      sql`select id::text, change_id::text from cc_templates where change_id = ${Number(changeId)}`,
    );
    expect(draft).toBeDefined();
    const all = await a.ok('GET', `${P}/templates?per_page=1000`);
    expect(all.items.map((i: TemplateSummary) => i.id)).not.toContain(draft!.id);
    const byId = await a.ok('GET', `${P}/templates?id_in=${draft!.id}`);
    expect(byId.items).toHaveLength(1);
    expect(byId.items[0].change_id).toBe(draft!.change_id);
  });

  it('shows a default template with its parameters and the cases it is the default for', async () => {
    const id = await a.templateId('dedicated-tikv-v8.1-memory');
    const { template } = await a.ok('GET', `${P}/templates/${id}?cluster_type=DEDICATED_TIDB`);
    expect(template.parameters).toContainEqual({
      name: 'storage.block-cache.capacity',
      value: '28GB',
      comment: 'about 45% of the node memory',
    });
    expect(template.custom_template_info).toBeNull();
    expect(template.default_cases.length).toBeGreaterThan(0);
    expect(template.default_cases[0]).toMatchObject({ cluster_type: 'DEDICATED_TIDB', config_type: 'tikv' });
    expect(
      template.default_cases.every(
        (c: { version: string; instance_type: string | null }) => c.version.startsWith('v8.1.') && c.instance_type,
      ),
    ).toBe(true);
    const bare = await a.ok('GET', `${P}/templates/${id}?with_default_cases=false`);
    expect(bare.template.default_cases).toEqual([]);
  });

  it('shows a custom template with its files and INIT_SQL paragraphs', async () => {
    const id = await a.templateId('analytics-tiflash-heavy');
    const { template } = await a.ok('GET', `${P}/templates/${id}`);
    expect(template.config_type).toBeNull();
    expect(template.custom_template_info.data.init_sql.map((p: { index: number }) => p.index)).toEqual([1, 2, 3, 4]);
    expect(template.custom_template_info.data.tiflash).toContainEqual({
      name: 'profiles.default.max_threads',
      value: '32',
      comment: '',
    });
  });

  it('answers 404 template.notFound for an unknown template', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await a.call('GET', `${P}/templates/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'template.notFound', message: `Template ${id} not found` });
    }
  });
});

describe('template diff', () => {
  it('lists only the parameters whose effective value changes, with where each value comes from', async () => {
    const from = await a.templateId('dedicated-tidb-v8.1-general');
    const to = await a.templateId('dedicated-tidb-v8.1-compute');
    const diff = await a.ok('GET', `${P}/templates/diff?from=${from}&to=${to}`);
    expect(diff.config_type).toBe('tidb');
    const names = diff.changed_parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names).not.toContain('log.level');
    expect(diff.changed_parameters).toContainEqual({
      name: 'token-limit',
      from: '1500',
      to: '3000',
      from_source: 'template',
      to_source: 'template',
    });
    // Set only by the new template: the old side is the catalogue default.
    expect(diff.changed_parameters).toContainEqual({
      name: 'instance.max_connections',
      from: '0',
      to: '8000',
      from_source: 'default',
      to_source: 'template',
    });
    const back = await a.ok('GET', `${P}/templates/diff?from=${to}&to=${from}`);
    expect(back.changed_parameters).toContainEqual({
      name: 'instance.max_connections',
      from: '8000',
      to: '0',
      from_source: 'template',
      to_source: 'default',
    });
    expect((await a.ok('GET', `${P}/templates/diff?from=${to}&to=${to}`)).changed_parameters).toEqual([]);
  });

  it('refuses templates of different config types (400) and unknown ones (404)', async () => {
    const tidb = await a.templateId('dedicated-tidb-v8.1-general');
    const tikv = await a.templateId('dedicated-tikv-v8.1-general');
    const res = await a.call('GET', `${P}/templates/diff?from=${tidb}&to=${tikv}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'defaultConfig.configTypeMismatch',
      message: `Template ${tikv} (tikv) cannot be compared with template ${tidb} (tidb)`,
    });
    expect((await a.call('GET', `${P}/templates/diff?from=${tidb}&to=999999`)).json().code).toBe('template.notFound');
    expect((await a.call('GET', `${P}/templates/diff?from=${tidb}`)).statusCode).toBe(400);
  });
});

describe('default cases', () => {
  it('pages 10 rows of DEDICATED_TIDB by default, newest version first, config types in the §9 order', async () => {
    const page = await a.ok('GET', `${P}/default_cases`);
    expect(page.items).toHaveLength(10);
    const rows = page.items as DefaultCaseBinding[];
    expect(rows.every((r) => r.cluster_type === 'DEDICATED_TIDB')).toBe(true);
    expect(rows[0]!.default_case).toMatchObject({ version: 'v8.5.1', config_type: 'tidb', cloud_provider: null });
    const total = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cc_default_cases where cluster_type = 'DEDICATED_TIDB'`,
    );
    expect(page.total).toBe(total[0]!.n);
    const all = (await a.ok('GET', `${P}/default_cases?default_for_version=v8.5.0&per_page=100`))
      .items as DefaultCaseBinding[];
    const order = ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'];
    const ranks = all.map((r) => order.indexOf(r.default_case.config_type));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    // Within a config type: Any first, then by provider and instance type.
    expect(all[0]!.default_case).toMatchObject({ cloud_provider: null, instance_type: null });

    const asc = (await a.ok('GET', `${P}/default_cases?sort=version`)).items as DefaultCaseBinding[];
    expect(asc[0]!.default_case.version).toBe('v6.5.9');
    const byType = (await a.ok('GET', `${P}/default_cases?sort=-config_type&per_page=5`)).items as DefaultCaseBinding[];
    expect(byType[0]!.default_case.config_type).toBe('tiflash_learner');
  });

  it('shows the source template (released to prod) beside the staged one', async () => {
    const ahead = await a.binding({ version: 'v8.5.0', configType: 'tikv' });
    expect(ahead.source_template?.name).toBe('dedicated-tikv-v8.5-default');
    expect(ahead.current_template.name).toBe('dedicated-tikv-v8.5-default-r2');
    expect(ahead.key).toBe(
      [ahead.source_template!.id, 'v8.5.0', '', '', 'tikv', 'DEDICATED_TIDB', ahead.current_template.id].join(','),
    );
    // The newest version is not released to prod yet.
    const fresh = await a.binding({ version: 'v8.5.1', configType: 'tidb' });
    expect(fresh.source_template).toBeNull();
    const same = await a.binding({ version: 'v7.5.2', configType: 'pd' });
    expect(same.source_template).toEqual(same.current_template);
    expect(same.change_id).toBeNull();
    // A case staged by a change in progress names it.
    const staged = await a.binding({
      version: 'v8.1.1',
      configType: 'tidb',
      provider: 'AWS',
      instanceType: 'm5.2xlarge',
    });
    expect(staged.change_id).not.toBeNull();
  });

  it('filters by provider, instance type ("Any" for none), version and config types', async () => {
    const aws = (await a.ok('GET', `${P}/default_cases?default_for_cloud_provider=AWS&per_page=1000`))
      .items as DefaultCaseBinding[];
    expect(aws.length).toBeGreaterThan(0);
    expect(aws.every((r) => r.default_case.cloud_provider === 'AWS')).toBe(true);
    const r5 = (await a.ok('GET', `${P}/default_cases?default_for_instance_type=r5.2xlarge&per_page=1000`))
      .items as DefaultCaseBinding[];
    expect(new Set(r5.map((r) => r.default_case.config_type))).toEqual(new Set(['tikv']));
    const anyRows = (await a.ok('GET', `${P}/default_cases?default_for_instance_type=Any&default_for_version=v7.5.2`))
      .items as DefaultCaseBinding[];
    expect(anyRows.every((r) => r.default_case.instance_type === null)).toBe(true);
    expect(anyRows.length).toBeGreaterThanOrEqual(5);
    const two = await a.ok(
      'GET',
      `${P}/default_cases?default_for_version=v7.5.2&config_type_is=pd&config_type_is=tiflash_learner&per_page=100`,
    );
    expect(new Set(two.items.map((r: DefaultCaseBinding) => r.default_case.config_type))).toEqual(
      new Set(['pd', 'tiflash_learner']),
    );
    const ticdc = await a.ok('GET', `${P}/default_cases?cluster_type=TICDC&per_page=100`);
    expect(ticdc.items.every((r: DefaultCaseBinding) => r.default_case.config_type === 'ticdc')).toBe(true);
    expect((await a.call('GET', `${P}/default_cases?cluster_type=NOPE`)).statusCode).toBe(400);
  });
});

describe('resolved defaults', () => {
  it("gives a new cluster the environment's released templates, most specific case first", async () => {
    const q = { cluster_type: 'DEDICATED_TIDB', version: 'v8.5.0', cloud_provider: 'AWS' };
    const prod = await a.resolve({ ...q, environment: 'prod' });
    const staging = await a.resolve({ ...q, environment: 'staging' });
    const tikv = (r: { templates: { config_type: string; template: { name: string } }[] }) =>
      r.templates.find((x) => x.config_type === 'tikv')!.template.name;
    expect(tikv(prod)).toBe('dedicated-tikv-v8.5-default');
    expect(tikv(staging)).toBe('dedicated-tikv-v8.5-default-r2');
    expect(prod.templates.map((x: { config_type: string }) => x.config_type)).toEqual([
      'tidb',
      'tikv',
      'pd',
      'tiflash',
      'tiflash_learner',
    ]);
    // The provider's PD case beats Any; the instance type's TiKV case beats Any.
    expect(prod.templates.find((x: { config_type: string }) => x.config_type === 'pd').template.name).toBe(
      'dedicated-pd-v8.5-aws',
    );
    const r5 = await a.resolve({ ...q, environment: 'prod', instance_type: 'r5.2xlarge' });
    expect(tikv(r5)).toBe('dedicated-tikv-v8.5-memory');
    expect(prod.version_available).toBe(true);
    expect(prod.components.find((c: { component: string }) => c.component === 'TIKV')).toMatchObject({
      base_image: 'pingcap/tikv',
      image_tag: 'v8.5.0',
    });
  });

  it('offers a version only where it is released', async () => {
    const q = { cluster_type: 'DEDICATED_TIDB', version: 'v8.5.1', cloud_provider: 'GCP' };
    expect((await a.resolve({ ...q, environment: 'prod' })).version_available).toBe(false);
    expect((await a.resolve({ ...q, environment: 'prod' })).templates).toEqual([]);
    const dev = await a.resolve({ ...q, environment: 'dev' });
    expect(dev.version_available).toBe(true);
    expect(dev.templates.length).toBe(5);
    expect(
      (await a.call('GET', `${P}/defaults/resolve?environment=qa&version=v8.5.1&cloud_provider=AWS`)).statusCode,
    ).toBe(400);
  });
});
