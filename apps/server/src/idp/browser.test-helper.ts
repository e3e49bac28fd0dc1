import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../platform/context.js';

export const HOST = 'portal.test';
export const REDIRECT_URI = `http://${HOST}/auth_redirect`;

/** A tiny browser over `app.inject`: a cookie jar (by name, path-scoped) and manual redirects. */
export class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  constructor(
    private app: App,
    private readonly headers: Record<string, string> = {},
    /** The host (and port) the browser believes the portal is at. */
    private readonly host: string = HOST,
  ) {}

  /** Sends a header on every later request (e.g. another X-Forwarded-For each time). */
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  /** Continue in another server process that shares the database (same cookies). */
  switchTo(app: App): void {
    this.app = app;
  }

  cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  private cookieHeader(path: string): string {
    return [...this.jar]
      .filter(
        ([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/',
      )
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  }

  private keep(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of [raw ?? []].flat()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expires = attrs.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
      if (!value || (expires && new Date(expires).getTime() < Date.now())) this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const u = new URL(url, `http://${this.host}`);
    if (u.host !== this.host) throw new Error(`the test browser only talks to ${this.host}, not ${u.host}`);
    const path = u.pathname + u.search;
    const res = await this.app.inject({
      method,
      url: path,
      headers: {
        host: this.host,
        cookie: this.cookieHeader(u.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...this.headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(res);
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, form: Record<string, string>) {
    return this.request('POST', url, form);
  }

  /** Follows redirects while they stay on the portal's host; returns the last response. */
  async follow(res: LightMyRequestResponse, max = 10): Promise<LightMyRequestResponse> {
    let current = res;
    for (let i = 0; i < max; i++) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || !location) return current;
      const next = new URL(String(location), `http://${this.host}`);
      if (next.host !== this.host || next.pathname === '/auth_redirect') return current;
      current = await this.get(next.href);
    }
    throw new Error('too many redirects');
  }
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  const all = {
    client_id: 'management-portal',
    response_type: 'id_token token',
    scope: 'openid email',
    redirect_uri: REDIRECT_URI,
    state: 'st-1',
    nonce: 'nonce-1',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `/oidc/auth?${q}`;
}

/** The form's action on a rendered sign-in page. */
export function formAction(html: string): string {
  const m = /<form method="post" action="([^"]+)"/.exec(html);
  if (!m) throw new Error('no sign-in form on the page');
  return m[1]!.replace(/&amp;/g, '&');
}

export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}
