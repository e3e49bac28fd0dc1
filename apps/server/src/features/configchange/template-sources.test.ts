import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ClusterConfiguration, ConfigParameter } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { clusterComponents, clusters } from '../orgs/index.js';
import { configCustomParams } from './schema.js';
import { api, bindTemplate, clusterPicker, type CaseKey } from './testing.js';

/*
 * The config center's released templates wired into a cluster's configuration (decision 0012): a parameter's source
 * is `template` when its value comes from the template prod released for the cluster's default case.
 */

let t: TestApp;
let a: ReturnType<typeof api>;
let fresh: () => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  fresh = clusterPicker(t);
  // A clean slate for v8.1 dedicated clusters: no released bindings but the ones these tests make.
  await t.database.db.execute(sql`
    delete from cc_released where kind = 'binding' and key in (
      select id::text from cc_default_cases where cluster_type = 'DEDICATED_TIDB' and version like 'v8.1.%')`);
});
afterAll(() => t?.close());

/** Binds a DEDICATED_TIDB default case to a new template with `parameters`, released to prod unless told. */
const bind = (c: CaseKey, parameters: Record<string, string>, environment: string | null = 'prod') =>
  bindTemplate(t, c, parameters, environment);

const param = (c: ClusterConfiguration, type: string, name: string): ConfigParameter =>
  c.files.find((f) => f.config_type === type)!.parameters.find((p) => p.name === name)!;

async function clusterFacts(id: string) {
  const [c] = await t.database.db.select().from(clusters).where(eq(clusters.id, id));
  const components = await t.database.db.select().from(clusterComponents).where(eq(clusterComponents.clusterId, id));
  return {
    version: c!.version,
    provider: c!.provider,
    nodeSpec: (component: string) => components.find((k) => k.component === component)!.nodeSpec,
  };
}

describe('cluster configuration: the released template as a parameter source', () => {
  it('custom beats template beats default; the most specific released case of the exact version wins', async () => {
    const id = await fresh();
    const facts = await clusterFacts(id);
    const config = async () => (await a.config(id)).configuration as ClusterConfiguration;

    const before = await config();
    expect(param(before, 'tidb', 'token-limit')).toMatchObject({ source: 'default', value: '1000' });

    // Staged only, or released elsewhere than prod: not what the cluster runs.
    await bind({ version: facts.version, configType: 'tidb' }, { 'token-limit': '1010' }, null);
    await bind({ version: facts.version, configType: 'tidb' }, { 'token-limit': '1020' }, 'staging');
    expect(param(await config(), 'tidb', 'token-limit')).toMatchObject({ source: 'default', value: '1000' });

    // Any provider, any instance type, released to prod.
    await bind({ version: facts.version, configType: 'tidb' }, { 'token-limit': '1111' });
    let c = await config();
    expect(param(c, 'tidb', 'token-limit')).toMatchObject({
      source: 'template',
      value: '1111',
      attribute: { default_value: '1000' },
    });
    expect(param(c, 'tidb', 'oom-action')).toMatchObject({ source: 'default' });
    // The template's values are no change of the cluster's own configuration.
    expect(c.fingerprint).toBe(before.fingerprint);

    // Another provider's case does not apply; the cluster's provider beats Any.
    const other = facts.provider === 'AWS' ? 'GCP' : 'AWS';
    await bind({ version: facts.version, configType: 'tidb', provider: other }, { 'token-limit': '1212' });
    expect(param(await config(), 'tidb', 'token-limit')).toMatchObject({ source: 'template', value: '1111' });
    await bind({ version: facts.version, configType: 'tidb', provider: facts.provider }, { 'token-limit': '2222' });
    expect(param(await config(), 'tidb', 'token-limit')).toMatchObject({ source: 'template', value: '2222' });

    // The instance type (the TiDB component's node spec) beats Any; another instance type does not apply.
    await bind(
      { version: facts.version, configType: 'tidb', provider: facts.provider, instanceType: 'no-such-spec' },
      { 'token-limit': '3030' },
    );
    expect(param(await config(), 'tidb', 'token-limit')).toMatchObject({ source: 'template', value: '2222' });
    await bind(
      { version: facts.version, configType: 'tidb', provider: facts.provider, instanceType: facts.nodeSpec('TIDB') },
      { 'token-limit': '3333' },
    );
    expect(param(await config(), 'tidb', 'token-limit')).toMatchObject({ source: 'template', value: '3333' });

    // A custom value beats the template.
    await t.database.db.insert(configCustomParams).values({
      clusterType: 'DEDICATED_TIDB',
      targetId: id,
      configType: 'tidb',
      filename: 'tidb.toml',
      name: 'token-limit',
      value: '4444',
    });
    c = await config();
    expect(param(c, 'tidb', 'token-limit')).toMatchObject({ source: 'custom', value: '4444' });
    await t.database.db
      .delete(configCustomParams)
      .where(and(eq(configCustomParams.targetId, id), eq(configCustomParams.name, 'token-limit')));
  });

  it("without a case of its exact version, the same minor's nearest released case applies", async () => {
    const id = await fresh();
    const facts = await clusterFacts(id);
    const [major, minor, patch] = facts.version.slice(1).split('.').map(Number) as [number, number, number];
    const sameMinor = (p: number) => `v${major}.${minor}.${p}`;
    const config = async () => (await a.config(id)).configuration as ClusterConfiguration;
    await t.database.db.execute(sql`
      delete from cc_released where kind = 'binding' and key in (
        select id::text from cc_default_cases where cluster_type = 'DEDICATED_TIDB' and config_type = 'tikv'
          and version = ${facts.version})`);

    // Another minor's case never applies.
    await bind({ version: `v${major}.${minor + 10}.0`, configType: 'tikv' }, { 'log.level': 'error' });
    expect(param(await config(), 'tikv', 'log.level')).toMatchObject({ source: 'default', value: 'info' });

    await bind({ version: sameMinor(patch + 7), configType: 'tikv' }, { 'log.level': 'debug' });
    expect(param(await config(), 'tikv', 'log.level')).toMatchObject({ source: 'template', value: 'debug' });
    await bind({ version: sameMinor(patch + 1), configType: 'tikv' }, { 'log.level': 'warn' });
    expect(param(await config(), 'tikv', 'log.level')).toMatchObject({ source: 'template', value: 'warn' });
    // Its own version's case, once released, wins.
    await bind({ version: facts.version, configType: 'tikv' }, { 'log.level': 'error' });
    expect(param(await config(), 'tikv', 'log.level')).toMatchObject({ source: 'template', value: 'error' });
  });

  it('the change snapshot records the effective values, template ones included', async () => {
    const id = await fresh();
    const facts = await clusterFacts(id);
    await bind({ version: facts.version, configType: 'pd' }, { 'log.level': 'warn' });
    const changeId = await a.createOk(id, { tidb: { 'token-limit': '1500' } });
    const change = await a.detail(changeId);
    expect(change.snapshot).toContainEqual({ filename: 'pd.toml', name: 'log.level', value: 'warn' });
  });
});
