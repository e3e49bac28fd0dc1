import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIG_CENTER_MESSAGES, type ChangeItem, type Release } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADMIN, api, OPERATOR, P } from './testing.js';

/** Releases: approval gating, the release operation, reject and cancel, and what new clusters get (decision 0012). */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const changes = `${P}/default_config/changes`;
const released = (environment: string, kind: string, key: string) =>
  t.database
    .rows<{ value: Record<string, string>; release_id: string | null }>(
      sql`select value, release_id::text from cc_released where environment = ${environment} and kind = ${kind} and key = ${key}`,
    )
    .then((r) => r[0]);
const approval = async (id: string) => (await a.ok('GET', `/api/v1/devops/approval/approvals/${id}`)).approval;
const batch = (changeId: string, body: object) =>
  a.call('POST', `${changes}/${changeId}/items/batchUpdate`, OPERATOR, body);
const resolveTikv = async (environment: string, version: string) =>
  (await a.resolve({ environment, cluster_type: 'DEDICATED_TIDB', version, cloud_provider: 'AWS' })).templates.find(
    (x: { config_type: string }) => x.config_type === 'tikv',
  ).template;

describe('a release', () => {
  let changeId: string;
  let caseId: string;
  let draft: string;
  let dev: Release;

  beforeAll(async () => {
    changeId = await a.modify([{ ref: { version: 'v7.5.2', configType: 'tikv' }, to: 'dedicated-tikv-v7.5-general' }]);
    const [item] = (await a.items(changeId)) as ChangeItem[];
    await batch(changeId, {
      items: [item!.id],
      params_to_set: [{ name: 'storage.block-cache.capacity', value: '13GB' }],
    });
    const b = await a.binding({ version: 'v7.5.2', configType: 'tikv' });
    caseId = b.id;
    draft = b.current_template.id;
  });

  it('waits for approval and releases nothing until then', async () => {
    const before = await released('dev', 'binding', caseId);
    const res = await a.release(changeId, 'dev');
    expect(res.statusCode, res.body).toBe(201);
    dev = res.json().release;
    expect(dev).toMatchObject({ change_id: changeId, environment: 'dev', phase: 'approving', applicant: OPERATOR });
    expect(dev.released_at).toBeNull();
    expect(dev.operation_id).toBeNull();
    expect(CONFIG_CENTER_MESSAGES.releaseCreated(dev.environment)).toBe('Successfully Create a dev Release');
    const [{ n }] = (await t.database.rows<{ n: number }>(
      sql`select max(release_number)::int as n from cc_releases where environment = 'dev'`,
    )) as [{ n: number }];
    expect(dev.release_number).toBe(n);
    expect(await approval(dev.approval_id!)).toMatchObject({
      status: 'PENDING',
      applicant: OPERATOR,
      from_template: 'default_config_release',
      subject_type: 'cloud_config_default_config_change',
      subject_id: changeId,
      nodes: [{ name: 'DBA review', tasks: [{ user_email: ADMIN, status: 'PENDING' }] }],
    });
    expect(await released('dev', 'binding', caseId)).toEqual(before);
    expect((await resolveTikv('dev', 'v7.5.2')).id).toBe(before!.value.template_id);
    expect((await a.change(changeId)).environments).toEqual(['dev']);
    expect((await a.audit(changeId)).at(-1)).toMatchObject({
      operation: 'create_release',
      operator: OPERATOR,
      details: { release_id: dev.id, environment: 'dev', approval_id: dev.approval_id, after: { phase: 'approving' } },
    });
  });

  it('refuses a second open release of the same environment, and closing the change meanwhile', async () => {
    const again = await a.release(changeId, 'dev');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'defaultConfig.releaseInFlight',
      message: `The dev release ${dev.id} of this change is approving; wait for it or cancel it first`,
    });
    const close = await a.close(changeId, { result: 'success' });
    expect(close.statusCode).toBe(409);
    expect(close.json().code).toBe('defaultConfig.releaseInFlight');
  });

  it('cannot be approved by its applicant, nor by someone who is not an approver', async () => {
    const self = await a.decide(dev.approval_id!, 'approve', OPERATOR);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('approval.notApprover');
    const stranger = await a.decide(dev.approval_id!, 'approve', 'lin.wei@example.com');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('approval.notApprover');
    const adminRelease = await a.release(changeId, 'staging', ADMIN);
    const staging = adminRelease.json().release as Release;
    const own = await a.decide(staging.approval_id!, 'approve', ADMIN);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('approval.selfApproval');
    // The admin withdraws it: cancel while approving cancels the approval and reverts nothing.
    const cancel = await a.call('POST', `${changes}/${changeId}/releases/${staging.id}/cancel`, ADMIN);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().release.phase).toBe('cancelled');
    expect((await approval(staging.approval_id!)).status).toBe('CANCELED');
    expect((await a.binding({ version: 'v7.5.2', configType: 'tikv' })).current_template.id).toBe(draft);
    await t.jobs.drain();
    expect((await a.ok('GET', `${changes}/${changeId}/releases/${staging.id}`)).release.phase).toBe('cancelled');
    const twice = await a.call('POST', `${changes}/${changeId}/releases/${staging.id}/cancel`, ADMIN);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'defaultConfig.releasePhaseForbids',
      message: 'A release that is cancelled cannot be cancelled',
    });
    expect((await a.audit(changeId)).at(-1)).toMatchObject({
      operation: 'cancel_release',
      operator: ADMIN,
      details: { release_id: staging.id, before: { phase: 'approving' }, after: { phase: 'cancelled' } },
    });
  });

  it("once approved, runs as an operation that writes the environment's defaults", async () => {
    const res = await a.decide(dev.approval_id!, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const { release } = await a.ok('GET', `${changes}/${changeId}/releases/${dev.id}`);
    expect(release.phase).toBe('released');
    expect(release.released_at).not.toBeNull();
    const op = await a.ok('GET', `/api/v1/devops/operations/${release.operation_id}`);
    expect(op).toMatchObject({
      type: 'default_config.release',
      status: 'succeeded',
      target_type: 'default_config_change',
      target_id: changeId,
      created_by: ADMIN,
    });
    expect(op.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'templates:succeeded',
      'components:succeeded',
      'versions:succeeded',
    ]);
    expect(op.steps[0].message).toBe('released 1 template binding(s) to dev');
    expect(await released('dev', 'binding', caseId)).toEqual({ value: { template_id: draft }, release_id: dev.id });
    // New clusters in dev get the new template; staging and prod still get the old one.
    expect((await resolveTikv('dev', 'v7.5.2')).id).toBe(draft);
    expect((await resolveTikv('staging', 'v7.5.2')).id).not.toBe(draft);
    expect((await resolveTikv('prod', 'v7.5.2')).name).toBe('dedicated-tikv-v7.5-default');
    const [item] = (await a.items(changeId)) as ChangeItem[];
    expect(item!.released_to).toEqual(['dev']);
    // The released draft is frozen: an ordinary template from now on.
    const [d] = await t.database.rows<{ change_id: string | null }>(
      sql`select change_id::text from cc_templates where id = ${Number(draft)}`,
    );
    expect(d!.change_id).toBeNull();
    const ops = (await a.audit(changeId)).map((r) => r.operation);
    expect(ops.slice(-3)).toEqual(['approve', 'release_approved', 'released']);
    // Everything is released to dev now.
    const nothing = await a.release(changeId, 'dev');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      code: 'defaultConfig.nothingToRelease',
      message: `Every item of change ${changeId} is already released to dev`,
    });
    expect((await a.items(changeId, '&environment_is=dev')).length).toBe(0);
    expect((await a.items(changeId, '&environment_is=prod')).length).toBe(1);
    const cancel = await a.call('POST', `${changes}/${changeId}/releases/${dev.id}/cancel`);
    expect(cancel.json()).toMatchObject({
      code: 'defaultConfig.releasePhaseForbids',
      message: 'A release that is released cannot be cancelled',
    });
  });

  it('never edits a released template: the next batch update derives a new draft', async () => {
    const [item] = (await a.items(changeId)) as ChangeItem[];
    const res = await batch(changeId, { items: [item!.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
    const [next] = res.json().items as ChangeItem[];
    expect(next!.revision).toBe(item!.revision + 1);
    expect(next!.template_binding!.modified.template_id).not.toBe(draft);
    expect(next!.released_to).toEqual([]);
    expect((await resolveTikv('dev', 'v7.5.2')).id).toBe(draft);
    // dev has an older revision: the item is unreleased there again.
    expect((await a.items(changeId, '&environment_is=dev')).length).toBe(1);
  });

  it('a rejected release releases nothing', async () => {
    const res = await a.release(changeId, 'prod');
    const prod = res.json().release as Release;
    const before = await released('prod', 'binding', caseId);
    expect((await a.decide(prod.approval_id!, 'reject')).statusCode).toBe(200);
    await t.jobs.drain();
    const { release } = await a.ok('GET', `${changes}/${changeId}/releases/${prod.id}`);
    expect(release).toMatchObject({ phase: 'rejected', operation_id: null, released_at: null });
    expect(await released('prod', 'binding', caseId)).toEqual(before);
    expect((await a.audit(changeId)).at(-1)).toMatchObject({
      operation: 'release_rejected',
      operator: ADMIN,
      details: { release_id: prod.id, after: { phase: 'rejected' } },
    });
  });

  it('shows what a release carries, and lists the releases newest first', async () => {
    const { release } = await a.ok('GET', `${changes}/${changeId}/releases/${dev.id}`);
    expect(release.released_templates).toEqual([
      expect.objectContaining({
        cluster_type: 'DEDICATED_TIDB',
        default_case: expect.objectContaining({ version: 'v7.5.2', config_type: 'tikv' }),
        from_template: { id: expect.any(String), name: 'dedicated-tikv-v7.5-default' },
        to_template: { id: draft, name: `dedicated-tikv-v7.5-general (change ${changeId})` },
      }),
    ]);
    expect(release.released_components).toEqual([]);
    expect(release.released_versions).toEqual([]);
    const bare = await a.ok('GET', `${changes}/${changeId}/releases/${dev.id}?with_released_items=false`);
    expect(bare.release.released_templates).toEqual([]);
    const list = await a.ok('GET', `${changes}/${changeId}/releases`);
    expect(list.total).toBe(3);
    expect(list.items.map((r: Release) => r.phase)).toEqual(['rejected', 'cancelled', 'released']);
    // A release of another change is not found under this one.
    const [other] = await t.database.rows<{ id: string }>(
      sql`select id::text from cc_releases where change_id <> ${Number(changeId)} limit 1`,
    );
    for (const id of [other!.id, '999999', 'x']) {
      const res = await a.call('GET', `${changes}/${changeId}/releases/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'defaultConfig.releaseNotFound', message: `Release ${id} not found` });
    }
  });

  it('terminating keeps what was released and puts back the rest', async () => {
    const other = await a.modify([{ ref: { version: 'v7.5.2', configType: 'pd' }, to: 'dedicated-pd-v7.5-aws' }]);
    // v7.5.2's tikv item was released to dev (its staged draft stays); pd was never released (put back).
    const pdBefore = await a.binding({ version: 'v7.5.2', configType: 'pd' });
    await a.close(other, { result: 'terminated', reason: 'superseded' });
    const pdAfter = await a.binding({ version: 'v7.5.2', configType: 'pd' });
    expect(pdAfter.current_template.name).toBe('dedicated-pd-v7.5-default');
    expect(pdBefore.current_template.name).toBe('dedicated-pd-v7.5-aws');

    const staged = (await a.binding({ version: 'v7.5.2', configType: 'tikv' })).current_template.id;
    const res = await a.close(changeId, { result: 'terminated', reason: 'Not going to prod' });
    expect(res.statusCode, res.body).toBe(200);
    const b = await a.binding({ version: 'v7.5.2', configType: 'tikv' });
    expect(b.current_template.id).toBe(staged);
    expect(b.change_id).toBeNull();
    expect((await a.audit(changeId)).at(-1)!.details.reverted).toEqual([]);
    // Dev keeps its release.
    expect((await resolveTikv('dev', 'v7.5.2')).id).toBe(draft);
  });
});

describe('a batch update while a release waits for approval', () => {
  it('leaves the snapshotted draft alone: the approved release carries what was approved', async () => {
    const id = await a.modify([{ ref: { version: 'v8.1.2', configType: 'pd' }, to: 'dedicated-pd-v8.1-aws' }]);
    const [item] = (await a.items(id)) as ChangeItem[];
    const first = await batch(id, {
      items: [item!.id],
      params_to_set: [{ name: 'schedule.leader-schedule-limit', value: '8' }],
    });
    const snapshotDraft = (first.json().items as ChangeItem[])[0]!.template_binding!.modified.template_id;
    const { release } = (await a.release(id, 'dev')).json() as { release: Release };
    const second = await batch(id, {
      items: [item!.id],
      params_to_set: [{ name: 'schedule.leader-schedule-limit', value: '16' }],
    });
    const [edited] = second.json().items as ChangeItem[];
    expect(edited!.revision).toBe(3);
    expect(edited!.template_binding!.modified.template_id).not.toBe(snapshotDraft);
    await a.decide(release.approval_id!, 'approve');
    await t.jobs.drain();
    const caseId = (await a.binding({ version: 'v8.1.2', configType: 'pd' })).id;
    expect((await released('dev', 'binding', caseId))!.value.template_id).toBe(snapshotDraft);
    const [d] = await t.database.rows<{ parameters: { name: string; value: string }[] }>(
      sql`select parameters from cc_templates where id = ${Number(snapshotDraft)}`,
    );
    expect(d!.parameters.find((p) => p.name === 'schedule.leader-schedule-limit')!.value).toBe('8');
    const [now] = (await a.items(id)) as ChangeItem[];
    expect(now!.released_to).toEqual([]);
    expect((await a.items(id, '&environment_is=dev')).length).toBe(1);
  });
});

describe('a release operation that does not finish', () => {
  it('leaves the release failed, releases nothing, and frees the environment for another release', async () => {
    const id = await a.modify([{ ref: { version: 'v8.1.1', configType: 'pd' }, to: 'dedicated-pd-v8.1-aws' }]);
    const caseId = (await a.binding({ version: 'v8.1.1', configType: 'pd' })).id;
    const before = await released('prod', 'binding', caseId);
    const { release } = (await a.release(id, 'prod')).json() as { release: Release };
    // What creating the approval queued (its `approval.pending` event's fan-out) runs first.
    await t.jobs.drain();
    await a.decide(release.approval_id!, 'approve');
    // The settled job starts the operation; it is cancelled before its first step runs.
    expect(await t.jobs.runOne()).toBe(true);
    const started = (await a.ok('GET', `${changes}/${id}/releases/${release.id}`)).release;
    expect(started.phase).toBe('releasing');
    const cancel = await a.call('POST', `/api/v1/devops/operations/${started.operation_id}/cancel`, ADMIN, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.jobs.drain();
    expect((await a.ok('GET', `${changes}/${id}/releases/${release.id}`)).release.phase).toBe('failed');
    expect(await released('prod', 'binding', caseId)).toEqual(before);
    expect((await a.audit(id)).at(-1)).toMatchObject({
      operation: 'release_cancelled',
      operator: 'system',
      details: { release_id: release.id, before: { phase: 'releasing' }, after: { phase: 'failed' } },
    });
    expect((await a.release(id, 'prod')).statusCode).toBe(201);
  });

  it('two concurrent releases of one environment: one is created, the other refused', async () => {
    const id = await a.modify([{ ref: { version: 'v7.1.5', configType: 'pd' }, to: 'dedicated-pd-v7.1-aws' }]);
    const results = await Promise.all([a.release(id, 'staging'), a.release(id, 'staging')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('defaultConfig.releaseInFlight');
  });
});

describe('releasing a new version', () => {
  it('makes the version, its templates and images available in that environment only', async () => {
    const { change_id: id } = await a.ok('POST', `${P}/versions/release`, OPERATOR, {
      source_version: 'v8.1.1',
      target_version: 'v8.1.9',
    });
    expect((await a.change(id)).reason).toBe('New DEDICATED_TIDB version v8.1.9 from v8.1.1');
    const res = await a.release(id, 'staging');
    const staging = res.json().release as Release;
    await a.decide(staging.approval_id!, 'approve');
    await t.jobs.drain();
    const { release } = await a.ok('GET', `${changes}/${id}/releases/${staging.id}`);
    expect(release.phase).toBe('released');
    expect(release.released_versions).toEqual([
      expect.objectContaining({ cluster_type: 'DEDICATED_TIDB', source_version: 'v8.1.1', target_version: 'v8.1.9' }),
    ]);
    expect(release.released_components).toContainEqual(
      expect.objectContaining({ component: 'TIKV', version: 'v8.1.9', image_tag_to: 'v8.1.9' }),
    );
    const q = { cluster_type: 'DEDICATED_TIDB', version: 'v8.1.9', cloud_provider: 'GCP' };
    const there = await a.resolve({ ...q, environment: 'staging' });
    expect(there.version_available).toBe(true);
    expect(there.templates).toHaveLength(5);
    expect(there.components.find((c: { component: string }) => c.component === 'TIDB')).toMatchObject({
      image_tag: 'v8.1.9',
    });
    expect((await a.resolve({ ...q, environment: 'prod' })).version_available).toBe(false);
    expect(await released('staging', 'version', 'DEDICATED_TIDB:v8.1.9')).toMatchObject({ release_id: staging.id });

    // Released somewhere: terminating keeps the version.
    await a.close(id, { result: 'terminated', reason: 'stop here' });
    const [v] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cc_versions where version = 'v8.1.9'`,
    );
    expect(v!.n).toBe(1);
  });
});

describe('refused releases', () => {
  it('of a closed change (409 phaseForbids) and of an unknown change (404)', async () => {
    const [closed] = await t.database.rows<{ id: string }>(
      sql`select id::text from cc_changes where phase = 'success' limit 1`,
    );
    const res = await a.release(closed!.id, 'dev');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'defaultConfig.phaseForbids',
      message: 'A default-config change that is success cannot be released',
    });
    expect((await a.release('999999', 'dev')).statusCode).toBe(404);
    const bad = await a.call('POST', `${changes}/${closed!.id}/releases`, OPERATOR, { environment: 'qa' });
    expect(bad.statusCode).toBe(400);
  });
});
