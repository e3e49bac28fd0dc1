import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { writeAudit } from './audit.js';
import { defineFeature } from './context.js';
import type { Db } from './db.js';
import { enqueueJob } from './jobs.js';
import { defineObservation, ObservationRunner, type ObservationLog } from './observation.js';

/*
 * The periodic observation of an external system (observation.ts), through a test feature's observations: queued once
 * at start, observed with no transaction open, recorded in one transaction, failures logged and kept on the job
 * without ever stopping its schedule, one round of a kind at a time, cancelled when the app closes.
 */

const MINUTE = 60_000;
/** What the test source does next: answer a value, fail, or wait for `release()`. */
const source = {
  observed: 0,
  recorded: 0,
  fail: undefined as string | undefined,
  failAtOnce: false,
  failRecord: false,
  failReport: false,
  gate: undefined as Promise<void> | undefined,
  signals: [] as AbortSignal[],
};
let release: () => void = () => undefined;
const hold = () => {
  source.gate = new Promise<void>((resolve) => (release = resolve));
};

/** Observes a number and records it as an audit row (of instance `obs-<n>`), then fails the record when told. */
const watched = defineObservation({
  kind: 'test.watched',
  periodMs: 10 * MINUTE,
  firstRound: 'now',
  observe: ({ signal }) => {
    source.signals.push(signal);
    source.observed++;
    if (source.failAtOnce) throw new Error('the source refused at once');
    return (async () => {
      if (source.gate) await source.gate;
      if (source.fail) throw new Error(source.fail);
      return source.observed;
    })();
  },
  record: async (tx: Db, n: number) => {
    await writeAudit(tx, { type: 'operation', instanceId: `obs-${n}`, operator: 'system', operation: 'observed' });
    if (source.failRecord) throw new Error('the record failed half-way');
    source.recorded++;
    return n;
  },
  report: () => {
    if (source.failReport) throw new Error('the report failed');
  },
});
const later = defineObservation({
  kind: 'test.later',
  periodMs: 30 * MINUTE,
  firstRound: 'period',
  observe: async () => 0,
  record: async () => 0,
});
const off = defineObservation({
  kind: 'test.off',
  periodMs: MINUTE,
  firstRound: 'now',
  enabled: false,
  observe: async () => {
    throw new Error('a disabled observation never observes');
  },
  record: async () => 0,
});
const observing = defineFeature({ name: 'observing', observations: () => [watched, later, off] });

interface Logged {
  level: keyof ObservationLog;
  obj: Record<string, unknown>;
  msg: string;
}
let t: TestApp;
const logged: Logged[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { extraFeatures: [observing] });
  const keep = (level: Logged['level']) => (obj: object, msg: string) =>
    logged.push({ level, obj: obj as Record<string, unknown>, msg });
  t.ctx.observations.log = { info: keep('info'), warn: keep('warn'), error: keep('error') };
  // The seed's queued jobs first, the watched one held back: what follows drains it alone.
  await t.database.rows(sql`update jobs set run_at = now() + interval '1 day' where kind = 'test.watched'`);
  await t.jobs.drain();
});
afterAll(() => t?.close());
beforeEach(() => {
  Object.assign(source, { fail: undefined, failAtOnce: false, failRecord: false, failReport: false });
  source.gate = undefined;
  logged.length = 0;
});

const job = async (kind = 'test.watched') =>
  t.database.rows<{ status: string; attempts: number; max_attempts: number; last_error: string | null; in_ms: number }>(
    sql`select status, attempts, max_attempts, last_error,
          (extract(epoch from run_at) * 1000 - extract(epoch from clock_timestamp()) * 1000)::float8 in_ms
        from jobs where kind = ${kind}`,
  );
const due = () => t.database.rows(sql`update jobs set run_at = now() where kind = 'test.watched'`);
const auditsOf = (n: number) =>
  t.database.rows(sql`select operation from audit_logs where type = 'operation' and instance_id = ${`obs-${n}`}`);

describe('the schedule', () => {
  it('queues each enabled observation once at start, due at once or a period later; a restart adds none', async () => {
    expect(await job()).toEqual([expect.objectContaining({ status: 'queued', attempts: 0 })]);
    const [l] = await job('test.later');
    expect(l!.in_ms).toBeGreaterThan(29 * MINUTE);
    expect(l!.in_ms).toBeLessThanOrEqual(30 * MINUTE);
    expect(await job('test.off')).toEqual([]);
    await t.ctx.observations.schedule();
    expect(await job()).toHaveLength(1);
    expect(await job('test.later')).toHaveLength(1);
  });

  it('a job of a disabled observation ends at its next run, observing nothing', async () => {
    await enqueueJob(t.database.db, 'test.off', {}, { dedupeKey: 'test.off' });
    await t.jobs.drain();
    expect(await job('test.off')).toEqual([]);
    expect(logged).toEqual([]);
  });
});

