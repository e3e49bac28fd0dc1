import { sql } from 'drizzle-orm';
import type { Db } from './db.js';
import { enqueueJob, type JobHandler, type JobRunner } from './jobs.js';
import { jobs } from './schema.js';

/*
 * Observing an external system periodically (certificates, o11y health, Alertmanager, the AIOps detector over the
 * metrics source): ONE mechanism for every adapter that refreshes stored data from outside. A feature declares an
 * `Observation` (ServerFeature.observations); the app's ObservationRunner gives it:
 *
 * - A durable periodic job, `kind`: a `jobs` row that queues its own next run a period later, queued at start with
 *   the kind as its dedupe key unless it is queued already (a restart neither loses nor doubles it), due at once or a
 *   period later (`firstRound`). Several processes on one database: the job is claimed by one of them per period.
 * - Rounds that observe with no database transaction open. The job only STARTS a round (not awaited): on PGlite a
 *   transaction holds the one connection, so a network call inside one — up to its timeout — would stall every
 *   request. `observe` reads the source (cancelled through `round.signal` when the app closes), then `record` writes
 *   what was observed in ONE short transaction. One round of a kind at a time per process; a job run that finds the
 *   previous round still under way skips its round (logged). A crash mid-round loses that round; the next is queued.
 * - Failures that never stop the schedule and never crash the process: a round that throws (the source cannot be
 *   read, or recording failed: its writes roll back) is logged as an error with the reason, and kept on the job's row
 *   — `last_error`, and `attempts` counting the failed rounds in a row (a successful round clears both). The job
 *   itself never fails, so no attempt limit applies; the next round comes a period later, as always.
 */

export interface ObservationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
const silent: ObservationLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What a round's steps get. */
export interface ObservationRound {
  readonly kind: string;
  /** The database, with no transaction open: `observe` may read what it needs (its targets) in single statements. */
  readonly db: Db;
  /** Aborted when the app closes: hand it to the adapter's requests. */
  readonly signal: AbortSignal;
  readonly log: ObservationLog;
  /** When the round started: the "now" of what it observed. */
  readonly at: Date;
}

/** A periodic observation of an external system (see the top of this file). */
export interface Observation<T = unknown, R = unknown> {
  /** The job kind (its dedupe key too), e.g. `monitoring.o11y_probe`. */
  readonly kind: string;
  /** Time from one round to the next. */
  readonly periodMs: number;
  /** When the job queued at start is due: at once (a real source: a first look right away) or a period later. */
  readonly firstRound: 'now' | 'period';
  /** False (e.g. no source configured): not queued at start, and a job queued earlier ends at its next run. */
  readonly enabled?: boolean;
  /** Reads the external system, no transaction open. Throws when it cannot be read: nothing is recorded then. */
  observe(round: ObservationRound): Promise<T>;
  /** Writes what was observed, in the round's one transaction. */
  record(tx: Db, observed: T, round: ObservationRound): Promise<R>;
  /** After the transaction committed: logs what the round did (a failure is logged by the runner). */
  report?(result: R, round: ObservationRound): void;
}

/** An observation with its types checked, as the runner keeps it. */
export function defineObservation<T, R>(o: Observation<T, R>): Observation {
  return o as unknown as Observation;
}

const messageOf = (err: unknown): string =>
  ((err instanceof Error ? err.message : String(err)) || String(err)).slice(0, 2000);

/** Resolves as `p` does, or rejects once `signal` aborts: a close never waits for an adapter that ignores it. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  p.catch(() => undefined); // abandoned once aborted: its late failure is not an unhandled rejection
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('the app is closing'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One app's observations: their jobs, their rounds (at most one per kind), stopped when the app closes. */
export class ObservationRunner {
  log: ObservationLog;
  private readonly observations = new Map<string, Observation>();
  private readonly rounds = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();

  /** With a job runner: each observation's job is registered there, and its drain and stop cover the rounds. */
  constructor(
    private readonly db: Db,
    log: ObservationLog = silent,
    private readonly jobRunner?: JobRunner,
  ) {
    this.log = log;
    jobRunner?.attach(this);
  }

