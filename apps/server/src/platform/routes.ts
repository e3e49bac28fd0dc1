import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBodyOut, RouteDef, RouteParamsOut, RouteQueryOut, RouteReply } from '@portal/contract';
import type { App } from './context.js';

/** The request a route's handler gets: params, query and body typed from the descriptor's schemas (parsed). */
export type RouteRequest<D extends RouteDef> = FastifyRequest<{
  Params: RouteParamsOut<D>;
  Querystring: RouteQueryOut<D>;
  Body: RouteBodyOut<D>;
}>;

export type RouteHandler<D extends RouteDef> = (
  req: RouteRequest<D>,
  reply: FastifyReply,
) => RouteReply<D> | Promise<RouteReply<D>>;

/** A path param without its own schema: a non-empty string of bounded length. */
const pathParam = z.string().trim().min(1).max(200);

function paramsSchema(d: RouteDef): z.ZodType | undefined {
  if (d.params) return d.params;
  const names = [...d.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, pathParam]))) : undefined;
}

/**
 * Registers a route from its contract descriptor: method and path, the zod schemas (validation and OpenAPI), the
 * declared privilege (checked by the auth hook) and the success status. The handler returns the response body.
 */
export function addRoute<D extends RouteDef>(app: App, d: D, handler: RouteHandler<D>, opts: { tags?: string[] } = {}) {
  const status = d.status ?? 200;
  const params = paramsSchema(d);
  app.route({
    method: d.method,
    url: d.path,
    schema: {
      ...(params ? { params } : {}),
      ...(d.query ? { querystring: d.query } : {}),
      ...(d.body ? { body: d.body } : {}),
      response: { [status]: d.response },
      ...(d.tags || opts.tags ? { tags: [...(d.tags ?? opts.tags ?? [])] } : {}),
      ...(d.summary ? { summary: d.summary } : {}),
    },
    config: { access: d.access },
    handler: async (req, reply) => {
      const body = await handler(req as unknown as RouteRequest<D>, reply);
      if (reply.sent) return reply;
      return reply.status(status).send(body);
    },
  });
}

/** A feature's routes, registered against one app with the feature's OpenAPI tag. */
export interface RouteRegistrar {
  add<D extends RouteDef>(d: D, handler: RouteHandler<D>): void;
  /** The Fastify app itself, for what is not a contract route (a plugin, a non-API page). */
  readonly app: App;
}

export function routeRegistrar(app: App, tag: string): RouteRegistrar {
  return { app, add: (d, handler) => addRoute(app, d, handler, { tags: [tag] }) };
}