describe('a round', () => {
  it('observes with no transaction open, then records in one transaction; the job runs a period later', async () => {
    hold();
    await due();
    const before = source.observed;
    const draining = t.jobs.drain();
    while (source.observed === before) await new Promise((r) => setTimeout(r, 5));
    // While the source is slow the database answers: no transaction holds it (on PGlite, its one connection).
    const answered = await Promise.race([
      t.database.rows(sql`select count(*) from audit_logs`).then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('blocked'), 1500)),
    ]);
    expect(answered).toBe('answered');
    expect(await auditsOf(source.observed)).toEqual([]);
    release();
    await draining;
    expect(await auditsOf(source.observed)).toEqual([{ operation: 'observed' }]);
    const [j] = await job();
    expect(j).toMatchObject({ status: 'queued', attempts: 0, last_error: null });
    expect(j!.in_ms).toBeGreaterThan(9 * MINUTE);
    expect(j!.in_ms).toBeLessThanOrEqual(10 * MINUTE);
  });

  it('a record that fails writes nothing: its writes roll back together', async () => {
    source.failRecord = true;
    const recorded = source.recorded;
    await due();
    await t.jobs.drain();
    expect(await auditsOf(source.observed)).toEqual([]);
    expect(source.recorded).toBe(recorded);
    expect((await job())[0]).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the record failed half-way' });
  });

  it('a failed round is logged and kept on its job, past any attempt limit; a good round clears it', async () => {
    source.fail = 'the source is down (ECONNREFUSED)';
    const { attempts: already, max_attempts: limit } = (await job())[0]!;
    for (let i = 0; i < limit; i++) {
      await due();
      await t.jobs.drain();
    }
    // An observe that throws before it returns a promise fails its round the same way, crashing nothing.
    source.fail = undefined;
    source.failAtOnce = true;
    await due();
    await t.jobs.drain();
    const [j] = await job();
    expect(j).toMatchObject({
      status: 'queued',
      attempts: already + limit + 1,
      last_error: 'the source refused at once',
    });
    expect(j!.in_ms).toBeGreaterThan(9 * MINUTE);
    const errors = logged.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(limit + 1);
    expect(errors[0]!.msg).toMatch(
      /^test\.watched: the round failed, nothing recorded \(\d+ rounds in a row\): the source is down \(ECONNREFUSED\); /,
    );
    expect(errors[0]!.msg).toMatch(/; the next round at \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(errors[0]!.obj).toMatchObject({ observation: 'test.watched', failedRounds: already + 1 });

    source.failAtOnce = false;
    await due();
    await t.jobs.drain();
    expect((await job())[0]).toMatchObject({ status: 'queued', attempts: 0, last_error: null });
    expect(await auditsOf(source.observed)).toEqual([{ operation: 'observed' }]);
  });

  it('a report that throws is logged; the round stands', async () => {
    source.failReport = true;
    await due();
    await t.jobs.drain();
    expect(await auditsOf(source.observed)).toEqual([{ operation: 'observed' }]);
    expect(logged.map((l) => [l.level, l.msg])).toEqual([['error', 'test.watched: reporting the round failed']]);
    expect((await job())[0]).toMatchObject({ attempts: 0, last_error: null });
  });

  it('one round of a kind at a time: a job run while one is under way skips its round, and says so', async () => {
    hold();
    const observed = source.observed;
    const first = t.ctx.observations.run('test.watched');
    expect(t.ctx.observations.run('test.watched')).toBe(first);
    await due();
    expect(await t.jobs.runOne()).toBe(true);
    expect(source.observed).toBe(observed + 1);
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'test.watched: the previous round is still running, this one is skipped'],
      ['warn', 'test.watched: the previous round is still running, this one is skipped'],
    ]);
    // The job still ran: its next run is a period later.
    expect((await job())[0]!.in_ms).toBeGreaterThan(9 * MINUTE);
    release();
    await first;
    expect(await auditsOf(source.observed)).toEqual([{ operation: 'observed' }]);
  });
});

describe('closing', () => {
  it('cancels the round under way (nothing recorded, no failure kept) and starts none after', async () => {
    const runner = new ObservationRunner(t.database.db);
    runner.add(watched);
    hold();
    const observed = source.observed;
    const round = runner.run('test.watched');
    expect(runner.busy()).toBe(true);
    const signal = source.signals.at(-1)!;
    expect(signal.aborted).toBe(false);
    // The source ignores the signal (it waits for a release that never comes): the close does not wait for it.
    await runner.stop();
    expect(signal.aborted).toBe(true);
    await round;
    expect(runner.busy()).toBe(false);
    await runner.run('test.watched');
    expect(source.observed).toBe(observed + 1);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(await auditsOf(observed + 1)).toEqual([]);
    expect((await job())[0]).toMatchObject({ attempts: 0, last_error: null });
  });

  it("the app's close stops its rounds", async () => {
    const app = await createTestApp({}, { extraFeatures: [observing] });
    hold();
    const round = app.ctx.observations.run('test.watched');
    expect(app.ctx.observations.busy()).toBe(true);
    await app.close();
    await round;
    expect(app.ctx.observations.busy()).toBe(false);
    expect(source.signals.at(-1)!.aborted).toBe(true);
    release();
  });

  it('refuses an observation added twice', () => {
    const runner = new ObservationRunner(t.database.db);
    runner.add(later);
    expect(() => runner.add(later)).toThrow('observation test.later added twice');
  });
});
