import type * as OidcProvider from 'oidc-provider';

let loading: Promise<typeof OidcProvider> | undefined;

/**
 * oidc-provider, loaded on the first request to the built-in issuer rather than at start: with its dependencies (Koa,
 * got, its own jose) it is ~400 modules and ~0.3 s of a ~1 s restart, and nothing before a sign-in needs it (bearer
 * tokens are verified with jose against the signing keys, idp/verifier.ts).
 */
export function loadOidcProvider(): Promise<typeof OidcProvider> {
  return (loading ??= import('oidc-provider'));
}
