import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { embeddedVersionCatalogue, restVersionCatalogue, versionCatalogueFor } from './catalogue.js';

/*
 * The real version catalogue against a GitHub-compatible contents API served locally: what it requests, how it reads
 * the versions file, and how it answers an unknown branch or a broken repository. The routes' tests use the embedded
 * catalogue (versions.test.ts); one app here is configured with GITOPS_REPO_URL to show the switch.
 */

const FILES: Record<string, unknown> = {
  main: {
    versions: [
      { cluster_type: 'DEDICATED_TIDB', version: 'v8.1.1' },
      { cluster_type: 'DEDICATED_TIDB', version: 'v8.5.7' },
      { cluster_type: 'TICDC', version: 'v8.5.7', tier_branch: null },
      { cluster_type: 'DEDICATED_TIDB', version: 'v9.1.0', tier_branch: 'tier-canary' },
    ],
  },
  broken: { versions: [{ cluster_type: 'MYSQL', version: '8.0' }] },
};

const requests: { url: string; authorization: string | undefined; accept: string | undefined }[] = [];
let server: http.Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization, accept: req.headers.accept });
    const url = new URL(req.url ?? '/', 'http://x');
    const ref = url.searchParams.get('ref') ?? '';
    if (url.pathname !== '/repos/acme/gitops/contents/deploy/versions.json') {
      res.writeHead(404).end('{"message":"Not Found"}');
      return;
    }
    if (ref === 'flaky') {
      res.writeHead(500).end('{"message":"oops"}');
      return;
    }
    if (ref === 'dir') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[{"type":"file","name":"a"}]');
      return;
    }
    const file = FILES[ref];
    if (!file) {
      res.writeHead(404).end('{"message":"No commit found for the ref"}');
      return;
    }
    const content = Buffer.from(JSON.stringify(file)).toString('base64');
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'file', encoding: 'base64', content, sha: `sha-${ref}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repos/acme/gitops`;
  t = await createTestApp({
    GITOPS_REPO_URL: `${base}/`,
    GITOPS_TOKEN: 's3cret',
    GITOPS_VERSIONS_PATH: 'deploy/versions.json',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the gitops version catalogue over REST', () => {
  const catalogue = () => restVersionCatalogue({ url: base, token: 's3cret', versionsPath: 'deploy/versions.json' });

  it('reads a branch’s versions file, untiered versions only unless a tier branch is given', async () => {
    requests.length = 0;
    const read = await catalogue().branchVersions(t.database.db, 'main', undefined);
    expect(read).toEqual({
      revision: 'sha-main',
      versions: [
        { clusterType: 'DEDICATED_TIDB', version: 'v8.1.1', tierBranch: null },
        { clusterType: 'DEDICATED_TIDB', version: 'v8.5.7', tierBranch: null },
        { clusterType: 'TICDC', version: 'v8.5.7', tierBranch: null },
      ],
    });
    expect(requests).toEqual([
      {
        url: '/repos/acme/gitops/contents/deploy/versions.json?ref=main',
        authorization: 'Bearer s3cret',
        accept: 'application/vnd.github+json',
      },
    ]);
    const tiered = await catalogue().branchVersions(t.database.db, 'main', 'tier-canary');
    expect(tiered!.versions.map((v) => v.version)).toEqual(['v8.1.1', 'v8.5.7', 'v8.5.7', 'v9.1.0']);
  });

  it('answers null for an unknown branch and version.gitopsUnavailable for a broken repository', async () => {
    expect(await catalogue().branchVersions(t.database.db, 'nope', undefined)).toBeNull();
    for (const [branch, why] of [
      ['flaky', 'it answered 500'],
      ['dir', 'deploy/versions.json is not a file'],
      ['broken', 'deploy/versions.json is not a valid versions file'],
    ])
      await expect(catalogue().branchVersions(t.database.db, branch!, undefined)).rejects.toMatchObject({
        code: 'version.gitopsUnavailable',
        status: 502,
        message: `The gitops repository could not be read at ${branch}: ${why}`,
      });
    const closed = restVersionCatalogue({
      url: 'http://127.0.0.1:2/repos/a/b',
      token: undefined,
      versionsPath: 'v.json',
    });
    await expect(closed.branchVersions(t.database.db, 'main', undefined)).rejects.toMatchObject({
      code: 'version.gitopsUnavailable',
      message: 'The gitops repository could not be read at main: could not be reached (ECONNREFUSED)',
    });
  });

  it('is chosen by GITOPS_REPO_URL; the embedded catalogue otherwise', () => {
    expect(versionCatalogueFor(loadConfig({})).name).toBe('embedded');
    expect(versionCatalogueFor(loadConfig({})) === embeddedVersionCatalogue).toBe(true);
    expect(versionCatalogueFor(t.config).name).toBe('rest');
    expect(t.config.gitopsRepo).toEqual({ url: base, token: 's3cret', versionsPath: 'deploy/versions.json' });
    expect(() => loadConfig({ GITOPS_REPO_URL: 'ftp://git.example.com/x' })).toThrow(/GITOPS_REPO_URL/);
    expect(() => loadConfig({ GITOPS_REPO_URL: 'not a url' })).toThrow(/GITOPS_REPO_URL/);
    expect(() => loadConfig({ GITOPS_VERSIONS_PATH: '/abs/versions.json' })).toThrow(/GITOPS_VERSIONS_PATH/);
  });

  it('feeds Sync from Gitops in an app configured with it', async () => {
    const headers = await t.as('operator@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/cloudconfig/versions/sync',
      headers,
      payload: { gitops_branch: 'main', reason: 'from the repository' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const op = (await t.app.inject({ url: `/api/v1/devops/operations/${res.json().instance_id}`, headers })).json();
    expect(op.status).toBe('succeeded');
    expect(op.params).toMatchObject({ catalogue: 'rest', revision: 'sha-main' });
    expect(op.steps[1].message).toBe('added DEDICATED_TIDB v8.5.7, TICDC v8.5.7');
    for (const [branch, status, code] of [
      ['nope', 404, 'version.branchNotFound'],
      ['flaky', 502, 'version.gitopsUnavailable'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/devops/cloudconfig/versions/sync',
        headers,
        payload: { gitops_branch: branch, reason: 'x' },
      });
      expect(refused.statusCode).toBe(status);
      expect(refused.json().code).toBe(code);
    }
  });
});
