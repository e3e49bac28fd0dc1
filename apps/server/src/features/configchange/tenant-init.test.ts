import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClusterConfiguration, ConfigParameter, CreateChangeBody } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { operations, operationSteps } from '../operations/index.js';
import { tenants } from '../orgs/index.js';
import { configCustomParams } from './schema.js';
import { api, base, bindTemplate, changeBody, OPERATOR, type Files } from './testing.js';

/* A tenant's init configuration (spec §3 target_type tenant_init, §7 "tenantinit changes"). */

let t: TestApp;
let a: ReturnType<typeof api>;
let activeTenants: string[];
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  activeTenants = (
    await t.database.db
      .select({ id: tenants.id })
      .from(tenants)
      // Tenants the demo seed changed are not fresh.
      .where(
        and(
          eq(tenants.status, 'ACTIVE'),
          sql`not exists (select 1 from config_changes c where c.target_id = ${tenants.id})`,
        ),
      )
      .orderBy(asc(tenants.id))
      .limit(20)
  ).map((r) => r.id);
});
afterAll(() => t?.close());

let next = 0;
const freshTenant = () => activeTenants[next++]!;
const init = (tenant: string) => `${base}/tenantinit/${tenant}`;
const getConfig = async (tenant: string, clusterType = 'DEDICATED_TIDB') =>
  a.call('GET', `${init(tenant)}/config?cluster_type=${clusterType}`);
const configOf = async (tenant: string) => (await getConfig(tenant)).json();
const body = async (tenant: string, files: Files, extra: Partial<CreateChangeBody> = {}) =>
  changeBody(tenant, (await configOf(tenant)).configuration.fingerprint, files, extra);
const preview = (tenant: string, b: object) => a.call('POST', `${init(tenant)}/changes/preview`, OPERATOR, b);
const create = (tenant: string, b: object, who = OPERATOR) => a.call('POST', `${init(tenant)}/changes`, who, b);
const param = (c: ClusterConfiguration, type: string, name: string): ConfigParameter =>
  c.files.find((f) => f.config_type === type)!.parameters.find((p) => p.name === name)!;

