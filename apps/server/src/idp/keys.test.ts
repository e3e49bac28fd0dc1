import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, SignJWT, importJWK } from 'jose';
import { createTestApp, type TestApp } from '../test/app.js';
import { idpKeys } from '../platform/schema.js';
import { loadSigningKeys, publicJwk } from './keys.js';
import { createVerifier } from './verifier.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('signing keys', () => {
  it('reuses the stored key on the next start', async () => {
    const before = await t.database.db.select().from(idpKeys);
    expect(before).toHaveLength(1);
    const keys = await loadSigningKeys(t.database.db);
    expect(keys.map((k) => k.kid)).toEqual([before[0]!.kid]);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]!.d).toBeTruthy();
  });

  it('creates exactly one key when several processes start on an empty table at once', async () => {
    await t.database.db.delete(idpKeys);
    const results = await Promise.all([1, 2, 3, 4].map(() => loadSigningKeys(t.database.db)));
    const stored = await t.database.db.select().from(idpKeys);
    expect(stored).toHaveLength(1);
    for (const keys of results) expect(keys.map((k) => k.n)).toEqual([(stored[0]!.privateJwk as { n: string }).n]);
  });

  it('publishes only the public half', () => {
    const pub = publicJwk({ kty: 'RSA', n: 'n', e: 'AQAB', d: 'secret', p: 'p', q: 'q', kid: 'k', alg: 'RS256' });
    expect(pub).toEqual({ kty: 'RSA', n: 'n', e: 'AQAB', kid: 'k', alg: 'RS256', use: 'sig' });
  });

  it('verifies with the stored key and lower-cases the email', async () => {
    const [key] = await loadSigningKeys(t.database.db);
    const verifier = createVerifier({
      keys: createLocalJWKSet({ keys: [publicJwk(key!)] }),
      issuer: 'https://i',
      audience: 'a',
    });
    const token = await new SignJWT({ email: 'Someone@Example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: key!.kid })
      .setIssuer('https://i')
      .setAudience('a')
      .setExpirationTime('5m')
      .sign(await importJWK(key!, 'RS256'));
    await expect(verifier.verify(token)).resolves.toEqual({ email: 'someone@example.com' });
  });
});
