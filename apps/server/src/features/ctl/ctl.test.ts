import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';
import { pdConfigs, pdSchedulers } from '../controlplane/index.js';
import { clusterComponents, clusters } from '../orgs/index.js';

let t: TestApp;
let headers: { authorization: string };
let cluster: { id: string; name: string };
let tikv: { replicas: number; version: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.as('operator@example.com');
  // An available dedicated cluster with no hand-set PD state, so defaults are predictable.
  const touched = (await t.database.db.select({ id: pdConfigs.clusterId }).from(pdConfigs)).map((r) => r.id);
  const evicted = (await t.database.db.select({ id: pdSchedulers.clusterId }).from(pdSchedulers)).map((r) => r.id);
  [cluster] = (await t.database.db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(
      and(
        eq(clusters.clusterType, 'DEDICATED_TIDB'),
        eq(clusters.status, 'USER_CLUSTER_STATUS_AVAILABLE'),
        notInArray(clusters.id, [...touched, ...evicted, '-']),
      ),
    )
    .orderBy(asc(clusters.id))
    .limit(1)) as [{ id: string; name: string }];
  [tikv] = (await t.database.db
    .select({ replicas: clusterComponents.replicas, version: clusterComponents.version })
    .from(clusterComponents)
    .where(and(eq(clusterComponents.clusterId, cluster.id), eq(clusterComponents.component, 'TIKV')))) as [
    { replicas: number; version: string },
  ];
});
afterAll(() => t.close());

const run = (body: object, who = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/devops/cluster/ctl',
    headers: who,
    payload: { cluster_id: cluster.id, ...body },
  });
const output = async (body: object) => {
  const res = await run(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ctlAudits = () =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'ctl'), eq(auditLogs.instanceId, cluster.id)))
    .orderBy(asc(auditLogs.id));