describe('tenant init configuration', () => {
  it('per cluster type: the TiDB config files of the default version, no images, changeable while ACTIVE', async () => {
    const tenant = freshTenant();
    const { configuration, changeable, reason } = await configOf(tenant);
    expect(changeable).toBe(true);
    expect(reason).toBeNull();
    expect(configuration).toMatchObject({ cluster_id: tenant, cluster_type: 'DEDICATED_TIDB', components: [] });
    expect(configuration.version).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(configuration.files.map((f: { config_type: string }) => f.config_type)).toEqual([
      'tidb',
      'tikv',
      'pd',
      'tiflash',
      'tiflash_learner',
    ]);
    expect(param(configuration, 'tidb', 'oom-action')).toMatchObject({ source: 'default', value: 'cancel' });
    expect((await getConfig(tenant, 'SHARED_POOL')).json().configuration.cluster_type).toBe('SHARED_POOL');

    const [suspended] = await t.database.db
      .select({ id: tenants.id, status: tenants.status })
      .from(tenants)
      .where(sql`${tenants.status} <> 'ACTIVE'`)
      .limit(1);
    expect(await configOf(suspended!.id)).toMatchObject({
      changeable: false,
      reason: `the tenant is ${suspended!.status}`,
    });
    const refused = await create(suspended!.id, await body(suspended!.id, { tidb: { 'token-limit': '1500' } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'configChange.notChangeable',
      message: `You cannot change the config currently, because the tenant is ${suspended!.status}`,
    });

    const missing = await getConfig('999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('tenant.notFound');
    // Only the TiDB cluster types have an init configuration.
    expect((await getConfig(tenant, 'TICDC')).statusCode).toBe(400);
  });

  it('sits on the released default templates of that version (Any provider, any instance type)', async () => {
    const tenant = freshTenant();
    const { version } = (await configOf(tenant)).configuration;
    // Another provider's case is not the tenant's: its new clusters' provider is unknown.
    await bindTemplate(t, { version, configType: 'tikv', provider: 'AWS' }, { 'server.grpc-concurrency': '7' });
    await bindTemplate(t, { version, configType: 'tikv' }, { 'server.grpc-concurrency': '9' });
    expect(param((await configOf(tenant)).configuration, 'tikv', 'server.grpc-concurrency')).toMatchObject({
      source: 'template',
      value: '9',
    });
  });

  it('create → approve → apply: stored as the tenant init parameters (not a cluster’s), audited', async () => {
    const tenant = freshTenant();
    const before = await configOf(tenant);
    const b = await body(tenant, { tidb: { 'token-limit': '1500' }, tikv: { 'server.grpc-concurrency': '8' } });

    const p = await preview(tenant, b);
    expect(p.statusCode).toBe(200);
    expect(p.json().change.scope).toMatchObject({
      version: null,
      components: [],
      files: [
        {
          filename: 'tidb.toml',
          modified_parameters: [{ name: 'token-limit', action: 'set', from: null, to: '1500' }],
        },
        { filename: 'tikv.toml', modified_parameters: [{ name: 'server.grpc-concurrency', to: '8' }] },
      ],
    });

    const res = await create(tenant, b);
    expect(res.statusCode).toBe(200);
    const id = res.json().change_id as string;
    const change = await a.detail(id);
    expect(change).toMatchObject({
      target_type: 'tenant_init',
      target_id: tenant,
      tenant_id: tenant,
      cluster_type: 'DEDICATED_TIDB',
      phase: 'approving',
      change_type: 'config',
    });
    expect(await configOf(tenant)).toMatchObject({
      changeable: false,
      reason: `there is an unfinished configuration change ${id}`,
    });
    const twice = await create(tenant, await body(tenant, { tidb: { 'token-limit': '1600' } }));
    expect(twice.statusCode).toBe(409);
    // The list of the tenant's init changes: the change list by target type and id.
    const list = (await a.call('GET', `${base}/changes?target_type=tenant_init&target_id=${tenant}`)).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([id]);
    // A cluster's history never lists a tenant's init change, even under the same id.
    expect((await a.call('GET', `${base}/clusters/${tenant}/changes`)).json().total).toBe(0);

    expect((await a.apply(id)).statusCode).toBe(409); // still approving
    await a.decide(change.approval_id, 'approve');
    await t.jobs.drain();
    const applied = await a.apply(id);
    expect(applied.statusCode).toBe(200);
    const operationId = applied.json().instance_id as string;
    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({ phase: 'applied' });

    const [op] = await t.database.db
      .select()
      .from(operations)
      .where(eq(operations.id, Number(operationId)));
    expect(op).toMatchObject({ status: 'succeeded', targetType: 'tenant', targetId: tenant, tenantId: tenant });
    const steps = await t.database.db
      .select()
      .from(operationSteps)
      .where(eq(operationSteps.operationId, Number(operationId)))
      .orderBy(asc(operationSteps.seq));
    expect(steps.map((s) => s.name)).toEqual(['check', 'persist']);

    const after = await configOf(tenant);
    expect(after.changeable).toBe(true);
    expect(param(after.configuration, 'tidb', 'token-limit')).toMatchObject({ source: 'custom', value: '1500' });
    expect(after.configuration.fingerprint).not.toBe(before.configuration.fingerprint);
    // Stored apart from any cluster's custom parameters.
    const stored = await t.database.db
      .select({ targetId: configCustomParams.targetId })
      .from(configCustomParams)
      .where(eq(configCustomParams.targetId, tenant));
    expect(stored).toEqual([]);
    // The other cluster types of the tenant are untouched.
    const pool = param((await getConfig(tenant, 'SHARED_POOL')).json().configuration, 'tidb', 'token-limit');
    expect(pool.source).not.toBe('custom');

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
    expect(audit[0].details).toMatchObject({ after: { target_type: 'tenant_init', target_id: tenant } });

    // Unsetting goes back to the template or default.
    const unset = await create(tenant, await body(tenant, { tidb: { 'token-limit': null } }));
    expect(unset.statusCode).toBe(200);
  });

  it("the defaults a tenant's new clusters get carry its applied init values on top of the templates", async () => {
    const tenant = freshTenant();
    const { version } = (await configOf(tenant)).configuration;
    const resolve = (extra: Record<string, string> = {}) =>
      a.call(
        'GET',
        `${base}/defaults/resolve?${new URLSearchParams({ environment: 'prod', version, cloud_provider: 'AWS', ...extra })}`,
      );
    expect((await resolve({ tenant_id: tenant })).json().tenant_init).toEqual([]);

    const id = (
      await create(
        tenant,
        await body(tenant, { tikv: { 'server.grpc-concurrency': '6' }, tidb: { 'token-limit': '1800' } }),
      )
    ).json().change_id as string;
    // Approving is not applying: nothing of it yet.
    await a.decide((await a.detail(id)).approval_id, 'approve');
    await t.jobs.drain();
    expect((await resolve({ tenant_id: tenant })).json().tenant_init).toEqual([]);
    expect((await a.apply(id)).statusCode).toBe(200);
    await t.jobs.drain();

    const resolved = (await resolve({ tenant_id: tenant })).json();
    expect(resolved.tenant_init).toEqual([
      { config_type: 'tidb', parameters: [{ name: 'token-limit', value: '1800' }] },
      { config_type: 'tikv', parameters: [{ name: 'server.grpc-concurrency', value: '6' }] },
    ]);
    // The templates are the same as for anyone's new clusters; without a tenant there is nothing on top.
    const plain = (await resolve()).json();
    expect(resolved.templates).toEqual(plain.templates);
    expect(plain.tenant_init).toEqual([]);
    // Another cluster type of the tenant has its own (none), another tenant none, an unknown tenant is 404.
    expect((await resolve({ tenant_id: tenant, cluster_type: 'SHARED_POOL' })).json().tenant_init).toEqual([]);
    expect((await resolve({ tenant_id: freshTenant() })).json().tenant_init).toEqual([]);
    const missing = await resolve({ tenant_id: '999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('tenant.notFound');
  });

  it('refuses what an init configuration has not: a version, images; validates like a cluster change', async () => {
    const tenant = freshTenant();
    const expect400 = async (b: object, code: string, message: string) => {
      const res = await preview(tenant, b);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    };
    await expect400(
      await body(tenant, {}, { change_type: 'version', version: { to_version: 'v9.9.9' } }),
      'configChange.invalidVersion',
      'this target has no version of its own to change',
    );
    await expect400(
      await body(tenant, {}, { components: [{ component: 'TIDB', overwrite_image_tag: { to_image_tag: 'x' } }] }),
      'configChange.invalidParameter',
      'the cluster has no component TIDB',
    );
    await expect400(
      await body(tenant, { tidb: { 'no-such-parameter': '1' } }),
      'configChange.invalidParameter',
      'unknown parameter no-such-parameter of tidb',
    );
    await expect400(
      await body(tenant, { tidb: { 'token-limit': 'many' } }),
      'configChange.invalidParameter',
      'the input should be an int',
    );
    await expect400(
      { ...(await body(tenant, { tidb: { 'token-limit': '5' } })), cluster_id: 'another' },
      'request.invalid',
      'cluster_id of the body differs from the path',
    );
    const stale = await create(tenant, {
      ...(await body(tenant, { tidb: { 'token-limit': '5' } })),
      base_fingerprint: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('configChange.stale');
    const noReason = await create(tenant, { ...(await body(tenant, { tidb: { 'token-limit': '5' } })), reason: ' ' });
    expect(noReason.json()).toMatchObject({
      code: 'request.invalid',
      message: 'body.reason: change reason is required',
    });
    // A viewer can read, not change.
    expect((await a.call('GET', `${init(tenant)}/config`, 'sam.okafor@example.com')).statusCode).toBe(200);
    expect(
      (await create(tenant, await body(tenant, { tidb: { 'token-limit': '5' } }), 'sam.okafor@example.com')).statusCode,
    ).toBe(403);
  });
});
