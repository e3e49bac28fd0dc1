import type { z } from 'zod';
import {
  type createIncidentTodoBody,
  type IncidentTodo,
  type IncidentTodoStatus,
  type IncidentTodoSyncResult,
  type ListResult,
  type updateIncidentTodoBody,
} from '@portal/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { createLinkedIssue, linkIssue, listIssueLinks, type Issue, type IssueTracker } from '../issuetracker/index.js';
import * as repo from './repo.js';
import { AUDIT_TYPE, checkUser, findIncidentRow, incidentId, incidentPath, type IncidentDeps } from './service.js';

/*
 * Post-mortem todo actions: follow-ups of an incident (owner, due date, open/done), each optionally tracked by an issue
 * of the issue tracker. Sync creates a tracker issue (linked to the incident) for each todo without one and pulls each
 * linked issue's status back: a todo is done while its issue is in the tracker's `done` category, open otherwise.
 * Marking a linked todo done or open through PUT moves its issue the same way, so the two agree after the next sync.
 */

export function toTodo(r: repo.TodoRow): IncidentTodo {
  return {
    id: String(r.id),
    incident_id: incidentId(r.incidentNumber),
    title: r.title,
    owner: r.owner,
    due_date: r.dueDate,
    status: r.status as IncidentTodoStatus,
    tracker_issue_key: r.trackerIssueKey,
    tracker_issue_url: r.trackerIssueUrl,
    tracker_status: r.trackerStatus,
    tracker_status_category: r.trackerStatusCategory,
    synced_at: isoOrNull(r.syncedAt),
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

function audit(tx: Db, id: string, operator: string, operation: string, details: AuditEntry['details'], at: Date) {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: id, operator, operation, details, operateAt: at });
}

const todoNotFound = (id: string, todoId: string) =>
  new AppError('incident.todoNotFound', `Incident ${id} has no todo action ${todoId}`);

async function mustFindTodo(tx: Db, number: number, id: string, todoId: string): Promise<repo.TodoRow> {
  const n = /^\d{1,15}$/.test(todoId) ? Number(todoId) : undefined;
  const row = n === undefined ? undefined : await repo.findTodo(tx, number, n, true);
  if (!row) throw todoNotFound(id, todoId);
  return row;
}

/** What an audit row keeps of a todo. */
export const todoSnapshot = (t: IncidentTodo) => ({
  title: t.title,
  owner: t.owner,
  due_date: t.due_date,
  status: t.status,
  tracker_issue_key: t.tracker_issue_key,
});

/** The columns recording what the tracker says of the todo's issue. */
const trackerColumns = (issue: Issue | null, at: Date): Partial<repo.NewTodo> =>
  issue
    ? {
        trackerIssueUrl: issue.url,
        trackerStatus: issue.status,
        trackerStatusCategory: issue.status_category,
        syncedAt: at,
      }
    : { trackerStatus: 'Not found', trackerStatusCategory: 'unknown', syncedAt: at };

export async function listTodos(db: Db, id: string): Promise<ListResult<IncidentTodo>> {
  const incident = await findIncidentRow(db, id);
  const rows = await repo.listTodos(db, incident.number);
  return { items: rows.map(toTodo), total: rows.length };
}

export async function createTodo(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof createIncidentTodoBody>,
  at = new Date(),
): Promise<IncidentTodo> {
  return db.transaction(async (tx) => {
    const incident = await findIncidentRow(tx, id, true);
    const owner = await checkUser(tx, body.owner ?? null, 'owner');
    const row = await repo.insertTodo(tx, {
      incidentNumber: incident.number,
      title: body.title,
      owner,
      dueDate: body.due_date ?? null,
      status: 'open',
      createdBy: who,
      createdAt: at,
      updatedAt: at,
    });
    const todo = toTodo(row);
    await audit(tx, todo.incident_id, who, 'create_todo', { todo_id: todo.id, after: todoSnapshot(todo) }, at);
    return todo;
  });
}

