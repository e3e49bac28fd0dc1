import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { COMPONENTS, CONFIG_ENVIRONMENTS, CONFIG_CENTER_MESSAGES } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { auditLogs } from '../../../platform/schema.js';
import { operations } from '../../operations/index.js';
import {
  SEED_CLUSTER_VERSIONS,
  SEED_INSTANCE_TYPES,
  SEED_VERSION_RULES,
  seedGitopsVersions,
} from '../../../seed/configversions.js';
import {
  ccComponentDefaults,
  ccGitopsVersions,
  ccInstanceTypes,
  ccReleased,
  ccVersionRules,
  ccVersions,
} from '../schema.js';

let t: TestApp;
let operator: { authorization: string };
let viewer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.as('operator@example.com');
  viewer = await t.as('sam.okafor@example.com');
});
afterAll(() => t.close());

const P = '/api/v1/devops/cloudconfig';
const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url: `${P}${url}`, headers });
const post = (url: string, payload: object, headers = operator) =>
  t.app.inject({ method: 'POST', url: `${P}${url}`, headers, payload });
const operation = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/devops/operations/${id}`, headers: viewer })).json();
const operationAudits = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.type, 'operation'), eq(auditLogs.instanceId, id)))
      .orderBy(asc(auditLogs.id))
  ).map((a) => ({ operation: a.operation, operator: a.operator, details: a.details }));
const operationCount = async () => (await t.database.db.select({ n: count() }).from(operations))[0]!.n;
const versionsOf = async (clusterType: string) =>
  (await get(`/versions?cluster_type=${clusterType}`)).json().versions as {
    version: string;
    is_default: boolean;
    source: string;
    environments: string[];
  }[];

const bySemver = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.slice(1).split('.').map(Number));
  return x![0]! - y![0]! || x![1]! - y![1]! || x![2]! - y![2]!;
};

/** Asserts a 400 that names the field with the message. */
async function expectInvalid(
  res: { statusCode: number; json: () => { code: string; details: unknown } },
  field: string,
  message: unknown,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().code).toBe('request.invalid');
  expect(res.json().details).toContainEqual({ field, message });
}

async function runToEnd(instanceId: string) {
  await t.jobs.drain();
  const op = await operation(instanceId);
  expect(op.status).toBe('succeeded');
  expect(op.steps.map((s: { status: string }) => s.status)).toEqual(op.steps.map(() => 'succeeded'));
  return op as { steps: { name: string; message: string }[]; params: Record<string, unknown>; target_id: string };
}

describe('the seed', () => {
  it('has versions for every cluster type, one default each, released with prod lagging for the newest', async () => {
    for (const [clusterType, spec] of Object.entries(SEED_CLUSTER_VERSIONS)) {
      const rows = await t.database.db.select().from(ccVersions).where(eq(ccVersions.clusterType, clusterType));
      // The config center's own seed may add a version through a release (source `release`).
      expect(
        rows
          .filter((r) => r.source === 'seed')
          .map((r) => r.version)
          .sort(),
      ).toEqual([...spec.versions].sort());
      expect(rows.filter((r) => r.isDefault).map((r) => r.version)).toEqual([spec.default]);
      const released = await t.database.db
        .select()
        .from(ccReleased)
        .where(and(eq(ccReleased.kind, 'version'), sql`${ccReleased.key} like ${`${clusterType}:%`}`));
      const newest = spec.versions[spec.versions.length - 1]!;
      const envsOf = (v: string) =>
        released
          .filter((r) => r.key === `${clusterType}:${v}`)
          .map((r) => r.environment)
          .sort();
      expect(envsOf(newest)).toEqual(['dev', 'staging']);
      expect(envsOf(spec.versions[0]!)).toEqual([...CONFIG_ENVIRONMENTS].sort());
    }
    expect(SEED_CLUSTER_VERSIONS.DEDICATED_TIDB.default).toBe('v8.1.1');
  });

  it('has component images for every version of the TiDB cluster types, released per environment', async () => {
    const rows = await t.database.db
      .select()
      .from(ccComponentDefaults)
      .where(eq(ccComponentDefaults.clusterType, 'DEDICATED_TIDB'));
    for (const version of SEED_CLUSTER_VERSIONS.DEDICATED_TIDB.versions)
      for (const component of ['TIKV', 'TIDB', 'TIFLASH', 'TIFLASH_LEARNER', 'PD'])
        expect(
          rows.some((r) => r.version === version && r.component === component),
          `${component} ${version}`,
        ).toBe(true);
    expect(rows.find((r) => r.component === 'TIDB' && r.version === 'v8.1.1')).toMatchObject({
      baseImage: 'pingcap/tidb',
      imageTag: 'v8.1.1',
    });
    expect(rows.filter((r) => r.imageTag !== r.version && r.component !== 'TIPROXY').length).toBeGreaterThan(0);
    const [released] = await t.database.db
      .select({ n: count() })
      .from(ccReleased)
      .where(eq(ccReleased.kind, 'component'));
    expect(released!.n).toBeGreaterThan(rows.length);
    // A hotfix staged and released to dev and staging, not yet to prod.
    const tikv = rows.find((r) => r.component === 'TIKV' && r.version === 'v8.1.1')!;
    const byEnv = await t.database.db
      .select()
      .from(ccReleased)
      .where(and(eq(ccReleased.kind, 'component'), eq(ccReleased.key, String(tikv.id))));
    expect(Object.fromEntries(byEnv.map((r) => [r.environment, (r.value as { image_tag: string }).image_tag]))).toEqual(
      { dev: tikv.imageTag, staging: tikv.imageTag, prod: 'v8.1.1' },
    );
  });

  it('has rules, instance types of three providers and a gitops catalogue ahead of the known versions', async () => {
    const [rules] = await t.database.db.select({ n: count() }).from(ccVersionRules);
    expect(rules!.n).toBe(SEED_VERSION_RULES.length);
    const types = await t.database.db.select().from(ccInstanceTypes);
    expect(types.length).toBe(SEED_INSTANCE_TYPES.length);
    expect(new Set(types.filter((r) => r.clusterType === 'DEDICATED_TIDB').map((r) => r.cloudProvider))).toEqual(
      new Set(['AWS', 'GCP', 'AZURE']),
    );
    const gitops = await t.database.db.select().from(ccGitopsVersions);
    expect(new Set(gitops.map((g) => g.branch))).toEqual(new Set(['3layer-prod', '3layer-staging']));
    const known = new Set((await t.database.db.select().from(ccVersions)).map((v) => `${v.clusterType}:${v.version}`));
    expect(gitops.filter((g) => !known.has(`${g.clusterType}:${g.version}`)).length).toBeGreaterThan(0);
    expect(seedGitopsVersions()).toEqual(seedGitopsVersions());
  });
});

describe('versions', () => {
  it('lists a cluster type’s versions newest first with where each is released', async () => {
    const res = await get('/versions');
    expect(res.statusCode).toBe(200);
    const versions = res.json().versions as { version: string; source: string }[];
    expect(versions.filter((v) => v.source === 'seed').map((v) => v.version)).toEqual([
      'v8.5.1',
      'v8.5.0',
      'v8.1.2',
      'v8.1.1',
      'v7.5.4',
      'v7.5.2',
      'v7.1.5',
      'v6.5.9',
    ]);
    expect(versions.map((v) => v.version)).toEqual(
      versions
        .map((v) => v.version)
        .sort(bySemver)
        .reverse(),
    );
    expect(versions[0]).toMatchObject({
      cluster_type: 'DEDICATED_TIDB',
      is_default: false,
      source: 'seed',
      environments: ['dev', 'staging'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(versions.find((v: { version: string }) => v.version === 'v8.1.1')).toMatchObject({
      is_default: true,
      environments: ['dev', 'staging', 'prod'],
    });
    expect((await versionsOf('TICDC_NG')).map((v) => v.version)).toEqual(['v8.5.1', 'v8.5.0']);
    // TICDC's keys never match TICDC_NG's.
    expect((await versionsOf('TICDC')).find((v) => v.version === 'v8.5.0')!.environments).toEqual([
      'dev',
      'staging',
      'prod',
    ]);
    await expectInvalid(await get('/versions?cluster_type=MYSQL'), 'querystring.cluster_type', expect.any(String));
  });
});

describe('version rules', () => {
  it('pages by 10, ordered by component, filtered by component', async () => {
    const first = (await get('/versions/rules')).json();
    expect(first.total).toBe(SEED_VERSION_RULES.length);
    expect(first.items).toHaveLength(10);
    const second = (await get('/versions/rules?page=2')).json();
    expect(second.items).toHaveLength(SEED_VERSION_RULES.length - 10);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((r: { id: string }) => r.id)).size).toBe(all.length);
    const components = all.map((r: { component: string }) => r.component);
    expect(components).toEqual([...components].sort());
    const desc = (await get('/versions/rules?sort=-component&per_page=100')).json().items;
    expect(desc.map((r: { component: string }) => r.component)).toEqual([...components].reverse());

    const tiproxy = (await get('/versions/rules?component=TIPROXY')).json();
    expect(tiproxy.items).toContainEqual({
      id: expect.any(String),
      component: 'TIPROXY',
      cloud_provider: null,
      region: null,
      cluster_version: null,
      version: 'v1.3.0',
    });
    expect(tiproxy.items).toContainEqual(
      expect.objectContaining({ cloud_provider: 'ALICLOUD', region: 'cn-hangzhou', version: 'v1.2.0' }),
    );
    expect(tiproxy.total).toBe(SEED_VERSION_RULES.filter((r) => r[0] === 'TIPROXY').length);
    const two = (await get('/versions/rules?component=TIKV&component=PD&per_page=100')).json();
    expect(new Set(two.items.map((r: { component: string }) => r.component))).toEqual(new Set(['TIKV', 'PD']));
    expect(two.items).toContainEqual(
      expect.objectContaining({ component: 'TIKV', cloud_provider: 'AWS', region: null, cluster_version: 'v8.1.1' }),
    );
    await expectInvalid(await get('/versions/rules?component=TICDC'), 'querystring.component.0', expect.any(String));
  });
});

describe('Set Default Version', () => {
  it('is refused to viewers and validates the version', async () => {
    const before = await operationCount();
    expect((await post('/versions/default', { version: 'v8.5.0' }, viewer)).statusCode).toBe(403);
    await expectInvalid(
      await post('/versions/default', { version: 'latest' }),
      'body.version',
      'a version looks like v8.1.1',
    );
    await expectInvalid(await post('/versions/default', {}), 'body.version', expect.any(String));
    await expectInvalid(
      await post('/versions/default', { cluster_type: 'TICDC', version: 'v8.5.0' }),
      'body.cluster_type',
      expect.any(String),
    );
    await expectInvalid(
      await post('/versions/default', { version: 'v8.5.0', is_default: false }),
      'body.is_default',
      expect.any(String),
    );
    const missing = await post('/versions/default', { version: 'v8.1.9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'version.notFound', message: 'DEDICATED_TIDB has no version v8.1.9' });
    expect(await operationCount()).toBe(before);
  });

  it('runs an operation that makes the version the only default', async () => {
    const res = await post('/versions/default', {
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.5.0',
      is_default: true,
    });
    expect(res.statusCode).toBe(200);
    const { instance_id: id } = res.json();
    expect(id).toMatch(/^\d+$/);
    // Nothing changes before the operation runs.
    expect((await versionsOf('DEDICATED_TIDB')).filter((v) => v.is_default).map((v) => v.version)).toEqual(['v8.1.1']);
    expect((await operation(id)).status).toBe('running');

    const op = await runToEnd(id);
    expect(op.target_id).toBe('DEDICATED_TIDB:v8.5.0');
    expect(op.steps).toEqual([
      expect.objectContaining({ name: 'check', message: 'DEDICATED_TIDB v8.5.0 exists (source seed)' }),
      expect.objectContaining({
        name: 'set-default',
        message: 'v8.5.0 is now the default DEDICATED_TIDB version (was v8.1.1)',
      }),
    ]);
    expect((await versionsOf('DEDICATED_TIDB')).filter((v) => v.is_default).map((v) => v.version)).toEqual(['v8.5.0']);
    // Other cluster types keep theirs.
    expect((await versionsOf('TICDC')).filter((v) => v.is_default).map((v) => v.version)).toEqual(['v8.1.1']);
    expect(await operationAudits(id)).toEqual([
      expect.objectContaining({ operation: 'create', operator: 'operator@example.com' }),
      {
        operation: 'set_default_version',
        operator: 'operator@example.com',
        details: { cluster_type: 'DEDICATED_TIDB', version: 'v8.5.0', is_default: true },
      },
      {
        operation: 'default_version_set',
        operator: 'operator@example.com',
        details: { cluster_type: 'DEDICATED_TIDB', before: { default: ['v8.1.1'] }, after: { default: ['v8.5.0'] } },
      },
      expect.objectContaining({ operation: 'succeed', operator: 'system' }),
    ]);

    const again = await runToEnd((await post('/versions/default', { version: 'v8.5.0' })).json().instance_id);
    expect(again.steps[1]!.message).toBe('v8.5.0 was already the default DEDICATED_TIDB version');
    const back = await runToEnd((await post('/versions/default', { version: 'v8.1.1' })).json().instance_id);
    expect(back.steps[1]!.message).toBe('v8.1.1 is now the default DEDICATED_TIDB version (was v8.5.0)');
  });
});

describe('Sync from Gitops', () => {
  const known = async () =>
    new Set((await t.database.db.select().from(ccVersions)).map((v) => `${v.clusterType} ${v.version}`));
  const addedBy = async (body: object) => {
    const before = await known();
    const res = await post('/versions/sync', body);
    expect(res.statusCode, res.body).toBe(200);
    const op = await runToEnd(res.json().instance_id);
    const added = [...(await known())].filter((k) => !before.has(k)).sort();
    return { op, added, id: res.json().instance_id as string };
  };

  it('validates the request, refuses viewers and unknown branches, and starts nothing then', async () => {
    const before = await operationCount();
    for (const body of [{}, { reason: '' }, { reason: '   ' }])
      await expectInvalid(await post('/versions/sync', body), 'body.reason', CONFIG_CENTER_MESSAGES.reasonRequired);
    await expectInvalid(
      await post('/versions/sync', { reason: 'x', min_version: '8.1' }),
      'body.min_version',
      'a version looks like v8.1.1',
    );
    await expectInvalid(
      await post('/versions/sync', { reason: 'x', max_version: 'latest' }),
      'body.max_version',
      'a version looks like v8.1.1',
    );
    await expectInvalid(
      await post('/versions/sync', { reason: 'x', min_version: 'v8.5.0', max_version: 'v8.1.0' }),
      'body.min_version',
      'the min version is above the max version',
    );
    expect((await post('/versions/sync', { reason: 'x' }, viewer)).statusCode).toBe(403);
    const missing = await post('/versions/sync', { reason: 'x', gitops_branch: '3layer-nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'version.branchNotFound',
      message: 'The gitops repository has no branch 3layer-nope',
    });
    expect(await operationCount()).toBe(before);
  });

  it('adds exactly the missing versions of the branch in the range, with source gitops', async () => {
    const { op, added, id } = await addedBy({ reason: 'pick up v8.5.2', min_version: 'v8.0.0', max_version: 'v8.5.2' });
    // v7.5.5 is below the range; v9.0.0 is above it and only on the tier-canary tier.
    expect(added).toEqual(['CHANGEFEED v8.5.2', 'DEDICATED_TIDB v8.5.2', 'TICDC v8.5.2', 'TICDC_NG v8.5.2']);
    const inRange = seedGitopsVersions().filter(
      (g) => g.branch === '3layer-prod' && !g.tierBranch && /^v8\.(1|5)\./.test(g.version) && g.version <= 'v8.5.2',
    );
    expect(op.params).toMatchObject({ branch: '3layer-prod', catalogue: 'embedded', min_version: 'v8.0.0' });
    expect((op.params.listed as unknown[]).length).toBe(inRange.length);
    expect(op.target_id).toBe('3layer-prod');
    expect(op.steps).toEqual([
      expect.objectContaining({
        name: 'compare',
        message: `3layer-prod lists ${inRange.length} versions v8.0.0 – v8.5.2; new: CHANGEFEED v8.5.2, DEDICATED_TIDB v8.5.2, TICDC v8.5.2, TICDC_NG v8.5.2`,
      }),
      expect.objectContaining({
        name: 'add',
        message: 'added CHANGEFEED v8.5.2, DEDICATED_TIDB v8.5.2, TICDC v8.5.2, TICDC_NG v8.5.2',
      }),
    ]);
    expect((await versionsOf('DEDICATED_TIDB'))[0]).toMatchObject({
      version: 'v8.5.2',
      source: 'gitops',
      is_default: false,
      environments: [],
    });
    expect(await operationAudits(id)).toEqual([
      expect.objectContaining({ operation: 'create' }),
      {
        operation: 'sync_gitops_versions',
        operator: 'operator@example.com',
        details: {
          branch: '3layer-prod',
          tier_branch: null,
          min_version: 'v8.0.0',
          max_version: 'v8.5.2',
          reason: 'pick up v8.5.2',
          revision: 'embedded',
          listed: inRange.length,
        },
      },
      {
        operation: 'gitops_versions_added',
        operator: 'operator@example.com',
        details: {
          branch: '3layer-prod',
          tier_branch: null,
          after: { added: ['CHANGEFEED v8.5.2', 'DEDICATED_TIDB v8.5.2', 'TICDC v8.5.2', 'TICDC_NG v8.5.2'] },
        },
      },
      expect.objectContaining({ operation: 'succeed' }),
    ]);

    // Again: nothing new.
    const again = await addedBy({ reason: 'again', min_version: 'v8.0.0', max_version: 'v8.5.2' });
    expect(again.added).toEqual([]);
    expect(again.op.steps[0]!.message).toMatch(/; all are known already$/);
    expect(again.op.steps[1]!.message).toBe('added nothing: every listed version exists');
  });

  it('reads a tier branch on top of the branch, and defaults the range (empty min, max v99.99.99)', async () => {
    const { added, op } = await addedBy({ reason: 'canary', tier_branch: 'tier-canary', min_version: '' });
    expect(added).toEqual(['DEDICATED_TIDB v7.5.5', 'DEDICATED_TIDB v9.0.0']);
    expect(op.params).toMatchObject({ tier_branch: 'tier-canary', min_version: null, max_version: 'v99.99.99' });
    expect(op.steps[0]!.message).toMatch(
      /^3layer-prod \(tier tier-canary\) lists \d+ versions up to v99\.99\.99; new: /,
    );
    const staging = await addedBy({ gitops_branch: '3layer-staging', reason: 'staging' });
    expect(staging.added).toEqual(['DEDICATED_TIDB v8.5.3', 'SHARED_POOL v8.5.2', 'TICDC v8.5.3', 'TICDC_NG v8.5.3']);
  });

  it('skips a version that appeared between the request and the run', async () => {
    await t.database.db.insert(ccGitopsVersions).values([
      { branch: '3layer-prod', clusterType: 'LOGICAL_CLUSTER', version: 'v8.5.4', tierBranch: null },
      { branch: '3layer-prod', clusterType: 'SHARED_POOL', version: 'v8.5.4', tierBranch: null },
    ]);
    const res = await post('/versions/sync', { reason: 'race', min_version: 'v8.5.4', max_version: 'v8.5.4' });
    await t.database.db.insert(ccVersions).values({ clusterType: 'SHARED_POOL', version: 'v8.5.4', source: 'release' });
    const op = await runToEnd(res.json().instance_id);
    expect(op.steps[1]!.message).toBe('added LOGICAL_CLUSTER v8.5.4');
    const [shared] = await t.database.db
      .select()
      .from(ccVersions)
      .where(and(eq(ccVersions.clusterType, 'SHARED_POOL'), eq(ccVersions.version, 'v8.5.4')));
    expect(shared!.source).toBe('release');
  });
});

describe('components', () => {
  it('lists the components of a cluster type in the spec’s order', async () => {
    expect((await get('/components')).json()).toEqual({ components: [...COMPONENTS] });
    expect((await get('/components?cluster_type=SHARED_POOL')).json()).toEqual({ components: ['TIKV', 'TIDB', 'PD'] });
    expect((await get('/components?cluster_type=LOGICAL_CLUSTER')).json()).toEqual({ components: ['TIDB', 'TIPROXY'] });
    expect((await get('/components?cluster_type=TICDC')).json()).toEqual({ components: [] });
    await expectInvalid(await get('/components?cluster_type=x'), 'querystring.cluster_type', expect.any(String));
  });

  it('lists a component’s versions, base image and staged tag, paged by 10 and sorted by version as numbers', async () => {
    const res = (await get('/components/versions?cluster_type=DEDICATED_TIDB&component=TIDB')).json();
    const staged = await t.database.db
      .select()
      .from(ccComponentDefaults)
      .where(and(eq(ccComponentDefaults.clusterType, 'DEDICATED_TIDB'), eq(ccComponentDefaults.component, 'TIDB')));
    expect(res.total).toBe(staged.length);
    expect(res.items.map((i: { version: string }) => i.version)).toEqual(
      staged
        .map((r) => r.version)
        .sort(bySemver)
        .reverse()
        .slice(0, 10),
    );
    expect(res.items.map((i: { version: string }) => i.version)).toEqual(
      expect.arrayContaining(SEED_CLUSTER_VERSIONS.DEDICATED_TIDB.versions),
    );
    expect(res.items).toContainEqual({ version: 'v8.1.1', base_image: 'pingcap/tidb', image_tag: 'v8.1.1' });
    expect(res.items).toContainEqual({
      version: 'v7.5.4',
      base_image: 'pingcap/tidb',
      image_tag: 'v7.5.4-20240920-8a1f0de',
    });
    // Defaults: DEDICATED_TIDB and TIDB.
    expect((await get('/components/versions')).json()).toEqual(res);
    const tiproxy = (await get('/components/versions?component=TIPROXY&sort=version')).json();
    expect(tiproxy.items[0]).toEqual({ version: 'v7.5.2', base_image: 'pingcap/tiproxy', image_tag: 'v1.2.0' });

    // v8.1.10 sorts after v8.1.2 (as text it would sort before): staged rows of a version added since.
    await t.database.db.insert(ccComponentDefaults).values(
      ['v8.1.10', 'v8.1.11', 'v10.0.0'].map((version) => ({
        clusterType: 'DEDICATED_TIDB',
        component: 'PD',
        version,
        baseImage: 'pingcap/pd',
        imageTag: version,
      })),
    );
    const pd = (await get('/components/versions?component=PD')).json();
    expect(pd.total).toBeGreaterThanOrEqual(11);
    expect(pd.items).toHaveLength(10);
    const newest = pd.items.map((i: { version: string }) => i.version).filter((v: string) => v !== 'v8.1.3');
    expect(newest.slice(0, 6)).toEqual(['v10.0.0', 'v8.5.1', 'v8.5.0', 'v8.1.11', 'v8.1.10', 'v8.1.2']);
    const all = (await get('/components/versions?component=PD&sort=version&per_page=100')).json().items;
    expect(all.map((i: { version: string }) => i.version)).toEqual(
      all.map((i: { version: string }) => i.version).sort(bySemver),
    );
    const asc = (await get('/components/versions?component=PD&sort=version&per_page=4&page=2')).json();
    expect(asc.items).toEqual(all.slice(4, 8));
    const order = all.map((i: { version: string }) => i.version);
    expect(order.indexOf('v8.1.2')).toBeLessThan(order.indexOf('v8.1.10'));
    expect(order.indexOf('v8.1.11')).toBeLessThan(order.indexOf('v8.5.0'));
    expect(order[order.length - 1]).toBe('v10.0.0');
    await expectInvalid(await get('/components/versions?component=TICDC'), 'querystring.component', expect.any(String));
    await expectInvalid(await get('/components/versions?sort=base_image'), 'querystring.sort', expect.any(String));
  });
});

describe('instance types and config types', () => {
  it('lists a cluster type’s instance types by provider with the components they serve', async () => {
    const res = (await get('/instance_types')).json().instance_types;
    expect(res.map((i: { cloud_provider: string }) => i.cloud_provider)).toEqual([
      ...res.filter((i: { cloud_provider: string }) => i.cloud_provider === 'AWS').map(() => 'AWS'),
      ...res.filter((i: { cloud_provider: string }) => i.cloud_provider === 'GCP').map(() => 'GCP'),
      ...res.filter((i: { cloud_provider: string }) => i.cloud_provider === 'AZURE').map(() => 'AZURE'),
    ]);
    expect(res).toContainEqual({
      cloud_provider: 'AWS',
      instance_type: 'm5.2xlarge',
      components: ['TIDB', 'PD', 'TIPROXY'],
    });
    expect(res).toContainEqual({
      cloud_provider: 'AZURE',
      instance_type: 'Standard_E8s_v5',
      components: ['TIKV', 'TIFLASH', 'TIFLASH_LEARNER'],
    });
    expect(res.map((i: { instance_type: string }) => i.instance_type)).toContain('n2-highmem-8');
    const ticdc = (await get('/instance_types?cluster_type=TICDC')).json().instance_types;
    expect(ticdc).toContainEqual({ cloud_provider: 'AWS', instance_type: 'c5.2xlarge', components: [] });
    expect((await get('/instance_types?cluster_type=CHANGEFEED')).json()).toEqual({ instance_types: [] });
  });

  it('lists config types in the spec’s order, only those the version’s catalogue has', async () => {
    expect((await get('/config_types')).json()).toEqual({
      config_types: ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'],
    });
    expect((await get('/config_types?cluster_type=SHARED_POOL')).json().config_types).toEqual(['tidb', 'tikv', 'pd']);
    expect((await get('/config_types?cluster_type=TICDC')).json().config_types).toEqual(['ticdc']);
    expect((await get('/config_types?cluster_type=CHANGEFEED_NG')).json().config_types).toEqual(['changefeed']);
    // The v8.5 catalogue without tiflash_learner: v8.5.x versions lose it, v8.1.x keep it.
    await t.database.db.execute(
      sql`delete from config_parameters where minor_version = 'v8.5' and config_type = 'tiflash_learner'`,
    );
    expect((await get('/config_types?version=v8.5.1')).json().config_types).toEqual(['tidb', 'tikv', 'pd', 'tiflash']);
    expect((await get('/config_types?version=v8.1.1')).json().config_types).toContain('tiflash_learner');
    // A version below every catalogued minor uses the oldest.
    expect((await get('/config_types?version=v6.5.9')).json().config_types).toContain('tiflash_learner');
  });
});
