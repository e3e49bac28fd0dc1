import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { ControlPlane } from './control-plane.js';
import type { Database, Db } from './db.js';
import type { Contribution, Registry } from './extensions.js';
import type { JobHandler, JobRunner } from './jobs.js';
import type { Observation, ObservationRunner } from './observation.js';
import type { RouteRegistrar } from './routes.js';

/** Fastify with zod schemas as the type provider: every route is typed from its contract schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every feature gets: the database, the configuration, the job runner and this app's extension registry. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobRunner;
  /** The periodic observations of external systems the features declare (platform/observation.ts). */
  observations: ObservationRunner;
  /** Items contributed to extension points by the features of this app (operation types, approval templates…). */
  registry: Registry;
  /** The operator, cluster tools and gitops repository the features act through (simulated by default). */
  controlPlane: ControlPlane;
}

/**
 * One area of the server, declared in its `index.ts` and listed once in `app.ts`. Everything the area adds to the
 * app is here: its contributions to other areas' extension points, its durable job handlers and its routes.
 */
export interface ServerFeature {
  name: string;
  /** Contributions to extension points (see platform/extensions.ts). Collected from every feature before routes. */
  provides?: (ctx: AppContext) => Contribution[];
  /** Durable job handlers by job kind. */
  jobs?: (ctx: AppContext) => Record<string, JobHandler>;
  /**
   * External systems the area observes periodically (platform/observation.ts): each a durable periodic job, queued
   * at start, whose rounds read the source with no transaction open and record in one short transaction.
   */
  observations?: (ctx: AppContext) => Observation[];
  /** The area's routes, each from its contract descriptor. */
  routes?: (r: RouteRegistrar, ctx: AppContext) => void | Promise<void>;
  /** Runs once when the app is ready, before it serves (e.g. to ensure reference rows the area owns). */
  start?: (ctx: AppContext) => Promise<void>;
}

export function defineFeature(feature: ServerFeature): ServerFeature {
  return feature;
}
