import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { ErrorBody, FieldIssue } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { authorizeUrl, Browser, formAction } from '../idp/browser.test-helper.js';
import { findUnsafeText, UNSAFE_TEXT } from './request-hygiene.js';
import { clusters } from '../features/orgs/index.js';

let t: TestApp;
let operator: { authorization: string };
let admin: { authorization: string };
let clusterId: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.as('operator@example.com');
  admin = await t.as('admin@example.com');
  const [c] = await t.database.db
    .select({ id: clusters.id })
    .from(clusters)
    .where(eq(clusters.clusterType, 'DEDICATED_TIDB'))
    .orderBy(asc(clusters.id))
    .limit(1);
  clusterId = c!.id;
});
afterAll(() => t?.close());

const NUL = '\u0000';
const HIGH = '\ud800';
const LOW = '\udc00';

type Case = [name: string, method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, field: string];

/** Where the probe found 500s: text path parameters, list filters and free-text body fields (also nested, and keys). */
const cases = (): Case[] => [
  ['org id', 'GET', '/api/v1/admin/orgs/org%00x', undefined, 'params.id'],
  ['project id', 'GET', '/api/v1/admin/orgs/o-1/projects/p%00', undefined, 'params.pid'],
  ['cluster id', 'GET', '/api/v1/devops/cluster/clusters/%00', undefined, 'params.id'],
  ['cluster config', 'GET', '/api/v1/devops/cloudconfig/clusters/c%00/config', undefined, 'params.cluster_id'],
  ['provider id', 'GET', '/api/v1/admin/providers/aws%00', undefined, 'params.id'],
  ['ticdc id', 'GET', '/api/v1/devops/ticdc/clusters/cdc%00', undefined, 'params.id'],
  ['changefeed id', 'GET', '/api/v1/devops/ticdc/changefeeds/%00cf', undefined, 'params.id'],
  ['operation id', 'GET', '/api/v1/devops/operations/1%00', undefined, 'params.id'],
  ['user email', 'PUT', '/api/v1/admin/users/a%00@example.com/roles', { roles: ['viewer'] }, 'params.email'],
  ['org search', 'GET', '/api/v1/admin/orgs?search=%00', undefined, 'querystring.search'],
  ['cluster tenant_id', 'GET', '/api/v1/devops/cluster/clusters?tenant_id=t%00', undefined, 'querystring.tenant_id'],
  ['cluster search', 'GET', '/api/v1/devops/cluster/clusters?search=x%00y', undefined, 'querystring.search'],
  [
    'change have_modified_param_like',
    'GET',
    '/api/v1/devops/cloudconfig/changes?have_modified_param_like=%00',
    undefined,
    'querystring.have_modified_param_like',
  ],
  ['operation search', 'GET', '/api/v1/devops/operations?search=%00', undefined, 'querystring.search'],
  ['user search', 'GET', '/api/v1/admin/users?search=%00', undefined, 'querystring.search'],
  [
    'audit instance_id',
    'GET',
    '/api/v1/devops/audit?type=tenant&instance_id=%00',
    undefined,
    'querystring.instance_id',
  ],
  ['a query key', 'GET', '/api/v1/admin/orgs?a%00b=1', undefined, 'querystring.a\\u0000b'],
  [
    'change cancel reason',
    'POST',
    '/api/v1/devops/cloudconfig/changes/1/cancel',
    { reason: `no${NUL}` },
    'body.reason',
  ],
  ['operation cancel reason', 'POST', '/api/v1/devops/operations/1/cancel', { reason: HIGH }, 'body.reason'],
  ['ticdc restart reason', 'POST', '/api/v1/devops/ticdc/clusters/x/restart', { reason: `a${LOW}` }, 'body.reason'],
  ['approval comment', 'POST', '/api/v1/devops/approval/approvals/1/approve', { comment: `ok${NUL}` }, 'body.comment'],
  [
    'rejection comment',
    'POST',
    '/api/v1/devops/approval/approvals/1/reject',
    { comment: `${LOW}${HIGH}` },
    'body.comment',
  ],
  [
    'ctl command',
    'POST',
    '/api/v1/devops/cluster/ctl',
    { cluster_id: 'CLUSTER', command: `pd-ctl store${NUL}` },
    'body.command',
  ],
  [
    'ctl argument',
    'POST',
    '/api/v1/devops/cluster/ctl',
    { cluster_id: 'CLUSTER', command: 'pd-ctl region', args: ['--limit', `5${HIGH}`] },
    'body.args.1',
  ],
  [
    'ticdc image tag',
    'POST',
    '/api/v1/devops/ticdc/clusters/x/images',
    { components: [{ component: 'TICDC', image_tag: `v8.5.0${NUL}` }] },
    'body.components.0.image_tag',
  ],
  [
    'configuration change image tag',
    'POST',
    '/api/v1/devops/cloudconfig/clusters/CLUSTER/changes/preview',
    { base_fingerprint: 'f', components: [{ component: 'TIDB', overwrite_image_tag: { to_image_tag: HIGH } }] },
    'body.components.0.overwrite_image_tag.to_image_tag',
  ],
  [
    'configuration change reason',
    'POST',
    '/api/v1/devops/cloudconfig/clusters/CLUSTER/changes',
    { base_fingerprint: 'f', apply_policy: 'rolling', reason: `why${NUL}` },
    'body.reason',
  ],
  ['a body key', 'POST', '/api/v1/devops/operations/1/cancel', { [`re${NUL}ason`]: 'x' }, 'body.re\\u0000ason'],
  [
    'a user name',
    'POST',
    '/api/v1/admin/users',
    { email: 'n@example.com', name: `N${NUL}`, roles: ['viewer'] },
    'body.name',
  ],
];

