import type { FastifyRequest } from 'fastify';
import { MOUNT } from './pages.js';

/** host or host:port, a bracketed IPv6 address allowed; no userinfo, path or anything else. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `http(s)://host[:port]` normalised as browsers write `location.origin` (lower case, no default port). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin a request came to, as Fastify sees it: its `protocol` and `host` follow the server's trustProxy setting
 * (X-Forwarded-Proto/Host only from a trusted proxy). Undefined when the Host header is missing or malformed.
 */
export function requestOrigin(req: FastifyRequest): string | undefined {
  const protocol = req.protocol;
  const host = req.host;
  if ((protocol !== 'http' && protocol !== 'https') || !host || !HOST.test(host)) return undefined;
  return originOf(`${protocol}://${host}`);
}

/**
 * The origin the browser says it is at: `Origin`, else the `Referer` (the SPA's same-origin fetches carry it under its
 * strict-origin-when-cross-origin policy). Not the Host: behind a proxy that is not trusted it names the proxy's
 * upstream, not the address people opened. Only for telling people where to go, never for anything else.
 */
export function browserOrigin(req: FastifyRequest): string | undefined {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' && v !== 'null' ? v : undefined;
  };
  return originOf(header('origin')) ?? originOf(header('referer'));
}

/** The built-in issuer's identifier at an origin. */
export function issuerAt(origin: string): string {
  return `${origin}${MOUNT}`;
}

/** Whether `iss` is the built-in issuer of some http(s) origin, exactly as issuerAt writes it. */
export function isIssuerOfAnOrigin(iss: unknown): boolean {
  if (typeof iss !== 'string' || !iss.endsWith(MOUNT)) return false;
  const origin = originOf(iss);
  return !!origin && issuerAt(origin) === iss;
}

/** The sentence a browser at the wrong address sees when PUBLIC_URL pins the portal to one URL. */
export function openItThereMessage(publicUrl: string): string {
  return `This portal is configured for ${publicUrl} — open it there to sign in.`;
}
