import * as contract from '@portal/contract';
import type { RouteDef } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';

/** A route descriptor found among the contract's exports, with where it came from (`ordersApi.list`). */
export interface FoundDescriptor {
  name: string;
  key: string;
  d: RouteDef;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function looksLikeDescriptor(v: unknown): v is RouteDef {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  return (
    typeof d.method === 'string' &&
    METHODS.has(d.method) &&
    typeof d.path === 'string' &&
    d.path.startsWith('/') &&
    typeof d.access === 'string' &&
    d.response !== undefined
  );
}

/**
 * Every route descriptor the contract exports: each exported object (`<area>Api`) whose values look like
 * `route({…})` results. Found by walking the module, so a new area's routes are in without a list to keep.
 */
export function contractDescriptors(): FoundDescriptor[] {
  const out: FoundDescriptor[] = [];
  for (const [name, value] of Object.entries(contract)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [key, d] of Object.entries(value as Record<string, unknown>)) {
      if (looksLikeDescriptor(d)) out.push({ name, key, d });
    }
  }
  return out;
}

/** `GET /api/v1/…` — how routes are named in the matrix and in failure messages. */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** Fills each `:param` of a path with one value (URL-encoded). */
export function fillParams(path: string, value: (name: string) => string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(value(name)));
}

/**
 * What is wrong with an error answer, or undefined when it is the API's one envelope: JSON
 * `{ code, message, requestId }` with the request id echoed in `X-Request-Id`, and no stack.
 */
export function envelopeProblem(res: LightMyRequestResponse): string | undefined {
  if (!/application\/json/.test(String(res.headers['content-type'] ?? '')))
    return `content-type ${String(res.headers['content-type'])}`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  if (!body || typeof body !== 'object') return `body ${res.body.slice(0, 80)}`;
  if (typeof body.code !== 'string' || !body.code) return `no code: ${res.body.slice(0, 120)}`;
  if (typeof body.message !== 'string' || !body.message) return `no message: ${res.body.slice(0, 120)}`;
  if (typeof body.requestId !== 'string' || !body.requestId) return `no requestId: ${res.body.slice(0, 120)}`;
  if (res.headers['x-request-id'] !== body.requestId) return 'requestId differs from X-Request-Id';
  if (/"stack"|at .*\.(js|ts):\d+/.test(res.body)) return 'leaks a stack';
  return undefined;
}

/** Counts of answers by status class, for the one-line summaries the security tests print. */
export class StatusTally {
  requests = 0;
  private readonly byClass = new Map<string, number>();
  private readonly byStatus = new Map<number, number>();

  add(status: number): void {
    this.requests++;
    const cls = `${Math.floor(status / 100)}xx`;
    this.byClass.set(cls, (this.byClass.get(cls) ?? 0) + 1);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  count(cls: '2xx' | '3xx' | '4xx' | '5xx'): number {
    return this.byClass.get(cls) ?? 0;
  }

  summary(): string {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    const classes = (['2xx', '3xx', '4xx', '5xx'] as const).map((c) => `${this.count(c)} ${c}`).join(', ');
    return `${this.requests} requests: ${classes} (${statuses})`;
  }
}
