import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  RELEASE_CHANGE_ACTIONS,
  RELEASE_CHANGE_STATUSES,
  RELEASE_MESSAGES,
  READY_REASONS,
  type ListResult,
  type ReleaseChange,
  type ReleaseChangeAction,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { defineFeature } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { clusterWorkGuards, type ClusterWork } from '../../platform/cluster-work.js';
import { EMBEDDED_REPOSITORY } from './codehost/repo-spec.js';
import { api, OPERATOR, R } from './testing.js';

/** Release changes: fields, every action in every status, check for ready, deploy as an operation, verify, audit. */

const guarded: ClusterWork[] = [];
/** Stands in for the maintenance area's guard: refuses any work on a cluster named in `blocked`. */
const blocked = new Set<string>();
const testGuard = defineFeature({
  name: 'test-guard',
  provides: () => [
    clusterWorkGuards.provide({
      name: 'test.maintenance',
      check: async (_tx, work) => {
        guarded.push(work);
        const hit = work.clusterIds.find((id) => blocked.has(id));
        if (hit)
          throw new AppError('maintenance.windowOpen', `Cluster ${hit} is inside an open maintenance window`, {
            cluster_id: hit,
          });
      },
    }),
  ],
});

let t: TestApp;
let a: ReturnType<typeof api>;
let clusters: string[];
beforeAll(async () => {
  t = await createTestApp({}, { extraFeatures: [testGuard] });
  a = api(t);
  clusters = await a.availableClusters(4);
});
afterAll(() => t?.close());

