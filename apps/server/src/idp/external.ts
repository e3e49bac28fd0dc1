import type { AuthConfig } from '@portal/contract';
import { z } from 'zod';
import type { TokenVerifier } from '../platform/auth.js';
import { callOut } from '../platform/outbound.js';
import { createVerifier } from './verifier.js';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

/** Only asymmetric algorithms: a public JWKS cannot vouch for `none` or HMAC-signed tokens. */
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;

export interface ExternalIssuer {
  verifier: TokenVerifier;
  authConfig: AuthConfig;
  connectSrc: string[];
}

/** Trusts an external OpenID Connect issuer: reads its discovery document once, verifies against its JWKS. */
export async function discoverExternalIssuer(
  issuer: string,
  clientId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ExternalIssuer> {
  const url = `${issuer}/.well-known/openid-configuration`;
  const res = await callOut(url, {
    timeoutMs: 10_000,
    fetch: fetchImpl,
    unavailable: (why) => new Error(`OIDC discovery at ${url} failed: the issuer ${why}`),
  });
  if (!res.ok) throw new Error(`OIDC discovery at ${url} answered ${res.status}`);
  const parsed = discoverySchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`OIDC discovery at ${url} is not a valid discovery document`);
  const doc = parsed.data;
  if (doc.issuer.replace(/\/$/, '') !== issuer)
    throw new Error(`OIDC discovery at ${url} names another issuer (${doc.issuer})`);

  const algorithms = (doc.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) => ASYMMETRIC.test(a));
  const verifier = createVerifier({
    keys: { jwksUri: new URL(doc.jwks_uri) },
    issuer: doc.issuer,
    audience: clientId,
    algorithms: algorithms.length ? algorithms : ['RS256'],
  });
  return {
    verifier,
    authConfig: {
      issuer: doc.issuer,
      clientId,
      authorizationEndpoint: doc.authorization_endpoint,
      ...(doc.end_session_endpoint ? { endSessionEndpoint: doc.end_session_endpoint } : {}),
    },
    connectSrc: [new URL(issuer).origin],
  };
}
