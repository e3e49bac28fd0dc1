import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INCIDENT_MESSAGES, type Incident, type IncidentTodo, type IncidentTodoSyncResult } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { AppError } from '../../platform/errors.js';
import { embeddedIssueTracker, type IssueTracker } from '../issuetracker/index.js';
import { syncTodos } from './todos.js';

/*
 * Post-mortem todo actions through the API: create, list, update, delete with their audit rows and validation, and
 * sync with the (embedded) issue tracker: issues created for todos without one and linked to the incident, statuses
 * pulled back, a linked todo's status pushed to its issue, and a tracker that refuses one todo not failing the rest.
 */

const P = '/api/v1/devops/incidents';
const OPERATOR = 'operator@example.com';
const MARIA = 'maria.garcia@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const ok = async (method: Method, url: string, payload?: object) => {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const audit = (id: string) =>
  t.database.rows<{ operation: string; details: Record<string, unknown> }>(
    sql`select operation, details from audit_logs where type = 'incident' and instance_id = ${id} order by id`,
  );
const issue = async (key: string) =>
  (
    await t.database.rows<{ summary: string; status_category: string; labels: string[] }>(
      sql`select summary, status_category, labels from tracker_issues where key = ${key}`,
    )
  )[0];

async function incident(): Promise<Incident> {
  return (await ok('POST', P, { title: 'Disk full on PD member', severity: 'critical' })).incident;
}
async function todo(id: string, body: object = {}): Promise<IncidentTodo> {
  const res = await call('POST', `${P}/${id}/todo_actions`, { title: 'Add a PD disk alert', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().todo;
}
const todos = async (id: string): Promise<IncidentTodo[]> => (await ok('GET', `${P}/${id}/todo_actions`)).items;
const update = (id: string, todoId: string, body: object) => call('PUT', `${P}/${id}/todo_actions/${todoId}`, body);

describe('todo actions: create, list, update, delete', () => {
  it('creates a todo with its audit row and lists the incident todos in creation order', async () => {
    const i = await incident();
    const a = await todo(i.id, { owner: MARIA, due_date: '2026-12-01' });
    expect(a).toMatchObject({
      incident_id: i.id,
      title: 'Add a PD disk alert',
      owner: MARIA,
      due_date: '2026-12-01',
      status: 'open',
      tracker_issue_key: null,
      created_by: OPERATOR,
    });
    const b = await todo(i.id, { title: 'Rotate the WAL' });
    expect(b.owner).toBeNull();
    expect(await todos(i.id)).toEqual([a, b]);
    expect((await audit(i.id)).filter((r) => r.operation === 'create_todo').map((r) => r.details.todo_id)).toEqual([
      a.id,
      b.id,
    ]);
  });

  it('validates title, owner and due date, and the incident', async () => {
    const i = await incident();
    const empty = await call('POST', `${P}/${i.id}/todo_actions`, { title: ' ' });
    expect(empty.json().details).toContainEqual({ field: 'body.title', message: INCIDENT_MESSAGES.todoTitleRequired });
    const date = await call('POST', `${P}/${i.id}/todo_actions`, { title: 'x', due_date: '2026-02-30' });
    expect(date.statusCode).toBe(400);
    expect(date.json().details).toContainEqual({ field: 'body.due_date', message: INCIDENT_MESSAGES.dueDateInvalid });
    const owner = await call('POST', `${P}/${i.id}/todo_actions`, { title: 'x', owner: 'ghost@example.com' });
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toMatchObject({ code: 'incident.unknownUser' });
    expect((await call('POST', `${P}/INC-999999/todo_actions`, { title: 'x' })).json().code).toBe('incident.notFound');
    expect((await call('GET', `${P}/INC-999999/todo_actions`)).statusCode).toBe(404);
    expect(await todos(i.id)).toEqual([]);
  });

  it('updates the fields given with before/after of what changed, and deletes', async () => {
    const i = await incident();
    const a = await todo(i.id);
    const res = await update(i.id, a.id, {
      title: 'Alert at 70% PD disk',
      owner: MARIA,
      due_date: null,
      status: 'done',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().todo).toMatchObject({ title: 'Alert at 70% PD disk', owner: MARIA, status: 'done' });
    const row = (await audit(i.id)).at(-1)!;
    expect(row).toMatchObject({
      operation: 'update_todo',
      details: {
        todo_id: a.id,
        before: { title: 'Add a PD disk alert', owner: null, status: 'open' },
        after: { title: 'Alert at 70% PD disk', owner: MARIA, status: 'done' },
      },
    });
    expect(row.details.before).not.toHaveProperty('due_date');

    const del = await call('DELETE', `${P}/${i.id}/todo_actions/${a.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: a.id, deleted: true });
    expect(await todos(i.id)).toEqual([]);
    expect((await audit(i.id)).at(-1)).toMatchObject({ operation: 'delete_todo', details: { todo_id: a.id } });
    expect((await call('DELETE', `${P}/${i.id}/todo_actions/${a.id}`)).json().code).toBe('incident.todoNotFound');
    expect((await update(i.id, a.id, { title: 'x' })).statusCode).toBe(404);
    expect((await update(i.id, 'abc', { title: 'x' })).statusCode).toBe(404);
  });

  it("refuses another incident's todo", async () => {
    const i = await incident();
    const other = await incident();
    const a = await todo(i.id);
    expect((await update(other.id, a.id, { title: 'x' })).json().code).toBe('incident.todoNotFound');
    expect((await call('DELETE', `${P}/${other.id}/todo_actions/${a.id}`)).statusCode).toBe(404);
  });
});

describe('todo actions and the issue tracker', () => {
  it('sync creates a linked tracker issue per todo without one, then pulls the issue status back', async () => {
    const i = await incident();
    const a = await todo(i.id, { owner: MARIA, due_date: '2026-12-01' });
    const b = await todo(i.id, { title: 'Already done before sync' });
    await update(i.id, b.id, { status: 'done' });

    const first = (await ok('POST', `${P}/${i.id}/todo_actions/sync`)) as IncidentTodoSyncResult;
    expect(first).toMatchObject({ created: 2, updated: 0, failed: [], total: 2 });
    const [sa, sb] = first.items;
    expect(sa!.tracker_issue_key).toMatch(/^OPS-\d+$/);
    expect(sa).toMatchObject({ status: 'open', tracker_status_category: 'todo', tracker_status: 'To Do' });
    expect(sb).toMatchObject({ status: 'done', tracker_status_category: 'done' });
    expect(await issue(sa!.tracker_issue_key!)).toMatchObject({
      summary: `[${i.id}] Add a PD disk alert`,
      status_category: 'todo',
      labels: ['post-mortem', i.id],
    });
    // The issues are the incident's linked issues in the tracker area.
    const linked = await ok('GET', `/api/v1/devops/issues?subject_type=incident&subject_id=${i.id}`);
    expect(linked.items.map((x: { key: string }) => x.key)).toEqual([sa!.tracker_issue_key, sb!.tracker_issue_key]);
    const ops = (await audit(i.id)).map((r) => r.operation);
    expect(ops.filter((o) => o === 'create_issue')).toHaveLength(2);
    expect(ops.at(-1)).toBe('sync_todos');

    // Nothing new: a second sync creates nothing.
    expect(await ok('POST', `${P}/${i.id}/todo_actions/sync`)).toMatchObject({ created: 0, updated: 0 });

    // The issue is closed in the tracker: the todo is done after the next sync; reopened: open again.
    await t.ctx.db.transaction((tx) => embeddedIssueTracker.transition(tx, sa!.tracker_issue_key!, 'done'));
    const closed = (await ok('POST', `${P}/${i.id}/todo_actions/sync`)) as IncidentTodoSyncResult;
    expect(closed).toMatchObject({ created: 0, updated: 1 });
    expect(closed.items[0]).toMatchObject({ id: a.id, status: 'done', tracker_status: 'Done' });
    await t.ctx.db.transaction((tx) => embeddedIssueTracker.transition(tx, sa!.tracker_issue_key!, 'in_progress'));
    const reopened = (await ok('POST', `${P}/${i.id}/todo_actions/sync`)) as IncidentTodoSyncResult;
    expect(reopened.items[0]).toMatchObject({ status: 'open', tracker_status_category: 'in_progress' });
    expect((await audit(i.id)).at(-1)!.details).toMatchObject({
      updated: [{ todo_id: a.id, before: 'done', after: 'open' }],
    });
  });

  it("a linked todo's status change moves its issue; linking an existing issue takes its status", async () => {
    const i = await incident();
    const a = await todo(i.id);
    const [synced] = ((await ok('POST', `${P}/${i.id}/todo_actions/sync`)) as IncidentTodoSyncResult).items;
    const done = await update(i.id, a.id, { status: 'done' });
    expect(done.json().todo).toMatchObject({ status: 'done', tracker_status_category: 'done' });
    expect((await issue(synced!.tracker_issue_key!))!.status_category).toBe('done');
    await update(i.id, a.id, { status: 'open' });
    expect((await issue(synced!.tracker_issue_key!))!.status_category).toBe('todo');

    // Link a seeded issue that is done: the todo takes its status; the incident now links it too.
    const [seeded] = await t.database.rows<{ key: string }>(
      sql`select key from tracker_issues where status_category = 'done' and key not in
          (select issue_key from tracker_links) order by key limit 1`,
    );
    const b = await todo(i.id, { title: 'Follow the existing issue' });
    const linked = await update(i.id, b.id, { tracker_issue_key: seeded!.key.toLowerCase() });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().todo).toMatchObject({ tracker_issue_key: seeded!.key, status: 'done' });
    expect((await audit(i.id)).map((r) => r.operation)).toContain('link_issue');
    // Another todo may track the same issue (already linked to the incident).
    const c = await todo(i.id, { title: 'Same issue' });
    expect((await update(i.id, c.id, { tracker_issue_key: seeded!.key })).statusCode).toBe(200);
    // Detach.
    expect((await update(i.id, c.id, { tracker_issue_key: null })).json().todo).toMatchObject({
      tracker_issue_key: null,
      tracker_status: null,
    });

    const missing = await update(i.id, b.id, { tracker_issue_key: 'OPS-999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('issueTracker.issueNotFound');
    const invalid = await update(i.id, b.id, { tracker_issue_key: 'not a key' });
    expect(invalid.statusCode).toBe(400);
  });

  it('reports the todos the tracker refuses and still syncs the others', async () => {
    const i = await incident();
    const good = await todo(i.id, { title: 'Good one' });
    const bad = await todo(i.id, { title: 'Refused one' });
    const refusing: IssueTracker = {
      ...embeddedIssueTracker,
      create: (db, input) =>
        input.summary.includes('Refused')
          ? Promise.reject(new AppError('issueTracker.unavailable', 'Jira answered HTTP 503'))
          : embeddedIssueTracker.create(db, input),
    };
    const result = await syncTodos(
      { db: t.ctx.db, tracker: refusing, publicUrl: 'http://portal.test' },
      i.id,
      OPERATOR,
    );
    expect(result.created).toBe(1);
    expect(result.failed).toEqual([{ todo_id: bad.id, message: 'Jira answered HTTP 503' }]);
    const after = await todos(i.id);
    expect(after.find((x) => x.id === good.id)!.tracker_issue_key).toMatch(/^OPS-/);
    expect(after.find((x) => x.id === bad.id)!.tracker_issue_key).toBeNull();

    // A tracker that cannot be reached at all: every linked todo is reported, nothing is lost.
    const down: IssueTracker = {
      ...embeddedIssueTracker,
      getMany: () => Promise.reject(new AppError('issueTracker.unavailable', 'connect ECONNREFUSED')),
      create: () => Promise.reject(new AppError('issueTracker.unavailable', 'connect ECONNREFUSED')),
    };
    const result2 = await syncTodos({ db: t.ctx.db, tracker: down, publicUrl: '' }, i.id, OPERATOR);
    expect(result2.failed.map((f) => f.todo_id).sort()).toEqual([good.id, bad.id].sort());
    expect((await todos(i.id)).find((x) => x.id === good.id)!.tracker_issue_key).toBe(
      after.find((x) => x.id === good.id)!.tracker_issue_key,
    );
  });

  it('shows seeded todos tracked by seeded issues', async () => {
    const [row] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from incident_todos where tracker_issue_key is not null`,
    );
    expect(row!.n).toBeGreaterThan(0);
    const [open] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from incident_todos where tracker_issue_key is null`,
    );
    expect(open!.n).toBeGreaterThan(0);
  });
});
