import type { JWK, JWTVerifyGetKey } from 'jose';
import type { TokenVerifier } from '../platform/auth.js';

/**
 * jose, loaded on the first token to verify (or key to make) rather than at start: ~50 modules that nothing before
 * the first authenticated request needs.
 */
export const loadJose = () => import('jose');

export interface VerifierOptions {
  /**
   * The signing keys a token may be signed with: the built-in issuer's public keys, an external issuer's JWKS URL, or
   * a resolver of jose's.
   */
  keys: { publicKeys: JWK[] } | { jwksUri: URL } | JWTVerifyGetKey;
  /** The accepted `iss`: one value, or a test of it. */
  issuer: string | ((iss: unknown) => boolean);
  audience: string;
  /** Accepted signature algorithms; RS256 unless told otherwise. */
  algorithms?: string[];
}

/**
 * Verifies an id token: signature (RS256 only, so `alg: none` and HMAC tricks are refused), issuer, audience,
 * expiry; returns its `email` claim, which is required.
 */
export function createVerifier(opts: VerifierOptions): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keysOf = async (): Promise<JWTVerifyGetKey> => {
    const k = opts.keys;
    if (typeof k === 'function') return k;
    const jose = await loadJose();
    return 'jwksUri' in k ? jose.createRemoteJWKSet(k.jwksUri) : jose.createLocalJWKSet({ keys: k.publicKeys });
  };
  return {
    async verify(token) {
      const { issuer } = opts;
      const { jwtVerify } = await loadJose();
      const { payload } = await jwtVerify(token, await (keys ??= keysOf()), {
        ...(typeof issuer === 'string' ? { issuer } : {}),
        audience: opts.audience,
        algorithms: opts.algorithms ?? ['RS256'],
        requiredClaims: ['iss', 'exp', 'email'],
        clockTolerance: 5,
      });
      if (typeof issuer === 'function' && !issuer(payload.iss)) throw new Error('the token has an unexpected issuer');
      const email = payload.email;
      if (typeof email !== 'string' || !email) throw new Error('the token carries no email claim');
      return { email: email.toLowerCase() };
    },
  };
}