function expectRefused(res: Awaited<ReturnType<TestApp['app']['inject']>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json() as ErrorBody;
  expect(body).toEqual({
    code: 'request.invalid',
    message: `${field}: ${UNSAFE_TEXT}`,
    requestId: res.headers['x-request-id'],
    details: [{ field, message: UNSAFE_TEXT }] satisfies FieldIssue[],
  });
}

describe('NUL and unpaired surrogates in a request', () => {
  it.each(cases())(
    'are refused with 400 request.invalid before any work: %s',
    async (_name, method, url, body, field) => {
      const who = url.includes('/admin/users') ? admin : operator;
      const payload = body === undefined ? undefined : JSON.parse(JSON.stringify(body).replace(/CLUSTER/g, clusterId));
      const res = await t.app.inject({
        method,
        url: url.replace('CLUSTER', clusterId),
        headers: who,
        ...(payload === undefined ? {} : { payload }),
      });
      expectRefused(res, field);
    },
  );

  it('are refused before authentication, so an anonymous probe reaches nothing either', async () => {
    expectRefused(await t.app.inject({ url: '/api/v1/admin/orgs/%00' }), 'params.id');
  });

  it('are refused on the built-in issuer and unknown paths too (never a 500)', async () => {
    const discovery = await t.app.inject({ url: '/oidc/.well-known/openid-configuration?x=%00' });
    expectRefused(discovery, 'querystring.x');
    const unknown = await t.app.inject({ url: '/api/v1/nope?q=%00' });
    expect(unknown.statusCode).toBe(400);
  });

  it("are never a 500 in the built-in issuer's own form posts (oidc-provider reads those bodies itself)", async () => {
    const form = { host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded' };
    const authorize = new URLSearchParams({
      client_id: 'management-portal',
      response_type: 'id_token token',
      scope: 'openid email',
      redirect_uri: 'http://portal.test/auth_redirect',
      state: 's',
      nonce: `n${NUL}`,
    });
    for (const [url, payload] of [
      ['/oidc/auth', authorize.toString()],
      ['/oidc/me', 'access_token=%00'],
      ['/oidc/session/end', 'id_token_hint=%00&post_logout_redirect_uri=http%3A%2F%2Fportal.test%2F'],
      ['/oidc/session/end/confirm', 'xsrf=%00&logout=yes'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: form, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      // The authorization request goes back to the client with the reason, as OpenID Connect has it.
      if (url === '/oidc/auth') expect(String(res.headers.location)).toContain('#error=invalid_request');
    }
  });

  it('let well-formed text through: a surrogate pair (emoji), other control characters, raw percent text', async () => {
    for (const url of [
      `/api/v1/admin/orgs?search=${encodeURIComponent('\ud83d\ude00')}`,
      '/api/v1/admin/orgs?search=%01%09',
      // Not UTF-8: the query parser leaves it as the literal text.
      '/api/v1/admin/orgs?search=%ED%A0%80',
    ]) {
      const res = await t.app.inject({ url, headers: operator });
      expect(res.statusCode, url).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cluster/ctl',
      headers: operator,
      payload: { cluster_id: clusterId, command: 'pd-ctl store', args: ['\ud83d\ude00'] },
    });
    expect(res.json()).not.toMatchObject({ message: expect.stringContaining(UNSAFE_TEXT) });
  });

  it('answers a URL that is not UTF-8 in the path, or a too long path parameter, with the envelope', async () => {
    for (const url of [
      '/api/v1/admin/orgs/%ED%A0%80',
      '/api/v1/admin/orgs/%E0%A4%A',
      `/api/v1/admin/orgs/${'a'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ url, headers: operator });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        code: 'request.invalid',
        message: expect.any(String),
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('shows the sign-in form again for a NUL in the sign-in form (a page, never a 500)', async () => {
    const browser = new Browser(t.app);
    const start = await browser.get(authorizeUrl({}));
    const page = await browser.follow(start);
    expect(page.statusCode).toBe(200);
    const action = formAction(page.body);
    for (const form of [
      { email: NUL, password: 'x' },
      { email: `admin@example.com${NUL}`, password: 'portal-demo' },
      { email: 'admin@example.com', password: `portal-demo${NUL}` },
    ]) {
      const res = await browser.post(action, form);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('The email or password contains a character that is not allowed.');
      expect(formAction(res.body)).toBe(action);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
    // The form still works afterwards.
    const ok = await browser.post(action, { email: 'admin@example.com', password: 'portal-demo' });
    expect(ok.statusCode).toBe(303);

    const badUid = await browser.post('/oidc/interaction/a%00b/login', { email: 'a', password: 'b' });
    expect(badUid.statusCode).toBe(400);
    expect(badUid.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('findUnsafeText', () => {
  it('names the first offending string in document order, keys included, at any depth', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'x' }, { d: `y${NUL}` }], e: NUL }, 'body')).toBe('body.b.1.d');
    expect(findUnsafeText({ ok: ['\ud83d\ude00', 1, null, true] }, 'body')).toBeUndefined();
    expect(findUnsafeText(`${HIGH}`, 'body')).toBe('body');
    expect(findUnsafeText(`${LOW}x`, 'body')).toBe('body');
    expect(findUnsafeText(`\ud83d\ude00${HIGH}`, 'body')).toBe('body');
    expect(findUnsafeText({ [`k${LOW}`]: 1 }, 'q')).toBe('q.k\\udc00');
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
