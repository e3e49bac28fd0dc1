import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { App } from '../platform/context.js';
import { authorizeUrl, Browser, formAction, fragmentOf } from './browser.test-helper.js';

const DEMO = { email: 'admin@example.com', password: 'portal-demo' };
const LOOPBACK = '127.0.0.1:8080';
const LOCALHOST = 'localhost:8080';

/** The test app runs with PUBLIC_URL=http://portal.test; `open` is a second app on its database without PUBLIC_URL. */
let t: TestApp;
let open: App;
beforeAll(async () => {
  t = await createTestApp();
  const config = loadConfig({ SEED: 'none', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '8080' });
  open = (await buildApp(config, t.database, { stepTimeScale: 0 })).app;
  await open.ready();
});
afterAll(async () => {
  await open?.close();
  await t?.close();
});

/** Signs in through the built-in issuer's pages as a browser at `host`; returns the final redirect to the SPA. */
async function signInAt(app: App, host: string, redirectUri = `http://${host}/auth_redirect`) {
  const browser = new Browser(app, {}, host);
  const start = await browser.get(authorizeUrl({ redirect_uri: redirectUri, nonce: `n-${host}` }));
  expect(start.statusCode).toBe(303);
  const page = await browser.follow(start);
  expect(page.statusCode).toBe(200);
  const posted = await browser.post(formAction(page.body), DEMO);
  expect(posted.statusCode).toBe(303);
  const last = await browser.follow(posted);
  expect(last.statusCode).toBe(303);
  return String(last.headers.location);
}

const me = (app: App, host: string, token: string) =>
  app.inject({ url: '/api/v1/devops/me', headers: { host, authorization: `Bearer ${token}` } });

describe('without PUBLIC_URL the built-in issuer follows the origin it is reached at', () => {
  it('answers the auth config and discovery for the origin of the request', async () => {
    for (const host of [LOOPBACK, LOCALHOST, 'portal-host.lan:8080']) {
      const config = await open.inject({ url: '/api/v1/public/auth-config', headers: { host } });
      expect(config.statusCode).toBe(200);
      expect(config.headers['cache-control']).toBe('no-store');
      expect(config.json()).toEqual({
        issuer: `http://${host}/oidc`,
        clientId: 'management-portal',
        authorizationEndpoint: `http://${host}/oidc/auth`,
        endSessionEndpoint: `http://${host}/oidc/session/end`,
      });
      const discovery = await open.inject({ url: '/oidc/.well-known/openid-configuration', headers: { host } });
      expect(discovery.json()).toMatchObject({
        issuer: `http://${host}/oidc`,
        authorization_endpoint: `http://${host}/oidc/auth`,
      });
    }
  });

  it('signs in at 127.0.0.1 and returns to 127.0.0.1 with a token whose issuer is that origin', async () => {
    const location = await signInAt(open, LOOPBACK);
    expect(location.startsWith(`http://${LOOPBACK}/auth_redirect#`)).toBe(true);
    const idToken = fragmentOf(location).get('id_token')!;
    const jwks = (await open.inject({ url: '/oidc/jwks', headers: { host: LOOPBACK } })).json() as JSONWebKeySet;
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: `http://${LOOPBACK}/oidc`,
      audience: 'management-portal',
    });
    expect(payload).toMatchObject({ email: 'admin@example.com', nonce: `n-${LOOPBACK}` });

    // The server's own verifier takes it, whichever of its addresses the call comes to (one key signs for all).
    for (const host of [LOOPBACK, LOCALHOST]) {
      const res = await me(open, host, idToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: 'admin@example.com' });
    }
  });

  it('signs in at localhost too, in the same server', async () => {
    const location = await signInAt(open, LOCALHOST);
    expect(location.startsWith(`http://${LOCALHOST}/auth_redirect#`)).toBe(true);
    const idToken = fragmentOf(location).get('id_token')!;
    expect(decodeJwt(idToken).iss).toBe(`http://${LOCALHOST}/oidc`);
    expect((await me(open, LOCALHOST, idToken)).statusCode).toBe(200);
  });

  it('refuses a redirect_uri of any origin but the one the authorize request came to', async () => {
    for (const redirectUri of [
      `http://${LOCALHOST}/auth_redirect`,
      'http://127.0.0.1:9999/auth_redirect',
      'https://127.0.0.1:8080/auth_redirect',
      'https://evil.example/auth_redirect',
      'http://localhost:5173/auth_redirect',
    ]) {
      const res = await new Browser(open, {}, LOOPBACK).get(authorizeUrl({ redirect_uri: redirectUri }));
      expect(res.statusCode, redirectUri).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(`Sign-in at http://${LOOPBACK} can only return to http://${LOOPBACK}.`);
      expect(res.body).toContain('invalid_redirect_uri');
      expect(res.body).not.toMatch(/<script|<style/i);
    }
  });

  it('accepts only built-in issuers of an origin, signed with its own key', async () => {
    const ok = await t.token({ issuer: `http://${LOOPBACK}/oidc` });
    expect((await me(open, LOOPBACK, ok)).statusCode).toBe(200);
    for (const issuer of [`http://${LOOPBACK}/other`, `http://${LOOPBACK}/oidc/`, `ftp://${LOOPBACK}/oidc`, 'oidc']) {
      expect((await me(open, LOOPBACK, await t.token({ issuer }))).statusCode, issuer).toBe(401);
    }
    const forged = await t.token({ issuer: `http://${LOOPBACK}/oidc`, foreignKey: true });
    expect((await me(open, LOOPBACK, forged)).statusCode).toBe(401);
  });

  it('answers a request without a usable Host with an error, not an issuer', async () => {
    const host = 'evil.example/path';
    const config = await open.inject({ url: '/api/v1/public/auth-config', headers: { host } });
    expect(config.statusCode).toBe(400);
    expect(config.json()).toMatchObject({ code: 'request.invalid' });
    const auth = await open.inject({ url: authorizeUrl({}), headers: { host } });
    expect(auth.statusCode).toBe(400);
    expect(auth.body).toContain('no usable Host');
  });

  it('keeps a bounded set of origins and still signs in at one that was evicted', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await open.inject({ url: '/oidc/jwks', headers: { host: `h${i}.example:8080` } });
      expect(res.statusCode).toBe(200);
    }
    expect((await signInAt(open, LOOPBACK)).startsWith(`http://${LOOPBACK}/auth_redirect#`)).toBe(true);
  });
});

