import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown } | Response;
type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

/**
 * Replaces global fetch with a router of `"METHOD /path"` → handler (query string ignored for
 * matching; `:param` segments match anything). Unmatched requests answer 404 route.notFound.
 * Returns the recorded requests.
 */
export function mockFetch(routes: Record<string, Handler | Reply>) {
  const requests: RecordedRequest[] = [];
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);
    return { method, pattern, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost:3000',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? parseBody(init.body) : undefined;
    const req: RecordedRequest = { method, url, headers: new Headers(init?.headers), body };
    requests.push(req);
    const route = table.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) return json(404, { code: 'route.notFound', message: 'No such API route', requestId: 'test' });
    const reply = typeof route.handler === 'function' ? await route.handler(req) : route.handler;
    if (reply instanceof Response) return reply;
    return json(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.url.pathname === path),
  };
}

/** A JSON body parsed; any other text (an SVG file sent as it is) as the text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