describe('a release change', () => {
  it('is created as a draft with its fields, the code host repository by default, and an audit row', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, {
      title: '  Canary rollouts  ',
      description: 'first canary',
      component: 'tidb-operator',
      pull_requests: [101, 105],
      labels: ['operator'],
      target_cluster_ids: clusters.slice(0, 2),
      canary_cluster_ids: clusters.slice(0, 1),
    });
    expect(change).toMatchObject({
      release_id: release.id,
      title: 'Canary rollouts',
      description: 'first canary',
      component: 'tidb-operator',
      repository: EMBEDDED_REPOSITORY,
      pull_requests: [101, 105],
      labels: ['operator'],
      target_cluster_ids: clusters.slice(0, 2),
      canary_cluster_ids: clusters.slice(0, 1),
      status: 'draft',
      deploy_operation_id: null,
      ready_check: null,
      verification: null,
      tickets: [],
      created_by: OPERATOR,
    });
    expect(await a.getChange(release.id, change.id)).toEqual(change);
    expect((await a.audit(release.id)).at(-1)).toMatchObject({
      operation: 'create_change',
      details: {
        change_id: change.id,
        after: { title: 'Canary rollouts', status: 'draft', pull_requests: [101, 105] },
      },
    });
    expect((await a.getRelease(release.id)).changes).toEqual({ total: 1, by_status: { draft: 1 } });
  });

  it('refuses invalid fields with the messages', async () => {
    const release = await a.release('dev');
    const cases: [object, string, string][] = [
      [{ component: 'x' }, 'title', RELEASE_MESSAGES.titleRequired],
      [{ title: ' ', component: 'x' }, 'title', RELEASE_MESSAGES.titleRequired],
      [{ title: 'x' }, 'component', RELEASE_MESSAGES.componentRequired],
      [
        { title: 'x', component: 'x', target_cluster_ids: ['a'], canary_cluster_ids: ['b'] },
        'canary_cluster_ids',
        RELEASE_MESSAGES.canaryNotTarget,
      ],
      [{ title: 'x', component: 'x', pull_requests: [1, 1] }, 'pull_requests', 'a pull request is listed twice'],
      [{ title: 'x', component: 'x', repository: 'not a repo' }, 'repository', 'a repository looks like owner/name'],
    ];
    for (const [body, field, message] of cases) {
      const res = await a.call('POST', `${R}/${release.id}/changes`, OPERATOR, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
    }
    const unknown = await a.call('POST', `${R}/${release.id}/changes`, OPERATOR, {
      title: 'x',
      component: 'x',
      target_cluster_ids: [clusters[0], 'no-such-cluster'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'release.unknownCluster',
      details: { clusters: ['no-such-cluster'] },
    });
    const missing = await a.call('POST', `${R}/999999999/changes`, OPERATOR, { title: 'x', component: 'x' });
    expect(missing.json().code).toBe('release.notFound');
  });

  it('is edited on the update page while draft or submitted, the audit keeping before and after', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, { target_cluster_ids: clusters.slice(0, 2) });
    const url = `${R}/${release.id}/changes/${change.id}`;
    let res = await a.call('PUT', url, OPERATOR, { title: 'Renamed', canary_cluster_ids: [clusters[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().change).toMatchObject({
      title: 'Renamed',
      canary_cluster_ids: [clusters[1]],
      component: 'tidb-operator',
    });
    const row = (await a.audit(release.id)).at(-1)!;
    expect(row).toMatchObject({ operation: 'update_change', details: { change_id: change.id } });
    expect((row.details.before as { title: string }).title).toBe('A change');
    expect((row.details.after as { title: string }).title).toBe('Renamed');
    // The canary set is checked against the targets after the edit.
    res = await a.call('PUT', url, OPERATOR, { target_cluster_ids: [clusters[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('release.canaryNotTarget');
    // An edit voids a recorded check for ready.
    await a.ok('POST', `${url}/submit`);
    await a.ok('POST', `${url}/check_ready`);
    await a.setStatus(change.id, 'submitted');
    res = await a.call('PUT', url, OPERATOR, { labels: ['x'] });
    expect(res.json().change).toMatchObject({ labels: ['x'], ready_check: null });
    await a.setStatus(change.id, 'ready');
    res = await a.call('PUT', url, OPERATOR, { labels: ['y'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'release.actionNotAllowed',
      details: { status: 'ready', action: 'update' },
    });
  });

  it('allows each action only in the statuses of RELEASE_CHANGE_ACTIONS (409 release.actionNotAllowed)', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id);
    const body: Partial<Record<ReleaseChangeAction, object>> = { verify: { result: 'passed' }, update: { title: 'x' } };
    let refused = 0;
    for (const status of RELEASE_CHANGE_STATUSES) {
      for (const action of ['submit', 'check_ready', 'deploy', 'verify', 'cancel', 'close', 'update'] as const) {
        if (RELEASE_CHANGE_ACTIONS[status].includes(action)) continue;
        await a.setStatus(change.id, status);
        const res =
          action === 'update'
            ? await a.call('PUT', `${R}/${release.id}/changes/${change.id}`, OPERATOR, body.update)
            : await a.act(release.id, change.id, action, body[action] ?? {});
        expect(res.statusCode, `${action} in ${status}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'release.actionNotAllowed', details: { status, action } });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(40);
    // Nothing moved and nothing was audited by the refusals.
    expect((await a.audit(release.id)).map((r) => r.operation)).toEqual(['create', 'create_change']);
  });

  it('moves through submit, cancel and close with their audit rows', async () => {
    const release = await a.release('staging');
    const change = await a.change(release.id);
    const steps: [string, string][] = [
      ['submit', 'submitted'],
      ['cancel', 'cancelled'],
      ['close', 'closed'],
    ];
    let before = 'draft';
    for (const [action, status] of steps) {
      const res = await a.act(release.id, change.id, action, { note: `${action} it` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().change.status).toBe(status);
      expect((await a.audit(release.id)).at(-1)).toEqual({
        operation: action,
        operator: OPERATOR,
        details: { change_id: change.id, note: `${action} it`, before: { status: before }, after: { status } },
      });
      before = status;
    }
  });
});

describe('check for ready', () => {
  it('records why a change is not ready and keeps it submitted, then passes once tickets and pulls allow', async () => {
    const release = await a.release('dev');
    // #106 is open, #102 merged; #999 does not exist.
    const change = await a.change(release.id, { pull_requests: [102, 106, 999] });
    const url = `${R}/${release.id}/changes/${change.id}`;
    await a.ok('POST', `${url}/submit`);
    expect(
      (await a.ticket(release.id, { name: 'OPS-9001', change_id: change.id, title: 'A blocker' })).statusCode,
    ).toBe(201);
    let res = await a.act(release.id, change.id, 'check_ready', { note: 'first look' });
    expect(res.statusCode, res.body).toBe(200);
    let c: ReleaseChange = res.json().change;
    expect(c.status).toBe('submitted');
    expect(c.ready_check).toMatchObject({
      ready: false,
      checked_by: OPERATOR,
      reasons: [
        READY_REASONS.ticket('OPS-9001', 'open'),
        READY_REASONS.pullNotMerged(106, 'open'),
        READY_REASONS.pullMissing(999, EMBEDDED_REPOSITORY),
      ],
    });
    expect(c.ready_check!.reasons).toEqual([
      'ticket OPS-9001 is open',
      'pull request #106 is open, not merged',
      `pull request #999 does not exist in ${EMBEDDED_REPOSITORY}`,
    ]);
    expect((await a.audit(release.id)).at(-1)).toMatchObject({
      operation: 'check_ready',
      details: { ready: false, note: 'first look', before: { status: 'submitted' }, after: { status: 'submitted' } },
    });

    await a.ok('PUT', url, OPERATOR, { pull_requests: [102, 105] });
    await a.ok('PUT', `${R}/${release.id}/tickets/OPS-9001/status`, OPERATOR, { status: 'resolved' });
    res = await a.act(release.id, change.id, 'check_ready');
    c = res.json().change;
    expect(c.status).toBe('ready');
    expect(c.ready_check).toMatchObject({ ready: true, reasons: [] });

    // Re-checked after a ticket reopens: back to submitted.
    await a.ok('PUT', `${R}/${release.id}/tickets/OPS-9001/status`, OPERATOR, { status: 'open', note: 'regressed' });
    c = (await a.act(release.id, change.id, 'check_ready')).json().change;
    expect(c).toMatchObject({
      status: 'submitted',
      ready_check: { ready: false, reasons: ['ticket OPS-9001 is open'] },
    });
  });

  it('cannot vouch for pull requests of another repository', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, { repository: 'other/repo', pull_requests: [101] });
    await a.ok('POST', `${R}/${release.id}/changes/${change.id}/submit`);
    const c: ReleaseChange = (await a.act(release.id, change.id, 'check_ready')).json().change;
    expect(c.ready_check!.reasons).toEqual([READY_REASONS.otherRepository('other/repo', EMBEDDED_REPOSITORY)]);
  });
});

describe('deploy', () => {
  it('runs as an operation with live progress to deployed, then verify records its result', async () => {
    const targets = clusters.slice(0, 3);
    const { release, change } = await a.readyChange('staging', {
      pull_requests: [101],
      target_cluster_ids: targets,
      canary_cluster_ids: [targets[0]!],
    });
    guarded.length = 0;
    const res = await a.act(release.id, change.id, 'deploy', { note: 'go' });
    expect(res.statusCode, res.body).toBe(200);
    const { instance_id: opId, change: deploying } = res.json();
    expect(deploying).toMatchObject({ status: 'deploying', deploy_operation_id: opId });
    expect(guarded).toEqual([
      { kind: 'release.deploy', subjectType: 'release', subjectId: change.id, clusterIds: targets },
    ]);
    let op = await a.ok('GET', `/api/v1/devops/operations/${opId}`);
    expect(op).toMatchObject({
      type: 'release.deploy',
      status: 'running',
      target_type: 'release',
      target_id: release.id,
    });
    expect(op.steps.map((s: { name: string }) => s.name)).toEqual(['build', 'canary', 'rollout', 'health']);
    expect(op.params).toMatchObject({ change_id: change.id, target_cluster_ids: targets });
    expect((await a.getRelease(release.id)).phase).toBe('in_progress');

    await t.jobs.drain();
    op = await a.ok('GET', `/api/v1/devops/operations/${opId}`);
    expect(op.status).toBe('succeeded');
    expect(op.steps.map((s: { message: string }) => s.message)).toEqual([
      `built tidb-operator from ${EMBEDDED_REPOSITORY} (#101)`,
      `rolled out to 1 canary cluster: ${targets[0]}`,
      `rolled out to 2 clusters: ${targets[1]}, ${targets[2]}`,
      '3 clusters healthy',
    ]);
    const deployed = await a.getChange(release.id, change.id);
    expect(deployed.status).toBe('deployed');
    expect(deployed.deployed_at).not.toBeNull();

    // Verify: notes are required for a failure.
    let v = await a.act(release.id, change.id, 'verify', { result: 'failed' });
    expect(v.statusCode).toBe(400);
    expect(v.json().details).toContainEqual({ field: 'body.notes', message: RELEASE_MESSAGES.notesRequired });
    v = await a.act(release.id, change.id, 'verify', {});
    expect(v.json().details).toContainEqual({ field: 'body.result', message: RELEASE_MESSAGES.resultRequired });
    v = await a.act(release.id, change.id, 'verify', { result: 'failed', notes: 'p99 latency doubled' });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().change).toMatchObject({
      status: 'verify_failed',
      verification: { result: 'failed', notes: 'p99 latency doubled', verified_by: OPERATOR },
    });
    // A failed verification does not release; closing it leaves nothing verified: still in progress.
    await a.ok('POST', `${R}/${release.id}/changes/${change.id}/close`);
    expect((await a.getRelease(release.id)).phase).toBe('in_progress');

    const trail = (await a.audit(release.id)).map((r) => `${r.operator}:${r.operation}`);
    expect(trail.slice(-6)).toEqual([
      `${OPERATOR}:check_ready`,
      `${OPERATOR}:deploy`,
      `${OPERATOR}:phase_changed`,
      'system:deployed',
      `${OPERATOR}:verify`,
      `${OPERATOR}:close`,
    ]);
  });

  it('starts once when two deploys race', async () => {
    const { release, change } = await a.readyChange('dev');
    const results = await Promise.all([1, 2].map(() => a.act(release.id, change.id, 'deploy')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('release.actionNotAllowed');
    expect((await a.audit(release.id)).filter((r) => r.operation === 'deploy')).toHaveLength(1);
  });

  it('skips the canary step without a canary set and rolls out a platform service without clusters', async () => {
    const { release, change } = await a.readyChange('dev', { component: 'console-api' });
    const { instance_id: opId } = (await a.act(release.id, change.id, 'deploy')).json();
    await t.jobs.drain();
    const op = await a.ok('GET', `/api/v1/devops/operations/${opId}`);
    expect(op.steps.map((s: { name: string; message: string }) => `${s.name}: ${s.message}`)).toEqual([
      `build: built console-api from ${EMBEDDED_REPOSITORY}`,
      'rollout: rolled out console-api (no tenant cluster targeted)',
      'health: console-api healthy',
    ]);
    expect((await a.getChange(release.id, change.id)).status).toBe('deployed');
  });

  it('fails its health check on an unavailable cluster (deploy_failed), and may be retried', async () => {
    const [target] = clusters;
    const { release, change } = await a.readyChange('dev', { target_cluster_ids: [target!] });
    await t.database.db.execute(
      sql`update clusters set status = 'USER_CLUSTER_STATUS_UNAVAILABLE' where id = ${target}`,
    );
    try {
      const { instance_id: opId } = (await a.act(release.id, change.id, 'deploy')).json();
      await t.jobs.drain();
      const op = await a.ok('GET', `/api/v1/devops/operations/${opId}`);
      expect(op).toMatchObject({
        status: 'failed',
        error: `health check failed: cluster ${target} is USER_CLUSTER_STATUS_UNAVAILABLE`,
      });
      expect((await a.getChange(release.id, change.id)).status).toBe('deploy_failed');
      expect((await a.audit(release.id)).at(-1)).toMatchObject({
        operation: 'deploy_failed',
        operator: 'system',
        details: { change_id: change.id, operation_id: opId, after: { status: 'deploy_failed' } },
      });
    } finally {
      await t.database.db.execute(
        sql`update clusters set status = 'USER_CLUSTER_STATUS_AVAILABLE' where id = ${target}`,
      );
    }
    // A retry from deploy_failed: a new operation, deployed this time.
    const retry = await a.act(release.id, change.id, 'deploy');
    expect(retry.statusCode, retry.body).toBe(200);
    await t.jobs.drain();
    const c = await a.getChange(release.id, change.id);
    expect(c).toMatchObject({ status: 'deployed', deploy_operation_id: retry.json().instance_id });
  });

  it('leaves the change deploy_failed when its operation is cancelled', async () => {
    const { release, change } = await a.readyChange('dev', { target_cluster_ids: clusters.slice(0, 1) });
    const { instance_id: opId } = (await a.act(release.id, change.id, 'deploy')).json();
    const res = await a.call('POST', `/api/v1/devops/operations/${opId}/cancel`, OPERATOR, { reason: 'wrong window' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await a.getChange(release.id, change.id)).status).toBe('deploy_failed');
    expect((await a.audit(release.id)).at(-1)).toMatchObject({
      operation: 'deploy_failed',
      details: { reason: `The deploy operation ${opId} was cancelled` },
    });
  });

  it('is refused inside an open maintenance window, and when the change is no longer ready', async () => {
    const { release, change } = await a.readyChange('dev', { target_cluster_ids: clusters.slice(1, 3) });
    blocked.add(clusters[2]!);
    try {
      const res = await a.act(release.id, change.id, 'deploy');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'maintenance.windowOpen', details: { cluster_id: clusters[2] } });
      // Refused in its transaction: no operation, no status change, no audit row.
      expect(await a.getChange(release.id, change.id)).toMatchObject({ status: 'ready', deploy_operation_id: null });
      expect((await a.audit(release.id)).at(-1)!.operation).toBe('check_ready');
    } finally {
      blocked.clear();
    }
    // A ticket reopened after the check: deploy re-checks and refuses with the reasons.
    await a.ok('POST', `${R}/${release.id}/tickets`, OPERATOR, {
      name: 'OPS-9100',
      change_id: change.id,
      title: 'late',
    });
    const res = await a.act(release.id, change.id, 'deploy');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'release.notReady', details: { reasons: ['ticket OPS-9100 is open'] } });
    await a.ok('PUT', `${R}/${release.id}/tickets/OPS-9100/status`, OPERATOR, { status: 'closed' });
    expect((await a.act(release.id, change.id, 'deploy')).statusCode).toBe(200);
  });
});

