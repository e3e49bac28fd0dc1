import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildApp } from '../../app.js';
import { defineFeature } from '../../platform/context.js';
import { auditLogs } from '../../platform/schema.js';
import { APPLY_OPERATION } from '../configchange/index.js';
import { operationDefinition, operationSteps, operationTypes, startOperation } from './index.js';

let t: TestApp;
const effects: string[] = [];

/** The operation types these tests run, contributed to the test app like any feature's. */
const testOperations = defineFeature({
  name: 'test-operations',
  provides: () => [
    operationTypes.provide(
      {
        type: 'test.restart',
        steps: [
          { name: 'prepare', title: 'Prepare', run: async () => void effects.push('prepare') },
          { name: 'approve-window', title: 'Confirm the maintenance window', manual: true },
          {
            name: 'restart',
            title: 'Restart',
            run: async ({ tx, operation }) => {
              await tx.execute(sql`select 1`);
              effects.push(`restart ${operation.targetId}`);
              return 'restarted 3 pods';
            },
          },
        ],
      },
      {
        type: 'test.slow',
        steps: [{ name: 'wait', title: 'Wait', durationMs: 60_000, run: async () => void effects.push('slow') }],
      },
      {
        type: 'test.broken',
        steps: [
          { name: 'explode', title: 'Explode', run: async () => Promise.reject(new Error('disk full on tikv-2')) },
        ],
      },
    ),
  ],
});

beforeAll(async () => {
  t = await createTestApp({}, { extraFeatures: [testOperations] });
});
afterAll(() => t.close());

const start = (type: string, submit = true) =>
  t.database.db.transaction((tx) =>
    startOperation(t.ctx, tx, {
      type,
      title: `Test ${type}`,
      targetType: 'cluster',
      targetId: 'c-1',
      createdBy: 'operator@example.com',
      submit,
    }),
  );
const get = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/devops/operations/${id}`, headers: await t.as('operator@example.com') })).json();
const post = async (path: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/devops/operations/${path}`,
    headers: await t.as('operator@example.com'),
    payload: {},
  });

