import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'jose';
import { asc } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { idpKeys } from '../platform/schema.js';

/** A private RS256 signing JWK as stored in `idp_keys` (always with `kid`, `alg` and `use`). */
export type SigningJwk = JWK & { kid: string; alg: 'RS256' };

async function readKeys(db: Db): Promise<SigningJwk[]> {
  const rows = await db.select().from(idpKeys).orderBy(asc(idpKeys.createdAt), asc(idpKeys.kid));
  return rows.map((r) => r.privateJwk as SigningJwk);
}

/** A new RSA key pair as the first signing key (node's key generation runs on the thread pool, off the event loop). */
async function generateFirstKey(): Promise<SigningJwk> {
  const { privateKey } = await promisify(crypto.generateKeyPair)('rsa', { modulusLength: 2048 });
  // A fixed kid for the very first key makes concurrent first starts collide on the primary key.
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
}

let pregenerated: Promise<SigningJwk> | undefined;

/**
 * Starts making the first signing key now, for a start that knows its database has none yet (a fresh data dir): the
 * 0.1–0.3 s an RSA key takes then overlaps the start's other work instead of delaying the issuer's set-up.
 */
export function pregenerateSigningKey(): void {
  pregenerated ??= generateFirstKey();
  pregenerated.catch(() => undefined); // awaited (and its failure reported) by loadSigningKeys
}

/**
 * The built-in issuer's signing keys, oldest first. Creates one when the table is empty; several processes may
 * race here on a shared PostgreSQL, so the insert is `ON CONFLICT DO NOTHING` on a fixed first kid and everyone
 * re-reads what won.
 */
export async function loadSigningKeys(db: Db): Promise<SigningJwk[]> {
  const existing = await readKeys(db);
  if (existing.length) return existing;

  const key = await (pregenerated ?? generateFirstKey());
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