/** Links an issue to the incident unless it is already (a todo may reuse an issue linked from the issue page). */
async function ensureLinked(tx: Db, tracker: IssueTracker, incident: string, key: string, who: string, at: Date) {
  const links = await listIssueLinks(tx, AUDIT_TYPE, incident);
  if (links.some((l) => l.issue_key === key)) {
    const issue = await tracker.get(tx, key);
    if (!issue)
      throw new AppError('issueTracker.issueNotFound', `The issue tracker has no issue ${key}`, { issue_key: key });
    return issue;
  }
  return (await linkIssue(tx, tracker, { subjectType: AUDIT_TYPE, subjectId: incident, key, actor: who, at })).issue;
}

/**
 * PUT: edits the fields given. `tracker_issue_key` links an existing tracker issue to the todo (and the incident), or
 * null detaches it (the incident's issue link stays). A status change of a linked todo moves its issue to the same
 * category (done / to do) in the tracker, in the same request.
 */
export async function updateTodo(
  deps: Pick<IncidentDeps, 'db' | 'tracker'>,
  id: string,
  todoId: string,
  who: string,
  body: z.output<typeof updateIncidentTodoBody>,
  at = new Date(),
): Promise<IncidentTodo> {
  return deps.db.transaction(async (tx) => {
    const incident = await findIncidentRow(tx, id, true);
    const incidentKey = incidentId(incident.number);
    const row = await mustFindTodo(tx, incident.number, incidentKey, todoId);
    const before = toTodo(row);
    const patch: Partial<repo.NewTodo> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.owner !== undefined) patch.owner = await checkUser(tx, body.owner, 'owner');
    if (body.due_date !== undefined) patch.dueDate = body.due_date;
    if (body.status !== undefined) patch.status = body.status;

    let key = row.trackerIssueKey;
    if (body.tracker_issue_key !== undefined && body.tracker_issue_key !== row.trackerIssueKey) {
      if (body.tracker_issue_key === null) {
        key = null;
        Object.assign(patch, {
          trackerIssueKey: null,
          trackerIssueUrl: null,
          trackerStatus: null,
          trackerStatusCategory: null,
          syncedAt: null,
        });
      } else {
        const issue = await ensureLinked(tx, deps.tracker, incidentKey, body.tracker_issue_key, who, at);
        key = issue.key;
        Object.assign(patch, { trackerIssueKey: issue.key, ...trackerColumns(issue, at) });
        // A linked issue brings its status along unless the request sets one.
        if (body.status === undefined) patch.status = issue.status_category === 'done' ? 'done' : 'open';
      }
    }
    const status = (patch.status ?? row.status) as IncidentTodoStatus;
    if (key && body.status !== undefined && body.status !== row.status) {
      const moved = await deps.tracker.transition(tx, key, status === 'done' ? 'done' : 'todo');
      Object.assign(patch, trackerColumns(moved, at));
    }
    const updated = toTodo(await repo.updateTodo(tx, row.id, { ...patch, updatedAt: at }));
    const b = todoSnapshot(before);
    const a = todoSnapshot(updated);
    const changed = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
    if (changed.length)
      await audit(
        tx,
        incidentKey,
        who,
        'update_todo',
        {
          todo_id: updated.id,
          before: Object.fromEntries(changed.map((k) => [k, b[k]])),
          after: Object.fromEntries(changed.map((k) => [k, a[k]])),
        },
        at,
      );
    return updated;
  });
}

export async function deleteTodo(db: Db, id: string, todoId: string, who: string, at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const incident = await findIncidentRow(tx, id, true);
    const incidentKey = incidentId(incident.number);
    const row = await mustFindTodo(tx, incident.number, incidentKey, todoId);
    await repo.deleteTodo(tx, row.id);
    await audit(
      tx,
      incidentKey,
      who,
      'delete_todo',
      { todo_id: String(row.id), before: todoSnapshot(toTodo(row)) },
      at,
    );
  });
}

