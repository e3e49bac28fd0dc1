import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ISSUE_KEY_PATTERN,
  ISSUE_STATUS_NAMES,
  type IssueStatusCategory,
  type IssueType,
  type ListResult,
  type TrackerIssue,
} from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { answerJson, callOut } from '../../platform/outbound.js';
import { containsPattern, pageWindow } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import { trackerIssues } from './schema.js';

/*
 * The issue tracker: where issues live. An external system, so an interface with two implementations: the embedded
 * one (table `tracker_issues` in the portal's database: what the demo and the tests use) and a Jira-compatible REST
 * API (Jira Cloud, Jira Data Center, and trackers that serve Jira's REST API v2), chosen by ISSUE_TRACKER_URL (README,
 * configuration).
 */

/** An issue as the tracker has it (the portal's link, if any, is added by the caller). */
export type Issue = Omit<TrackerIssue, 'link'>;
/** A status category an issue can be moved to. */
export type IssueTransitionTarget = Exclude<IssueStatusCategory, 'unknown'>;

export interface IssueSearch {
  /** Words of the summary or description (case-insensitive), or an issue key. */
  search?: string | undefined;
  statusCategories?: readonly IssueTransitionTarget[] | undefined;
  type?: string | undefined;
  page: number;
  per_page: number;
  sort: 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
}

export interface NewIssue {
  summary: string;
  description: string;
  type: IssueType;
  labels: readonly string[];
  /** The portal user it is created for (the embedded tracker records it; Jira records the API user). */
  reporter: string;
}

export interface IssueTracker {
  /** For the UI, logs and audit rows. */
  readonly kind: 'embedded' | 'jira';
  /** The project issues are searched in and created in. */
  readonly project: string;
  /** The tracker's web root (browse links), null for the embedded one. */
  readonly baseUrl: string | null;
  /** A page of the project's issues. */
  search(db: Db, q: IssueSearch): Promise<ListResult<Issue>>;
  /** One issue by key (any project), or null when the tracker has none. */
  get(db: Db, key: string): Promise<Issue | null>;
  /** Several issues by key; the keys the tracker does not have are absent from the map. */
  getMany(db: Db, keys: readonly string[]): Promise<Map<string, Issue>>;
  /** Creates an issue in the project. */
  create(db: Db, issue: NewIssue): Promise<Issue>;
  /** Moves an issue to a status of that category (no-op when it is there already); null when there is no such issue. */
  transition(db: Db, key: string, to: IssueTransitionTarget): Promise<Issue | null>;
}

// ---------------------------------------------------------------- embedded

/** The embedded tracker's project key. */
export const EMBEDDED_PROJECT = 'OPS';

type IssueRow = typeof trackerIssues.$inferSelect;

