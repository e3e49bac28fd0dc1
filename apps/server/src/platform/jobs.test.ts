import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { enqueueJob } from './jobs.js';
import { auditLogs, jobs } from './schema.js';
import { writeAudit } from './audit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jobRow = async (kind: string) => (await t.database.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];

describe('durable jobs', () => {
  it('runs a queued job once and removes it', async () => {
    let runs = 0;
    t.jobs.register('t.once', async () => void runs++);
    await enqueueJob(t.database.db, 't.once', {});
    await t.jobs.drain();
    await t.jobs.drain();
    expect(runs).toBe(1);
    expect(await jobRow('t.once')).toBeUndefined();
  });

  it("rolls back a failed attempt's writes, records the error and retries with backoff", async () => {
    let attempt = 0;
    t.jobs.register<{ id: string }>('t.flaky', async (tx, p) => {
      attempt++;
      await writeAudit(tx, {
        type: 'operation',
        instanceId: p.id,
        operator: 'system',
        operation: `attempt-${attempt}`,
      });
      if (attempt === 1) throw new Error('transient');
    });
    await enqueueJob(t.database.db, 't.flaky', { id: 'flaky-1' });
    await t.jobs.drain();
    const row = await jobRow('t.flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'transient' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.instanceId, 'flaky-1'))).toHaveLength(0);

    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, 't.flaky'));
    await t.jobs.drain();
    expect(await jobRow('t.flaky')).toBeUndefined();
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.instanceId, 'flaky-1'));
    expect(audit.map((a) => a.operation)).toEqual(['attempt-2']);
  });

  it('gives up after max attempts and keeps the failed job for inspection', async () => {
    t.jobs.register('t.doomed', async () => Promise.reject(new Error('nope')));
    await enqueueJob(t.database.db, 't.doomed', {}, { maxAttempts: 1 });
    await t.jobs.drain();
    expect(await jobRow('t.doomed')).toMatchObject({ status: 'failed', attempts: 1, lastError: 'nope' });
  });

  it('deduplicates queued jobs by key and honours a later run time', async () => {
    let runs = 0;
    t.jobs.register('t.dedupe', async () => {
      runs++;
      return runs === 1 ? { rerunAt: new Date(Date.now() + 60_000) } : undefined;
    });
    await enqueueJob(t.database.db, 't.dedupe', {}, { dedupeKey: 'k1' });
    await enqueueJob(t.database.db, 't.dedupe', {}, { dedupeKey: 'k1' });
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 't.dedupe'))).toHaveLength(1);
    await t.jobs.drain();
    expect(runs).toBe(1);
    expect((await jobRow('t.dedupe'))!.status).toBe('queued');
  });

  it('two runners never run the same job (SKIP LOCKED)', async () => {
    let runs = 0;
    t.jobs.register('t.contended', async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 50));
    });
    for (let i = 0; i < 5; i++) await enqueueJob(t.database.db, 't.contended', { i });
    await Promise.all([t.jobs.drain(), t.jobs.drain(), t.jobs.drain()]);
    expect(runs).toBe(5);
  });
});
