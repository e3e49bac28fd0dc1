import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  APPLY_POLICY_CHOICES,
  PARAM_MESSAGES,
  type ClusterConfiguration,
  type ConfigParameter,
  type CreateChangeBody,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { approvals } from '../approvals/index.js';
import { clusters } from '../orgs/index.js';
import { ADMIN, api, base, changeBody, clusterPicker, OPERATOR, withoutReleasedTemplates } from './testing.js';
import { demoConfigClusters } from '../../seed/parameters.js';

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

const param = (c: ClusterConfiguration, type: string, name: string) =>
  c.files.find((f) => f.config_type === type)!.parameters.find((p: ConfigParameter) => p.name === name)!;

describe('cluster configuration', () => {
  it('lists files per config type with custom and default sources, images, version and a fingerprint', async () => {
    const seeded = demoConfigClusters()[0]!.id;
    const { configuration, changeable, reason } = await a.config(seeded);
    expect(changeable).toBe(true);
    expect(reason).toBeNull();
    expect(configuration.files.map((f: { config_type: string }) => f.config_type).slice(0, 3)).toEqual([
      'tidb',
      'tikv',
      'pd',
    ]);
    expect(configuration.files[0].filename).toBe('tidb.toml');
    expect(param(configuration, 'tidb', 'log.level')).toMatchObject({
      source: 'custom',
      value: 'warn',
      attribute: { default_value: 'info', type: 'string', apply_policy: 'HotReload' },
    });
    expect(param(configuration, 'tidb', 'oom-action')).toMatchObject({
      source: 'default',
      value: 'cancel',
      validation: { enum: ['log', 'cancel'] },
    });
    expect(param(configuration, 'tikv', 'storage.block-cache.capacity')).toMatchObject({
      source: 'custom',
      value: '24GB',
    });
    expect(configuration.components.find((c: { name: string }) => c.name === 'TIDB')).toMatchObject({
      base_image: 'pingcap/tidb',
      overwrite_image_tag: null,
    });
    expect(configuration.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect((await a.config(seeded)).configuration.fingerprint).toBe(configuration.fingerprint);
  });

  it('is not changeable when the cluster is not available, or while another change is unfinished', async () => {
    const id = await fresh();
    await t.database.db.update(clusters).set({ status: 'USER_CLUSTER_STATUS_PAUSED' }).where(eq(clusters.id, id));
    expect(await a.config(id)).toMatchObject({
      changeable: false,
      reason: 'the cluster is USER_CLUSTER_STATUS_PAUSED',
    });
    await t.database.db.update(clusters).set({ status: 'USER_CLUSTER_STATUS_AVAILABLE' }).where(eq(clusters.id, id));
    const changeId = await a.createOk(id, { tidb: { 'token-limit': '2000' } });
    expect(await a.config(id)).toMatchObject({
      changeable: false,
      reason: `there is an unfinished configuration change ${changeId}`,
    });
    const res = await a.preview(id, changeBody(id, await a.fingerprint(id), { tidb: { 'token-limit': '3000' } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'configChange.notChangeable',
      message: `You cannot change the config currently, because there is an unfinished configuration change ${changeId}`,
    });
  });

  it('404 for an unknown cluster, 400 for a cluster type without configuration support', async () => {
    expect((await a.call('GET', `${base}/clusters/999999/config`)).json().code).toBe('cluster.notFound');
    const res = await a.call('GET', `${base}/clusters/1/config?cluster_type=TICDC_NG`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('configChange.unsupportedTarget');
  });

  it('serves the parameter catalogue per config type and minor version', async () => {
    const v81 = (await a.call('GET', `${base}/parameters?config_type=tidb&version=v8.1.1`)).json();
    expect(v81.total).toBeGreaterThanOrEqual(10);
    expect(v81.items.find((p: { name: string }) => p.name === 'token-limit')).toMatchObject({
      filename: 'tidb.toml',
      type: 'int',
      validation: { minimum: 1, maximum: 1048576 },
    });
    const v75 = (await a.call('GET', `${base}/parameters?config_type=tidb&version=v7.5.2`)).json();
    expect(v75.items.map((p: { name: string }) => p.name)).toContain('enable-global-index');
    expect(v81.items.map((p: { name: string }) => p.name)).not.toContain('enable-global-index');
    for (const type of ['tikv', 'pd', 'tiflash', 'tiflash_learner', 'ticdc', 'changefeed']) {
      const list = (await a.call('GET', `${base}/parameters?config_type=${type}&version=v8.5.0`)).json();
      expect(list.total, type).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('preview', () => {
  it('shows the scope, the policies in the spec order and RollingRestart as the default', async () => {
    const id = await fresh();
    const res = await a.preview(
      id,
      changeBody(id, await a.fingerprint(id), {
        tidb: { 'token-limit': '2000', 'log.level': 'warn' },
        pd: { 'replication.max-replicas': '5' },
      }),
    );
    expect(res.statusCode).toBe(200);
    const { change } = res.json();
    expect(change.default_policy).toBe('RollingRestart');
    expect(change.apply_policies.map((p: { policy: string }) => p.policy)).toEqual([...APPLY_POLICY_CHOICES]);
    expect(change.scope.version).toBeNull();
    expect(change.scope.components).toEqual([]);
    const tidb = change.scope.files.find((f: { config_type: string }) => f.config_type === 'tidb');
    expect(tidb.filename).toBe('tidb.toml');
    expect(tidb.all_parameters).toEqual([
      { name: 'log.level', value: 'warn' },
      { name: 'token-limit', value: '2000' },
    ]);
    expect(tidb.modified_parameters).toContainEqual({
      name: 'token-limit',
      action: 'set',
      from: null,
      to: '2000',
      type: 'int',
      apply_policy: 'RollingRestart',
      risk_level: 'medium',
    });
    expect(change.apply_policies[1]).toEqual({
      policy: 'HotReload',
      allowed: false,
      reason: 'token-limit cannot be hot reloaded',
    });
    expect(change.apply_policies[2]).toMatchObject({ policy: 'EnsureUpdateToTC', allowed: true });
  });

  it('allows HotReload only when every modified parameter hot-reloads and no image or version changes', async () => {
    const id = await fresh();
    const fp = await a.fingerprint(id);
    const hot = (
      await a.preview(
        id,
        changeBody(id, fp, { tidb: { 'log.level': 'error' }, tikv: { 'raftstore.apply-pool-size': '4' } }),
      )
    ).json();
    expect(hot.change.apply_policies[1]).toEqual({ policy: 'HotReload', allowed: true, reason: null });
    const withImage = changeBody(
      id,
      fp,
      { tidb: { 'log.level': 'error' } },
      { components: [{ component: 'TIDB', overwrite_image_tag: { to_image_tag: 'v8.1.2-hotfix' } }] },
    );
    const img = (await a.preview(id, withImage)).json();
    expect(img.change.apply_policies[1]).toEqual({
      policy: 'HotReload',
      allowed: false,
      reason: 'image and version changes need a rolling restart',
    });
    expect(img.change.scope.components).toEqual([
      { component: 'TIDB', modified_image_tag: { from: expect.any(String), to: 'v8.1.2-hotfix' } },
    ]);
    const create = await a.create(id, { ...withImage, apply_policy: 'HotReload' });
    expect(create.statusCode).toBe(400);
    expect(create.json().code).toBe('configChange.policyNotAllowed');
  });

  it('a version change lists the components whose custom parameters the new version drops', async () => {
    const id = await clusterPicker(t, 'v7.5')();
    await t.database.db
      .execute(sql`insert into config_custom_params (cluster_type, target_id, config_type, filename, name, value)
      values ('DEDICATED_TIDB', ${id}, 'tidb', 'tidb.toml', 'enable-global-index', 'true'), ('DEDICATED_TIDB', ${id}, 'tidb', 'tidb.toml', 'token-limit', '1500')`);
    const res = await a.preview(
      id,
      changeBody(id, await a.fingerprint(id), {}, { change_type: 'version', version: { to_version: 'v8.5.0' } }),
    );
    expect(res.statusCode).toBe(200);
    const { scope } = res.json().change;
    expect(scope.version).toEqual({ from: expect.stringMatching(/^v7\.5\./), to: 'v8.5.0' });
    expect(scope.clear_custom_params).toEqual(['tidb']);
    expect(scope.files[0].all_parameters).toEqual([{ name: 'token-limit', value: '1500' }]);
    expect(scope.files[0].modified_parameters).toEqual([
      expect.objectContaining({ name: 'enable-global-index', action: 'unset', from: 'true', to: null }),
    ]);
    const older = await a.preview(
      id,
      changeBody(id, await a.fingerprint(id), {}, { version: { to_version: 'v7.1.0' } }),
    );
    expect(older.statusCode).toBe(400);
    expect(older.json().code).toBe('configChange.invalidVersion');
    const blank = await a.preview(id, changeBody(id, await a.fingerprint(id), {}, { version: { to_version: ' ' } }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('target version is required');
  });
});

describe('validation (spec §5 messages)', () => {
  let id: string;
  let fp: string;
  beforeAll(async () => {
    id = await fresh();
    fp = await a.fingerprint(id);
  });
  const cases: [string, string, string | undefined, string][] = [
    ['int', 'token-limit', '12a', PARAM_MESSAGES.int],
    ['float', 'schedule.low-space-ratio', 'abc', PARAM_MESSAGES.float],
    ['bool', 'split-table', 'yes', PARAM_MESSAGES.bool],
    ['json', 'labels', '{zone:1}', PARAM_MESSAGES.json],
    ['required', 'token-limit', '', 'new int value is required'],
    ['required (missing)', 'log.level', undefined, 'new string value is required'],
    ['whitespace', 'log.level', ' warn', 'please delete the whitespaces in the head and tail'],
    ['enum', 'log.level', 'loud', 'the value should be one of debug, info, warn, error'],
    ['maximum', 'token-limit', '2000000', 'the value should be less than or equal to 1048576'],
    ['minimum', 'token-limit', '0', 'the value should be greater than or equal to 1'],
    ['pattern', 'storage.block-cache.capacity', '24 gigabytes', 'the value should match the pattern ^\\d+(MB|GB)$'],
  ];
  it.each(cases)('%s: %s=%j → 400 with the spec message', async (_kind, name, value, message) => {
    const type = ['storage.block-cache.capacity'].includes(name)
      ? 'tikv'
      : name === 'schedule.low-space-ratio'
        ? 'pd'
        : 'tidb';
    const body = changeBody(id, fp, {});
    body.files = [
      {
        config_type: type as 'tidb',
        filename: `${type}.toml`,
        custom_parameters: [
          {
            actionType: 'set',
            configType: type as 'tidb',
            name,
            type: 'string',
            ...(value === undefined ? {} : { value }),
          },
        ],
      },
    ];
    for (const res of [await a.preview(id, body), await a.create(id, body)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'configChange.invalidParameter',
        message,
        details: { config_type: type, name },
      });
    }
  });

  it('an unknown parameter, a foreign config type and a blank image tag are 400 too', async () => {
    const unknown = await a.preview(id, changeBody(id, fp, { tidb: { 'no-such-thing': '1' } }));
    expect(unknown.json()).toMatchObject({
      code: 'configChange.invalidParameter',
      message: 'unknown parameter no-such-thing of tidb',
      details: { name: 'no-such-thing' },
    });
    const cdc = await a.preview(id, changeBody(id, fp, { ticdc: { 'gc-ttl': '3600' } }));
    expect(cdc.json()).toMatchObject({
      code: 'configChange.invalidParameter',
      message: 'the cluster has no ticdc configuration',
    });
    const tag = await a.preview(
      id,
      changeBody(id, fp, {}, { components: [{ component: 'TIKV', overwrite_image_tag: { to_image_tag: ' v8.1.2' } }] }),
    );
    expect(tag.json()).toMatchObject({
      code: 'configChange.invalidParameter',
      message: 'please delete the whitespaces in the head and tail',
      details: { component: 'TIKV' },
    });
    const emptyTag = await a.preview(
      id,
      changeBody(id, fp, {}, { components: [{ component: 'TIKV', overwrite_image_tag: { to_image_tag: '' } }] }),
    );
    expect(emptyTag.json().message).toBe('image tag is required');
    const reason = await a.create(id, { ...changeBody(id, fp, { tidb: { 'token-limit': '5' } }), reason: '  ' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json()).toMatchObject({ code: 'request.invalid', message: 'body.reason: change reason is required' });
    const { reason: _omitted, ...noReason } = changeBody(id, fp, { tidb: { 'token-limit': '5' } });
    expect((await a.create(id, noReason as CreateChangeBody)).json().message).toBe(
      'body.reason: change reason is required',
    );
  });

  it('an empty change is 400, a stale base fingerprint is 409', async () => {
    const empty = await a.preview(id, changeBody(id, fp, { tidb: { 'oom-action': null } }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('configChange.empty');
    const stale = await a.create(id, changeBody(id, '0000000000000000', { tidb: { 'token-limit': '5' } }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('configChange.stale');
  });
});

describe('create', () => {
  it('creates the change and its approval in one go: approving, approver admin, snapshot, audit', async () => {
    const id = await fresh();
    const fp = await a.fingerprint(id);
    const res = await a.create(
      id,
      changeBody(id, fp, { tidb: { 'token-limit': '4096' } }, { reason: 'More concurrent sessions' }),
    );
    expect(res.statusCode).toBe(200);
    const change = await a.detail(res.json().change_id);
    expect(change).toMatchObject({
      phase: 'approving',
      applicant: OPERATOR,
      target_id: id,
      target_type: 'cluster',
      change_type: 'config',
      apply_policy: 'RollingRestart',
      reason: 'More concurrent sessions',
      closed_at: null,
    });
    expect(change.snapshot).toContainEqual({ filename: 'tidb.toml', name: 'token-limit', value: '1000' });
    const [approval] = await t.database.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(change.approval_id)));
    expect(approval).toMatchObject({
      status: 'PENDING',
      applicant: OPERATOR,
      fromTemplate: 'cluster_config_change',
      subjectType: 'cloud_config_change',
      subjectId: change.id,
    });
    expect((approval!.nodes as { tasks: { user_email: string }[] }[])[0]!.tasks[0]!.user_email).toBe(ADMIN);
    const audit = (
      await a.call('GET', `/api/v1/devops/audit?type=cloud_config_change&instance_id=${change.id}&sort=operate_at`)
    ).json();
    expect(audit.items.map((i: { operation: string }) => i.operation)).toEqual(['create', 'submit_for_approval']);
    expect(audit.items[1].details).toMatchObject({ before: { phase: 'created' }, after: { phase: 'approving' } });
  });

  it('a viewer can read but not create', async () => {
    const id = await fresh();
    const res = await a.create(
      id,
      changeBody(id, await a.fingerprint(id), { tidb: { 'token-limit': '5' } }),
      'sam.okafor@example.com',
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('lists', () => {
  it('filters by modified parameter substring, phase, target and applicant; newest first; 1-based pages', async () => {
    const all = (await a.call('GET', `${base}/changes?per_page=100`)).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.items.map((i: { created_at: string }) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.items[0].snapshot).toBeUndefined();

    const like = (await a.call('GET', `${base}/changes?have_modified_param_like=SCHEDULE-LIMIT&per_page=100`)).json();
    expect(like.total).toBeGreaterThanOrEqual(1);
    for (const c of like.items)
      expect(
        c.scope.files
          .flatMap((f: { modified_parameters: { name: string }[] }) => f.modified_parameters.map((m) => m.name))
          .some((n: string) => n.includes('schedule-limit')),
      ).toBe(true);
    expect((await a.call('GET', `${base}/changes?have_modified_param_like=level,token`)).json().total).toBe(0);

    const phases = (await a.call('GET', `${base}/changes?phase=applied&phase=cancelled&per_page=100`)).json();
    expect(new Set(phases.items.map((c: { phase: string }) => c.phase))).toEqual(new Set(['applied', 'cancelled']));
    const byApplicant = (await a.call('GET', `${base}/changes?applicant=lin.wei@example.com`)).json();
    expect(byApplicant.items.every((c: { applicant: string }) => c.applicant === 'lin.wei@example.com')).toBe(true);

    const page2 = (await a.call('GET', `${base}/changes?per_page=2&page=2`)).json();
    expect(page2.items.map((c: { id: string }) => c.id)).toEqual(
      all.items.slice(2, 4).map((c: { id: string }) => c.id),
    );
    const target = all.items[0].target_id;
    const history = (await a.call('GET', `${base}/clusters/${target}/changes`)).json();
    expect(history.items.every((c: { target_id: string }) => c.target_id === target)).toBe(true);
    expect(history.total).toBeGreaterThanOrEqual(1);
  });

  it('the detail of an unknown change is 404', async () => {
    for (const bad of ['999999', 'abc']) {
      const res = await a.call('GET', `${base}/changes/${bad}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('configChange.notFound');
    }
  });
});
