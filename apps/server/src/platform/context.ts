import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from './db.js';
import type { JobRunner } from './jobs.js';

/** Fastify with zod schemas as the type provider: every route is typed from its contract schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a feature's routes get: the database, the configuration and the job runner to register handlers with. */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: JobRunner;
  /**
   * Multiplies the simulated durations of operation steps (the modelled control plane's wall-clock work): 1 in a
   * running server, so progress is visible; 0 in tests, so `jobs.drain()` finishes an operation at once.
   */
  stepTimeScale: number;
}

/** A feature plugs its routes in with one of these. */
export type FeatureRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
