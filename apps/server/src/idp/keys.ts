import crypto from 'node:crypto';
import type { JWK } from 'jose';
import { asc } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { idpKeys } from '../platform/schema.js';
import { loadJose } from './verifier.js';

/** A private RS256 signing JWK as stored in `idp_keys` (always with `kid`, `alg` and `use`). */
export type SigningJwk = JWK & { kid: string; alg: 'RS256' };

async function readKeys(db: Db): Promise<SigningJwk[]> {
  const rows = await db.select().from(idpKeys).orderBy(asc(idpKeys.createdAt), asc(idpKeys.kid));
  return rows.map((r) => r.privateJwk as SigningJwk);
}

/**
 * The built-in issuer's signing keys, oldest first. Creates one when the table is empty; several processes may
 * race here on a shared PostgreSQL, so the insert is `ON CONFLICT DO NOTHING` on a fixed first kid and everyone
 * re-reads what won.
 */
export async function loadSigningKeys(db: Db): Promise<SigningJwk[]> {
  const existing = await readKeys(db);
  if (existing.length) return existing;

  const { exportJWK, generateKeyPair } = await loadJose();
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  // A fixed kid for the very first key makes concurrent first starts collide on the primary key.
  const key: SigningJwk = { ...jwk, kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
  await db.insert(idpKeys).values({ kid: key.kid, privateJwk: key }).onConflictDoNothing();
  const keys = await readKeys(db);
  if (!keys.length) throw new Error('could not create the built-in issuer signing key');
  return keys;
}

/** The public half of a private JWK (what the JWKS endpoint and the verifier use). */
export function publicJwk(key: SigningJwk): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use: use ?? 'sig' };
}

/**
 * Material for the provider's cookie-signing keys, derived from the stored private key so that every process
 * sharing the database agrees without storing another secret.
 */
export function deriveCookieSecret(key: SigningJwk): string {
  return crypto.createHmac('sha256', String(key.d)).update('management-portal/oidc-cookies/v1').digest('base64url');
}