  add(o: Observation): void {
    if (this.observations.has(o.kind)) throw new Error(`observation ${o.kind} added twice`);
    this.observations.set(o.kind, o);
    this.jobRunner?.register(o.kind, this.jobHandler(o));
  }

  /** The job: starts a round (not awaited: see the top) and queues the next run a period later; never throws. */
  private jobHandler(o: Observation): JobHandler {
    return async () => {
      if (o.enabled === false) return; // the job ends; a start with the observation enabled queues it again
      void this.run(o.kind);
      return { rerunAt: new Date(Date.now() + o.periodMs) };
    };
  }

  /** Queues each enabled observation's job unless it is queued already (the app's start). */
  async schedule(): Promise<void> {
    const now = Date.now();
    for (const o of this.observations.values()) {
      if (o.enabled === false) continue;
      const runAt = new Date(o.firstRound === 'now' ? now : now + o.periodMs);
      await enqueueJob(this.db, o.kind, {}, { dedupeKey: o.kind, runAt });
    }
  }

  /** Starts a round of `kind` unless one is under way (then answers that one); resolves when it ends, never rejects. */
  run(kind: string): Promise<void> {
    const current = this.rounds.get(kind);
    if (current) {
      this.log.warn({ observation: kind }, `${kind}: the previous round is still running, this one is skipped`);
      return current;
    }
    const o = this.observations.get(kind);
    if (!o || o.enabled === false || this.abort.signal.aborted) return Promise.resolve();
    const round = this.round(o).finally(() => this.rounds.delete(kind));
    this.rounds.set(kind, round);
    return round;
  }

  busy(): boolean {
    return this.rounds.size > 0;
  }

  /** Resolves once no round is under way. */
  async idle(): Promise<void> {
    while (this.rounds.size) await Promise.all(this.rounds.values());
  }

  /** Cancels the rounds under way (nothing more is recorded) and starts no more. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  private async round(o: Observation): Promise<void> {
    const { signal } = this.abort;
    const round: ObservationRound = { kind: o.kind, db: this.db, signal, log: this.log, at: new Date() };
    let result: unknown;
    try {
      // Called at once (an async wrapper: an observe that throws at once is a rejection, not an escape).
      const observed = await untilAborted((async () => o.observe(round))(), signal);
      if (signal.aborted) return;
      result = await this.db.transaction(async (tx) => {
        const r = await o.record(tx, observed, round);
        await tx.execute(sql`
          UPDATE ${jobs} SET attempts = 0, last_error = NULL, updated_at = now()
          WHERE kind = ${o.kind} AND dedupe_key = ${o.kind} AND status = 'queued'
            AND (attempts <> 0 OR last_error IS NOT NULL)`);
        return r;
      });
    } catch (err) {
      if (!signal.aborted) await this.failed(o, err);
      return;
    }
    try {
      o.report?.(result, round);
    } catch (err) {
      this.log.error({ observation: o.kind, err }, `${o.kind}: reporting the round failed`);
    }
  }

  /** Logs a failed round and keeps it on the job's row. */
  private async failed(o: Observation, err: unknown): Promise<void> {
    const message = messageOf(err);
    let job: { attempts: number; run_at: string } | undefined;
    try {
      const res = (await this.db.execute(sql`
        UPDATE ${jobs} SET attempts = attempts + 1, last_error = ${message}, updated_at = now()
        WHERE kind = ${o.kind} AND dedupe_key = ${o.kind} AND status = 'queued'
        RETURNING attempts, run_at`)) as unknown as { rows: { attempts: number; run_at: string | Date }[] };
      const row = res.rows[0];
      if (row) job = { attempts: Number(row.attempts), run_at: new Date(row.run_at).toISOString() };
    } catch (dbErr) {
      this.log.error({ observation: o.kind, err: dbErr }, `${o.kind}: the failed round could not be kept on its job`);
    }
    const next = job ? `; the next round at ${job.run_at}` : '';
    const inARow = job && job.attempts > 1 ? ` (${job.attempts} rounds in a row)` : '';
    this.log.error(
      { observation: o.kind, err, failedRounds: job?.attempts, nextRoundAt: job?.run_at },
      `${o.kind}: the round failed, nothing recorded${inARow}: ${message}${next}`,
    );
  }
}
