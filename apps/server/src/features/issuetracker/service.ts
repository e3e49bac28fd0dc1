import type { z } from 'zod';
import type {
  createIssueBody,
  IssueLink,
  issueListQuery,
  IssueSubjectType,
  IssueTrackerInfo,
  linkIssueBody,
  ListResult,
  TrackerIssue,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Registry } from '../../platform/extensions.js';
import { createLinkedIssue, issueSubjects, linkedIssues, linkIssue, unlinkIssue } from './links.js';
import type { Issue, IssueTracker } from './tracker.js';

/** What the routes need: the database, the tracker and the app's registry (who knows which subjects exist). */
export interface IssueDeps {
  db: Db;
  tracker: IssueTracker;
  registry: Registry;
}

const withoutLink = (issue: Issue): TrackerIssue => ({ ...issue, link: null });

export function trackerInfo(tracker: IssueTracker): IssueTrackerInfo {
  return { kind: tracker.kind, project: tracker.project, base_url: tracker.baseUrl };
}

/** Search the project, or list a subject's linked issues (every one: a subject has a handful). */
export async function listIssues(
  deps: IssueDeps,
  q: z.output<typeof issueListQuery>,
): Promise<ListResult<TrackerIssue>> {
  if (q.subject_type && q.subject_id) {
    const items = await linkedIssues(deps.db, deps.tracker, q.subject_type, q.subject_id);
    return { items, total: items.length };
  }
  const page = await deps.tracker.search(deps.db, {
    search: q.search || undefined,
    statusCategories: q.status_category,
    type: q.type || undefined,
    page: q.page,
    per_page: q.per_page,
    sort: q.sort,
  });
  return { total: page.total, items: page.items.map(withoutLink) };
}

export async function getIssue(deps: IssueDeps, key: string): Promise<TrackerIssue> {
  const issue = await deps.tracker.get(deps.db, key);
  if (!issue) throw new AppError('issueTracker.issueNotFound', `The issue tracker has no issue ${key}`);
  return withoutLink(issue);
}

/** 404 `issueTracker.subjectNotFound` unless the feature owning the type says the subject exists. */
async function assertSubject(deps: IssueDeps, db: Db, type: IssueSubjectType, id: string): Promise<void> {
  const owner = deps.registry.get(issueSubjects, type);
  if (!owner || !(await owner.exists(db, id)))
    throw new AppError('issueTracker.subjectNotFound', `There is no ${type.replace('_', ' ')} ${id}`, {
      subject_type: type,
      subject_id: id,
    });
}

export async function createIssue(
  deps: IssueDeps,
  who: string,
  body: z.output<typeof createIssueBody>,
): Promise<{ issue: TrackerIssue; link: IssueLink | null }> {
  return deps.db.transaction(async (tx) => {
    if (body.subject_type && body.subject_id) await assertSubject(deps, tx, body.subject_type, body.subject_id);
    const { issue, link } = await createLinkedIssue(tx, deps.tracker, {
      summary: body.summary,
      description: body.description,
      type: body.type,
      labels: body.labels,
      subjectType: body.subject_type,
      subjectId: body.subject_id,
      actor: who.toLowerCase(),
    });
    return { issue: { ...issue, link }, link };
  });
}

export async function linkExisting(
  deps: IssueDeps,
  who: string,
  body: z.output<typeof linkIssueBody>,
): Promise<{ link: IssueLink; issue: TrackerIssue }> {
  return deps.db.transaction(async (tx) => {
    await assertSubject(deps, tx, body.subject_type, body.subject_id);
    const { link, issue } = await linkIssue(tx, deps.tracker, {
      subjectType: body.subject_type,
      subjectId: body.subject_id,
      key: body.issue_key,
      actor: who.toLowerCase(),
    });
    return { link, issue: { ...issue, link } };
  });
}

export function unlink(deps: IssueDeps, who: string, id: string): Promise<IssueLink> {
  return deps.db.transaction((tx) => unlinkIssue(tx, id, who.toLowerCase()));
}
