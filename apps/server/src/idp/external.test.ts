import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createTestApp, type TestApp } from '../test/app.js';
import { discoverExternalIssuer } from './external.js';

/** A stand-in external issuer on the loopback: discovery and JWKS only. */
let server: http.Server;
let issuer: string;
let privateKey: CryptoKey;
let t: TestApp;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/realms/portal/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
        end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
        id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
      });
    }
    if (req.url === '/realms/portal/protocol/openid-connect/certs') return send(200, { keys: [jwk] });
    if (req.url === '/broken/.well-known/openid-configuration') return send(500, {});
    return send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/portal`;
  t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portal-ext' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const sign = (claims: Record<string, unknown>, aud = 'portal-ext') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
    .setIssuer(issuer)
    .setAudience(aud)
    .setExpirationTime('5m')
    .sign(privateKey);

describe('an external issuer (OIDC_ISSUER)', () => {
  it('tells the SPA the issuer endpoints from discovery', async () => {
    const res = await t.app.inject({ url: '/api/v1/public/auth-config' });
    expect(res.json()).toEqual({
      issuer,
      clientId: 'portal-ext',
      authorizationEndpoint: `${issuer}/protocol/openid-connect/auth`,
      endSessionEndpoint: `${issuer}/protocol/openid-connect/logout`,
    });
    // The SPA may talk to the issuer's origin.
    expect(String(res.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src 'self' ${new URL(issuer).origin.replace(/[.]/g, '\\.')}`),
    );
  });

  it('accepts its id tokens and refuses ones for another audience', async () => {
    const ok = await t.app.inject({
      url: '/api/v1/devops/me',
      headers: { authorization: `Bearer ${await sign({ email: 'admin@example.com' })}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'admin@example.com', roles: ['admin'] });
    const aud = await t.app.inject({
      url: '/api/v1/devops/me',
      headers: { authorization: `Bearer ${await sign({ email: 'admin@example.com' }, 'other')}` },
    });
    expect(aud.statusCode).toBe(401);
  });

  it('does not mount the built-in issuer', async () => {
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'route.notFound' });
  });

  it('fails start-up clearly when discovery fails', async () => {
    const broken = issuer.replace('/realms/portal', '/broken');
    await expect(discoverExternalIssuer(broken, 'x')).rejects.toThrow(/answered 500/);
    await expect(discoverExternalIssuer(issuer.replace('/realms/portal', '/realms/other'), 'x')).rejects.toThrow(
      /answered 404/,
    );
  });
});