export const toIssue = (r: IssueRow): Issue => ({
  key: r.key,
  summary: r.summary,
  description: r.description,
  type: r.type,
  status: r.status,
  status_category: r.statusCategory as IssueStatusCategory,
  labels: r.labels as string[],
  assignee: r.assignee,
  reporter: r.reporter,
  url: null,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** The text the search matches: the trigram index's expression (schema.ts). */
const searchText = sql`(${trackerIssues.summary} || ' ' || ${trackerIssues.description})`;

/** The embedded tracker: issues in the portal's own database, written in the caller's transaction. */
export const embeddedIssueTracker: IssueTracker = {
  kind: 'embedded',
  project: EMBEDDED_PROJECT,
  baseUrl: null,
  async search(db, q) {
    const t = trackerIssues;
    const where: SQL[] = [eq(t.project, EMBEDDED_PROJECT)];
    if (q.search) {
      const key = q.search.toUpperCase();
      const text = ilike(searchText, containsPattern(q.search));
      where.push(ISSUE_KEY_PATTERN.test(key) ? or(text, eq(t.key, key))! : text);
    }
    if (q.statusCategories?.length) where.push(inArray(t.statusCategory, [...q.statusCategories]));
    if (q.type) where.push(eq(t.type, q.type));
    const cond = and(...where);
    const column = q.sort.endsWith('updated_at') ? t.updatedAt : t.createdAt;
    const dir = q.sort.startsWith('-') ? desc : asc;
    const { limit, offset } = pageWindow(q);
    const [rows, [total]] = await Promise.all([
      db.select().from(t).where(cond).orderBy(dir(column), dir(t.number)).limit(limit).offset(offset),
      db.select({ n: count() }).from(t).where(cond),
    ]);
    return { items: rows.map(toIssue), total: total?.n ?? 0 };
  },
  async get(db, key) {
    const [row] = await db.select().from(trackerIssues).where(eq(trackerIssues.key, key)).limit(1);
    return row ? toIssue(row) : null;
  },
  async getMany(db, keys) {
    if (!keys.length) return new Map();
    const rows = await db
      .select()
      .from(trackerIssues)
      .where(inArray(trackerIssues.key, [...keys]));
    return new Map(rows.map((r) => [r.key, toIssue(r)]));
  },
  async create(db, issue) {
    // Numbers are handed out one at a time per project: concurrent creates wait here, not on a unique violation.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`tracker_issues:${EMBEDDED_PROJECT}`}))`);
    const [last] = await db
      .select({ n: sql<number>`coalesce(max(${trackerIssues.number}), 0)::int` })
      .from(trackerIssues)
      .where(eq(trackerIssues.project, EMBEDDED_PROJECT));
    const number = (last?.n ?? 0) + 1;
    const now = new Date();
    const [row] = await db
      .insert(trackerIssues)
      .values({
        key: `${EMBEDDED_PROJECT}-${number}`,
        project: EMBEDDED_PROJECT,
        number,
        summary: issue.summary,
        description: issue.description,
        type: issue.type,
        status: ISSUE_STATUS_NAMES.todo,
        statusCategory: 'todo',
        labels: [...issue.labels],
        assignee: null,
        reporter: issue.reporter,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toIssue(row!);
  },
  async transition(db, key, to) {
    const [row] = await db.select().from(trackerIssues).where(eq(trackerIssues.key, key)).limit(1).for('update');
    if (!row) return null;
    if (row.statusCategory === to) return toIssue(row);
    const [moved] = await db
      .update(trackerIssues)
      .set({ status: ISSUE_STATUS_NAMES[to], statusCategory: to, updatedAt: new Date() })
      .where(eq(trackerIssues.key, key))
      .returning();
    return toIssue(moved!);
  },
};

// ---------------------------------------------------------------- Jira REST

/** Jira's statusCategory keys, onto the portal's categories. */
const JIRA_CATEGORY: Record<string, IssueStatusCategory> = { new: 'todo', indeterminate: 'in_progress', done: 'done' };
/** The portal's categories as JQL's statusCategory names. */
const JQL_CATEGORY: Record<IssueTransitionTarget, string> = { todo: 'To Do', in_progress: 'In Progress', done: 'Done' };
const FIELDS = 'summary,description,issuetype,status,labels,assignee,reporter,created,updated';

const jiraUser = z
  .object({
    displayName: z.string().optional(),
    emailAddress: z.string().optional(),
    name: z.string().optional(),
  })
  .nullish();
const jiraIssue = z.object({
  key: z.string(),
  fields: z.object({
    summary: z.string().nullish(),
    description: z.string().nullish(),
    issuetype: z.object({ name: z.string() }).nullish(),
    status: z.object({ name: z.string(), statusCategory: z.object({ key: z.string() }).nullish() }).nullish(),
    labels: z.array(z.string()).nullish(),
    assignee: jiraUser,
    reporter: jiraUser,
    created: z.string().nullish(),
    updated: z.string().nullish(),
  }),
});
const jiraSearch = z.object({
  startAt: z.number().int().optional(),
  total: z.number().int().min(0),
  issues: z.array(jiraIssue),
});
const jiraCreated = z.object({ key: z.string() });
const jiraTransitions = z.object({
  transitions: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      to: z.object({ name: z.string(), statusCategory: z.object({ key: z.string() }).nullish() }).nullish(),
    }),
  ),
});

const personOf = (u: z.output<typeof jiraUser>): string | null =>
  u ? (u.emailAddress ?? u.displayName ?? u.name ?? null) : null;
/** Jira's timestamps (`2024-05-01T10:00:00.000+0000`) as ISO-8601 UTC. */
const isoOf = (s: string | null | undefined): string | null => {
  if (!s) return null;
  const d = new Date(s.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** A JQL string literal. */
export const jqlString = (s: string): string => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

export interface JiraIssueTrackerOptions {
  /** The tracker's root, e.g. `https://acme.atlassian.net` (the REST API is under `/rest/api/2`). */
  url: string;
  /** The project's key, e.g. `OPS`. */
  project: string;
  /** With a token: basic authentication (Jira Cloud: the account's email and an API token). */
  user: string | undefined;
  /** Without a user: a bearer token (Jira Data Center personal access token). */
  token: string | undefined;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A Jira-compatible tracker over its REST API v2 (README, configuration: ISSUE_TRACKER_URL…):
 * `GET /rest/api/2/search?jql=&startAt=&maxResults=&fields=` → `{ total, issues }`;
 * `GET /rest/api/2/issue/{key}?fields=` → an issue, 404 when unknown;
 * `POST /rest/api/2/issue` `{ fields: { project: { key }, summary, description, issuetype: { name }, labels } }` →
 * `{ key }`;
 * `GET /rest/api/2/issue/{key}/transitions` and `POST` the one whose target status is of the wanted category.
 */
export function jiraIssueTracker(opts: JiraIssueTrackerOptions): IssueTracker {
  const api = `${opts.url}/rest/api/2`;
  const auth = opts.token
    ? opts.user
      ? `Basic ${Buffer.from(`${opts.user}:${opts.token}`).toString('base64')}`
      : `Bearer ${opts.token}`
    : undefined;
  const unavailable = (why: string) => new AppError('issueTracker.unavailable', `The issue tracker ${why}`);

  const call = (method: string, path: string, body?: unknown): Promise<Response> =>
    callOut(`${api}${path}`, {
      method,
      json: body,
      authorization: auth,
      timeoutMs: opts.timeoutMs ?? 10_000,
      fetch: opts.fetch,
      unavailable,
    });
  const parsed = <T extends z.ZodType>(res: Response, schema: T, what: string) =>
    answerJson(res, schema, what, unavailable);
  const toTrackerIssue = (j: z.output<typeof jiraIssue>): Issue => ({
    key: j.key,
    summary: j.fields.summary ?? '',
    description: j.fields.description ?? '',
    type: j.fields.issuetype?.name ?? '',
    status: j.fields.status?.name ?? '',
    status_category: JIRA_CATEGORY[j.fields.status?.statusCategory?.key ?? ''] ?? 'unknown',
    labels: j.fields.labels ?? [],
    assignee: personOf(j.fields.assignee),
    reporter: personOf(j.fields.reporter),
    url: `${opts.url}/browse/${encodeURIComponent(j.key)}`,
    created_at: isoOf(j.fields.created),
    updated_at: isoOf(j.fields.updated),
  });
  async function get(key: string): Promise<Issue | null> {
    const res = await call('GET', `/issue/${encodeURIComponent(key)}?fields=${FIELDS}`);
    if (res.status === 404) return null;
    return toTrackerIssue(await parsed(res, jiraIssue, 'an issue look-up'));
  }

  return {
    kind: 'jira',
    project: opts.project,
    baseUrl: opts.url,
    async search(_db, q) {
      const jql = [`project = ${jqlString(opts.project)}`];
      if (q.search) {
        const key = q.search.toUpperCase();
        const text = `text ~ ${jqlString(q.search)}`;
        jql.push(ISSUE_KEY_PATTERN.test(key) ? `(${text} OR key = ${jqlString(key)})` : text);
      }
      if (q.statusCategories?.length)
        jql.push(`statusCategory in (${q.statusCategories.map((c) => jqlString(JQL_CATEGORY[c])).join(', ')})`);
      if (q.type) jql.push(`issuetype = ${jqlString(q.type)}`);
      const order = `ORDER BY ${q.sort.endsWith('updated_at') ? 'updated' : 'created'} ${q.sort.startsWith('-') ? 'DESC' : 'ASC'}`;
      const { limit, offset } = pageWindow(q);
      const params = new URLSearchParams({
        jql: `${jql.join(' AND ')} ${order}`,
        startAt: String(offset),
        maxResults: String(limit),
        fields: FIELDS,
        // A key of a project the tracker does not have is a warning (no hit), not a 400.
        validateQuery: 'warn',
      });
      const page = await parsed(await call('GET', `/search?${params}`), jiraSearch, 'a search');
      return { items: page.issues.map(toTrackerIssue), total: page.total };
    },
    get: (_db, key) => get(key),
    async getMany(_db, keys) {
      const out = new Map<string, Issue>();
      // One look-up per key, a few at a time: a subject has a handful of links.
      const queue = [...new Set(keys)];
      const worker = async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
          const issue = await get(key);
          if (issue) out.set(key, issue);
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
      return out;
    },
    async create(_db, issue) {
      const res = await call('POST', '/issue', {
        fields: {
          project: { key: opts.project },
          summary: issue.summary,
          description: issue.description,
          issuetype: { name: issue.type },
          labels: issue.labels,
        },
      });
      const { key } = await parsed(res, jiraCreated, 'an issue creation');
      const created = await get(key);
      if (!created) throw unavailable(`did not find the issue ${key} it had just created`);
      return created;
    },
    async transition(_db, key, to) {
      const issue = await get(key);
      if (!issue || issue.status_category === to) return issue;
      const path = `/issue/${encodeURIComponent(key)}/transitions`;
      const { transitions } = await parsed(await call('GET', path), jiraTransitions, 'a transitions look-up');
      const step = transitions.find((t) => JIRA_CATEGORY[t.to?.statusCategory?.key ?? ''] === to);
      if (!step)
        throw unavailable(`offers no transition of ${key} from ${issue.status} to a status of ${JQL_CATEGORY[to]}`);
      const res = await call('POST', path, { transition: { id: step.id } });
      if (!res.ok) throw unavailable(`answered ${res.status} to a transition of ${key}`);
      return (await get(key)) ?? issue;
    },
  };
}

/** The issue tracker an app uses: Jira's REST API when ISSUE_TRACKER_URL is set, else the embedded one. */
export function issueTrackerFor(config: Pick<Config, 'issueTracker'>): IssueTracker {
  return config.issueTracker ? jiraIssueTracker(config.issueTracker) : embeddedIssueTracker;
}
