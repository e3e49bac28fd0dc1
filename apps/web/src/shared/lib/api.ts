import { fillPath, type RouteDef, type RouteInput, type RouteResponse } from '@portal/contract';
import { request, type QueryParams, type RequestOptions } from './http';

/** Per-call options of `api()`: everything of the one HTTP client except what the descriptor and input decide. */
export type CallOptions = Omit<RequestOptions, 'params' | 'body'>;

type InputArgs<D extends RouteDef> =
  Record<never, never> extends RouteInput<D>
    ? [input?: RouteInput<D>, options?: CallOptions]
    : [input: RouteInput<D>, options?: CallOptions];

/**
 * Calls an API route by its contract descriptor: the path is filled from `params`, `query` becomes the query
 * string, `body` the JSON body; the result is typed from the descriptor's response schema. Goes through the one
 * HTTP client (token, time-out, spec §8 error handling).
 */
export function api<D extends RouteDef>(d: D, ...[input, options]: InputArgs<D>): Promise<RouteResponse<D>> {
  const i = (input ?? {}) as { params?: Record<string, string>; query?: unknown; body?: unknown };
  return request<RouteResponse<D>>(d.method, fillPath(d.path, i.params), {
    ...options,
    params: i.query as QueryParams | undefined,
    body: i.body,
  });
}