describe('deploy and the maintenance area', () => {
  it('is refused while a target cluster is inside an open maintenance window, and runs once it is closed', async () => {
    const [target] = await a.availableClusters(1);
    const [row] = await t.database.rows<{ project_id: string }>(
      sql`select project_id from clusters where id = ${target!}`,
    );
    const project_id = row!.project_id;
    const now = Date.now();
    const created = await a.call('POST', '/api/v1/devops/cluster/maintenances', OPERATOR, {
      project_id,
      schedule_time: new Date(now - 60_000).toISOString(),
      deadline: new Date(now + 3_600_000).toISOString(),
      cluster_ids: [target],
      description: 'release deploy test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const maintenance = created.json();
    const { release, change } = await a.readyChange('staging', { target_cluster_ids: [target!] });
    const refused = await a.act(release.id, change.id, 'deploy');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('maintenance.windowOpen');
    expect(refused.json().message).toContain(target);
    const closed = await a.call('POST', `/api/v1/devops/cluster/maintenances/${maintenance.id}/close`, OPERATOR, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await a.act(release.id, change.id, 'deploy')).statusCode).toBe(200);
  });
});

describe('the change list and pulls', () => {
  it('lists a release changes with their tickets, filtered by status and sorted', async () => {
    const page: ListResult<{ id: string; status: string }> = await a.ok('GET', `${R}?per_page=100`);
    const seeded = page.items as unknown as { id: string; changes: { total: number } }[];
    const withFour = seeded.find((r) => r.changes.total === 4)!;
    const all: ListResult<ReleaseChange> = await a.ok('GET', `${R}/${withFour.id}/changes`);
    expect(all.total).toBe(4);
    const created = all.items.map((c) => c.created_at);
    expect(created).toEqual([...created].sort());
    const status = all.items[0]!.status;
    const one: ListResult<ReleaseChange> = await a.ok('GET', `${R}/${withFour.id}/changes?status=${status}`);
    expect(one.items.every((c) => c.status === status)).toBe(true);
    const byTitle: ListResult<ReleaseChange> = await a.ok('GET', `${R}/${withFour.id}/changes?sort=-title`);
    expect(byTitle.items.map((c) => c.title)).toEqual(
      all.items
        .map((c) => c.title)
        .sort()
        .reverse(),
    );
    expect((await a.call('GET', `${R}/${withFour.id}/changes/999999999`)).json().code).toBe('release.changeNotFound');
    // A change of another release is not found under this one.
    const other = await a.release('dev');
    expect((await a.call('GET', `${R}/${other.id}/changes/${all.items[0]!.id}`)).statusCode).toBe(404);
  });

  it('shows a change pull requests as the code host has them', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, { pull_requests: [106, 101, 4242] });
    const res = await a.ok('GET', `${R}/${release.id}/changes/${change.id}/pulls`);
    expect(res.items.map((p: { number: number; state: string }) => `${p.number}:${p.state}`)).toEqual([
      '106:open',
      '101:merged',
    ]);
    expect(res.missing).toEqual([4242]);
  });
});
