import crypto from 'node:crypto';
import Fastify from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes, authConfigSchema, PORTAL_NAME } from '@portal/contract';
import type { Config } from './config.js';
import { ping, type Database } from './platform/db.js';
import { installErrorHandling } from './platform/errors.js';
import { installAuth } from './platform/auth.js';
import { installSecurityHeaders, installSpa } from './platform/http.js';
import type { App, AppContext, FeatureRoutes, ServerFeature } from './platform/context.js';
import { Registry } from './platform/extensions.js';
import { routeRegistrar } from './platform/routes.js';
import { createIdp, type Idp } from './idp/index.js';
import { JobRunner } from './platform/jobs.js';
import { registerUserRoutes } from './features/access/routes.js';
import { registerAuditRoutes } from './features/audits/routes.js';
import { registerTenantRoutes } from './features/orgs/routes.js';
import { providersFeature } from './features/providers/index.js';
import { registerDashboardRoutes } from './features/overview/routes.js';
import { registerApprovalRoutes } from './features/approvals/routes.js';
import { registerOperationRoutes } from './features/operations/routes.js';
import { registerConfigChangeRoutes } from './features/configchange/routes.js';
import { registerTicdcRoutes } from './features/ticdc/routes.js';
import { registerCtlRoutes } from './features/ctl/routes.js';
import { registerGitopsRoutes } from './features/gitops/routes.js';

/** A feature still registering its routes by hand (until it has its feature module). */
const legacy = (name: string, register: FeatureRoutes): ServerFeature => ({
  name,
  routes: (r, ctx) => register(r.app, ctx),
});

/** Every area of the server, in one place: each is one feature module (`features/<area>/index.ts`). */
export const features: readonly ServerFeature[] = [
  legacy('access', registerUserRoutes),
  legacy('audits', registerAuditRoutes),
  legacy('orgs', registerTenantRoutes),
  providersFeature,
  legacy('overview', registerDashboardRoutes),
  legacy('approvals', registerApprovalRoutes),
  legacy('operations', registerOperationRoutes),
  legacy('configchange', registerConfigChangeRoutes),
  legacy('ticdc', registerTicdcRoutes),
  legacy('ctl', registerCtlRoutes),
  legacy('gitops', registerGitopsRoutes),
];

export interface BuiltApp {
  app: App;
  idp: Idp;
  jobs: JobRunner;
}

export interface BuildOptions {
  /** Run the background job loop (main does; tests drain jobs explicitly). */
  startJobs?: boolean;
  /** Scale of simulated operation step durations (default 1; tests pass 0). */
  stepTimeScale?: number;
}

/** Builds the whole server (used by main and by tests); the caller owns the database's lifetime. */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Request-Id', req.id);
    return payload;
  });

  installErrorHandling(app);
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
  app.get(
    authRoutes.config,
    { schema: { response: { 200: authConfigSchema }, tags: ['auth'] }, config: { access: 'public' } },
    () => idp.authConfig,
  );
  // A cheap authenticated route with no DB work beyond auth: the benchmark's twin of the list routes.
  app.get(
    '/api/v1/devops/ping',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) }, hide: true }, config: { access: 'portal.read' } },
    () => ({ ok: true as const }),
  );

  await idp.mount(app);
  const jobs = new JobRunner(database.db, app.log);
  const registry = new Registry();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    registry,
    stepTimeScale: options.stepTimeScale ?? 1,
  };
  // Contributions first (a feature's routes and jobs may look up what others contributed), then jobs, then routes.
  for (const f of features) for (const c of f.provides?.(ctx) ?? []) registry.add(c);
  for (const f of features)
    for (const [kind, handler] of Object.entries(f.jobs?.(ctx) ?? {})) jobs.register(kind, handler);
  for (const f of features) await f.routes?.(routeRegistrar(app, f.name), ctx);
  app.addHook('onReady', async () => {
    for (const f of features) await f.start?.(ctx);
  });
  await installSpa(app, config.webDist);
  if (options.startJobs) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await idp.close();
  });
  return { app, idp, jobs };
}
