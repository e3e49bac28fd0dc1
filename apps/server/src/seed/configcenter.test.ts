import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { validateParamValue, type ParamValidation, type TemplateParameter } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { SEED_CONFIG_TYPES } from './configcenter.js';

/** The config center's core demo data: every state the pages' actions need (seed/configcenter.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);

describe('config center seed', () => {
  it('has default templates and default cases for every cluster type with config types', async () => {
    const cases = await rows<{ cluster_type: string; config_type: string; n: number; providers: number; any: number }>(
      sql`select cluster_type, config_type, count(*)::int as n,
            count(distinct cloud_provider)::int as providers,
            count(*) filter (where cloud_provider is null and instance_type is null)::int as any
          from cc_default_cases group by cluster_type, config_type order by 1, 2`,
    );
    for (const [ct, types] of Object.entries(SEED_CONFIG_TYPES))
      for (const type of types) {
        const row = cases.find((c) => c.cluster_type === ct && c.config_type === type);
        expect(row, `${ct} ${type}`).toBeDefined();
        expect(row!.any, `${ct} ${type} Any cases`).toBeGreaterThan(0);
      }
    const dedicated = cases.find((c) => c.cluster_type === 'DEDICATED_TIDB' && c.config_type === 'tikv')!;
    expect(dedicated.providers).toBe(3);
    const versions = await rows<{ version: string }>(
      sql`select distinct version from cc_default_cases where cluster_type = 'DEDICATED_TIDB' order by 1`,
    );
    expect(versions.map((v) => v.version)).toEqual(expect.arrayContaining(['v6.5.9', 'v8.5.1']));
    const instanceTypes = await rows<{ i: string }>(
      sql`select distinct cloud_provider || ':' || instance_type as i from cc_default_cases where instance_type is not null`,
    );
    expect(instanceTypes.map((r) => r.i)).toEqual(
      expect.arrayContaining([
        'AWS:m5.2xlarge',
        'AWS:c5.4xlarge',
        'AWS:r5.2xlarge',
        'GCP:n2-standard-8',
        'GCP:n2-highmem-8',
        'AZURE:Standard_D8s_v5',
        'AZURE:Standard_E8s_v5',
      ]),
    );
  });

  it("writes every default template's parameters against its minor version's catalogue, validly", async () => {
    const templates = await rows<{ id: string; config_type: string; minor: string; parameters: TemplateParameter[] }>(
      sql`select id, config_type, effective_minor_version as minor, parameters from cc_templates where template_type = 'default'`,
    );
    expect(templates.length).toBeGreaterThan(50);
    const catalogue = await rows<{
      config_type: string;
      minor_version: string;
      name: string;
      type: string;
      validation: ParamValidation;
    }>(sql`select config_type, minor_version, name, type, validation from config_parameters`);
    const known = new Set(catalogue.map((c) => c.minor_version));
    for (const tpl of templates) {
      const minor = known.has(tpl.minor) ? tpl.minor : 'v7.5';
      expect(tpl.parameters.length, tpl.id).toBeGreaterThan(0);
      for (const p of tpl.parameters) {
        const attr = catalogue.find(
          (c) => c.config_type === tpl.config_type && c.minor_version === minor && c.name === p.name,
        );
        expect(attr, `${tpl.id} ${p.name}`).toBeDefined();
        expect(
          validateParamValue(attr!.type, p.value, attr!.validation),
          `${tpl.id} ${p.name}=${p.value}`,
        ).toBeUndefined();
      }
    }
  });

  it('releases bindings per environment, some cases staged ahead of prod and some never released there', async () => {
    const [counts] = await rows<{ ahead: number; unreleased: number; dev: number; staging: number; prod: number }>(sql`
      select
        count(*) filter (where p.value->>'template_id' <> c.template_id::text)::int as ahead,
        count(*) filter (where p.key is null)::int as unreleased,
        (select count(*) from cc_released where kind = 'binding' and environment = 'dev')::int as dev,
        (select count(*) from cc_released where kind = 'binding' and environment = 'staging')::int as staging,
        (select count(*) from cc_released where kind = 'binding' and environment = 'prod')::int as prod
      from cc_default_cases c
      left join cc_released p on p.environment = 'prod' and p.kind = 'binding' and p.key = c.id::text`);
    expect(counts!.ahead).toBeGreaterThanOrEqual(3);
    expect(counts!.unreleased).toBeGreaterThan(0);
    expect(counts!.dev).toBeGreaterThan(counts!.prod);
    expect(counts!.staging).toBeGreaterThan(0);
  });

  it('has custom templates with files and numbered INIT_SQL paragraphs', async () => {
    const custom = await rows<{ name: string; custom_data: { init_sql: { index: number }[]; tidb: unknown[] } }>(
      sql`select name, custom_data from cc_templates where template_type = 'custom' order by id`,
    );
    expect(custom.length).toBeGreaterThanOrEqual(3);
    const withSql = custom.filter((c) => c.custom_data.init_sql.length > 0);
    expect(withSql.length).toBeGreaterThanOrEqual(2);
    for (const c of withSql)
      expect(c.custom_data.init_sql.map((p) => p.index)).toEqual(c.custom_data.init_sql.map((_, i) => i + 1));
  });

  it('has default-config changes and releases in every state the pages act on', async () => {
    const phases = await rows<{ phase: string; n: number }>(
      sql`select phase, count(*)::int as n from cc_changes group by phase`,
    );
    const phase = (p: string) => phases.find((r) => r.phase === p)?.n ?? 0;
    expect(phase('in_progress')).toBeGreaterThanOrEqual(2);
    expect(phase('success')).toBeGreaterThanOrEqual(1);
    expect(phase('terminated')).toBeGreaterThanOrEqual(1);

    const releases = await rows<{ phase: string }>(sql`select distinct phase from cc_releases`);
    expect(releases.map((r) => r.phase).sort()).toEqual(['approving', 'cancelled', 'rejected', 'released']);

    // In progress with template items: released to dev, approving for staging (admin may decide, operator applied).
    const [approving] = await rows<{
      change_id: string;
      environment: string;
      status: string;
      applicant: string;
      nodes: unknown;
    }>(sql`
      select r.change_id::text, r.environment, a.status, a.applicant, a.nodes
      from cc_releases r join approvals a on a.id::text = r.approval_id where r.phase = 'approving'`);
    expect(approving).toMatchObject({ environment: 'staging', status: 'PENDING', applicant: 'operator@example.com' });
    expect(JSON.stringify(approving!.nodes)).toContain('admin@example.com');
    const [devReleased] = await rows<{ n: number }>(sql`
      select count(*)::int as n from cc_releases where change_id = ${Number(approving!.change_id)} and environment = 'dev' and phase = 'released'`);
    expect(devReleased!.n).toBe(1);

    // In progress with component items; a New TiDB Version change with its version item.
    const types = await rows<{ type: string }>(sql`
      select distinct i.type from cc_change_items i join cc_changes c on c.id = i.change_id where c.phase = 'in_progress'`);
    expect(types.map((r) => r.type).sort()).toEqual([
      'default_component_config',
      'template_default_case_binding',
      'version_release',
    ]);
    // Staged objects name their in-progress change; closed changes stage nothing.
    const [staged] = await rows<{ open: number; closed: number }>(sql`
      select count(*) filter (where c.phase = 'in_progress')::int as open, count(*) filter (where c.phase <> 'in_progress')::int as closed
      from cc_default_cases d join cc_changes c on c.id = d.change_id`);
    expect(staged!.open).toBeGreaterThan(0);
    expect(staged!.closed).toBe(0);
    // Released releases ran as operations that succeeded.
    const [ops] = await rows<{ n: number; ok: number }>(sql`
      select count(*)::int as n, count(*) filter (where o.status = 'succeeded')::int as ok
      from cc_releases r join operations o on o.id::text = r.operation_id where r.phase = 'released'`);
    expect(ops!.n).toBeGreaterThanOrEqual(4);
    expect(ops!.ok).toBe(ops!.n);
  });

  it('serves the seeded approving release to the admin, who can approve it', async () => {
    const [r] = await rows<{ change_id: string; approval_id: string }>(
      sql`select change_id::text, approval_id from cc_releases where phase = 'approving'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devops/approval/approvals/${r!.approval_id}/approve`,
      headers: await t.as('admin@example.com'),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await t.jobs.drain();
    const [after] = await rows<{ phase: string }>(
      sql`select phase from cc_releases where approval_id = ${r!.approval_id}`,
    );
    expect(after!.phase).toBe('released');
  });
});
