import { PRIVILEGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { testConfig } from '../test/config.js';
import type { App } from '../platform/context.js';
import { oidcPayloads, portalUsers } from '../platform/schema.js';
import { hashPassword } from './password.js';
import { authorizeUrl, Browser, formAction, fragmentOf, HOST, REDIRECT_URI } from './browser.test-helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DEMO = { email: 'admin@example.com', password: 'portal-demo' };

/** Starts an authorization request and returns the sign-in page response (after the redirect to it). */
async function openSignIn(browser: Browser, params: Record<string, string | undefined> = {}) {
  const start = await browser.get(authorizeUrl(params));
  expect(start.statusCode).toBe(303);
  expect(String(start.headers.location)).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  const page = await browser.follow(start);
  return page;
}

/** Signs in through the page and returns the final redirect to the SPA. */
async function signIn(browser: Browser, creds = DEMO, params: Record<string, string | undefined> = {}) {
  const page = await openSignIn(browser, params);
  const posted = await browser.post(formAction(page.body), creds);
  expect(posted.statusCode).toBe(303);
  const last = await browser.follow(posted);
  expect(last.statusCode).toBe(303);
  return String(last.headers.location);
}

describe('the built-in issuer', () => {
  it('publishes discovery and the public signing keys under /oidc', async () => {
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: 'http://portal.test/oidc',
      authorization_endpoint: 'http://portal.test/oidc/auth',
      jwks_uri: 'http://portal.test/oidc/jwks',
      end_session_endpoint: 'http://portal.test/oidc/session/end',
    });
    expect(doc.response_types_supported).toContain('id_token token');
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email']));

    const jwks = (await t.app.inject({ url: '/oidc/jwks', headers: { host: HOST } })).json() as JSONWebKeySet;
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const k of jwks.keys) {
      expect(k).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(k).not.toHaveProperty('d');
      expect(k).not.toHaveProperty('p');
    }
  });

  it('runs the implicit flow: sign-in page, wrong password, right password, tokens in the fragment', async () => {
    const browser = new Browser(t.app);
    const page = await openSignIn(browser, { nonce: 'n-0S6_WzA2Mj', state: '/orgs?page=2' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Management Portal</title>');
    expect(page.body).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(page.body).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    // CSP-safe: no inline script or style, and a strict policy of our own.
    expect(page.body).not.toMatch(/<script|<style|style=/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");

    const css = await browser.get('/oidc/static/sign-in.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);

    const wrong = await browser.post(formAction(page.body), { email: 'admin@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid email or password.');
    expect(wrong.body).toContain('value="admin@example.com"');

    const unknown = await browser.post(formAction(page.body), { email: 'ghost@example.com', password: 'portal-demo' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Invalid email or password.');

    const ok = await browser.post(formAction(wrong.body), DEMO);
    expect(ok.statusCode).toBe(303);
    const final = await browser.follow(ok);
    expect(final.statusCode).toBe(303);
    const location = String(final.headers.location);
    expect(location.startsWith(`${REDIRECT_URI}#`)).toBe(true);

    const f = fragmentOf(location);
    expect(f.get('access_token')).toBeTruthy();
    expect(f.get('token_type')).toBe('Bearer');
    expect(f.get('state')).toBe('/orgs?page=2');
    expect(Number(f.get('expires_in'))).toBe(8 * 60 * 60);

    const idToken = f.get('id_token')!;
    const jwks = (await browser.get('/oidc/jwks')).json() as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: t.config.oidc.issuer,
      audience: t.config.oidc.clientId,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: 'admin@example.com',
      email: 'admin@example.com',
      name: 'Ada Admin',
      nonce: 'n-0S6_WzA2Mj',
    });
    expect(payload.exp! - payload.iat!).toBe(8 * 60 * 60);

    // The id token is the SPA's bearer: the app's own verifier accepts it.
    const me = await t.app.inject({ url: '/api/v1/devops/me', headers: { authorization: `Bearer ${idToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      email: 'admin@example.com',
      name: 'Ada Admin',
      roles: ['admin'],
      privileges: [...PRIVILEGES],
    });
  });

  it('signs in again without a password while the issuer session lasts (no consent screen)', async () => {
    const browser = new Browser(t.app);
    await signIn(browser, { email: 'operator@example.com', password: 'portal-demo' });
    const again = await browser.get(authorizeUrl({ nonce: 'second', state: 's2' }));
    expect(again.statusCode).toBe(303);
    const f = fragmentOf(String(again.headers.location));
    expect(decodeJwt(f.get('id_token')!)).toMatchObject({ email: 'operator@example.com', nonce: 'second' });
    expect(f.get('state')).toBe('s2');
  });

  it('accepts the email in any case and trims it', async () => {
    const location = await signIn(new Browser(t.app), { email: '  Admin@Example.COM ', password: 'portal-demo' });
    expect(decodeJwt(fragmentOf(location).get('id_token')!).email).toBe('admin@example.com');
  });

  it('refuses accounts without a password and disabled accounts with the same message', async () => {
    const browser = new Browser(t.app);
    const page = await openSignIn(browser);
    // Staff seeded without a password hash sign in through an external issuer only.
    const noPassword = await browser.post(formAction(page.body), {
      email: 'lin.wei@example.com',
      password: 'portal-demo',
    });
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.body).toContain('Invalid email or password.');

    await t.database.db.insert(portalUsers).values({
      email: 'gone@example.com',
      name: 'Gone',
      roles: ['operator'],
      passwordHash: await hashPassword('portal-demo'),
      disabled: true,
    });
    const disabled = await browser.post(formAction(page.body), { email: 'gone@example.com', password: 'portal-demo' });
    expect(disabled.statusCode).toBe(401);
    expect(disabled.body).toContain('Invalid email or password.');
  });

  it('escapes what it echoes back', async () => {
    const browser = new Browser(t.app);
    const page = await openSignIn(browser);
    const evil = '"><script>alert(1)</script>';
    const res = await browser.post(formAction(page.body), { email: evil, password: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('requires a nonce: without one the SPA gets an error redirect', async () => {
    const res = await new Browser(t.app).get(authorizeUrl({ nonce: undefined, state: 'no-nonce' }));
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${REDIRECT_URI}#`)).toBe(true);
    const f = fragmentOf(location);
    expect(f.get('error')).toBe('invalid_request');
    expect(f.get('error_description')).toMatch(/nonce/);
    expect(f.get('state')).toBe('no-nonce');
    expect(f.get('id_token')).toBeNull();
  });

  it('accepts the Vite dev server redirect URI (http, localhost) but no unregistered one', async () => {
    const dev = await new Browser(t.app).get(authorizeUrl({ redirect_uri: 'http://localhost:5173/auth_redirect' }));
    expect(dev.statusCode).toBe(303);
    expect(String(dev.headers.location)).toMatch(/^\/oidc\/interaction\//);

    const evil = await new Browser(t.app).get(authorizeUrl({ redirect_uri: 'https://evil.example/auth_redirect' }));
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect(evil.body).toContain('redirect_uri');
    expect(evil.body).not.toMatch(/<script|<style/i);
  });

  it('offers only the implicit flow (no authorization code)', async () => {
    const res = await new Browser(t.app).get(authorizeUrl({ response_type: 'code' }));
    expect(res.statusCode).toBe(303);
    expect(
      fragmentOf(String(res.headers.location)).get('error') ??
        new URL(String(res.headers.location)).searchParams.get('error'),
    ).toBe('unsupported_response_type');
  });

  it('shows an error page for an unknown or stale interaction', async () => {
    const browser = new Browser(t.app);
    const res = await browser.get('/oidc/interaction/does-not-exist');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('expired');
    const post = await browser.post('/oidc/interaction/does-not-exist/login', DEMO);
    expect(post.statusCode).toBe(400);
  });

  it('rate-limits failed sign-ins per account, whatever X-Forwarded-For says (not a trusted proxy)', async () => {
    const browser = new Browser(t.app);
    const action = formAction((await openSignIn(browser)).body);
    // A new address per attempt, as an attacker would send: not trusted (TRUST_PROXY unset), so it changes nothing.
    const from = (i: number) => {
      browser.setHeader('x-forwarded-for', `203.0.113.${i}`);
      return browser;
    };
    for (let i = 0; i < 10; i++) {
      const res = await from(i).post(action, { email: 'operator@example.com', password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await from(10).post(action, { email: 'operator@example.com', password: 'wrong-again' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('300');
    expect(limited.body).toContain('Too many sign-in attempts, try again in a few minutes.');
    // Even the right password waits out the window, from any address.
    const right = await from(11).post(action, { email: 'Operator@Example.com', password: 'portal-demo' });
    expect(right.statusCode).toBe(429);
    // Another account from the same address is not affected.
    const other = await signIn(new Browser(t.app), DEMO);
    expect(fragmentOf(other).get('id_token')).toBeTruthy();
  });

  it('signs out through end_session with a CSP-safe confirmation page', async () => {
    const browser = new Browser(t.app);
    const location = await signIn(browser);
    const idToken = fragmentOf(location).get('id_token')!;

    const q = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: 'http://portal.test/',
      state: 'bye',
    });
    const confirm = await browser.get(`/oidc/session/end?${q}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).not.toMatch(/<script|<style/i);
    expect(confirm.body).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes"[^>]*>Sign out<\/button>/,
    );
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)![1]!;

    const done = await browser.post(action, { xsrf, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(String(done.headers.location)).toBe('http://portal.test/?state=bye');

    // The issuer session is gone: the next authorization asks for the password again.
    const next = await browser.get(authorizeUrl({}));
    expect(String(next.headers.location)).toMatch(/^\/oidc\/interaction\//);
  });

  it('keeps its state in the database, so another server process can continue a sign-in', async () => {
    const other = await buildApp(t.config, t.database);
    try {
      await other.app.ready();
      const browser = new Browser(t.app);
      const page = await openSignIn(browser, { nonce: 'shared' });
      browser.switchTo(other.app);
      const posted = await browser.post(formAction(page.body), DEMO);
      expect(posted.statusCode).toBe(303);
      const last = await browser.follow(posted);
      const idToken = fragmentOf(String(last.headers.location)).get('id_token')!;
      expect(decodeJwt(idToken).nonce).toBe('shared');
      // Signed with the shared key: the first process accepts it.
      const me = await t.app.inject({ url: '/api/v1/devops/me', headers: { authorization: `Bearer ${idToken}` } });
      expect(me.statusCode).toBe(200);

      const [sessions] = await t.database.db
        .select({ n: count() })
        .from(oidcPayloads)
        .where(eq(oidcPayloads.model, 'Session'));
      expect(sessions!.n).toBeGreaterThan(0);
    } finally {
      await other.app.close();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: App;
  beforeAll(async () => {
    proxied = (await buildApp(testConfig({ TRUST_PROXY: 'true' }), t.database, { stepTimeScale: 0 })).app;
    await proxied.ready();
  });
  afterAll(() => proxied?.close());

  it('limits failed sign-ins per account even when every attempt comes from another address', async () => {
    const browser = new Browser(proxied);
    const action = formAction((await openSignIn(browser)).body);
    const post = (i: number, password: string) => {
      browser.setHeader('x-forwarded-for', `198.51.100.${i}`);
      return browser.post(action, { email: 'operator@example.com', password });
    };
    for (let i = 0; i < 10; i++) expect((await post(i, `wrong-${i}`)).statusCode).toBe(401);
    const limited = await post(10, 'wrong-again');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many sign-in attempts, try again in a few minutes.');
    // Locked out: not even the right password, from yet another address, signs in during the window.
    expect((await post(11, 'portal-demo')).statusCode).toBe(429);
    const fresh = new Browser(proxied, { 'x-forwarded-for': '192.0.2.77' });
    const page = await openSignIn(fresh);
    const again = await fresh.post(formAction(page.body), { email: 'operator@example.com', password: 'portal-demo' });
    expect(again.statusCode).toBe(429);
  });

  it('limits failed sign-ins per client address across accounts', async () => {
    const browser = new Browser(proxied, { 'x-forwarded-for': '203.0.113.50' });
    const action = formAction((await openSignIn(browser)).body);
    for (let i = 0; i < 50; i++) {
      const res = await browser.post(action, { email: `nobody-${i}@example.com`, password: 'guess' });
      expect(res.statusCode).toBe(401);
    }
    // The address is used up: another account (right password or not) waits too…
    expect((await browser.post(action, DEMO)).statusCode).toBe(429);
    // …but not from another address.
    const elsewhere = new Browser(proxied, { 'x-forwarded-for': '203.0.113.51' });
    expect(fragmentOf(await signIn(elsewhere, DEMO)).get('id_token')).toBeTruthy();
  });
});

describe("the issuer's cookies", () => {
  const secureCookies = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie'] ?? []].flat().map((c) => [String(c).split('=')[0], /;\s*secure/i.test(String(c))]);

  /** The Set-Cookie lines of a sign-in through the issuer at `browser`'s origin, and its first page's headers. */
  async function signInCookies(app: App, browser: Browser, redirectUri: string) {
    const start = await browser.get(authorizeUrl({ redirect_uri: redirectUri }));
    expect(start.statusCode).toBe(303);
    const page = await browser.follow(start);
    expect(page.statusCode).toBe(200);
    const posted = await browser.post(formAction(page.body), DEMO);
    expect(posted.statusCode).toBe(303);
    const last = await browser.follow(posted);
    expect(String(last.headers.location).startsWith(`${redirectUri}#`)).toBe(true);
    return { cookies: [start, posted, last].flatMap(secureCookies), page };
  }

  it('are Secure, and the issuer sends HSTS, when PUBLIC_URL is https', async () => {
    const { app } = await buildApp(testConfig({ PUBLIC_URL: 'https://portal.test' }), t.database, {
      stepTimeScale: 0,
    });
    try {
      await app.ready();
      const { cookies, page } = await signInCookies(app, new Browser(app), 'https://portal.test/auth_redirect');
      expect(cookies.length).toBeGreaterThan(0);
      for (const [name, secure] of cookies) expect(secure, String(name)).toBe(true);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
    }
  });

  it('are Secure at an https origin a trusted proxy reports (PUBLIC_URL unset), not at a plain one', async () => {
    const env = { SEED: 'none', LOG_LEVEL: 'silent', PORT: '0', TRUST_PROXY: '127.0.0.1' };
    const { app } = await buildApp(loadConfig(env), t.database, { stepTimeScale: 0 });
    try {
      await app.ready();
      const https = new Browser(app, { 'x-forwarded-proto': 'https' }, 'portal.lan');
      const secure = await signInCookies(app, https, 'https://portal.lan/auth_redirect');
      expect(secure.cookies.length).toBeGreaterThan(0);
      for (const [name, isSecure] of secure.cookies) expect(isSecure, String(name)).toBe(true);

      const plain = await signInCookies(app, new Browser(app, {}, 'portal.lan'), 'http://portal.lan/auth_redirect');
      expect(plain.cookies.length).toBeGreaterThan(0);
      for (const [name, isSecure] of plain.cookies) expect(isSecure, String(name)).toBe(false);
      expect(plain.page.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('the relaxed client checks', () => {
  const base = {
    client_id: 'probe',
    application_type: 'web',
    grant_types: ['implicit'],
    response_types: ['id_token token'],
    token_endpoint_auth_method: 'none',
  };

  async function validate(redirectUris: string[]) {
    const { createBuiltinIssuer } = await import('./provider.js');
    const { loadSigningKeys } = await import('./keys.js');
    const issuer = createBuiltinIssuer({
      config: t.config,
      database: t.database,
      keys: await loadSigningKeys(t.database.db),
      log: t.app.log,
    });
    try {
      const Client = (await issuer.provider()).Client as unknown as { validate(m: object): Promise<void> };
      return await Client.validate({ ...base, redirect_uris: redirectUris }).then(
        () => 'ok',
        (err: Error & { error_description?: string }) => err.error_description ?? err.message,
      );
    } finally {
      await issuer.close();
    }
  }

  it('allow http and localhost redirect URIs for the implicit web client', async () => {
    expect(await validate(['http://localhost:5173/auth_redirect', 'http://portal.test/auth_redirect'])).toBe('ok');
  });

  it('keep every other redirect URI check', async () => {
    expect(await validate(['ftp://portal.test/auth_redirect'])).toMatch(/web uris/);
    expect(await validate(['https://portal.test/auth_redirect#x'])).toMatch(/fragments/);
    expect(await validate(['not a url'])).toMatch(/valid uris/);
  });
});
