import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.js';
import { jobs } from './schema.js';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** A handler runs inside the claiming transaction (as a savepoint): its writes commit together with "done". */
export type JobHandler = (tx: Db, payload: never, job: Job) => Promise<{ rerunAt?: Date } | void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued job per key; a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Queues a job with the caller's transaction, so it exists if and only if the caller's change commits. */
export async function enqueueJob(tx: Db, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? {},
      runAt: opts.runAt ?? new Date(),
      dedupeKey: opts.dedupeKey ?? null,
      maxAttempts: opts.maxAttempts ?? 5,
    })
    .onConflictDoNothing();
}

const backoffMs = (attempt: number) => Math.min(60_000, 500 * 2 ** (attempt - 1));

/** Work that jobs start and do not await (observation rounds, platform/observation.ts). */
export interface DetachedWork {
  busy(): boolean;
  /** Resolves once none is under way. */
  idle(): Promise<void>;
  /** Cancels what is under way and starts no more. */
  stop(): Promise<void>;
}

/**
 * Claims due jobs with `FOR UPDATE SKIP LOCKED` (so sibling processes never run the same job) and runs them.
 * A crash mid-job rolls back the job's effects and leaves it queued; it simply runs again.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private readonly detached: DetachedWork[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 200,
  ) {}

  register<P>(kind: string, handler: (tx: Db, payload: P, job: Job) => Promise<{ rerunAt?: Date } | void>): void {
    if (this.handlers.has(kind)) throw new Error(`job handler for ${kind} registered twice`);
    this.handlers.set(kind, handler as JobHandler);
  }

  /** Work the jobs start without awaiting it: `drain()` waits for it, `stop()` ends it. */
  attach(work: DetachedWork): void {
    this.detached.push(work);
  }

  /** Claims and runs one due job; false when none is due. */
  async runOne(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
          SELECT id, kind, payload, attempts, max_attempts FROM ${jobs}
          WHERE status = 'queued' AND run_at <= now()
          ORDER BY run_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED`)) as unknown as { rows: Job[] };
      const row = result.rows[0];
      if (!row) return false;
      // int8 arrives as a string from node-postgres and a number from PGlite.
      const job: Job = {
        ...row,
        id: Number(row.id),
        attempts: Number(row.attempts),
        max_attempts: Number(row.max_attempts),
      };
      const handler = this.handlers.get(job.kind);
      if (!handler) {
        await tx.execute(
          sql`UPDATE ${jobs} SET status = 'failed', last_error = 'no handler', updated_at = now() WHERE id = ${job.id}`,
        );
        this.log.error({ job: job.id, kind: job.kind }, 'no handler for job');
        return true;
      }
      try {
        const outcome = await tx.transaction((sp) => handler(sp, job.payload as never, job));
        if (outcome?.rerunAt) {
          await tx.execute(
            sql`UPDATE ${jobs} SET run_at = ${outcome.rerunAt.toISOString()}, updated_at = now() WHERE id = ${job.id}`,
          );
        } else {
          await tx.execute(sql`DELETE FROM ${jobs} WHERE id = ${job.id}`);
        }
      } catch (err) {
        const attempts = job.attempts + 1;
        const message = (err as Error).message?.slice(0, 2000) ?? String(err);
        const failed = attempts >= job.max_attempts;
        this.log.warn(
          { job: job.id, kind: job.kind, attempts, err },
          failed ? 'job failed for good' : 'job failed, will retry',
        );
        const runAt = new Date(Date.now() + backoffMs(attempts)).toISOString();
        await tx.execute(sql`
          UPDATE ${jobs} SET attempts = ${attempts}, last_error = ${message}, updated_at = now(),
            status = ${failed ? 'failed' : 'queued'}, run_at = ${runAt}
          WHERE id = ${job.id}`);
      }
      return true;
    });
  }

  /**
   * Runs due jobs until none is left (tests, and after a burst of work), waiting for the detached work they started
   * (an observation round) and running what that queued in turn.
   */
  async drain(max = 1000): Promise<number> {
    let n = 0;
    while (n < max) {
      if (await this.runOne()) n++;
      else if (this.detached.some((w) => w.busy())) await Promise.all(this.detached.map((w) => w.idle()));
      else break;
    }
    return n;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let ran = false;
        try {
          ran = await this.runOne();
        } catch (err) {
          this.log.error({ err }, 'job loop error');
        }
        // Back to the event loop between jobs: on PGlite a job's queries settle in microtasks alone, so a backlog run
        // back to back (the demo seed leaves ~60 jobs) kept incoming requests from even being read until it was done.
        if (ran) await new Promise<void>((resolve) => setImmediate(resolve));
        if (!ran && this.running) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, this.pollMs);
            this.wakeUp = () => {
              clearTimeout(t);
              resolve();
            };
          });
          this.wakeUp = undefined;
        }
      }
    })();
  }

  /** Work was just queued in this process: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all([this.loop, ...this.detached.map((w) => w.stop())]);
  }
}
