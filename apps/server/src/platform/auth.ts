import { ROLE_PRIVILEGES, type Privilege } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { AppError } from './errors.js';
import type { Db } from './db.js';
import { preparedQuery } from './list-query.js';
import { portalUsers } from './schema.js';

/** What a route requires: a privilege, or `public` for the few routes anyone may call. */
export type RouteAccess = Privilege | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface Principal {
  email: string;
  name: string;
  roles: string[];
  privileges: ReadonlySet<Privilege>;
}

/** Verifies a bearer id token (signature against the issuer's JWKS, iss, aud, exp) and returns its email. */
export interface TokenVerifier {
  verify(token: string): Promise<{ email: string }>;
}

export function privilegesOf(roles: readonly string[]): Set<Privilege> {
  const out = new Set<Privilege>();
  for (const r of roles) for (const p of ROLE_PRIVILEGES[r] ?? []) out.add(p);
  return out;
}

/** The signed-in user of a request that passed the auth hook. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('auth.unauthenticated');
  return req.principal;
}

/**
 * Every /api route must declare its access (fail closed at start-up otherwise); every non-public one gets the
 * bearer id token verified and the portal user loaded, then the declared privilege checked. Their answers carry
 * `Cache-Control: no-store`.
 */
export function installAuth(app: FastifyInstance, deps: { db: Db; verifier: TokenVerifier }): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.url.startsWith('/api/docs') || route.url === '/api/openapi.json') return;
    if (!route.config?.access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
  });

  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public' || req.method === 'OPTIONS') return;
    // Whatever the answer (data, or 401/403), it is for this caller only: no shared or browser cache keeps it.
    reply.header('Cache-Control', 'no-store');

    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new AppError('auth.invalidToken', 'A bearer token is required');
    let email: string;
    try {
      email = (await deps.verifier.verify(match[1]!)).email;
    } catch (err) {
      req.log.info({ reason: (err as Error).message }, 'token rejected');
      throw new AppError('auth.invalidToken');
    }
    const [user] = await preparedQuery(
      deps.db,
      'auth.principal',
      () =>
        deps.db
          .select({
            email: portalUsers.email,
            name: portalUsers.name,
            roles: portalUsers.roles,
            disabled: portalUsers.disabled,
          })
          .from(portalUsers)
          .where(eq(portalUsers.email, sql.placeholder('email')))
          .limit(1),
      { named: true },
    ).execute({ email: email.toLowerCase() });
    if (!user || user.disabled)
      throw new AppError('auth.unauthenticated', `The account ${email} does not exist in the portal`);
    const principal: Principal = {
      email: user.email,
      name: user.name,
      roles: user.roles,
      privileges: privilegesOf(user.roles),
    };
    if (!principal.privileges.has(access)) throw new AppError('auth.forbidden');
    req.principal = principal;
  });
}
