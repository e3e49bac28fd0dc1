import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authApi, PORTAL_NAME } from '@portal/contract';
import type { Config } from './config.js';
import { ping, type Database } from './platform/db.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/errors.js';
import { installRequestHygiene } from './platform/request-hygiene.js';
import { installAuth } from './platform/auth.js';
import { installRequestLog, installSecurityHeaders, installSpa } from './platform/http.js';
import type { App, AppContext, ServerFeature } from './platform/context.js';
import { Registry } from './platform/extensions.js';
import { addRoute, routeRegistrar } from './platform/routes.js';
import { createIdp, type Idp } from './idp/index.js';
import { JobRunner } from './platform/jobs.js';
import { ObservationRunner } from './platform/observation.js';
import { accessFeature } from './features/access/index.js';
import { rbacFeature } from './features/rbac/index.js';
import { iamFeature } from './features/iam/index.js';
import { privilegesFeature } from './features/privileges/index.js';
import { settingsFeature } from './features/settings/index.js';
import { auditsFeature } from './features/audits/index.js';
import { orgsFeature } from './features/orgs/index.js';
import { providersFeature } from './features/providers/index.js';
import { overviewFeature } from './features/overview/index.js';
import { approvalsFeature } from './features/approvals/index.js';
import { operationsFeature } from './features/operations/index.js';
import { configchangeFeature } from './features/configchange/index.js';
import { ticdcFeature } from './features/ticdc/index.js';
import { ctlFeature } from './features/ctl/index.js';
import { gitopsFeature } from './features/gitops/index.js';
import { configcenterFeature, configVersionsFeature } from './features/configcenter/index.js';
import { releaseFeature } from './features/release/index.js';
import { maintenanceFeature } from './features/maintenance/index.js';
import { jumpsFeature } from './features/jumps/index.js';
import { k8sFeature } from './features/k8s/index.js';
import { eventsFeature } from './features/events/index.js';
import { issueTrackerFeature } from './features/issuetracker/index.js';
import { remediationFeature } from './features/remediation/index.js';
import { incidentsFeature } from './features/incidents/index.js';
import { userbehaviorFeature } from './features/userbehavior/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { metricsFeature } from './features/metrics/index.js';
import { clusterMonitoringFeature } from './features/clustermonitoring/index.js';
import { dashboardFeature } from './features/dashboard/index.js';
import { monitoringFeature } from './features/monitoring/index.js';
import { aiopsFeature } from './features/aiops/index.js';
import { slaFeature } from './features/sla/index.js';
import { billingFeature } from './features/billing/index.js';
import { billingAccountsFeature } from './features/billingaccounts/index.js';
import { partnersFeature } from './features/partners/index.js';
import { skuServiceFeature } from './features/skuservice/index.js';
import { tenantsFeature } from './features/tenants/index.js';
import { simulatedControlPlane } from './features/controlplane/index.js';
import type { ControlPlane } from './platform/control-plane.js';

/** Every area of the server, in one place: each is one feature module (`features/<area>/index.ts`). */
export const features: readonly ServerFeature[] = [
  accessFeature,
  rbacFeature,
  iamFeature,
  privilegesFeature,
  settingsFeature,
  auditsFeature,
  orgsFeature,
  providersFeature,
  overviewFeature,
  approvalsFeature,
  operationsFeature,
  configchangeFeature,
  ticdcFeature,
  ctlFeature,
  gitopsFeature,
  configVersionsFeature,
  configcenterFeature,
  releaseFeature,
  maintenanceFeature,
  jumpsFeature,
  k8sFeature,
  eventsFeature,
  userbehaviorFeature,
  notificationsFeature,
  issueTrackerFeature,
  remediationFeature,
  incidentsFeature,
  metricsFeature,
  clusterMonitoringFeature,
  dashboardFeature,
  monitoringFeature,
  aiopsFeature,
  slaFeature,
  billingFeature,
  billingAccountsFeature,
  partnersFeature,
  skuServiceFeature,
  tenantsFeature,
];

export interface BuiltApp {
  app: App;
  idp: Idp;
  jobs: JobRunner;
  /** The app's context (database, jobs, registry of contributions): what the demo seed and tests work with. */
  ctx: AppContext;
}

export interface BuildOptions {
  /** Run the background job loop once ready (main starts it itself, after listening; tests drain jobs explicitly). */
  startJobs?: boolean;
  /** Scale of simulated operation step durations (default 1; tests pass 0). */
  stepTimeScale?: number;
  /** The control plane the features act through (platform/control-plane.ts); default: the simulation. */
  controlPlane?: ControlPlane;
  /** Features added after `features` (a test contributes its own operation types this way). */
  extraFeatures?: readonly ServerFeature[];
  /** Told of every route as it is registered (the authz matrix test lists them this way). */
  onRoute?: (route: { method: string | string[]; url: string; config?: { access?: unknown } }) => void;
}

/** A client's X-Request-Id, adopted only when it is a short token of safe characters (it goes into logs, headers). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
function adoptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : undefined;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** Fastify's compiler factories typed for Ajv schemas; Zod's compilers are what `setValidatorCompiler` installs. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole server (used by main and by tests); the caller owns the database's lifetime. */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // One line per request only when it failed or was slow (REQUEST_LOG=all: every request): installRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => adoptedRequestId(req.headers['x-request-id']) ?? crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    clientErrorHandler,
    frameworkErrors,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Zod validates and serializes every route: given up front, Fastify does not load Ajv and fast-json-stringify.
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Request-Id', req.id);
    return payload;
  });

  installErrorHandling(app);
  installRequestLog(app, { mode: config.requestLog, slowMs: config.slowRequestMs });
  installRequestHygiene(app);
  const idp = await createIdp(config, database, app.log);
  installAuth(app, { db: database.db, verifier: idp.verifier });
  installSecurityHeaders(app, { connectSrc: idp.connectSrc, relaxedPrefixes: ['/api/docs', '/oidc'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PORTAL_NAME} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { access: 'public' } }, async (_req, reply) => {
    try {
      await ping(database);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  addRoute(app, authApi.config, () => idp.authConfig);

  await idp.mount(app);
  const jobs = new JobRunner(database.db, app.log);
  // Its rounds are the job runner's detached work: the runner's drain waits for them, its stop (on close) ends them.
  const observations = new ObservationRunner(database.db, app.log, jobs);
  const registry = new Registry();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    observations,
    registry,
    controlPlane: options.controlPlane ?? simulatedControlPlane({ stepTimeScale: options.stepTimeScale ?? 1 }),
  };
  const modules = [...features, ...(options.extraFeatures ?? [])];
  // Contributions first (a feature's routes and jobs may look up what others contributed), then jobs, then routes.
  for (const f of modules) for (const c of f.provides?.(ctx) ?? []) registry.add(c);
  for (const f of modules)
    for (const [kind, handler] of Object.entries(f.jobs?.(ctx) ?? {})) jobs.register(kind, handler);
  for (const f of modules) for (const o of f.observations?.(ctx) ?? []) observations.add(o);
  for (const f of modules) await f.routes?.(routeRegistrar(app, f.name), ctx);
  app.addHook('onReady', async () => {
    for (const f of modules) await f.start?.(ctx);
    await observations.schedule();
  });
  await installSpa(app, config.webDist);
  if (options.startJobs) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await idp.close();
  });
  return { app, idp, jobs, ctx };
}
