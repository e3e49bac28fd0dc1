import { PRIVILEGES, ROLE_PRIVILEGES, type Privilege, type RouteAccess } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { AppError } from './errors.js';
import type { Db } from './db.js';
import { preparedQuery } from './list-query.js';
import { portalUsers } from './schema.js';
import { accessAllows, accessOf, apiKeyOf, API_KEY_PREFIX, effectivePrivileges } from './access-control.js';

export type { RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface Principal {
  /** A user's email, or `apikey:<name>` for an API key (what audit rows name as the operator). */
  email: string;
  name: string;
  /** The roles it holds: its own and those bound to it (or to its groups). */
  roles: string[];
  /** What it may do everywhere: roles, unexpired grants and IAM policies (access-control.ts). */
  privileges: ReadonlySet<Privilege>;
  /** Set when the caller authenticated with an API key. */
  apiKey?: string;
}

/** Verifies a bearer id token (signature against the issuer's JWKS, iss, aud, exp) and returns its email. */
export interface TokenVerifier {
  verify(token: string): Promise<{ email: string }>;
}

/**
 * What built-in roles grant as seeded (contract ROLE_PRIVILEGES): for principals the seed and tests construct.
 * Requests get theirs from the database (access-control.ts).
 */
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
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    if (access !== 'public' && access !== 'authenticated' && !PRIVILEGES.includes(access))
      throw new Error(
        `route ${String(route.method)} ${route.url} declares ${access}, not a privilege of the catalogue`,
      );
  });

  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public' || req.method === 'OPTIONS') return;
    // Whatever the answer (data, or 401/403), it is for this caller only: no shared or browser cache keeps it.
    reply.header('Cache-Control', 'no-store');

    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new AppError('auth.invalidToken', 'A bearer token is required');
    const token = match[1]!;
    let principal: Principal;
    if (token.startsWith(API_KEY_PREFIX)) {
      // An IAM API key: the privileges of its role and of what is bound to it.
      const key = await apiKeyOf(deps.db, token);
      if (!key) throw new AppError('auth.invalidToken', 'The API key is invalid, expired or revoked');
      const grant = await accessOf(deps.db, { roles: [key.role], apiKey: key.name });
      principal = {
        email: `apikey:${key.name}`,
        name: key.name,
        roles: grant.roles,
        privileges: effectivePrivileges(grant),
        apiKey: key.name,
      };
      if (access !== 'authenticated') checkAccess(grant, access, req.url);
    } else {
      let email: string;
      try {
        email = (await deps.verifier.verify(token)).email;
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
      const grant = await accessOf(deps.db, { email: user.email, roles: user.roles });
      principal = {
        email: user.email,
        name: user.name,
        roles: grant.roles,
        privileges: effectivePrivileges(grant),
      };
      if (access !== 'authenticated') checkAccess(grant, access, req.url);
    }
    req.principal = principal;
  });
}

/** A 403 that names the privilege the route needs ("why can't I?"). */
function checkAccess(grant: Parameters<typeof accessAllows>[0], access: Privilege, url: string): void {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (accessAllows(grant, access, path)) return;
  throw new AppError(
    'auth.forbidden',
    `Your current account doesn't have the permission to access this resource: it needs the privilege ${access}`,
    { privilege: access },
  );
}
