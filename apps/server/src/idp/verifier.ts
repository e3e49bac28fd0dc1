import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { TokenVerifier } from '../platform/auth.js';

export interface VerifierOptions {
  /** Resolves the signing key of a token: a local JWKS for the built-in issuer, a remote one otherwise. */
  keys: JWTVerifyGetKey;
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
  return {
    async verify(token) {
      const { issuer } = opts;
      const { payload } = await jwtVerify(token, opts.keys, {
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
