import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { JumpAuthorization } from '@portal/contract';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { embeddedJumpServer, jumpServerFor, restJumpServer } from './jumpserver.js';

/*
 * The real jump server adapter against a REST jump server served locally: what it requests, how it reads the
 * answers, and how a failing jump server surfaces. One app here is configured with JUMPSERVER_URL, so requests,
 * grants, revokes and the users list go there instead of the embedded tables.
 */

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

const USERS = [
  { id: 7, username: 'oscar.ops', name: 'Oscar Operator', email: 'operator@example.com', is_active: true },
  { id: 8, username: 'gone', name: 'Gone', email: 'gone@example.com', is_active: false },
];
const seen: Seen[] = [];
let failGrants = false;
let grants = 0;
let server: http.Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: raw ? JSON.parse(raw) : undefined,
      });
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'GET' && url.pathname === '/api/v1/users') {
        const search = url.searchParams.get('search') ?? '';
        const hits = USERS.filter((u) => u.username.includes(search));
        return json(200, { count: hits.length, results: hits });
      }
      const user = url.pathname.match(/^\/api\/v1\/users\/([^/]+)$/);
      if (req.method === 'GET' && user) {
        const hit = USERS.find((u) => u.username === decodeURIComponent(user[1]!));
        return hit ? json(200, hit) : json(404, { detail: 'Not found' });
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/grants') {
        if (failGrants) return json(503, { detail: 'maintenance' });
        return json(201, { id: `g-${++grants}` });
      }
      const del = url.pathname.match(/^\/api\/v1\/grants\/([^/]+)$/);
      if (req.method === 'DELETE' && del) return del[1] === 'missing' ? json(404, {}) : res.writeHead(204).end();
      return json(404, { detail: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  t = await createTestApp({ JUMPSERVER_URL: `${base}/`, JUMPSERVER_TOKEN: 'j-s3cret' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

const js = () => restJumpServer({ url: base, token: 'j-s3cret' });

describe('the jump server over REST', () => {
  it('is chosen by JUMPSERVER_URL (trailing slash dropped); the embedded one otherwise', () => {
    expect(t.config.jumpServer).toEqual({ url: base, token: 'j-s3cret' });
    expect(jumpServerFor(t.config).name).toBe('rest');
    expect(jumpServerFor(loadConfig({})).name).toBe('embedded');
    expect(jumpServerFor(loadConfig({})) === embeddedJumpServer).toBe(true);
    expect(() => loadConfig({ JUMPSERVER_URL: 'ftp://jump' })).toThrow(/JUMPSERVER_URL: must be an http\(s\) URL/);
  });

  it('lists and finds users, with the token', async () => {
    seen.length = 0;
    const page = await js().listUsers(t.database.db, { search: 'oscar', isActive: true, page: 2, per_page: 10 });
    expect(page).toEqual({
      total: 1,
      items: [
        { id: '7', username: 'oscar.ops', name: 'Oscar Operator', email: 'operator@example.com', is_active: true },
      ],
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/users?limit=10&offset=10&search=oscar&is_active=true',
      authorization: 'Bearer j-s3cret',
    });
    expect(await js().findUser(t.database.db, 'oscar.ops')).toMatchObject({ id: '7', is_active: true });
    expect(await js().findUser(t.database.db, 'nobody')).toBeNull();
  });

  it('grants and revokes; a grant already gone is no error', async () => {
    seen.length = 0;
    const until = new Date('2026-01-01T10:00:00.000Z');
    const { grantId } = await js().grant(t.database.db, {
      username: 'oscar.ops',
      hosts: ['h1', 'h2'],
      until,
      reference: 'jump-authorization-1',
      reason: 'why',
    });
    expect(grantId).toMatch(/^g-\d+$/);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/grants',
      body: {
        username: 'oscar.ops',
        hosts: ['h1', 'h2'],
        until: until.toISOString(),
        reference: 'jump-authorization-1',
      },
    });
    await js().revoke(t.database.db, grantId);
    await js().revoke(t.database.db, 'missing');
    expect(seen.slice(1).map((s) => `${s.method} ${s.url}`)).toEqual([
      `DELETE /api/v1/grants/${grantId}`,
      'DELETE /api/v1/grants/missing',
    ]);
  });

  it('says what went wrong when it cannot be reached or answers badly', async () => {
    const down = restJumpServer({ url: 'http://127.0.0.1:2/api', token: undefined, timeoutMs: 2000 });
    await expect(down.findUser(t.database.db, 'x')).rejects.toMatchObject({
      code: 'jump.serverUnavailable',
      message: 'The jump server could not be reached (ECONNREFUSED)',
    });
    failGrants = true;
    try {
      await expect(
        js().grant(t.database.db, { username: 'u', hosts: [], until: new Date(), reference: 'r', reason: 'x' }),
      ).rejects.toMatchObject({ code: 'jump.serverUnavailable', message: 'The jump server answered 503 to a grant' });
    } finally {
      failGrants = false;
    }
  });
});

describe('an app with JUMPSERVER_URL', () => {
  const P = '/api/v1/devops/jump';
  const as = (who: string) => t.as(who);
  const cluster = async (n: number) =>
    (
      await t.database.rows<{ id: string }>(sql`
        select c.id from clusters c where c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and c.cluster_type = 'DEDICATED_TIDB'
          and exists (select 1 from cluster_components k where k.cluster_id = c.id)
          and not exists (select 1 from jump_authorizations j where j.cluster_id = c.id)
        order by c.id offset ${n} limit 1`)
    )[0]!.id;
  const request = async (clusterId: string, user = 'oscar.ops') =>
    t.app.inject({
      method: 'POST',
      url: `${P}/authorizations`,
      headers: await as('operator@example.com'),
      payload: { cluster_id: clusterId, jumpserver_user: user, duration_minutes: 30, reason: 'REST test' },
    });
  const approve = async (a: JumpAuthorization) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/devops/approval/approvals/${a.approval_id}/approve`,
      headers: await as('admin@example.com'),
      payload: {},
    });
  const get = async (id: string): Promise<JumpAuthorization> =>
    (
      await t.app.inject({ method: 'GET', url: `${P}/authorizations/${id}`, headers: await as('operator@example.com') })
    ).json().authorization;

  it('lists the jump server’s users and validates requests against it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/users?search=o`,
      headers: await as('operator@example.com'),
    });
    expect(res.json().items.map((u: { username: string }) => u.username)).toEqual(['oscar.ops', 'gone']);
    const inactive = await request(await cluster(0), 'gone');
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('Jumpserver user gone is inactive');
  });

  it('grants on approval and revokes at expiry through the jump server', async () => {
    const a = (await request(await cluster(0))).json().authorization as JumpAuthorization;
    expect((await approve(a)).statusCode).toBe(200);
    seen.length = 0;
    await t.jobs.drain();
    const now = await get(a.id);
    expect(now.status).toBe('active');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/v1/grants']);
    expect(seen[0]!.body).toMatchObject({
      username: 'oscar.ops',
      hosts: a.hosts,
      until: now.expires_at,
      reference: `jump-authorization-${a.id}`,
    });
    await t.database.rows(sql`update jump_authorizations set expires_at = now() where id = ${Number(a.id)}`);
    await t.database.rows(sql`update jobs set run_at = now() where dedupe_key = ${`jump-expire-${a.id}`}`);
    seen.length = 0;
    await t.jobs.drain();
    expect((await get(a.id)).status).toBe('expired');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([`DELETE /api/v1/grants/${now.grant_id}`]);
  });

  it('retries a refused grant, and ends the request (cancelled) when the last attempt fails', async () => {
    const a = (await request(await cluster(1))).json().authorization as JumpAuthorization;
    failGrants = true;
    try {
      expect((await approve(a)).statusCode).toBe(200);
      await t.jobs.drain();
      expect((await get(a.id)).status).toBe('approving');
      const [job] = await t.database.rows<{ attempts: number; status: string }>(
        sql`select attempts, status from jobs where kind = 'approval.settled:jump' and payload->>'subject_id' = ${a.id}`,
      );
      expect(job).toMatchObject({ attempts: 1, status: 'queued' });
      // The attempts run out (backoff skipped): the last one gives up on the grant.
      await t.database.rows(
        sql`update jobs set attempts = max_attempts - 1, run_at = now() where kind = 'approval.settled:jump' and payload->>'subject_id' = ${a.id}`,
      );
      await t.jobs.drain();
    } finally {
      failGrants = false;
    }
    const now = await get(a.id);
    expect(now).toMatchObject({
      status: 'cancelled',
      status_reason: 'The jump server could not grant access: The jump server answered 503 to a grant',
      ended_by: 'system',
      grant_id: null,
    });
    const rows = await t.database.rows<{ operation: string; operator: string }>(
      sql`select operation, operator from audit_logs where type = 'jump' and instance_id = ${a.id} order by id`,
    );
    expect(rows.map((r) => `${r.operation}:${r.operator}`)).toEqual([
      'create:operator@example.com',
      'approve:admin@example.com',
      'grant_failed:system',
    ]);
  });
});