describe('operations', () => {
  it('runs automatic steps, waits at a manual action, and finishes after start + finish', async () => {
    effects.length = 0;
    const id = await start('test.restart');
    await t.jobs.drain();
    let op = await get(id);
    expect(op.status).toBe('waiting');
    expect(op.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'waiting', 'pending']);
    expect(op.progress).toEqual({ done: 1, total: 3 });

    expect((await post(`${id}/steps/3/start`)).statusCode).toBe(409);
    expect((await post(`${id}/steps/2/finish`)).statusCode).toBe(409);
    expect((await post(`${id}/steps/2/start`)).statusCode).toBe(200);
    expect((await post(`${id}/steps/2/finish`)).statusCode).toBe(200);
    await t.jobs.drain();
    op = await get(id);
    expect(op.status).toBe('succeeded');
    expect(op.steps[2]).toMatchObject({ status: 'succeeded', message: 'restarted 3 pods' });
    expect(op.finished_at).toEqual(expect.any(String));
    expect(effects).toEqual(['prepare', 'restart c-1']);

    const runs = await t.database.db
      .select({ runs: operationSteps.runs })
      .from(operationSteps)
      .where(eq(operationSteps.operationId, Number(id)));
    expect(runs.map((r) => r.runs)).toEqual([1, 1, 1]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.instanceId, id));
    expect(audit.map((a) => a.operation)).toEqual(
      expect.arrayContaining(['create', 'start_action', 'finish_action', 'succeed']),
    );
  });

  it('keeps a step running until its work is due, without re-running it', async () => {
    effects.length = 0;
    const id = await start('test.slow');
    await t.jobs.drain();
    const op = await get(id);
    expect(op.status).toBe('running');
    expect(op.steps[0].status).toBe('running');
    expect(effects).toEqual([]);
  });

  it('a pending operation is submitted, then cancelled; a finished one refuses both', async () => {
    const id = await start('test.slow', false);
    expect((await get(id)).status).toBe('pending');
    expect((await post(`${id}/submit`)).json().status).toBe('running');
    const cancelled = (await post(`${id}/cancel`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.steps[0].status).toBe('cancelled');
    const again = await post(`${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('operation.actionNotAllowed');
    await t.jobs.drain();
    expect((await get(id)).status).toBe('cancelled');
  });

  it('a failing step fails the operation with its message', async () => {
    const id = await start('test.broken');
    await t.jobs.drain();
    const op = await get(id);
    expect(op.status).toBe('failed');
    expect(op.error).toBe('disk full on tikv-2');
    expect(op.steps[0]).toMatchObject({ status: 'failed', message: 'disk full on tikv-2' });
  });

  it('lists with status filter and progress, newest first', async () => {
    const res = await t.app.inject({
      url: '/api/v1/devops/operations?status=failed',
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.items.every((o: { status: string }) => o.status === 'failed')).toBe(true);
    const bad = await t.app.inject({
      url: '/api/v1/devops/operations?status=bogus',
      headers: await t.as('operator@example.com'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });

  it('a viewer can read but not act', async () => {
    const id = await start('test.slow', false);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/devops/operations/${id}/submit`,
      headers: await t.as('sam.okafor@example.com'),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the demo history', () => {
  it('has finished operations of every ending, and the applied demo change links to its apply', async () => {
    const headers = await t.as('operator@example.com');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/devops/operations?status=succeeded&status=failed&status=cancelled&per_page=100',
        headers,
      })
    ).json();
    const seeded = list.items.filter(
      (o: { created_by: string; type: string }) =>
        o.created_by !== 'operator@example.com' || o.type === 'ticdc.upgrade',
    );
    expect(new Set(seeded.map((o: { status: string }) => o.status))).toEqual(
      new Set(['succeeded', 'failed', 'cancelled']),
    );
    const applied = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/devops/cloudconfig/changes?phase=applied&target_type=cluster',
        headers,
      })
    ).json().items[0];
    expect(applied.operation_id).toEqual(expect.any(String));
    const op = (
      await t.app.inject({ method: 'GET', url: `/api/v1/devops/operations/${applied.operation_id}`, headers })
    ).json();
    expect(op).toMatchObject({ status: 'succeeded', type: 'cloud_config_change.apply', target_id: applied.target_id });
    expect(op.steps.map((s: { status: string; name: string }) => `${s.name}:${s.status}`)).toEqual([
      'check:succeeded',
      'restart-PD:succeeded',
      'persist:succeeded',
    ]);
    // Its history happened when the change did, not when the database was seeded.
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/devops/audit?type=cloud_config_change&instance_id=${applied.id}&sort=operate_at`,
        headers,
      })
    ).json().items;
    expect(audit.map((a: { operation: string }) => a.operation)).toEqual([
      'create',
      'submit_for_approval',
      'approve',
      'approved',
      'apply',
      'applied',
    ]);
    expect(audit[0].operate_at).toBe(applied.created_at);
    expect(audit[5].operate_at).toBe(applied.closed_at);
    expect(Date.parse(op.started_at)).toBeGreaterThan(Date.parse(applied.created_at));
    expect(Date.parse(op.finished_at)).toBeLessThanOrEqual(Date.parse(applied.closed_at));
    const failed = list.items.find(
      (o: { status: string; type: string }) => o.status === 'failed' && o.type === 'ticdc.upgrade',
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/devops/operations/${failed.id}`, headers })
    ).json();
    expect(detail.steps.map((s: { status: string }) => s.status)).toEqual([
      'succeeded',
      'succeeded',
      'failed',
      'pending',
    ]);
    expect(detail.error).toMatch(/did not rejoin/);
  });
});

describe('operation types are per app', () => {
  it('two apps in one process each run their own definitions', async () => {
    // A second app on the same database, with real step durations and without the test operation types.
    const other = await buildApp(t.config, t.database, { stepTimeScale: 1 });
    try {
      const restartPd = (ctx: TestApp['ctx']) =>
        operationDefinition(ctx, APPLY_OPERATION)!.steps.find((s) => s.name === 'restart-PD')!.durationMs;
      expect(restartPd(t.ctx)).toBe(0);
      expect(restartPd(other.ctx)).toBe(1500);
      expect(operationDefinition(t.ctx, 'test.restart')).toBeDefined();
      expect(operationDefinition(other.ctx, 'test.restart')).toBeUndefined();
      await expect(
        t.database.db.transaction((tx) =>
          startOperation(other.ctx, tx, {
            type: 'test.restart',
            title: 'Not known to this app',
            targetType: 'cluster',
            targetId: 'c-1',
            createdBy: 'operator@example.com',
          }),
        ),
      ).rejects.toThrow('unknown operation type test.restart');
      // The first app still runs an operation with its own (instant) steps after the second was built.
      effects.length = 0;
      const id = await start('test.restart');
      await t.jobs.drain();
      expect((await get(id)).status).toBe('waiting');
      expect(effects).toEqual(['prepare']);
    } finally {
      await other.app.close();
    }
  });
});
