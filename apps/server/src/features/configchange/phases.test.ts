import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIG_CHANGE_ACTIONS, CONFIG_CHANGE_PHASES, type ConfigChangePhase } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { enqueueJob } from '../../platform/jobs.js';
import { approvals, approvalSettledJob } from '../approvals/index.js';
import { configChanges } from './schema.js';
import { ADMIN, api, changeBody, clusterPicker, OPERATOR } from './testing.js';

let t: TestApp;
let a: ReturnType<typeof api>;
let fresh: () => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  fresh = clusterPicker(t);
});
afterAll(() => t?.close());

/** A change on a fresh cluster, then driven straight into `phase` (the table test needs every phase). */
async function changeIn(phase: ConfigChangePhase): Promise<string> {
  const id = await a.createOk(await fresh(), { tidb: { 'token-limit': '2000' } });
  await t.database.db
    .update(configChanges)
    .set({ phase })
    .where(eq(configChanges.id, Number(id)));
  return id;
}
const phaseOf = async (id: string) => (await a.detail(id)).phase as string;
const approvalOf = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number((await a.detail(id)).approval_id)))
  )[0]!;
const auditOps = async (id: string) =>
  (await a.call('GET', `/api/v1/devops/audit?type=cloud_config_change&instance_id=${id}&sort=operate_at`))
    .json()
    .items.map((i: { operation: string }) => i.operation);

describe('the phase machine, every phase × every action, as the contract table says', () => {
  it.each(CONFIG_CHANGE_PHASES.map((p) => [p]))('%s', async (phase) => {
    // apply
    const forApply = await changeIn(phase);
    const apply = await a.apply(forApply);
    if (CONFIG_CHANGE_ACTIONS[phase].apply) {
      expect(apply.statusCode).toBe(200);
      expect(apply.json().change.phase).toBe('applying');
      expect(apply.json().instance_id).toMatch(/^\d+$/);
    } else {
      expect(apply.statusCode).toBe(409);
      expect(apply.json().code).toBe('configChange.phaseForbids');
      expect(await phaseOf(forApply)).toBe(phase);
    }

    // cancel (by someone other than the applicant)
    const forCancel = await changeIn(phase);
    const cancel = await a.cancel(forCancel, 'lin.wei@example.com');
    if (CONFIG_CHANGE_ACTIONS[phase].cancel) {
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().change).toMatchObject({
        phase: 'cancelled',
        phase_reason: 'Cancelled by lin.wei@example.com',
        closed_at: expect.any(String),
      });
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().code).toBe('configChange.phaseForbids');
      expect(await phaseOf(forCancel)).toBe(phase);
    }

    // the approval settling: it moves a change only while the change is approving
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      const forSettle = await changeIn(phase);
      const change = await a.detail(forSettle);
      await enqueueJob(t.database.db, approvalSettledJob('cloud_config_change'), {
        approval_id: change.approval_id,
        subject_id: forSettle,
        status,
        decided_by: ADMIN,
      });
      await t.jobs.drain();
      const expected = phase !== 'approving' ? phase : status === 'APPROVED' ? 'wait_for_apply' : 'cancelled';
      expect(await phaseOf(forSettle), `${phase} + ${status}`).toBe(expected);
    }
  });
});

describe('approval outcomes', () => {
  it('approved by admin through the approvals API → wait_for_apply once the job ran', async () => {
    const id = await a.createOk(await fresh(), { tidb: { 'token-limit': '2000' } });
    const change = await a.detail(id);
    expect((await a.decide(change.approval_id, 'approve', OPERATOR)).statusCode).toBe(403); // the applicant is no approver
    expect((await a.decide(change.approval_id, 'approve')).statusCode).toBe(200);
    expect(await phaseOf(id)).toBe('approving');
    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({ phase: 'wait_for_apply', phase_reason: null, closed_at: null });
    expect(await auditOps(id)).toEqual(['create', 'submit_for_approval', 'approve', 'approved']);
  });

  it('rejected → cancelled with "Rejected by {email}"', async () => {
    const id = await a.createOk(await fresh(), { pd: { 'schedule.leader-schedule-limit': '8' } });
    expect((await a.decide((await a.detail(id)).approval_id, 'reject')).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({
      phase: 'cancelled',
      phase_reason: `Rejected by ${ADMIN}`,
      closed_at: expect.any(String),
    });
    expect(await auditOps(id)).toEqual(['create', 'submit_for_approval', 'reject', 'rejected']);
  });

  it('withdrawn by the applicant while approving: the approval is cancelled and can no longer be decided', async () => {
    const cluster = await fresh();
    const id = await a.createOk(cluster, { tidb: { 'token-limit': '2000' } });
    const res = await a.cancel(id, OPERATOR, 'Wrong cluster');
    expect(res.statusCode).toBe(200);
    expect(res.json().change).toMatchObject({
      phase: 'withdrawn',
      phase_reason: 'Wrong cluster',
      closed_at: expect.any(String),
    });
    expect((await approvalOf(id)).status).toBe('CANCELED');
    await t.jobs.drain();
    expect(await phaseOf(id)).toBe('withdrawn');
    const late = await a.decide((await a.detail(id)).approval_id, 'approve');
    expect(late.statusCode).toBe(409);
    expect((await a.config(cluster)).changeable).toBe(true);
    expect(await auditOps(id)).toEqual(['create', 'submit_for_approval', 'withdraw']);
  });

  it('cancelled in wait_for_apply by another operator; the approval stays APPROVED', async () => {
    const id = await a.createOk(await fresh(), { tidb: { 'token-limit': '2000' } });
    await a.decide((await a.detail(id)).approval_id, 'approve');
    await t.jobs.drain();
    const res = await a.cancel(id, 'maria.garcia@example.com');
    expect(res.json().change).toMatchObject({
      phase: 'cancelled',
      phase_reason: 'Cancelled by maria.garcia@example.com',
    });
    expect((await approvalOf(id)).status).toBe('APPROVED');
    expect((await a.cancel(id)).statusCode).toBe(409);
  });

  it('only one unfinished change per cluster, even when two are created at once', async () => {
    const cluster = await fresh();
    const fp = await a.fingerprint(cluster);
    const results = await Promise.all([
      a.create(cluster, changeBody(cluster, fp, { tidb: { 'token-limit': '2000' } })),
      a.create(cluster, changeBody(cluster, fp, { tidb: { 'token-limit': '3000' } })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('configChange.notChangeable');
  });
});
