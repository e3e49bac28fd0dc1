import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { embeddedIssueTracker, issueTrackerFor, jiraIssueTracker, jqlString } from './tracker.js';

/*
 * The Jira-compatible adapter against a fake Jira served locally: what it requests (paths, JQL, authentication,
 * bodies), how it reads Jira's answers (status categories, people, timestamps), how it transitions by status
 * category, and how a failing tracker surfaces (502 `issueTracker.unavailable`).
 */

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

const jiraIssue = (key: string, category: 'new' | 'indeterminate' | 'done', summary = `Summary of ${key}`) => ({
  id: '10001',
  key,
  fields: {
    summary,
    description: null,
    issuetype: { name: 'Task' },
    status: {
      name: { new: 'Backlog', indeterminate: 'In Review', done: 'Closed' }[category],
      statusCategory: { key: category },
    },
    labels: ['portal'],
    assignee: { displayName: 'Lin Wei', emailAddress: 'lin.wei@example.com' },
    reporter: { displayName: 'Portal Bot' },
    created: '2026-10-01T10:00:00.000+0200',
    updated: '2026-10-02T08:30:00.000+0000',
  },
});

const seen: Seen[] = [];
const store = new Map<string, ReturnType<typeof jiraIssue>>([
  ['OPS-7', jiraIssue('OPS-7', 'new')],
  ['OPS-8', jiraIssue('OPS-8', 'indeterminate')],
]);
let down = false;
let server: http.Server;
let base: string;
const db = undefined as unknown as Db;

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
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (down) return json(503, { errorMessages: ['maintenance'] });
      const url = new URL(req.url ?? '/', 'http://x');
      const p = url.pathname;
      if (req.method === 'GET' && p === '/jira/rest/api/2/search')
        return json(200, { startAt: 0, maxResults: 10, total: 42, issues: [...store.values()] });
      const one = p.match(/^\/jira\/rest\/api\/2\/issue\/([^/]+)$/);
      if (req.method === 'GET' && one) {
        const hit = store.get(decodeURIComponent(one[1]!));
        return hit ? json(200, hit) : json(404, { errorMessages: ['Issue does not exist'] });
      }
      if (req.method === 'POST' && p === '/jira/rest/api/2/issue') {
        const key = `OPS-${store.size + 7}`;
        const fields = (JSON.parse(raw) as { fields: { summary: string } }).fields;
        store.set(key, jiraIssue(key, 'new', fields.summary));
        return json(201, { id: '10002', key, self: `${base}/rest/api/2/issue/10002` });
      }
      const tr = p.match(/^\/jira\/rest\/api\/2\/issue\/([^/]+)\/transitions$/);
      if (tr && req.method === 'GET')
        return json(200, {
          transitions: [
            { id: '11', name: 'Start', to: { name: 'In Review', statusCategory: { key: 'indeterminate' } } },
            { id: '31', name: 'Close', to: { name: 'Closed', statusCategory: { key: 'done' } } },
          ],
        });
      if (tr && req.method === 'POST') {
        const key = decodeURIComponent(tr[1]!);
        const id = (JSON.parse(raw) as { transition: { id: string } }).transition.id;
        store.set(key, jiraIssue(key, id === '31' ? 'done' : 'indeterminate', store.get(key)!.fields.summary));
        return res.writeHead(204).end();
      }
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jira`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const jira = (auth: { user?: string; token?: string } = { user: 'bot@example.com', token: 's3cret' }) =>
  jiraIssueTracker({ url: base, project: 'OPS', user: auth.user, token: auth.token });

describe('the Jira-compatible issue tracker', () => {
  it('is chosen by ISSUE_TRACKER_URL (trailing slash dropped, project OPS by default); embedded otherwise', () => {
    const config = loadConfig({ ISSUE_TRACKER_URL: 'https://acme.atlassian.net/', ISSUE_TRACKER_TOKEN: 't' });
    expect(config.issueTracker).toEqual({
      url: 'https://acme.atlassian.net',
      project: 'OPS',
      user: undefined,
      token: 't',
    });
    const tracker = issueTrackerFor(config);
    expect([tracker.kind, tracker.project, tracker.baseUrl]).toEqual(['jira', 'OPS', 'https://acme.atlassian.net']);
    expect(issueTrackerFor(loadConfig({})) === embeddedIssueTracker).toBe(true);
    expect(() => loadConfig({ ISSUE_TRACKER_URL: 'ftp://jira' })).toThrow(/ISSUE_TRACKER_URL: must be an http/);
    expect(() => loadConfig({ ISSUE_TRACKER_URL: 'https://j', ISSUE_TRACKER_PROJECT: 'ops' })).toThrow(
      /ISSUE_TRACKER_PROJECT: must be a project key/,
    );
  });

  it('searches the project with JQL (text or key, categories, type, order, page) and basic auth', async () => {
    seen.length = 0;
    const page = await jira().search(db, {
      search: 'ops-7',
      statusCategories: ['todo', 'in_progress'],
      type: 'Bug',
      page: 2,
      per_page: 10,
      sort: '-updated_at',
    });
    expect(page.total).toBe(42);
    const url = new URL(seen[0]!.url, 'http://x');
    expect(url.pathname).toBe('/jira/rest/api/2/search');
    expect(url.searchParams.get('jql')).toBe(
      'project = "OPS" AND (text ~ "ops-7" OR key = "OPS-7") AND statusCategory in ("To Do", "In Progress") AND ' +
        'issuetype = "Bug" ORDER BY updated DESC',
    );
    expect([url.searchParams.get('startAt'), url.searchParams.get('maxResults')]).toEqual(['10', '10']);
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from('bot@example.com:s3cret').toString('base64')}`);
    expect(page.items[0]).toEqual({
      key: 'OPS-7',
      summary: 'Summary of OPS-7',
      description: '',
      type: 'Task',
      status: 'Backlog',
      status_category: 'todo',
      labels: ['portal'],
      assignee: 'lin.wei@example.com',
      reporter: 'Portal Bot',
      url: `${base}/browse/OPS-7`,
      created_at: '2026-10-01T08:00:00.000Z',
      updated_at: '2026-10-02T08:30:00.000Z',
    });
    expect(page.items[1]!.status_category).toBe('in_progress');
  });

  it('escapes JQL strings and sends a bearer token without a user', async () => {
    expect(jqlString('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    seen.length = 0;
    await jira({ token: 'pat' }).search(db, { search: 'disk', page: 1, per_page: 10, sort: '-created_at' });
    expect(seen[0]!.authorization).toBe('Bearer pat');
    expect(new URL(seen[0]!.url, 'http://x').searchParams.get('jql')).toBe(
      'project = "OPS" AND text ~ "disk" ORDER BY created DESC',
    );
  });

  it('gets one issue or null, and several by key (missing ones absent)', async () => {
    expect((await jira().get(db, 'OPS-8'))?.status).toBe('In Review');
    expect(await jira().get(db, 'OPS-404')).toBeNull();
    const many = await jira().getMany(db, ['OPS-7', 'OPS-404', 'OPS-8', 'OPS-7']);
    expect([...many.keys()].sort()).toEqual(['OPS-7', 'OPS-8']);
  });

  it('creates an issue in the project', async () => {
    seen.length = 0;
    const issue = await jira().create(db, {
      summary: 'Follow up',
      description: 'why',
      type: 'Bug',
      labels: ['post-mortem'],
      reporter: 'operator@example.com',
    });
    expect(issue.key).toMatch(/^OPS-\d+$/);
    expect(issue.summary).toBe('Follow up');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/jira/rest/api/2/issue',
      body: {
        fields: {
          project: { key: 'OPS' },
          summary: 'Follow up',
          description: 'why',
          issuetype: { name: 'Bug' },
          labels: ['post-mortem'],
        },
      },
    });
  });

  it('transitions by status category through the offered transition; a no-op when already there', async () => {
    seen.length = 0;
    const done = await jira().transition(db, 'OPS-7', 'done');
    expect(done?.status_category).toBe('done');
    expect(seen.find((s) => s.method === 'POST')?.body).toEqual({ transition: { id: '31' } });
    seen.length = 0;
    expect((await jira().transition(db, 'OPS-7', 'done'))?.status).toBe('Closed');
    expect(seen.some((s) => s.method === 'POST')).toBe(false);
    expect(await jira().transition(db, 'OPS-404', 'done')).toBeNull();
  });

  it('surfaces a failing or unreachable tracker as issueTracker.unavailable', async () => {
    down = true;
    try {
      const err = await jira()
        .get(db, 'OPS-7')
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'issueTracker.unavailable', status: 502 });
      expect((err as Error).message).toBe('The issue tracker answered 503 to an issue look-up');
    } finally {
      down = false;
    }
    const gone = jiraIssueTracker({ url: 'http://127.0.0.1:2', project: 'OPS', user: undefined, token: undefined });
    await expect(gone.search(db, { page: 1, per_page: 10, sort: '-created_at' })).rejects.toMatchObject({
      code: 'issueTracker.unavailable',
      message: 'The issue tracker could not be reached (ECONNREFUSED)',
    });
  });
});
