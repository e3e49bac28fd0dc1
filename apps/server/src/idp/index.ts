import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { authApi, type AuthConfig } from '@portal/contract';
import type { Config } from '../config.js';
import type { Database } from '../platform/db.js';
import type { TokenVerifier } from '../platform/auth.js';
import { loadSigningKeys, publicJwk } from './keys.js';
import { createVerifier } from './verifier.js';
import { discoverExternalIssuer } from './external.js';
import { createBuiltinIssuer } from './provider.js';
import { AppError } from '../platform/errors.js';
import { BAD_HOST } from './interaction.js';
import { browserOrigin, isIssuerOfAnOrigin, issuerAt, openItThereMessage, originOf, requestOrigin } from './origin.js';

/** Sign-in as the rest of the app sees it: how to verify a bearer token, and what the SPA needs to sign in. */
export interface Idp {
  verifier: TokenVerifier;
  /** What the SPA needs to sign in (the built-in issuer answers per request, see createIdp). */
  authConfig: AuthConfig;
  /** Extra CSP connect-src origins (an external issuer's); empty for the built-in one. */
  connectSrc: string[];
  /** Mounts the built-in issuer at /oidc (no-op for an external issuer). */
  mount(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export async function createIdp(config: Config, database: Database, log: FastifyBaseLogger): Promise<Idp> {
  if (config.oidc.kind === 'external') {
    const external = await discoverExternalIssuer(config.oidc.issuer, config.oidc.clientId);
    log.info({ issuer: config.oidc.issuer }, 'trusting external OIDC issuer');
    return { ...external, mount: async () => undefined, close: async () => undefined };
  }

  const { issuer, clientId } = config.oidc;
  const perOrigin = config.oidc.perOrigin;
  const keys = await loadSigningKeys(database.db);
  const verifier = createVerifier({
    keys: { publicKeys: keys.map(publicJwk) },
    // One key pair, in this server's database only, signs the id tokens of every origin's issuer, and each writes its
    // own origin into `iss`: with the signature checked, an `<origin>/oidc` issuer is one this server was reached at.
    issuer: perOrigin ? isIssuerOfAnOrigin : issuer,
    audience: clientId,
  });
  const builtin = createBuiltinIssuer({ config, database, keys, log });
  const configAt = (at: string): AuthConfig => ({
    issuer: at,
    clientId,
    authorizationEndpoint: `${at}/auth`,
    endSessionEndpoint: `${at}/session/end`,
  });
  const authConfig = configAt(issuer);

  /**
   * What GET /api/v1/public/auth-config answers: the issuer of the origin the request came to, or with PUBLIC_URL set
   * the one issuer, and to a browser at another address (its Origin or Referer says so) where to go instead.
   */
  function authConfigFor(req: FastifyRequest): AuthConfig {
    if (perOrigin) {
      const origin = requestOrigin(req);
      if (!origin) throw new AppError('request.invalid', BAD_HOST);
      return configAt(issuerAt(origin));
    }
    const at = browserOrigin(req);
    if (at && at !== originOf(config.publicUrl)) {
      throw new AppError('request.invalid', openItThereMessage(config.publicUrl), {
        portalUrl: `${config.publicUrl}/`,
      });
    }
    return authConfig;
  }

  return {
    verifier,
    authConfig,
    connectSrc: [],
    async mount(app) {
      await builtin.mount(app);
      // The route itself (app.ts) answers the static authConfig; for the built-in issuer the answer depends on the
      // request, so this hook answers it first.
      app.addHook('preHandler', async (req, reply) => {
        if (req.method !== 'GET' || req.routeOptions.url !== authApi.config.path) return;
        // It depends on the request's Host (or Referer): no cache may hand one origin's answer to another.
        return reply.header('Cache-Control', 'no-store').send(authConfigFor(req));
      });
    },
    close: () => builtin.close(),
  };
}
