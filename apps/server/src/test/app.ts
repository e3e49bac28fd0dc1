import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { SignJWT, importJWK, type JWK } from 'jose';
import { buildApp, type BuildOptions } from '../app.js';
import { openPglite, openPostgres, type Database } from '../platform/db.js';
import type { App, AppContext } from '../platform/context.js';
import { idpKeys } from '../platform/schema.js';
import type { Config } from '../config.js';
import type { JobRunner } from '../platform/jobs.js';
import { testConfig } from './config.js';

export interface TokenOptions {
  email?: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key the issuer never published (a forgery). */
  foreignKey?: boolean;
  /** An unsigned token (`alg: none`, empty signature) with otherwise valid claims. */
  unsigned?: boolean;
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** The job runner, not started: `jobs.drain()` runs queued work deterministically. */
  jobs: JobRunner;
  /** The app's context: its registry holds what the features (and `extraFeatures`) provide. */
  ctx: AppContext;
  /** A signed id token as the built-in issuer would mint it. */
  token(opts?: TokenOptions): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a user. */
  as(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{
  database: Database;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const tpl = inject('pgTemplate');
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (tpl && pgUrl) {
    const name = `portal_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 5);
    return {
      database,
      env: { DATABASE_URL: u.toString() },
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const database = await openPglite(undefined, new Blob([dump]));
  return { database, env: {}, drop: async () => undefined };
}

/** A full app on a fresh copy of the migrated, demo-seeded database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'extraFeatures' | 'onRoute'> = {},
): Promise<TestApp> {
  const { database, env: dbEnv, drop } = await openTestDatabase();
  const config = testConfig({ ...dbEnv, ...env });
  // Simulated step durations are 0 in tests: `jobs.drain()` runs an operation to its end.
  const { app, jobs, ctx } = await buildApp(config, database, { ...options, stepTimeScale: 0 });
  await app.ready();

  const [key] = await database.db.select().from(idpKeys).limit(1);
  // With an external issuer (OIDC_ISSUER) there is no local key: tests sign their own tokens then.
  if (!key && config.oidc.kind === 'builtin') throw new Error('the built-in issuer created no signing key');
  const jwk = (key?.privateJwk ?? {}) as JWK;
  const signingKey = key ? await importJWK(jwk, jwk.alg ?? 'RS256') : undefined;
  const foreign = await crypto.webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );

  const token = async (o: TokenOptions = {}) => {
    if (!key || !signingKey) throw new Error('no built-in issuer key to sign test tokens with');
    const now = Math.floor(Date.now() / 1000);
    if (o.unsigned) {
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const email = o.email ?? 'operator@example.com';
      const claims = {
        email,
        nonce: 'test',
        iss: o.issuer ?? config.oidc.issuer,
        aud: o.audience ?? config.oidc.clientId,
        sub: email,
        iat: now - 5,
        exp: now + (o.expiresIn ?? 3600),
      };
      return `${b64({ alg: 'none', kid: key.kid, typ: 'JWT' })}.${b64(claims)}.`;
    }
    return new SignJWT({ email: o.email ?? 'operator@example.com', nonce: 'test' })
      .setProtectedHeader({ alg: jwk.alg ?? 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(o.issuer ?? config.oidc.issuer)
      .setAudience(o.audience ?? config.oidc.clientId)
      .setSubject(o.email ?? 'operator@example.com')
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (o.expiresIn ?? 3600))
      .sign(o.foreignKey ? foreign.privateKey : signingKey);
  };

  return {
    app,
    database,
    config,
    jobs,
    ctx,
    token,
    as: async (email) => ({ authorization: `Bearer ${await token({ email })}` }),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
