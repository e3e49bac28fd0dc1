import type { z } from 'zod';
import type { Privilege } from './auth.js';

/*
 * Route descriptors: one per API route, shared by both sides. The server registers its handler from the descriptor
 * (validation, OpenAPI, declared privilege, success status); the web calls `api(descriptor, input)` and gets the
 * response type inferred from the same schemas. In the web build the schema fields are stripped from every
 * `route({…})` call (apps/web/vite.config.ts), so a page that only *calls* a route never bundles its zod schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route requires: a privilege; `authenticated` for any signed-in portal user (the caller's own profile); or
 * `public` for the few routes anyone may call.
 */
export type RouteAccess = Privilege | 'authenticated' | 'public';

type Schema = z.ZodType;

export interface RouteDef {
  method: HttpMethod;
  /** Fastify/react-router style: `/api/v1/admin/orgs/:id`. */
  path: string;
  access: RouteAccess;
  /** Status of a success (default 200). */
  status?: 200 | 201 | 202;
  /** OpenAPI group; defaults to the descriptor's area. */
  tags?: readonly string[];
  summary?: string;
  /** Path params; without it each `:name` of the path is a non-empty string. */
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema;
}

/** Declares a route; `const` keeps the method, path and access literal for both sides. */
export function route<const D extends RouteDef>(d: D): D {
  return d;
}

/** The `:name` placeholders of a path as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? { [K in N]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? { [K in N]: string }
    : Record<never, never>;

/** What a caller sends, per part (zod input types). */
export type RouteParamsIn<D extends RouteDef> = D extends { params: infer S extends Schema }
  ? z.input<S>
  : PathParams<D['path']>;
export type RouteQueryIn<D extends RouteDef> = D extends { query: infer S extends Schema } ? z.input<S> : undefined;
export type RouteBodyIn<D extends RouteDef> = D extends { body: infer S extends Schema } ? z.input<S> : undefined;

/** What a handler receives, per part (zod output types, after defaults and coercion). */
export type RouteParamsOut<D extends RouteDef> = D extends { params: infer S extends Schema }
  ? z.output<S>
  : PathParams<D['path']>;
export type RouteQueryOut<D extends RouteDef> = D extends { query: infer S extends Schema } ? z.output<S> : undefined;
export type RouteBodyOut<D extends RouteDef> = D extends { body: infer S extends Schema } ? z.output<S> : undefined;

/** What a handler returns (serialised through the response schema) and what a caller receives. */
export type RouteReply<D extends RouteDef> = z.input<D['response']>;
export type RouteResponse<D extends RouteDef> = z.output<D['response']>;

/** The input of a call: `params` when the path has placeholders, `query` when the route takes one, `body` likewise. */
export type RouteInput<D extends RouteDef> = (keyof PathParams<D['path']> extends never
  ? { params?: undefined }
  : { params: RouteParamsIn<D> }) &
  (D extends { query: Schema } ? { query?: RouteQueryIn<D> } : { query?: undefined }) &
  (D extends { body: Schema } ? { body: RouteBodyIn<D> } : { body?: undefined });

/** Whether a holder of these privileges may call the route (the server enforces the same rule). */
export function allows(privileges: readonly string[] | ReadonlySet<string>, d: Pick<RouteDef, 'access'>): boolean {
  if (d.access === 'public' || d.access === 'authenticated') return true;
  return Array.isArray(privileges) ? privileges.includes(d.access) : (privileges as ReadonlySet<string>).has(d.access);
}

/** Fills the `:name` placeholders of a path, URL-encoding each value. */
export function fillPath(template: string, values: Readonly<Record<string, string | number>> | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}
