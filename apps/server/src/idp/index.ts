import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthConfig } from '@portal/contract';
import { createLocalJWKSet } from 'jose';
import type { Config } from '../config.js';
import type { Database } from '../platform/db.js';
import type { TokenVerifier } from '../platform/auth.js';
import { loadSigningKeys, publicJwk } from './keys.js';
import { createVerifier } from './verifier.js';
import { discoverExternalIssuer } from './external.js';
import { createBuiltinIssuer } from './provider.js';

/** Sign-in as the rest of the app sees it: how to verify a bearer token, and what the SPA needs to sign in. */
export interface Idp {
  verifier: TokenVerifier;
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
  const keys = await loadSigningKeys(database.db);
  const verifier = createVerifier({
    keys: createLocalJWKSet({ keys: keys.map(publicJwk) }),
    issuer,
    audience: clientId,
  });
  const builtin = createBuiltinIssuer({ config, database, keys, log });
  return {
    verifier,
    authConfig: {
      issuer,
      clientId,
      authorizationEndpoint: `${issuer}/auth`,
      endSessionEndpoint: `${issuer}/session/end`,
    },
    connectSrc: [],
    mount: (app) => builtin.mount(app),
    close: () => builtin.close(),
  };
}
