import { and, asc, eq } from 'drizzle-orm';
import type { IssueLink, IssueSubjectType, IssueType, TrackerIssue } from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { extensionPoint } from '../../platform/extensions.js';
import { iso } from '../../platform/time.js';
import { trackerLinks } from './schema.js';
import type { Issue, IssueTracker } from './tracker.js';

/*
 * Links from the portal's objects to tracker issues: the server API other features use (incidents' post-mortem
 * todos, remediation tickets) and the routes' too. Each link, unlink and linked create writes an audit row of the
 * subject's own type, so it shows in the object's trail. Call them inside the caller's transaction.
 */

/**
 * How the routes know a subject exists: the feature owning the subject type contributes
 * `issueSubjects.provide({ type: 'incident', exists: (db, id) => … })`. A type nobody contributes has no subjects
 * (404 `issueTracker.subjectNotFound`), so a link never points at nothing.
 */
export interface IssueSubject {
  type: IssueSubjectType;
  exists(db: Db, id: string): Promise<boolean>;
}
export const issueSubjects = extensionPoint<IssueSubject>('issuetracker.subjects', (s) => s.type);

/** The audit type of an issue created without a subject. */
export const UNLINKED_AUDIT_TYPE = 'tracker_issue' as const;

type LinkRow = typeof trackerLinks.$inferSelect;

export const toLink = (r: LinkRow): IssueLink => ({
  id: String(r.id),
  subject_type: r.subjectType as IssueSubjectType,
  subject_id: r.subjectId,
  issue_key: r.issueKey,
  summary: r.summary,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
});

export interface Subject {
  subjectType: IssueSubjectType;
  subjectId: string;
}

const issueNotFound = (key: string) =>
  new AppError('issueTracker.issueNotFound', `The issue tracker has no issue ${key}`, { issue_key: key });

