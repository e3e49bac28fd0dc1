import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, importJWK, type CryptoKey, type JWK } from 'jose';
import { createTestApp, type TestApp } from '../test/app.js';
import { idpKeys, portalUsers } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ADMIN_ONLY = '/api/v1/admin/users';
const READ = '/api/v1/devops/me';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { res, body: res.json() as Record<string, unknown> };
}

/** Every error answer is the one envelope, with the request id and never a stack. */
function expectErrorEnvelope(res: Awaited<ReturnType<typeof get>>['res'], status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
  expect(body.message).not.toBe('');
  expect(body.requestId).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.(js|ts):\d+/);
}

async function issuerKey(): Promise<{ kid: string; key: CryptoKey | Uint8Array; jwk: JWK }> {
  const [row] = await t.database.db.select().from(idpKeys).limit(1);
  const jwk = row!.privateJwk as JWK;
  return { kid: row!.kid, key: await importJWK(jwk, 'RS256'), jwk };
}

describe('bearer token verification', () => {
  it('refuses a request without a token', async () => {
    const { res, body } = await get(READ);
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
    expect(body.message).toBe('A bearer token is required');
  });

  it.each([
    ['another scheme', 'Basic YWRtaW46cGFzcw=='],
    ['no token after Bearer', 'Bearer'],
    ['two tokens', 'Bearer a b'],
    ['not a JWT', 'Bearer not-a-jwt'],
    ['garbage segments', 'Bearer aaa.bbb.ccc'],
  ])('refuses a malformed header (%s)', async (_name, authorization) => {
    const { res } = await get(READ, { authorization });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses an expired token', async () => {
    const { res } = await get(READ, { authorization: `Bearer ${await t.token({ expiresIn: -120 })}` });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses a token signed by a key the issuer never published', async () => {
    const { res } = await get(READ, { authorization: `Bearer ${await t.token({ foreignKey: true })}` });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const { kid } = await issuerKey();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: t.config.oidc.issuer,
      aud: t.config.oidc.clientId,
      sub: 'admin@example.com',
      email: 'admin@example.com',
      iat: now,
      exp: now + 600,
    };
    for (const token of [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'none', kid })}.${b64(claims)}.`,
    ]) {
      const { res } = await get(READ, { authorization: `Bearer ${token}` });
      expectErrorEnvelope(res, 401, 'auth.invalidToken');
    }
  });

  it('refuses an HMAC token keyed with the public key (algorithm confusion)', async () => {
    const { kid, jwk } = await issuerKey();
    const publicPem = crypto
      .createPublicKey({ key: { kty: jwk.kty!, n: jwk.n!, e: jwk.e! }, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' });
    const token = await new SignJWT({ email: 'admin@example.com' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.clientId)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(String(publicPem)));
    const { res } = await get(READ, { authorization: `Bearer ${token}` });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses a token for another audience', async () => {
    const { res } = await get(READ, { authorization: `Bearer ${await t.token({ audience: 'another-client' })}` });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses a token from another issuer', async () => {
    const { res } = await get(READ, {
      authorization: `Bearer ${await t.token({ issuer: 'https://evil.example/oidc' })}`,
    });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('refuses a validly signed token without an email claim', async () => {
    const { kid, key } = await issuerKey();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject('admin@example.com')
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.clientId)
      .setExpirationTime('10m')
      .sign(key);
    const { res } = await get(READ, { authorization: `Bearer ${token}` });
    expectErrorEnvelope(res, 401, 'auth.invalidToken');
  });

  it('answers 401 auth.unauthenticated for a valid token of someone who is not a portal user', async () => {
    const { res, body } = await get(READ, await t.as('stranger@example.com'));
    expectErrorEnvelope(res, 401, 'auth.unauthenticated');
    expect(body.message).toContain('stranger@example.com');
  });

  it('answers 401 auth.unauthenticated for a disabled portal user', async () => {
    await t.database.db
      .update(portalUsers)
      .set({ disabled: true })
      .where(eq(portalUsers.email, 'maria.garcia@example.com'));
    const { res } = await get(READ, await t.as('maria.garcia@example.com'));
    expectErrorEnvelope(res, 401, 'auth.unauthenticated');
  });

  it('matches the email case-insensitively', async () => {
    const { res, body } = await get(READ, await t.as('Operator@Example.com'));
    expect(res.statusCode).toBe(200);
    expect(body.email).toBe('operator@example.com');
  });
});

describe('privileges', () => {
  it('forbids an operator the admin-only user list', async () => {
    const { res } = await get(ADMIN_ONLY, await t.as('operator@example.com'));
    expectErrorEnvelope(res, 403, 'auth.forbidden');
  });

  it('forbids a viewer the admin-only user list but lets them read', async () => {
    expectErrorEnvelope((await get(ADMIN_ONLY, await t.as('sam.okafor@example.com'))).res, 403, 'auth.forbidden');
    expect((await get(READ, await t.as('sam.okafor@example.com'))).res.statusCode).toBe(200);
  });

  it('lets an admin list users', async () => {
    const { res, body } = await get(ADMIN_ONLY, await t.as('admin@example.com'));
    expect(res.statusCode).toBe(200);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('public and unknown routes', () => {
  it('serves the sign-in configuration without a token', async () => {
    const { res, body } = await get('/api/v1/public/auth-config');
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({
      issuer: 'http://portal.test/oidc',
      clientId: 'management-portal',
      authorizationEndpoint: 'http://portal.test/oidc/auth',
      endSessionEndpoint: 'http://portal.test/oidc/session/end',
    });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { res } = await get('/api/nope');
    expectErrorEnvelope(res, 404, 'route.notFound');
    expectErrorEnvelope((await get('/api/v1/devops/nope', await t.as('admin@example.com'))).res, 404, 'route.notFound');
  });
});