describe('with PUBLIC_URL the built-in issuer lives at that URL only', () => {
  const MESSAGE = 'This portal is configured for http://portal.test — open it there to sign in.';

  it('tells a browser at another address where to open the portal', async () => {
    for (const headers of [{ referer: `http://${LOOPBACK}/orgs?page=2` }, { origin: `http://${LOOPBACK}` }]) {
      const res = await t.app.inject({ url: '/api/v1/public/auth-config', headers: { host: LOOPBACK, ...headers } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'request.invalid',
        message: MESSAGE,
        details: { portalUrl: 'http://portal.test/' },
      });
    }
    // At the configured address (whatever Host a proxy passes on) it answers the one issuer.
    const here = await t.app.inject({
      url: '/api/v1/public/auth-config',
      headers: { host: LOOPBACK, referer: 'http://portal.test/overview' },
    });
    expect(here.statusCode).toBe(200);
    expect(here.json()).toMatchObject({ issuer: 'http://portal.test/oidc' });
  });

  it('answers a sign-in started at another address with a page saying where to go', async () => {
    const res = await new Browser(t.app).get(authorizeUrl({ redirect_uri: `http://${LOOPBACK}/auth_redirect` }));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(MESSAGE);
    expect(res.body).toContain('href="http://portal.test/"');
    expect(res.body).not.toMatch(/<script|<style/i);
  });

  it('keeps its one issuer whatever Host the request carries, and accepts no other', async () => {
    const discovery = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: LOOPBACK },
    });
    expect(discovery.json()).toMatchObject({ issuer: 'http://portal.test/oidc' });
    const other = await t.token({ issuer: `http://${LOOPBACK}/oidc` });
    expect((await me(t.app, LOOPBACK, other)).statusCode).toBe(401);
    expect((await me(t.app, LOOPBACK, await t.token())).statusCode).toBe(200);
  });
});
