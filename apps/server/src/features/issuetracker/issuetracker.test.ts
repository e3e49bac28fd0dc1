import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IssueLink, ListResult, TrackerIssue } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { embeddedIssueTracker } from './tracker.js';
import { linkedIssues } from './links.js';

/*
 * The issue tracker's routes on the embedded tracker: search (text, key, status category, type, sort, pages), one
 * issue, create (with and without a subject), link an existing issue to an incident or a remediation ticket (unknown
 * key, unknown subject, twice), a subject's linked issues (an issue the tracker lost reads "Not found"), unlink, the
 * audit rows of each (the subject's own type), and who may do what.
 */

const I = '/api/v1/devops/issues';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
let ticket: string;
let incident: string;
beforeAll(async () => {
  t = await createTestApp();
  const [rt] = await t.database.rows<{ number: number }>(
    sql`select number from remediation_tickets where status = 'draft' order by number limit 1`,
  );
  ticket = `RT-${rt!.number}`;
  const [inc] = await t.database.rows<{ number: number }>(sql`select number from incidents order by number limit 1`);
  incident = `INC-${inc!.number}`;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
const ok = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const search = (query = ''): Promise<ListResult<TrackerIssue>> => ok('GET', `${I}${query}`);
const linked = (type: string, id: string): Promise<ListResult<TrackerIssue>> =>
  ok('GET', `${I}?subject_type=${type}&subject_id=${id}`);
const audit = (type: string, id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = ${type} and instance_id = ${id} order by id`,
  );

describe('search and detail', () => {
  it('pages the project’s issues, newest first, and says which tracker answers', async () => {
    expect(await ok('GET', `${I}/tracker`)).toEqual({ kind: 'embedded', project: 'OPS', base_url: null });
    const page = await search();
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(36);
    const created = page.items.map((i) => i.created_at!);
    expect([...created].sort().reverse()).toEqual(created);
    expect(page.items.every((i) => i.link === null && i.url === null && /^OPS-\d+$/.test(i.key))).toBe(true);
    const oldest = await search('?sort=created_at&per_page=1');
    expect(oldest.items[0]!.key).toBe('OPS-2401');
    const p2 = await search('?page=2');
    expect(p2.items.map((i) => i.key)).not.toContain(page.items[0]!.key);
  });

  it('searches the summary and description, or a key; filters by status category and type', async () => {
    const pd = await search('?search=pd%20leader&per_page=100');
    expect(pd.total).toBeGreaterThan(0);
    expect(pd.items.every((i) => `${i.summary} ${i.description}`.toLowerCase().includes('pd leader'))).toBe(true);
    expect((await search('?search=ops-2405')).items.map((i) => i.key)).toEqual(['OPS-2405']);
    const done = await search('?status_category=done&per_page=100');
    expect(done.items.every((i) => i.status === 'Done' && i.status_category === 'done')).toBe(true);
    const open = await search('?status_category=todo&status_category=in_progress&per_page=100');
    expect(done.total + open.total).toBe((await search()).total);
    const incidents = await search('?type=Incident&per_page=100');
    expect(incidents.total).toBeGreaterThan(0);
    expect(incidents.items.every((i) => i.type === 'Incident')).toBe(true);
    expect((await search('?search=100%25_no_such')).total).toBe(0);
  });

  it('answers one issue by key (any case); 404 issueTracker.issueNotFound, 400 for a malformed key', async () => {
    const { issue } = await ok('GET', `${I}/ops-2401`);
    expect(issue).toMatchObject({ key: 'OPS-2401', status: 'Done', status_category: 'done', type: 'Incident' });
    expect(issue.labels).toContain('tikv');
    const missing = await call('GET', `${I}/OPS-1`);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'issueTracker.issueNotFound']);
    expect((await call('GET', `${I}/not-a-key`)).statusCode).toBe(400);
  });

  it('wants subject_type and subject_id together', async () => {
    const res = await call('GET', `${I}?subject_type=incident`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe('subject_type and subject_id go together');
  });
});

describe('create, link, unlink', () => {
  it('creates an issue without a subject (audit type tracker_issue), numbered after the last', async () => {
    const before = (await search('?per_page=1')).items[0]!;
    const res = await call('POST', I, LIN, { summary: '  Rotate PD certificates  ', labels: ['pd', 'security'] });
    expect(res.statusCode).toBe(201);
    const { issue, link } = res.json();
    expect(link).toBeNull();
    expect(issue).toMatchObject({
      summary: 'Rotate PD certificates',
      description: '',
      type: 'Task',
      status: 'To Do',
      status_category: 'todo',
      labels: ['pd', 'security'],
      reporter: LIN,
      link: null,
    });
    expect(Number(issue.key.slice(4))).toBeGreaterThan(Number(before.key.slice(4)));
    expect(await audit('tracker_issue', issue.key)).toEqual([
      {
        operation: 'create_issue',
        operator: LIN,
        details: {
          tracker: 'embedded',
          after: { issue_key: issue.key, summary: 'Rotate PD certificates', type: 'Task', labels: ['pd', 'security'] },
        },
      },
    ]);
  });

  it('validates a new issue', async () => {
    const message = async (body: object) => (await call('POST', I, OPERATOR, body)).json().details?.[0]?.message;
    expect(await message({ summary: ' ' })).toBe('summary is required');
    expect(await message({ summary: 'x'.repeat(256) })).toBe('summary must be at most 255 characters');
    expect(await message({ summary: 'x', labels: ['has space'] })).toBe('a label is 1 to 64 characters without spaces');
    expect(await message({ summary: 'x', subject_type: 'incident' })).toBe('subject_type and subject_id go together');
    expect((await call('POST', I, OPERATOR, { summary: 'x', type: 'Epic' })).statusCode).toBe(400);
  });

  it('creates an issue linked to a remediation ticket, in the ticket’s audit trail', async () => {
    const res = await call('POST', I, OPERATOR, {
      summary: 'Follow up the restart',
      description: 'why it stalled',
      type: 'Bug',
      subject_type: 'remediation_ticket',
      subject_id: ticket,
    });
    expect(res.statusCode).toBe(201);
    const { issue, link } = res.json() as { issue: TrackerIssue; link: IssueLink };
    expect(link).toMatchObject({
      subject_type: 'remediation_ticket',
      subject_id: ticket,
      issue_key: issue.key,
      summary: 'Follow up the restart',
      created_by: OPERATOR,
    });
    expect(issue.link).toEqual(link);
    expect((await audit('remediation_ticket', ticket)).at(-1)).toEqual({
      operation: 'create_issue',
      operator: OPERATOR,
      details: {
        link_id: link.id,
        tracker: 'embedded',
        after: { issue_key: issue.key, summary: 'Follow up the restart', type: 'Bug', labels: [] },
      },
    });
    expect((await linked('remediation_ticket', ticket)).items.map((i) => i.key)).toContain(issue.key);
  });

  it('links an existing issue to an incident; refuses an unknown key, an unknown subject, and twice', async () => {
    const res = await call('POST', `${I}/links`, OPERATOR, {
      issue_key: 'ops-2410',
      subject_type: 'incident',
      subject_id: incident,
    });
    expect(res.statusCode).toBe(201);
    const { link, issue } = res.json() as { link: IssueLink; issue: TrackerIssue };
    expect(link).toMatchObject({ issue_key: 'OPS-2410', subject_type: 'incident', subject_id: incident });
    expect(issue).toMatchObject({ key: 'OPS-2410', status_category: 'done', link });
    expect((await audit('incident', incident)).at(-1)).toMatchObject({
      operation: 'link_issue',
      operator: OPERATOR,
      details: { link_id: link.id, after: { issue_key: 'OPS-2410', summary: issue.summary } },
    });
    const list = await linked('incident', incident);
    expect(list.items.find((i) => i.key === 'OPS-2410')!.link).toEqual(link);
    expect(list.total).toBe(list.items.length);

    const refuse = async (body: object, status: number, code: string) => {
      const r = await call('POST', `${I}/links`, OPERATOR, body);
      expect([r.statusCode, r.json().code]).toEqual([status, code]);
      return r.json();
    };
    await refuse(
      { issue_key: 'OPS-2410', subject_type: 'incident', subject_id: incident },
      409,
      'issueTracker.alreadyLinked',
    );
    expect(
      (
        await refuse(
          { issue_key: 'OPS-9', subject_type: 'incident', subject_id: incident },
          404,
          'issueTracker.issueNotFound',
        )
      ).message,
    ).toBe('The issue tracker has no issue OPS-9');
    await refuse(
      { issue_key: 'OPS-2410', subject_type: 'remediation_ticket', subject_id: 'RT-99999' },
      404,
      'issueTracker.subjectNotFound',
    );
    await refuse(
      { issue_key: 'OPS-2410', subject_type: 'incident', subject_id: 'INC-999999' },
      404,
      'issueTracker.subjectNotFound',
    );
    expect(
      (await call('POST', `${I}/links`, OPERATOR, { issue_key: 'x', subject_type: 'incident', subject_id: incident }))
        .statusCode,
    ).toBe(400);
  });

  it('shows a link whose issue the tracker lost as Not found, with the summary it had', async () => {
    const { issue } = await ok('POST', I, OPERATOR, {
      summary: 'Soon gone',
      subject_type: 'remediation_ticket',
      subject_id: ticket,
    });
    await t.database.rows(sql`delete from tracker_issues where key = ${issue.key}`);
    const gone = (await linked('remediation_ticket', ticket)).items.find((i) => i.key === issue.key)!;
    expect(gone).toMatchObject({ summary: 'Soon gone', status: 'Not found', status_category: 'unknown' });
    const down = {
      ...embeddedIssueTracker,
      getMany: () => Promise.reject(new AppError('issueTracker.unavailable')),
    };
    const unavailable = await linkedIssues(t.database.db, down, 'remediation_ticket', ticket);
    expect(unavailable.every((i) => i.status === 'Unavailable' && i.status_category === 'unknown')).toBe(true);
  });

  it('unlinks (audit row of the subject); a second time is 404 issueTracker.linkNotFound', async () => {
    const { link } = await ok('POST', `${I}/links`, OPERATOR, {
      issue_key: 'OPS-2420',
      subject_type: 'remediation_ticket',
      subject_id: ticket,
    });
    const res = await call('DELETE', `${I}/links/${link.id}`, LIN);
    expect(res.json()).toEqual({ link, deleted: true });
    expect((await audit('remediation_ticket', ticket)).at(-1)).toEqual({
      operation: 'unlink_issue',
      operator: LIN,
      details: { link_id: link.id, before: { issue_key: 'OPS-2420', summary: link.summary } },
    });
    expect((await linked('remediation_ticket', ticket)).items.map((i) => i.key)).not.toContain('OPS-2420');
    const again = await call('DELETE', `${I}/links/${link.id}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'issueTracker.linkNotFound']);
    expect((await call('DELETE', `${I}/links/abc`)).json().code).toBe('issueTracker.linkNotFound');
  });
});

describe('who may do what', () => {
  it('lets a viewer search and read, not create, link or unlink', async () => {
    expect((await call('GET', I, VIEWER)).statusCode).toBe(200);
    expect((await call('GET', `${I}/OPS-2401`, VIEWER)).statusCode).toBe(200);
    expect((await call('POST', I, VIEWER, { summary: 'x' })).statusCode).toBe(403);
    const body = { issue_key: 'OPS-2401', subject_type: 'remediation_ticket', subject_id: ticket };
    expect((await call('POST', `${I}/links`, VIEWER, body)).statusCode).toBe(403);
    expect((await call('DELETE', `${I}/links/1`, VIEWER)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: I })).statusCode).toBe(401);
  });
});
