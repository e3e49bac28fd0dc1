import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEVOPS_RELEASE_ACTIONS,
  DEVOPS_RELEASE_PHASES,
  RELEASE_MESSAGES,
  type DevopsRelease,
  type ListResult,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { releaseWeek } from './model.js';
import { ADMIN, api, OPERATOR, R } from './testing.js';

/** Releases: list, create, detail, update, phases, and a prod release's approval with separation of duties. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('the release list', () => {
  it('shows the seeded releases in every phase, newest first, with their change counts', async () => {
    const page: ListResult<DevopsRelease> = await a.ok('GET', `${R}?per_page=100`);
    expect(page.total).toBeGreaterThanOrEqual(8);
    expect(new Set(page.items.map((r) => r.phase))).toEqual(new Set(DEVOPS_RELEASE_PHASES));
    expect(new Set(page.items.map((r) => r.environment))).toEqual(new Set(['dev', 'staging', 'prod']));
    const created = page.items.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const approving = page.items.find((r) => r.phase === 'approving')!;
    expect(approving).toMatchObject({ environment: 'prod', approval_status: 'PENDING' });
    expect(approving.changes.total).toBe(3);
    expect(approving.changes.by_status).toEqual({ ready: 3 });
    const released = page.items.filter((r) => r.phase === 'released');
    expect(released.every((r) => r.released_at !== null)).toBe(true);
    expect(page.items.filter((r) => r.phase !== 'released').every((r) => r.released_at === null)).toBe(true);
  });

  it('filters by environment, phase and search, sorts and pages', async () => {
    const prod: ListResult<DevopsRelease> = await a.ok('GET', `${R}?environment=prod&per_page=100`);
    expect(prod.items.length).toBe(prod.total);
    expect(prod.items.every((r) => r.environment === 'prod')).toBe(true);
    const two: ListResult<DevopsRelease> = await a.ok('GET', `${R}?phase=released&phase=approving&per_page=100`);
    expect(new Set(two.items.map((r) => r.phase))).toEqual(new Set(['released', 'approving']));
    const search: ListResult<DevopsRelease> = await a.ok('GET', `${R}?search=HARDENING`);
    expect(search.items.map((r) => r.description).sort()).toEqual([
      'Operator hardening',
      'Operator hardening (staging)',
    ]);
    const byNumber: ListResult<DevopsRelease> = await a.ok('GET', `${R}?search=2026.41.`);
    expect(byNumber.items.every((r) => r.release_number.startsWith('2026.41.'))).toBe(true);
    const oldest: ListResult<DevopsRelease> = await a.ok('GET', `${R}?sort=released_at&phase=released`);
    expect(oldest.items.map((r) => r.released_at)).toEqual(oldest.items.map((r) => r.released_at).sort());
    const p1: ListResult<DevopsRelease> = await a.ok('GET', `${R}?per_page=3&page=1`);
    const p2: ListResult<DevopsRelease> = await a.ok('GET', `${R}?per_page=3&page=2`);
    expect(p1.items).toHaveLength(3);
    expect(p2.items.map((r) => r.id)).not.toContain(p1.items[0]!.id);
    const bad = await a.call('GET', `${R}?phase=shipping`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request.invalid');
  });
});

describe('a release', () => {
  it('is created planning, numbered per environment and ISO week, with its audit row', async () => {
    const first = await a.release('staging', 'Week train');
    const second = await a.release('staging', 'Another train');
    const week = releaseWeek(new Date());
    expect(first).toMatchObject({
      environment: 'staging',
      phase: 'planning',
      description: 'Week train',
      approval_id: null,
      approval_status: null,
      released_at: null,
      created_by: OPERATOR,
      changes: { total: 0, by_status: {} },
    });
    expect(first.release_number).toMatch(new RegExp(`^${week.replace('.', '\\.')}\\.\\d+$`));
    const n = (r: DevopsRelease) => Number(r.release_number.split('.')[2]);
    expect(n(second)).toBe(n(first) + 1);
    // Another environment counts on its own.
    const dev = await a.release('dev', 'x');
    const devNumbers = await t.database.rows<{ n: string }>(
      sql`select release_number as n from rel_releases where environment = 'dev' and release_number like ${`${week}.%`}`,
    );
    expect(devNumbers.map((r) => r.n)).toContain(dev.release_number);
    expect(await a.audit(first.id)).toEqual([
      {
        operation: 'create',
        operator: OPERATOR,
        details: { after: { environment: 'staging', description: 'Week train', release_number: first.release_number } },
      },
    ]);
    expect(RELEASE_MESSAGES.releaseCreated(first.environment)).toBe('Successfully Create a staging Release');
  });

  it('refuses a create without environment or description, with the messages', async () => {
    for (const [body, field, message] of [
      [{ description: 'x' }, 'environment', RELEASE_MESSAGES.environmentRequired],
      [{ environment: 'qa', description: 'x' }, 'environment', RELEASE_MESSAGES.environmentRequired],
      [{ environment: 'dev' }, 'description', RELEASE_MESSAGES.descriptionRequired],
      [{ environment: 'dev', description: '  ' }, 'description', RELEASE_MESSAGES.descriptionRequired],
    ] as const) {
      const res = await a.call('POST', R, OPERATOR, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
    }
  });

  it('reads one and 404s unknown ids', async () => {
    const r = await a.release();
    expect(await a.getRelease(r.id)).toEqual(r);
    for (const id of ['999999999', 'abc']) {
      const res = await a.call('GET', `${R}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('release.notFound');
    }
  });

  it('updates its description with before/after in the audit', async () => {
    const r = await a.release('dev', 'old words');
    const res = await a.call('PUT', `${R}/${r.id}`, OPERATOR, { description: 'new words' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().release.description).toBe('new words');
    expect((await a.audit(r.id)).at(-1)).toEqual({
      operation: 'update',
      operator: OPERATOR,
      details: { before: { description: 'old words' }, after: { description: 'new words' } },
    });
    const bad = await a.call('PUT', `${R}/${r.id}`, OPERATOR, { description: '' });
    expect(bad.statusCode).toBe(400);
  });

  it('takes changes by its environment and phase table', async () => {
    expect(DEVOPS_RELEASE_ACTIONS.prod.approved).not.toContain('add_change');
    expect(DEVOPS_RELEASE_ACTIONS.staging.in_progress).toContain('add_change');
    const seeded: ListResult<DevopsRelease> = await a.ok('GET', `${R}?per_page=100`);
    for (const r of seeded.items) {
      const res = await a.call('POST', `${R}/${r.id}/changes`, OPERATOR, { title: 'late', component: 'x' });
      const allowed = DEVOPS_RELEASE_ACTIONS[r.environment][r.phase].includes('add_change');
      expect(res.statusCode, `${r.environment} ${r.phase}`).toBe(allowed ? 201 : 409);
      if (!allowed) expect(res.json()).toMatchObject({ code: 'release.phaseForbids', details: { phase: r.phase } });
    }
  });
});

describe('a prod release', () => {
  it('deploys only after its approval; the applicant cannot approve it', async () => {
    const { release, change } = await a.readyChange('prod');
    // Deploy before any approval: refused.
    let res = await a.act(release.id, change.id, 'deploy');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'release.approvalRequired', details: { approval_status: null } });

    res = await a.call('POST', `${R}/${release.id}/request_approval`, ADMIN, { note: 'ship it' });
    expect(res.statusCode, res.body).toBe(200);
    const approving: DevopsRelease = res.json().release;
    expect(approving).toMatchObject({ phase: 'approving', approval_status: 'PENDING' });
    expect(approving.approval_id).not.toBeNull();
    const approval = (await a.ok('GET', `/api/v1/devops/approval/approvals/${approving.approval_id}`)).approval;
    expect(approval).toMatchObject({ applicant: ADMIN, subject_type: 'release', subject_id: release.id });

    // While pending: deploy refused, scope frozen, a second request refused.
    res = await a.act(release.id, change.id, 'deploy');
    expect(res.json()).toMatchObject({ code: 'release.approvalRequired', details: { approval_status: 'PENDING' } });
    res = await a.call('POST', `${R}/${release.id}/changes`, OPERATOR, { title: 'sneak in', component: 'x' });
    expect(res.json().code).toBe('release.phaseForbids');
    res = await a.call('POST', `${R}/${release.id}/request_approval`);
    expect(res.json().code).toBe('release.phaseForbids');

    // Separation of duties: the applicant (an approver too) may not decide; another approver may not either.
    res = await a.decide(approving.approval_id!, 'approve', ADMIN);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('approval.selfApproval');
    res = await a.decide(approving.approval_id!, 'approve', OPERATOR);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('approval.notApprover');
    expect((await a.getRelease(release.id)).approval_status).toBe('PENDING');
  });

  it('is approved by the SRE lead, then deploys, and is released when verified', async () => {
    const targets = await a.availableClusters(1);
    const { release, change } = await a.readyChange('prod', { target_cluster_ids: targets });
    await a.ok('POST', `${R}/${release.id}/request_approval`);
    const approvalId = (await a.getRelease(release.id)).approval_id!;
    const res = await a.decide(approvalId, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    expect(await a.getRelease(release.id)).toMatchObject({ phase: 'approved', approval_status: 'APPROVED' });
    const deployed = await a.act(release.id, change.id, 'deploy');
    expect(deployed.statusCode, deployed.body).toBe(200);
    expect((await a.getRelease(release.id)).phase).toBe('in_progress');
    await t.jobs.drain();
    expect((await a.getChange(release.id, change.id)).status).toBe('deployed');
    await a.ok('POST', `${R}/${release.id}/changes/${change.id}/verify`, OPERATOR, { result: 'passed' });
    const done = await a.getRelease(release.id);
    expect(done.phase).toBe('released');
    expect(done.released_at).not.toBeNull();
    // Released: only the description may change.
    expect(
      (await a.call('POST', `${R}/${release.id}/changes`, OPERATOR, { title: 'x', component: 'x' })).json().code,
    ).toBe('release.phaseForbids');
    const ops = (await a.audit(release.id)).map((r) => `${r.operator}:${r.operation}`);
    expect(ops).toEqual([
      `${OPERATOR}:create`,
      `${OPERATOR}:create_change`,
      `${OPERATOR}:submit`,
      `${OPERATOR}:check_ready`,
      `${OPERATOR}:request_approval`,
      `${OPERATOR}:phase_changed`,
      `${ADMIN}:approve`,
      `${ADMIN}:approval_approved`,
      `${ADMIN}:phase_changed`,
      `${OPERATOR}:deploy`,
      `${OPERATOR}:phase_changed`,
      'system:deployed',
      `${OPERATOR}:verify`,
      `${OPERATOR}:phase_changed`,
    ]);
    const phases = (await a.audit(release.id))
      .filter((r) => r.operation === 'phase_changed')
      .map((r) => `${(r.details.before as { phase: string }).phase}>${(r.details.after as { phase: string }).phase}`);
    expect(phases).toEqual([
      'planning>approving',
      'approving>approved',
      'approved>in_progress',
      'in_progress>released',
    ]);
  });

  it('freezes its scope once approval is asked for: no edit of a change either', async () => {
    const { release, change } = await a.readyChange('prod');
    await a.ok('POST', `${R}/${release.id}/request_approval`);
    // A ticket added and a re-check put the change back to submitted; it still may not be edited.
    await a.ok('POST', `${R}/${release.id}/tickets`, OPERATOR, { name: 'OPS-5', change_id: change.id, title: 'x' });
    expect((await a.act(release.id, change.id, 'check_ready')).json().change.status).toBe('submitted');
    const res = await a.call('PUT', `${R}/${release.id}/changes/${change.id}`, OPERATOR, { pull_requests: [106] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'release.phaseForbids', details: { phase: 'approving' } });
  });

  it('numbers releases created at once in one environment apart', async () => {
    const made = await Promise.all([1, 2, 3, 4].map((i) => a.release('prod', `burst ${i}`)));
    expect(new Set(made.map((r) => r.release_number)).size).toBe(4);
  });

  it('goes back to planning when its approval is rejected or withdrawn, and may ask again', async () => {
    const { release, change } = await a.readyChange('prod');
    await a.ok('POST', `${R}/${release.id}/request_approval`);
    const first = (await a.getRelease(release.id)).approval_id!;
    expect((await a.decide(first, 'reject')).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await a.getRelease(release.id)).toMatchObject({ phase: 'planning', approval_status: 'REJECTED' });
    expect((await a.act(release.id, change.id, 'deploy')).json().code).toBe('release.approvalRequired');

    await a.ok('POST', `${R}/${release.id}/request_approval`);
    const second = (await a.getRelease(release.id)).approval_id!;
    expect(second).not.toBe(first);
    const res = await a.call('POST', `${R}/${release.id}/cancel_approval`, OPERATOR, { note: 'one more change' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().release).toMatchObject({ phase: 'planning', approval_status: 'CANCELED' });
    await t.jobs.drain();
    const approval = (await a.ok('GET', `/api/v1/devops/approval/approvals/${second}`)).approval;
    expect(approval.status).toBe('CANCELED');
    expect((await a.getRelease(release.id)).approval_status).toBe('CANCELED');
    // Withdrawn: changes may be added again; cancel_approval is refused outside approving.
    await a.change(release.id);
    expect((await a.call('POST', `${R}/${release.id}/cancel_approval`)).json().code).toBe('release.phaseForbids');
    const trail = (await a.audit(release.id)).map((r) => r.operation);
    expect(trail).toContain('approval_rejected');
    expect(trail).toContain('cancel_approval');
  });

  it('asks for approval only when every change in play is ready, and never for dev or staging', async () => {
    const empty = await a.release('prod');
    let res = await a.call('POST', `${R}/${empty.id}/request_approval`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'release.changesNotReady',
      message: 'The release has no change to approve',
    });
    const draft = await a.change(empty.id, { title: 'still a draft' });
    res = await a.call('POST', `${R}/${empty.id}/request_approval`);
    expect(res.json()).toMatchObject({
      code: 'release.changesNotReady',
      details: { not_ready: [{ id: draft.id, title: 'still a draft', status: 'draft' }] },
    });
    // A cancelled change does not count.
    await a.ok('POST', `${R}/${empty.id}/changes/${draft.id}/cancel`);
    res = await a.call('POST', `${R}/${empty.id}/request_approval`);
    expect(res.json().code).toBe('release.changesNotReady');

    for (const env of ['dev', 'staging']) {
      const { release, change } = await a.readyChange(env);
      res = await a.call('POST', `${R}/${release.id}/request_approval`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'release.phaseForbids',
        message: `A ${env} release is deployed without an approval`,
      });
      // …and deploys directly.
      expect((await a.act(release.id, change.id, 'deploy')).statusCode).toBe(200);
    }
  });

  it('lets the demo admin approve the seeded release waiting for approval', async () => {
    const page: ListResult<DevopsRelease> = await a.ok('GET', `${R}?phase=approving&environment=prod`);
    const seeded = page.items.find((r) => r.description === 'Billing FX and the maintenance runbook')!;
    expect(seeded).toBeDefined();
    const res = await a.decide(seeded.approval_id!, 'approve', ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    expect((await a.getRelease(seeded.id)).phase).toBe('approved');
  });
});