async function insertLink(tx: Db, s: Subject, issue: Issue, actor: string, at: Date): Promise<IssueLink> {
  const [row] = await tx
    .insert(trackerLinks)
    .values({
      subjectType: s.subjectType,
      subjectId: s.subjectId,
      issueKey: issue.key,
      summary: issue.summary,
      createdBy: actor,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError(
      'issueTracker.alreadyLinked',
      `Issue ${issue.key} is already linked to ${s.subjectType} ${s.subjectId}`,
      { issue_key: issue.key },
    );
  return toLink(row);
}

/**
 * Links an existing tracker issue to a subject (404 `issueTracker.issueNotFound` when the tracker has no such key,
 * 409 `issueTracker.alreadyLinked` when it is linked already), with the subject's audit row `link_issue`.
 */
export async function linkIssue(
  tx: Db,
  tracker: IssueTracker,
  input: Subject & { key: string; actor: string; at?: Date },
): Promise<{ link: IssueLink; issue: Issue }> {
  const key = input.key.trim().toUpperCase();
  const issue = await tracker.get(tx, key);
  if (!issue) throw issueNotFound(key);
  const at = input.at ?? new Date();
  const link = await insertLink(tx, input, issue, input.actor, at);
  await writeAudit(tx, {
    type: input.subjectType,
    instanceId: input.subjectId,
    operator: input.actor,
    operation: 'link_issue',
    details: { link_id: link.id, tracker: tracker.kind, after: { issue_key: issue.key, summary: issue.summary } },
    operateAt: at,
  });
  return { link, issue };
}

export interface NewLinkedIssue {
  summary: string;
  description?: string;
  type?: IssueType;
  labels?: readonly string[];
  actor: string;
  at?: Date;
}

/**
 * Creates an issue in the tracker and, given a subject, links it: one audit row `create_issue` of the subject's type
 * (or of type `tracker_issue`, instance the key, without a subject). With a REST tracker the issue exists in the
 * tracker even if the caller's transaction later rolls back.
 */
export async function createLinkedIssue(
  tx: Db,
  tracker: IssueTracker,
  input: NewLinkedIssue & Partial<Subject>,
): Promise<{ issue: Issue; link: IssueLink | null }> {
  const at = input.at ?? new Date();
  const issue = await tracker.create(tx, {
    summary: input.summary,
    description: input.description ?? '',
    type: input.type ?? 'Task',
    labels: input.labels ?? [],
    reporter: input.actor,
  });
  const subject =
    input.subjectType && input.subjectId ? { subjectType: input.subjectType, subjectId: input.subjectId } : null;
  const link = subject ? await insertLink(tx, subject, issue, input.actor, at) : null;
  await writeAudit(tx, {
    type: subject?.subjectType ?? UNLINKED_AUDIT_TYPE,
    instanceId: subject?.subjectId ?? issue.key,
    operator: input.actor,
    operation: 'create_issue',
    details: {
      ...(link ? { link_id: link.id } : {}),
      tracker: tracker.kind,
      after: { issue_key: issue.key, summary: issue.summary, type: issue.type, labels: issue.labels },
    },
    operateAt: at,
  });
  return { issue, link };
}

/** Removes a link (404 `issueTracker.linkNotFound`), with the subject's audit row `unlink_issue`. */
export async function unlinkIssue(tx: Db, linkId: string, actor: string, at = new Date()): Promise<IssueLink> {
  const id = /^\d{1,15}$/.test(linkId) ? Number(linkId) : undefined;
  const [row] = id === undefined ? [] : await tx.delete(trackerLinks).where(eq(trackerLinks.id, id)).returning();
  if (!row) throw new AppError('issueTracker.linkNotFound', `Issue link ${linkId} not found`);
  const link = toLink(row);
  await writeAudit(tx, {
    type: link.subject_type,
    instanceId: link.subject_id,
    operator: actor,
    operation: 'unlink_issue',
    details: { link_id: link.id, before: { issue_key: link.issue_key, summary: link.summary } },
    operateAt: at,
  });
  return link;
}

/** A subject's links, oldest first (no tracker call). */
export async function listIssueLinks(db: Db, subjectType: IssueSubjectType, subjectId: string): Promise<IssueLink[]> {
  const rows = await db
    .select()
    .from(trackerLinks)
    .where(and(eq(trackerLinks.subjectType, subjectType), eq(trackerLinks.subjectId, subjectId)))
    .orderBy(asc(trackerLinks.createdAt), asc(trackerLinks.id));
  return rows.map(toLink);
}

/** What a link shows when the tracker does not have its issue (any more), or could not be reached. */
function snapshotOf(link: IssueLink, tracker: IssueTracker, status: string): TrackerIssue {
  return {
    key: link.issue_key,
    summary: link.summary,
    description: '',
    type: '',
    status,
    status_category: 'unknown',
    labels: [],
    assignee: null,
    reporter: null,
    url: tracker.baseUrl ? `${tracker.baseUrl}/browse/${encodeURIComponent(link.issue_key)}` : null,
    created_at: null,
    updated_at: null,
    link,
  };
}

/**
 * A subject's linked issues as the tracker has them now, each with its link, oldest link first. An issue the tracker
 * no longer has reads `Not found`; when the tracker cannot be reached every one shows its link's snapshot,
 * `Unavailable` (a detail page keeps working while the tracker is down).
 */
export async function linkedIssues(
  db: Db,
  tracker: IssueTracker,
  subjectType: IssueSubjectType,
  subjectId: string,
): Promise<TrackerIssue[]> {
  const links = await listIssueLinks(db, subjectType, subjectId);
  if (!links.length) return [];
  let issues: Map<string, Issue>;
  try {
    issues = await tracker.getMany(
      db,
      links.map((l) => l.issue_key),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'issueTracker.unavailable')
      return links.map((l) => snapshotOf(l, tracker, 'Unavailable'));
    throw err;
  }
  return links.map((l) => {
    const issue = issues.get(l.issue_key);
    return issue ? { ...issue, link: l } : snapshotOf(l, tracker, 'Not found');
  });
}
