import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * The issue tracker (spec §7 devops "issues from an issue tracker"): the team's tracker (Jira-compatible REST by
 * configuration, an embedded offline one by default) seen from the portal. Issues live in the tracker; the portal
 * keeps only the links from its own objects (incidents, remediation tickets) to issue keys, with the summary as it was
 * when linked so a link still reads well when the tracker cannot be reached.
 */

// ---- vocabulary ---------------------------------------------------------------------------------------------------
/** The portal objects an issue may be linked to: audit types, so each link and unlink is in the object's trail. */
export const ISSUE_SUBJECT_TYPES = ['incident', 'remediation_ticket'] as const;
export type IssueSubjectType = (typeof ISSUE_SUBJECT_TYPES)[number];

/** The issue types the portal creates (Jira's standard ones plus Incident, as Jira Service Management has). */
export const ISSUE_TYPES = ['Task', 'Bug', 'Story', 'Incident'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/**
 * Where an issue is, as Jira groups its workflow statuses (statusCategory `new`, `indeterminate`, `done`): any
 * workflow's status names map onto these. `unknown`: the tracker does not have the issue (any more) or could not be
 * reached, so only the link's snapshot is shown.
 */
export const ISSUE_STATUS_CATEGORIES = ['todo', 'in_progress', 'done', 'unknown'] as const;
export type IssueStatusCategory = (typeof ISSUE_STATUS_CATEGORIES)[number];
/** The embedded tracker's workflow: its status names, one per category. */
export const ISSUE_STATUS_NAMES = { todo: 'To Do', in_progress: 'In Progress', done: 'Done' } as const;
export const ISSUE_STATUS_COLORS: Record<IssueStatusCategory, string> = {
  todo: 'default',
  in_progress: 'processing',
  done: 'success',
  unknown: 'warning',
};

/** An issue key: a project key (a letter, then letters, digits or underscores), a dash and a number: `OPS-123`. */
export const ISSUE_KEY_PATTERN = /^[A-Z][A-Z0-9_]{0,29}-[1-9]\d{0,9}$/;
export const ISSUE_SUMMARY_MAX = 255;
export const ISSUE_DESCRIPTION_MAX = 10_000;
export const ISSUE_LABEL_PATTERN = /^[^\s]{1,64}$/;
export const ISSUE_LABELS_MAX = 10;

export const ISSUE_MESSAGES = {
  keyInvalid: 'issue key must look like OPS-123',
  summaryRequired: 'summary is required',
  summaryTooLong: `summary must be at most ${ISSUE_SUMMARY_MAX} characters`,
  descriptionTooLong: `description must be at most ${ISSUE_DESCRIPTION_MAX} characters`,
  labelInvalid: 'a label is 1 to 64 characters without spaces',
  labelsTooMany: `at most ${ISSUE_LABELS_MAX} labels`,
  subjectIncomplete: 'subject_type and subject_id go together',
  created: 'Create successful!',
  linked: 'Issue linked',
  unlinked: 'Issue unlinked',
} as const;

// ---- entities -----------------------------------------------------------------------------------------------------
/** A link from a portal object to a tracker issue. */
export const issueLinkSchema = z.object({
  id: z.string(),
  subject_type: z.enum(ISSUE_SUBJECT_TYPES),
  subject_id: z.string(),
  issue_key: z.string(),
  /** The issue's summary when it was linked (shown when the tracker cannot tell). */
  summary: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type IssueLink = z.infer<typeof issueLinkSchema>;

export const trackerIssueSchema = z.object({
  key: z.string(),
  summary: z.string(),
  description: z.string(),
  /** The tracker's issue type name (one of ISSUE_TYPES for issues the portal created). */
  type: z.string(),
  /** The tracker's status name, e.g. `In Progress`. */
  status: z.string(),
  status_category: z.enum(ISSUE_STATUS_CATEGORIES),
  labels: z.array(z.string()),
  assignee: z.string().nullable(),
  reporter: z.string().nullable(),
  /** Where people open it: the tracker's browse page; null for the embedded tracker, which has no page of its own. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Set when the issue was listed as a subject's linked issue (GET …/issues?subject_type=&subject_id=). */
  link: issueLinkSchema.nullable(),
});
export type TrackerIssue = z.infer<typeof trackerIssueSchema>;
export const trackerIssueResponse = z.object({ issue: trackerIssueSchema });

/** Which tracker answers: `embedded` (the portal's offline tracker) or `jira` (ISSUE_TRACKER_URL). */
export const issueTrackerInfoSchema = z.object({
  kind: z.enum(['embedded', 'jira']),
  /** The project new issues go to (ISSUE_TRACKER_PROJECT; `OPS` for the embedded tracker). */
  project: z.string(),
  base_url: z.string().nullable(),
});
export type IssueTrackerInfo = z.infer<typeof issueTrackerInfoSchema>;

// ---- requests -----------------------------------------------------------------------------------------------------
const issueKey = z.string().trim().toUpperCase().regex(ISSUE_KEY_PATTERN, ISSUE_MESSAGES.keyInvalid);
const subjectId = z.string().trim().min(1).max(64);

export const issueListQuery = listQuery(
  {
    /** Case-insensitive words of the summary or description, or an issue key. */
    search: z.string().trim().max(200).optional(),
    status_category: repeated(z.enum(['todo', 'in_progress', 'done'])),
    type: z.string().trim().max(64).optional(),
    /** With subject_id: the subject's linked issues (every one, in link order; page and filters then ignored). */
    subject_type: z.enum(ISSUE_SUBJECT_TYPES).optional(),
    subject_id: subjectId.optional(),
  },
  ['created_at', 'updated_at'],
  '-created_at',
).refine((q) => (q.subject_type === undefined) === (q.subject_id === undefined), {
  message: ISSUE_MESSAGES.subjectIncomplete,
  path: ['subject_id'],
});
export type IssueListQuery = z.input<typeof issueListQuery>;
export const issueList = listResult(trackerIssueSchema);

export const createIssueBody = z
  .object({
    summary: z
      .string({ error: ISSUE_MESSAGES.summaryRequired })
      .trim()
      .min(1, ISSUE_MESSAGES.summaryRequired)
      .max(ISSUE_SUMMARY_MAX, ISSUE_MESSAGES.summaryTooLong),
    description: z.string().trim().max(ISSUE_DESCRIPTION_MAX, ISSUE_MESSAGES.descriptionTooLong).default(''),
    type: z.enum(ISSUE_TYPES).default('Task'),
    labels: z
      .array(z.string().trim().regex(ISSUE_LABEL_PATTERN, ISSUE_MESSAGES.labelInvalid))
      .max(ISSUE_LABELS_MAX, ISSUE_MESSAGES.labelsTooMany)
      .default([]),
    /** Link the new issue to this portal object (both or neither). */
    subject_type: z.enum(ISSUE_SUBJECT_TYPES).optional(),
    subject_id: subjectId.optional(),
  })
  .refine((b) => (b.subject_type === undefined) === (b.subject_id === undefined), {
    message: ISSUE_MESSAGES.subjectIncomplete,
    path: ['subject_id'],
  });
export type CreateIssueBody = z.input<typeof createIssueBody>;
export const createIssueResponse = z.object({ issue: trackerIssueSchema, link: issueLinkSchema.nullable() });

export const linkIssueBody = z.object({
  issue_key: issueKey,
  subject_type: z.enum(ISSUE_SUBJECT_TYPES),
  subject_id: subjectId,
});
export type LinkIssueBody = z.input<typeof linkIssueBody>;
export const linkIssueResponse = z.object({ link: issueLinkSchema, issue: trackerIssueSchema });

const keyParams = z.object({ key: issueKey });
const linkParams = z.object({ id: z.string().trim().min(1).max(20) });

/** The issue tracker (spec §7 devops "issues from an issue tracker"). */
export const issueTrackerApi = {
  /** Search the tracker's project, or (subject_type + subject_id) list a portal object's linked issues. */
  list: route({
    method: 'GET',
    path: '/api/v1/devops/issues',
    access: 'incidents.read',
    query: issueListQuery,
    response: issueList,
  }),
  info: route({
    method: 'GET',
    path: '/api/v1/devops/issues/tracker',
    access: 'incidents.read',
    response: issueTrackerInfoSchema,
  }),
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/issues/:key',
    access: 'incidents.read',
    params: keyParams,
    response: trackerIssueResponse,
  }),
  /** Creates the issue in the tracker, linked to the subject when one is given. */
  create: route({
    method: 'POST',
    path: '/api/v1/devops/issues',
    access: 'incidents.write',
    status: 201,
    body: createIssueBody,
    response: createIssueResponse,
  }),
  /** Links an existing issue to a portal object (404 `issueTracker.issueNotFound` when the tracker has no such key). */
  link: route({
    method: 'POST',
    path: '/api/v1/devops/issues/links',
    access: 'incidents.write',
    status: 201,
    body: linkIssueBody,
    response: linkIssueResponse,
  }),
  unlink: route({
    method: 'DELETE',
    path: '/api/v1/devops/issues/links/:id',
    access: 'incidents.write',
    params: linkParams,
    response: z.object({ link: issueLinkSchema, deleted: z.literal(true) }),
  }),
};
