import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodehostLabel, CodehostRelease, ListResult, PullDetail, PullSummary } from '@portal/contract';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { codehostFor } from './codehost/factory.js';
import { gitdirOf, isIntact } from './codehost/git-repo.js';
import { EMBEDDED_REPOSITORY } from './codehost/repo-spec.js';
import { api, C, R } from './testing.js';

/** The code host: the embedded git repository with its seeded metadata, and the GitHub-compatible REST one. */

describe('the embedded code host', () => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-codehost-test-'));
    t = await createTestApp({ CODEHOST_DIR: dir });
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the seeded labels and says what it is, without writing the repository yet', async () => {
    expect(await a.ok('GET', C)).toEqual({ kind: 'embedded', repository: EMBEDDED_REPOSITORY });
    const labels: ListResult<CodehostLabel> = await a.ok('GET', `${C}/labels`);
    expect(labels.total).toBe(9);
    expect(labels.items.map((l) => l.name)).toEqual([...labels.items.map((l) => l.name)].sort());
    expect(labels.items.find((l) => l.name === 'bug')).toEqual({
      name: 'bug',
      color: 'd73a4a',
      description: "Something isn't working",
    });
    // Nothing so far needed git: the repository is written on first use, never at start.
    expect(fs.existsSync(gitdirOf(dir))).toBe(false);
  });

  it('lists pull requests newest first, by state and label, paged', async () => {
    const all: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?per_page=100`);
    expect(all.total).toBe(12);
    expect(all.items.map((p) => p.number)).toEqual([112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101]);
    const open: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?state=open`);
    expect(open.items.map((p) => p.number)).toEqual([111, 106]);
    expect(open.items.every((p) => p.merged_at === null && p.closed_at === null)).toBe(true);
    const closed: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?state=closed`);
    expect(closed.items.map((p) => p.number)).toEqual([110]);
    const billing: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?label=billing&state=merged`);
    expect(billing.items.map((p) => p.number)).toEqual([112, 102]);
    expect(billing.items[0]).toMatchObject({ state: 'merged', head_ref: 'fix/billing-currency-fx', base_ref: 'main' });
    const page2: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?per_page=5&page=2`);
    expect(page2).toMatchObject({ total: 12, items: [{ number: 107 }, {}, {}, {}, { number: 103 }] });
    expect((await a.call('GET', `${C}/pulls?state=draft`)).statusCode).toBe(400);
  });

  it('shows a pull request with its files and a unified diff computed from the git repository', async () => {
    const res = await a.ok('GET', `${C}/pulls/105`);
    const pull: PullDetail = res.pull;
    expect(pull).toMatchObject({ number: 105, state: 'merged', head_ref: 'fix/operator-pd-leader-eviction' });
    expect(pull.head_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(pull.base_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(pull.files).toEqual([
      { filename: 'services/tidb-operator/rollout.go', status: 'modified', additions: 5, deletions: 0 },
    ]);
    expect(pull.diff).toContain('diff --git a/services/tidb-operator/rollout.go b/services/tidb-operator/rollout.go\n');
    expect(pull.diff).toContain('\n+\t\tif component == "pd" && c.IsPDLeader(pod) {\n');
    expect(pull.diff_truncated).toBe(false);
    expect(fs.existsSync(gitdirOf(dir))).toBe(true);

    // Added and removed files, in git's format.
    const added: PullDetail = (await a.ok('GET', `${C}/pulls/101`)).pull;
    expect(added.files.map((f) => `${f.status} ${f.filename} +${f.additions} -${f.deletions}`)).toEqual([
      'modified charts/tidb-operator/values.yaml +3 -0',
      'added services/tidb-operator/canary.go +21 -0',
    ]);
    expect(added.diff).toContain('new file mode 100644\nindex 0000000..');
    expect(added.diff).toContain('--- /dev/null\n+++ b/services/tidb-operator/canary.go\n@@ -0,0 +1,21 @@\n');
    const removed: PullDetail = (await a.ok('GET', `${C}/pulls/110`)).pull;
    expect(removed.diff).toBe(
      [
        'diff --git a/deploy/legacy-deploy.sh b/deploy/legacy-deploy.sh',
        'deleted file mode 100644',
        `index ${removed.diff.split('\n')[2]!.slice(6, 13)}..0000000`,
        '--- a/deploy/legacy-deploy.sh',
        '+++ /dev/null',
        '@@ -1,3 +0,0 @@',
        '-#!/bin/sh',
        '-set -e',
        '-kubectl apply -f deploy/manifests/',
        '',
      ].join('\n'),
    );
    const missing = await a.call('GET', `${C}/pulls/4242`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('release.pullNotFound');
    expect((await a.call('GET', `${C}/pulls/abc`)).statusCode).toBe(400);
  });

  it('lists releases with the commits their tags point at (a draft has none)', async () => {
    const releases: ListResult<CodehostRelease> = await a.ok('GET', `${C}/releases`);
    expect(releases.items.map((r) => `${r.tag_name}:${r.draft}`)).toEqual([
      'v1.6.0:true',
      'v1.5.0:false',
      'v1.4.0:false',
      'v1.3.0:false',
    ]);
    expect(releases.items[0]!.sha).toBeNull();
    expect(releases.items.slice(1).every((r) => /^[0-9a-f]{40}$/.test(r.sha!))).toBe(true);
    expect(new Set(releases.items.map((r) => r.sha)).size).toBe(4);
  });

  it('writes the same commits every time, and writes the repository again when it is missing or damaged', async () => {
    const first: PullDetail = (await a.ok('GET', `${C}/pulls/102`)).pull;
    const gitdir = gitdirOf(dir);
    fs.rmSync(gitdir, { recursive: true, force: true });
    const again: PullDetail = (await a.ok('GET', `${C}/pulls/102`)).pull;
    expect(again).toEqual(first);
    // Damaged: a branch points nowhere.
    fs.writeFileSync(path.join(gitdir, 'refs', 'heads', 'fix', 'billing-tax-rounding'), `${'0'.repeat(40)}\n`);
    expect(await isIntact(gitdir)).toBe(false);
    expect((await a.ok('GET', `${C}/pulls/102`)).pull).toEqual(first);
    expect(await isIntact(gitdir)).toBe(true);
    // From another version of the spec (a repository an older portal wrote).
    const otherDir = path.join(dir, 'other');
    fs.cpSync(gitdir, gitdirOf(otherDir), { recursive: true });
    fs.writeFileSync(path.join(gitdirOf(otherDir), 'portal-spec'), 'older\n');
    expect(await isIntact(gitdirOf(otherDir))).toBe(false);
    const host = codehostFor(loadConfig({ CODEHOST_DIR: otherDir }), t.database.db);
    expect((await host.pull(102))!.head_sha).toBe(first.head_sha);
    expect(await isIntact(gitdirOf(otherDir))).toBe(true);
    expect(fs.readdirSync(path.dirname(gitdir)).filter((f) => f.startsWith('.tmp-') || f.includes('.old-'))).toEqual(
      [],
    );
  });
});

describe('the GitHub-compatible code host', () => {
  let server: http.Server;
  let base: string;
  const seen: { url: string; accept: string | undefined; auth: string | undefined }[] = [];
  const pull = (n: number, state: string, merged: boolean, labels: string[]) => ({
    number: n,
    title: `pull ${n}`,
    body: null,
    state,
    html_url: `https://github.example/acme/app/pull/${n}`,
    user: { login: 'octo' },
    labels: labels.map((name) => ({ name })),
    head: { ref: `feature/${n}`, sha: 'a'.repeat(40) },
    base: { ref: 'main', sha: 'b'.repeat(40) },
    created_at: '2026-10-01T10:00:00Z',
    updated_at: '2026-10-02T10:00:00Z',
    merged_at: merged ? '2026-10-02T10:00:00Z' : null,
    closed_at: state === 'closed' ? '2026-10-02T10:00:00Z' : null,
  });
  const PULLS = [
    pull(9, 'open', false, ['bug']),
    pull(8, 'closed', true, ['bug', 'ops']),
    pull(7, 'closed', false, []),
  ];

  let t: TestApp;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url!, accept: req.headers.accept, auth: req.headers.authorization });
      const u = new URL(req.url!, 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (u.pathname.startsWith('/repos/acme/broken/')) return json(500, { message: 'boom' });
      if (u.pathname === '/repos/acme/app/labels')
        return json(200, [{ name: 'bug', color: 'd73a4a', description: null }]);
      if (u.pathname === '/repos/acme/app/pulls') {
        const state = u.searchParams.get('state');
        return json(
          200,
          PULLS.filter((p) => state === 'all' || p.state === state),
        );
      }
      const m = /^\/repos\/acme\/app\/pulls\/(\d+)(\/files)?$/.exec(u.pathname);
      const found = m && PULLS.find((p) => p.number === Number(m[1]));
      if (m && !found) return json(404, { message: 'Not Found' });
      if (m && m[2]) return json(200, [{ filename: 'a.txt', status: 'changed', additions: 1, deletions: 2 }]);
      if (m && req.headers.accept === 'application/vnd.github.diff') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('diff --git a/a.txt b/a.txt\n');
      }
      if (m) return json(200, found);
      if (u.pathname === '/repos/acme/app/releases')
        return json(200, [
          { tag_name: 'v2.0.0', name: null, body: 'notes', target_commitish: 'c'.repeat(40), published_at: null },
        ]);
      return json(404, { message: 'Not Found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ CODEHOST_REPO: 'acme/app', CODEHOST_API_URL: `${base}/`, CODEHOST_TOKEN: 's3cret' });
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is chosen by CODEHOST_REPO; the embedded one otherwise', () => {
    expect(t.config.codehost).toEqual({ kind: 'github', apiUrl: base, repository: 'acme/app', token: 's3cret' });
    expect(loadConfig({ CODEHOST_REPO: 'acme/app' }).codehost).toMatchObject({ apiUrl: 'https://api.github.com' });
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).codehost).toEqual({ kind: 'embedded', dir: '/srv/portal/codehost' });
    expect(() => loadConfig({ CODEHOST_REPO: 'nope' })).toThrow(/CODEHOST_REPO: must be owner\/name/);
    expect(() => loadConfig({ CODEHOST_API_URL: 'ftp://x' })).toThrow(/CODEHOST_API_URL/);
  });

  it('reads labels, pulls (state and label filtered here), a pull with files and diff, and releases', async () => {
    expect(await a.ok('GET', C)).toEqual({ kind: 'github', repository: 'acme/app' });
    expect(await a.ok('GET', `${C}/labels`)).toEqual({
      items: [{ name: 'bug', color: 'd73a4a', description: '' }],
      total: 1,
    });
    const merged: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?state=merged`);
    expect(merged.items.map((p) => `${p.number}:${p.state}`)).toEqual(['8:merged']);
    const closed: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?state=closed`);
    expect(closed.items.map((p) => `${p.number}:${p.state}`)).toEqual(['7:closed']);
    const bugs: ListResult<PullSummary> = await a.ok('GET', `${C}/pulls?label=bug`);
    expect(bugs).toMatchObject({ total: 2, items: [{ number: 9, state: 'open', author: 'octo' }, { number: 8 }] });
    const detail: PullDetail = (await a.ok('GET', `${C}/pulls/8`)).pull;
    expect(detail).toMatchObject({
      number: 8,
      body: '',
      url: 'https://github.example/acme/app/pull/8',
      files: [{ filename: 'a.txt', status: 'modified', additions: 1, deletions: 2 }],
      diff: 'diff --git a/a.txt b/a.txt\n',
      diff_truncated: false,
    });
    expect((await a.call('GET', `${C}/pulls/5`)).json().code).toBe('release.pullNotFound');
    expect((await a.ok('GET', `${C}/releases`)).items).toEqual([
      {
        tag_name: 'v2.0.0',
        name: 'v2.0.0',
        body: 'notes',
        sha: 'c'.repeat(40),
        draft: false,
        prerelease: false,
        published_at: null,
        url: null,
      },
    ]);
    expect(seen.every((r) => r.auth === 'Bearer s3cret')).toBe(true);
    expect(seen.some((r) => r.url.startsWith('/repos/acme/app/pulls?state=closed&sort=created'))).toBe(true);
  });

  it('checks a change against it: merged pull requests make it ready', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, { pull_requests: [8, 9] });
    expect(change.repository).toBe('acme/app');
    await a.ok('POST', `${R}/${release.id}/changes/${change.id}/submit`);
    let c = (await a.act(release.id, change.id, 'check_ready')).json().change;
    expect(c.ready_check.reasons).toEqual(['pull request #9 is open, not merged']);
    await a.ok('PUT', `${R}/${release.id}/changes/${change.id}`, undefined, { pull_requests: [8] });
    c = (await a.act(release.id, change.id, 'check_ready')).json().change;
    expect(c.status).toBe('ready');
  });

  it('answers 502 release.codehostUnavailable when the code host fails or cannot be reached', async () => {
    const broken = codehostFor(loadConfig({ CODEHOST_REPO: 'acme/broken', CODEHOST_API_URL: base }), t.database.db);
    await expect(broken.labels()).rejects.toMatchObject({
      code: 'release.codehostUnavailable',
      status: 502,
      message: 'The code host could not be read (acme/broken): it answered 500',
    });
    const closed = codehostFor(
      loadConfig({ CODEHOST_REPO: 'acme/app', CODEHOST_API_URL: 'http://127.0.0.1:2' }),
      t.database.db,
    );
    await expect(closed.pull(1)).rejects.toMatchObject({
      code: 'release.codehostUnavailable',
      message: 'The code host could not be read (acme/app): could not be reached (ECONNREFUSED)',
    });
  });
});