describe('cluster control', () => {
  it('lists the allowed commands, with which ones change state', async () => {
    const res = await t.app.inject({
      url: '/api/v1/devops/cluster/ctl/commands',
      headers: await t.as('sam.okafor@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const items: { command: string; mutates: boolean; usage: string; example: string }[] = res.json().items;
    const mutating = items.filter((i) => i.mutates).map((i) => i.command);
    expect(mutating).toEqual([
      'pd-ctl config set',
      'pd-ctl scheduler add evict-leader-scheduler',
      'pd-ctl scheduler remove',
    ]);
    expect(items.map((i) => i.command)).toEqual(
      expect.arrayContaining([
        'pd-ctl store',
        'pd-ctl region',
        'pd-ctl config show',
        'tikv-ctl metrics',
        'show processlist',
        'show config',
      ]),
    );
  });

  it('runs pd-ctl store from the stored topology, and audits it', async () => {
    const body = await output({ command: 'pd-ctl store' });
    expect(body).toMatchObject({
      cluster_id: cluster.id,
      command: 'pd-ctl store',
      mutates: false,
      output_format: 'json',
    });
    const stores = JSON.parse(body.output);
    expect(stores.count).toBeGreaterThanOrEqual(tikv.replicas);
    const kv = stores.stores.filter(
      (s: { store: { labels: { key: string }[] } }) => !s.store.labels.some((l) => l.key === 'engine'),
    );
    expect(kv).toHaveLength(tikv.replicas);
    expect(kv[0].store).toMatchObject({
      id: 1,
      version: tikv.version.replace(/^v/, ''),
      state_name: 'Up',
      address: expect.stringContaining(`tidb${cluster.id}`),
    });
    // The same cluster gives the same answer.
    expect((await output({ command: 'pd-ctl store' })).output).toBe(body.output);
    const [audit] = (await ctlAudits()).slice(-1);
    expect(audit).toMatchObject({
      operator: 'operator@example.com',
      operation: 'pd-ctl store',
      details: { command: 'pd-ctl store', mutates: false, outcome: 'ok' },
    });
    expect((audit!.details as { output: string }).output.length).toBeLessThanOrEqual(2100);
  });

  it('takes arguments in the command line or in args, and checks them', async () => {
    const a = JSON.parse((await output({ command: 'pd-ctl region --limit 3' })).output);
    const b = await output({ command: 'pd-ctl region', args: ['--limit', '3'] });
    expect(b.command).toBe('pd-ctl region --limit 3');
    expect(JSON.parse(b.output)).toEqual(a);
    expect(a.count).toBe(3);
    expect(a.regions[0].peers).toHaveLength(3);
    for (const limit of ['0', '101', 'x']) {
      const res = await run({ command: 'pd-ctl region', args: ['--limit', limit] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ctl.invalidArgs',
        message: '--limit should be an integer between 1 and 100',
      });
    }
    const region = a.regions[0];
    const props = await output({
      command: `tikv-ctl --host ${region.leader.store_id} region-properties -r ${region.id}`,
    });
    expect(props.output).toMatch(/^mvcc\.min_ts: \d+/);
    expect(props.output).toContain(`mvcc.num_rows: ${region.approximate_keys}`);
    const metrics = await output({ command: 'tikv-ctl --host 1 metrics' });
    expect(metrics.output).toMatch(/tikv_raftstore_region_count\{type="leader"\} \d+/);
  });

  it('refuses anything outside the allow-list with 400, and audits the refusal', async () => {
    for (const command of [
      'rm -rf /',
      'pd-ctl store delete 1',
      'pd-ctl unsafe remove-failed-stores 1',
      'pd-ctl member delete name db-pd-0',
      'tikv-ctl --host 1 compact',
      'drop table orders',
      'pd-ctl config show cluster-version',
    ]) {
      const res = await run({ command });
      expect(res.statusCode, command).toBe(400);
      expect(res.json().code).toBe('ctl.commandNotAllowed');
    }
    const bad = await run({ command: 'tikv-ctl --data-dir /var/lib/tikv metrics' });
    expect(bad.json()).toMatchObject({ code: 'ctl.invalidArgs' });
    const [last] = (await ctlAudits()).slice(-1);
    expect(last).toMatchObject({ operation: 'tikv-ctl metrics', details: { outcome: 'ctl.invalidArgs' } });
    const refused = (await ctlAudits()).filter((a) => a.operation === 'not_allowed');
    expect(refused.map((a) => (a.details as { command: string }).command)).toContain('rm -rf /');
  });

  it('asks for a secondary confirmation before changing PD configuration, then persists it', async () => {
    const bad = await run({ command: 'pd-ctl config set leader-schedule-limit many' });
    expect(bad.json()).toMatchObject({
      code: 'ctl.invalidArgs',
      message: 'leader-schedule-limit should be an integer between 1 and 1024',
    });
    const unconfirmed = await run({ command: 'pd-ctl config set leader-schedule-limit 8' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({
      code: 'confirmation.required',
      details: { subject: 'pd-ctl config set leader-schedule-limit 8', resend_with: { confirm: true } },
    });
    expect(JSON.parse((await output({ command: 'pd-ctl config show schedule' })).output)['leader-schedule-limit']).toBe(
      4,
    );

    const done = await output({ command: 'pd-ctl config set leader-schedule-limit 8', confirm: true });
    expect(done).toMatchObject({ mutates: true, output: 'Success!' });
    expect(JSON.parse((await output({ command: 'pd-ctl config show' })).output).schedule['leader-schedule-limit']).toBe(
      8,
    );
    const stored = await t.database.db.select().from(pdConfigs).where(eq(pdConfigs.clusterId, cluster.id));
    expect(stored).toMatchObject([{ key: 'leader-schedule-limit', value: '8', updatedBy: 'operator@example.com' }]);
    const sqlView = await output({ command: "show config like '%leader-schedule-limit'" });
    expect(sqlView.output).toMatch(/\| pd +\| db-pd-0\.[^|]+\| schedule\.leader-schedule-limit \| 8 +\|/);
    const log = (await ctlAudits()).filter((a) => a.operation === 'pd-ctl config set');
    expect(log.map((a) => (a.details as { outcome: string }).outcome)).toEqual([
      'ctl.invalidArgs',
      'confirmation.required',
      'ok',
    ]);
    expect(log[2]!.details).toMatchObject({
      before: { 'leader-schedule-limit': '4' },
      after: { 'leader-schedule-limit': '8' },
    });

    await output({ command: 'pd-ctl config set max-store-down-time 90m', confirm: true });
    expect(JSON.parse((await output({ command: 'pd-ctl config show schedule' })).output)['max-store-down-time']).toBe(
      '1h30m0s',
    );
  });

  it('evicts leaders from a store and puts them back', async () => {
    const unconfirmed = await run({ command: 'pd-ctl scheduler add evict-leader-scheduler 1' });
    expect(unconfirmed.json().code).toBe('confirmation.required');
    expect((await run({ command: 'pd-ctl scheduler add evict-leader-scheduler 42', confirm: true })).json().code).toBe(
      'ctl.invalidArgs',
    );
    await output({ command: 'pd-ctl scheduler add evict-leader-scheduler 1', confirm: true });
    expect(JSON.parse((await output({ command: 'pd-ctl scheduler show' })).output)).toContain(
      'evict-leader-scheduler-1',
    );
    const store = JSON.parse((await output({ command: 'pd-ctl store 1' })).output);
    expect(store.status.leader_count).toBe(0);
    expect(
      (await run({ command: 'pd-ctl scheduler add evict-leader-scheduler 1', confirm: true })).json().message,
    ).toBe('scheduler evict-leader-scheduler-1 already exists');
    await output({ command: 'pd-ctl scheduler remove evict-leader-scheduler-1', confirm: true });
    expect(await t.database.db.select().from(pdSchedulers).where(eq(pdSchedulers.clusterId, cluster.id))).toEqual([]);
    expect(JSON.parse((await output({ command: 'pd-ctl store 1' })).output).status.leader_count).toBeGreaterThan(0);
  });

  it('runs SQL diagnostics through TiDB', async () => {
    const list = await output({ command: 'SHOW PROCESSLIST;' });
    expect(list).toMatchObject({ command: 'show processlist', output_format: 'table' });
    expect(list.output.split('\n')[1]).toMatch(
      /^\| Id +\| User +\| Host +\| db +\| Command +\| Time +\| State +\| Info +\|$/,
    );
    expect(list.output).toContain('show processlist');
  });

  it('refuses clusters that cannot run commands (409), unknown clusters (404) and viewers (403)', async () => {
    const [paused] = await t.database.db
      .select()
      .from(clusters)
      .where(and(eq(clusters.clusterType, 'DEDICATED_TIDB'), eq(clusters.status, 'USER_CLUSTER_STATUS_PAUSED')))
      .limit(1);
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers,
      payload: { cluster_id: paused!.id, command: 'pd-ctl store' },
    });
    expect(p.statusCode).toBe(409);
    expect(p.json()).toMatchObject({
      code: 'ctl.clusterUnavailable',
      message: `Cannot run commands against cluster ${paused!.name}: it is PAUSED`,
    });
    const [cdc] = await t.database.db
      .select()
      .from(clusters)
      .where(and(eq(clusters.clusterType, 'CHANGEFEED'), inArray(clusters.status, ['USER_CLUSTER_STATUS_AVAILABLE'])))
      .limit(1);
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers,
      payload: { cluster_id: cdc!.id, command: 'pd-ctl store' },
    });
    expect(c.json().code).toBe('ctl.clusterUnavailable');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers,
      payload: { cluster_id: '999', command: 'pd-ctl store' },
    });
    expect(missing.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers,
      payload: { cluster_id: cluster.id, command: ' ' },
    });
    expect(empty.json().details[0].message).toBe('command is required');
    expect((await run({ command: 'pd-ctl store' }, await t.as('sam.okafor@example.com'))).statusCode).toBe(403);
  });
});