/** The tracker issue created for a todo. */
function issueOf(incidentKey: string, incidentTitle: string, todo: repo.TodoRow, publicUrl: string) {
  const lines = [
    `Post-mortem action of incident ${incidentKey}: ${incidentTitle}`,
    `${publicUrl}${incidentPath(incidentKey)}`,
  ];
  if (todo.owner) lines.push(`Owner: ${todo.owner}`);
  if (todo.dueDate) lines.push(`Due: ${todo.dueDate}`);
  return {
    summary: `[${incidentKey}] ${todo.title}`.slice(0, 255),
    description: lines.join('\n'),
    labels: ['post-mortem', incidentKey],
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Sync (POST …/todo_actions/sync): one transaction; each todo in its own savepoint, so a todo the tracker refuses is
 * reported in `failed` and the others still sync. One audit row `sync_todos` with what changed (issue creation and
 * linking write their own `create_issue` rows).
 */
export async function syncTodos(
  deps: IncidentDeps,
  id: string,
  who: string,
  at = new Date(),
): Promise<IncidentTodoSyncResult> {
  return deps.db.transaction(async (tx) => {
    const incident = await findIncidentRow(tx, id, true);
    const incidentKey = incidentId(incident.number);
    const todos = await repo.listTodos(tx, incident.number, true);
    const failed: { todo_id: string; message: string }[] = [];
    const created: { todo_id: string; issue_key: string }[] = [];
    const updated: { todo_id: string; before: string; after: string }[] = [];

    // Pull first (one batch call), then create issues for the todos without one.
    const linked = todos.filter((t) => t.trackerIssueKey);
    let issues: Map<string, Issue> | undefined;
    if (linked.length) {
      try {
        issues = await deps.tracker.getMany(
          tx,
          linked.map((t) => t.trackerIssueKey!),
        );
      } catch (err) {
        for (const t of linked) failed.push({ todo_id: String(t.id), message: messageOf(err) });
      }
    }
    if (issues) {
      for (const t of linked) {
        const issue = issues.get(t.trackerIssueKey!) ?? null;
        const patch: Partial<repo.NewTodo> = { ...trackerColumns(issue, at), updatedAt: at };
        if (!issue)
          failed.push({ todo_id: String(t.id), message: `The issue tracker has no issue ${t.trackerIssueKey}` });
        else {
          const status = issue.status_category === 'done' ? 'done' : 'open';
          if (status !== t.status) {
            patch.status = status;
            updated.push({ todo_id: String(t.id), before: t.status, after: status });
          }
        }
        await repo.updateTodo(tx, t.id, patch);
      }
    }
    for (const t of todos.filter((x) => !x.trackerIssueKey)) {
      try {
        await tx.transaction(async (sp) => {
          const { issue } = await createLinkedIssue(sp, deps.tracker, {
            subjectType: AUDIT_TYPE,
            subjectId: incidentKey,
            ...issueOf(incidentKey, incident.title, t, deps.publicUrl),
            type: 'Task',
            actor: who,
            at,
          });
          // A todo already done closes its new issue at once: the tracker keeps the record of the action.
          const final = t.status === 'done' ? ((await deps.tracker.transition(sp, issue.key, 'done')) ?? issue) : issue;
          await repo.updateTodo(sp, t.id, { trackerIssueKey: issue.key, ...trackerColumns(final, at), updatedAt: at });
          created.push({ todo_id: String(t.id), issue_key: issue.key });
        });
      } catch (err) {
        failed.push({ todo_id: String(t.id), message: messageOf(err) });
      }
    }
    await audit(tx, incidentKey, who, 'sync_todos', { created, updated, failed }, at);
    const rows = await repo.listTodos(tx, incident.number);
    return {
      items: rows.map(toTodo),
      total: rows.length,
      created: created.length,
      updated: updated.length,
      failed,
    };
  });
}
