import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { testConfig } from '../test/config.js';
import { buildApp } from '../app.js';
import { parseTrustProxy } from '../config.js';
import type { App } from './context.js';
import { HSTS } from './http.js';

let t: TestApp;
let operator: { authorization: string };
/** Apps built here on the test app's database; closed at the end. */
const apps: App[] = [];

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.as('operator@example.com');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
});

/** Another app on the same database, with more configuration and a route that shows what Fastify made of a request. */
async function appWith(env: Record<string, string>): Promise<App> {
  const { app } = await buildApp(testConfig(env), t.database, { stepTimeScale: 0 });
  app.get('/test/whoami', { schema: { hide: true } }, (req) => ({
    ip: req.ip,
    protocol: req.protocol,
    host: req.host,
  }));
  await app.ready();
  apps.push(app);
  return app;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it("adopts a client's id only when it is a short token of safe characters", async () => {
    for (const id of ['abc-123', 'trace:01HZX.span_7', 'a'.repeat(64)]) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
    for (const id of ['<script>alert(1)</script>', 'a b', 'a'.repeat(65), 'x;y', 'a/b', '']) {
      const res = await t.app.inject({ url: '/api/v1/devops/me', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], id).toMatch(UUID);
      expect((res.json() as ErrorBody).requestId).toBe(res.headers['x-request-id']);
    }
  });
});

describe('Cache-Control on the API', () => {
  it('is no-store on every answer of an authenticated route, success or refusal', async () => {
    const ok = await t.app.inject({ url: '/api/v1/devops/me', headers: operator });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ url: '/api/v1/admin/orgs', headers: operator });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const forbidden = await t.app.inject({ url: '/api/v1/admin/users', headers: operator });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: '/api/v1/admin/orgs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const invalid = await t.app.inject({ url: '/api/v1/admin/orgs?per_page=0', headers: operator });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
  });

  it('leaves public routes their own', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('parses false, true and lists of addresses and ranges; refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.0.0/255.255.0.0 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.0.0/255.255.0.0',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '1', '2', '10.0.0.0/33', '::/129', 'proxy.example', '10.0.0.1,', '10.0.0.0/8/8'])
      expect(parseTrustProxy(bad), bad).toBeUndefined();
    expect(() => testConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(testConfig({}).trustProxy).toBe(false);
  });

  it('unset: X-Forwarded-For, -Proto and -Host are ignored', async () => {
    const app = await appWith({});
    const res = await app.inject({
      url: '/test/whoami',
      headers: {
        host: 'portal.test',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http', host: 'portal.test' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a list: trusted only from those addresses', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const headers = { host: 'portal.test', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
    const viaProxy = await app.inject({ url: '/test/whoami', headers, remoteAddress: '10.1.2.3' });
    expect(viaProxy.json()).toMatchObject({ ip: '203.0.113.9', protocol: 'https' });
    const direct = await app.inject({ url: '/test/whoami', headers, remoteAddress: '198.51.100.1' });
    expect(direct.json()).toMatchObject({ ip: '198.51.100.1', protocol: 'http' });
  });

  it('true: every peer is a proxy', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    const res = await app.inject({
      url: '/test/whoami',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toMatchObject({ ip: '203.0.113.9', protocol: 'https' });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent over https only (as a trusted proxy reports it)', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of ['/healthz', '/api/v1/devops/me', '/api/v1/nope', '/whatever']) {
      const res = await app.inject({ url, headers: https });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
      const plain = await app.inject({ url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    // Not from a client the server does not trust.
    const untrusted = await t.app.inject({ url: '/healthz', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the built SPA', () => {
  let dir: string;
  let app: App;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.map.br'), 'not really brotli');
    app = await appWith({ WEB_DIST: dir });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves files, pre-compressed when asked, client routes as index.html, and 404s as JSON', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
    // A client route may end in an email or a host name (a dot, not a file).
    for (const url of ['/', '/orgs/123', '/assets', '/iam/entity/users/ada%40example.com', '/iam/entity/users/a.b']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>x</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await get('/assets/app-1.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1);\n');
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.br'), 'brotli bytes');
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    for (const url of ['/assets/app-2.js', '/api/v1/nothing-here', '/favicon.png', '/robots.txt', '/assets/x.com']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'route.notFound' });
    }
    // Files are looked up when asked for, not listed at start (one route, whatever the size of the build).
    fs.writeFileSync(path.join(dir, 'assets', 'app-2.js'), 'console.log(2);\n');
    expect((await get('/assets/app-2.js')).body).toBe('console.log(2);\n');
  });

  it('never serves source maps', async () => {
    expect((await app.inject({ url: '/assets/app-1.js' })).statusCode).toBe(200);
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      for (const url of ['/assets/app-1.js.map', '/assets/app-1.js.MAP', '/assets/app-1.js.map?x=1']) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'route.notFound' });
      }
    }
  });
});

describe('requests Node refuses before Fastify (431, malformed)', () => {
  let server: App;
  let port: number;
  beforeAll(async () => {
    server = await appWith({});
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });

  function raw(request: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: request, headers: { host: 'x' } });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a URL over the header size limit with 431 and the envelope', async () => {
    const res = await raw(`/api/v1/admin/orgs?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(res.body) as ErrorBody;
    expect(body).toEqual({
      code: 'request.tooLarge',
      message: 'The request URL or headers are too large',
      requestId: expect.stringMatching(UUID),
    });
    expect(res.headers['x-request-id']).toBe(body.requestId);
  });

  it('answers a URL that is not UTF-8 with 400 and the envelope over a real connection too', async () => {
    const res = await raw('/api/v1/admin/orgs/%ED%A0%80');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'request.invalid', requestId: res.headers['x-request-id'] });
  });
});
