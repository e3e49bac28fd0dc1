import { z } from 'zod';
import { CONFIG_ENVIRONMENTS, type ConfigEnvironment } from './configcenter.js';
import { APPROVAL_STATUSES } from './approvals.js';
import { listQuery, repeated } from './list.js';

/*
 * Releases (issue 12; spec §2 /release…, §3 Release, §4 "Release changes: submit, cancel, close, deploy, verify,
 * check for ready", §7 "release changes, releases and tickets", "labels, pulls and releases from a code-hosting
 * service"). A release (per environment: dev, staging, prod) groups release changes; each change moves through the
 * actions below, carries its tickets and names its pull requests on the code host. Deploy runs as an operation; a
 * prod release is deployed only after its approval. The names carry `devops`/`release_change` prefixes where the
 * config center (configcenter.ts) already exports the plain `release…` ones.
 */

// ---- release: phases and actions ---------------------------------------------------------------------------------
/**
 * A release's phase follows from its changes and its approval (the server recomputes it after every change):
 * - `released`: it has changes, every one is verified or closed, and at least one passed verification (released_at
 *   is then set, once; nothing can be added afterwards);
 * - `in_progress`: else, once any change has started a deploy;
 * - `approving` / `approved`: else, while its approval (prod only) is pending / after it was approved;
 * - `planning`: otherwise (a new release, or a prod release whose approval was rejected or withdrawn).
 */
export const DEVOPS_RELEASE_PHASES = ['planning', 'approving', 'approved', 'in_progress', 'released'] as const;
export type DevopsReleasePhase = (typeof DEVOPS_RELEASE_PHASES)[number];
export const DEVOPS_RELEASE_PHASE_COLORS: Record<DevopsReleasePhase, string> = {
  planning: 'default',
  approving: 'orange',
  approved: 'cyan',
  in_progress: 'processing',
  released: 'success',
};

/** Environments whose deploys need the release's approval first (approvals engine, separation of duties). */
export const APPROVAL_ENVIRONMENTS = ['prod'] as const satisfies readonly ConfigEnvironment[];
export const needsApproval = (environment: string): boolean =>
  (APPROVAL_ENVIRONMENTS as readonly string[]).includes(environment);

export const DEVOPS_RELEASE_ACTIONS_LIST = ['update', 'add_change', 'request_approval', 'cancel_approval'] as const;
export type DevopsReleaseAction = (typeof DEVOPS_RELEASE_ACTIONS_LIST)[number];
const NON_PROD: Record<DevopsReleasePhase, readonly DevopsReleaseAction[]> = {
  planning: ['update', 'add_change'],
  approving: [],
  approved: [],
  in_progress: ['update', 'add_change'],
  released: ['update'],
};
/**
 * What a release allows, per environment and phase: the server enforces it (409 `release.phaseForbids`), the web
 * enables its buttons from it. `add_change` also gates editing a change (the update page). A prod release's scope
 * freezes when its approval is requested: changes are added or edited only while planning (withdraw the request to
 * add one); dev and staging take changes until released.
 */
export const DEVOPS_RELEASE_ACTIONS: Record<
  ConfigEnvironment,
  Record<DevopsReleasePhase, readonly DevopsReleaseAction[]>
> = {
  dev: NON_PROD,
  staging: NON_PROD,
  prod: {
    planning: ['update', 'add_change', 'request_approval'],
    approving: ['update', 'cancel_approval'],
    approved: ['update'],
    in_progress: ['update'],
    released: ['update'],
  },
};
export const canDoReleaseAction = (environment: string, phase: string, action: DevopsReleaseAction): boolean =>
  DEVOPS_RELEASE_ACTIONS[environment as ConfigEnvironment]?.[phase as DevopsReleasePhase]?.includes(action) ?? false;

// ---- release change: statuses and actions (spec §4) --------------------------------------------------------------
export const RELEASE_CHANGE_STATUSES = [
  'draft',
  'submitted',
  'ready',
  'deploying',
  'deployed',
  'deploy_failed',
  'verified',
  'verify_failed',
  'cancelled',
  'closed',
] as const;
export type ReleaseChangeStatus = (typeof RELEASE_CHANGE_STATUSES)[number];
export const RELEASE_CHANGE_ACTIONS_LIST = [
  'update',
  'submit',
  'check_ready',
  'deploy',
  'verify',
  'cancel',
  'close',
  'add_ticket',
] as const;
export type ReleaseChangeAction = (typeof RELEASE_CHANGE_ACTIONS_LIST)[number];

/**
 * The state machine as data: which actions each status allows. The server refuses any other with 409
 * `release.actionNotAllowed`; the web enables buttons from the same table.
 * - draft --submit--> submitted --check_ready--> ready (every ticket resolved or closed, every pull request merged;
 *   otherwise the result and its reasons are recorded and it stays, or goes back to, submitted)
 * - ready --deploy--> deploying (an operation) --> deployed | deploy_failed; deploy_failed --deploy--> (a retry)
 * - deployed --verify--> verified | verify_failed
 * - cancel from draft, submitted, ready; close from verified, verify_failed, deploy_failed, cancelled
 */
export const RELEASE_CHANGE_ACTIONS: Record<ReleaseChangeStatus, readonly ReleaseChangeAction[]> = {
  draft: ['update', 'submit', 'cancel', 'add_ticket'],
  submitted: ['update', 'check_ready', 'cancel', 'add_ticket'],
  ready: ['check_ready', 'deploy', 'cancel', 'add_ticket'],
  deploying: ['add_ticket'],
  deployed: ['verify', 'add_ticket'],
  deploy_failed: ['deploy', 'close', 'add_ticket'],
  verified: ['close', 'add_ticket'],
  verify_failed: ['close', 'add_ticket'],
  cancelled: ['close'],
  closed: [],
};
export const canDoChangeAction = (status: string, action: ReleaseChangeAction): boolean =>
  RELEASE_CHANGE_ACTIONS[status as ReleaseChangeStatus]?.includes(action) ?? false;
/** Where each action leads (`deploy` → deploying, then deployed or deploy_failed when its operation ends). */
export const RELEASE_CHANGE_OUTCOMES: Record<
  Exclude<ReleaseChangeAction, 'update' | 'add_ticket'>,
  readonly ReleaseChangeStatus[]
> = {
  submit: ['submitted'],
  check_ready: ['ready', 'submitted'],
  deploy: ['deploying'],
  verify: ['verified', 'verify_failed'],
  cancel: ['cancelled'],
  close: ['closed'],
};
export const RELEASE_CHANGE_STATUS_COLORS: Record<ReleaseChangeStatus, string> = {
  draft: 'default',
  submitted: 'geekblue',
  ready: 'cyan',
  deploying: 'processing',
  deployed: 'blue',
  deploy_failed: 'error',
  verified: 'success',
  verify_failed: 'error',
  cancelled: 'default',
  closed: 'default',
};

// ---- tickets -----------------------------------------------------------------------------------------------------
export const RELEASE_TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type ReleaseTicketStatus = (typeof RELEASE_TICKET_STATUSES)[number];
/** A ticket that does not hold a change back from ready. */
export const DONE_TICKET_STATUSES = ['resolved', 'closed'] as const satisfies readonly ReleaseTicketStatus[];
/** The statuses a ticket may move to from each (anything else: 409 `release.ticketTransition`). */
export const RELEASE_TICKET_TRANSITIONS: Record<ReleaseTicketStatus, readonly ReleaseTicketStatus[]> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['open', 'closed'],
  closed: ['open'],
};
export const canMoveTicket = (from: string, to: string): boolean =>
  RELEASE_TICKET_TRANSITIONS[from as ReleaseTicketStatus]?.includes(to as ReleaseTicketStatus) ?? false;
export const RELEASE_TICKET_STATUS_COLORS: Record<ReleaseTicketStatus, string> = {
  open: 'orange',
  in_progress: 'processing',
  resolved: 'success',
  closed: 'default',
};
export const TICKET_NAME_PATTERN = /^[A-Z][A-Z0-9]{1,9}-\d{1,7}$/;

// ---- messages -----------------------------------------------------------------------------------------------------
/** What the pages show and the server answers; the spec's own wording (§8) where it has one. */
export const RELEASE_MESSAGES = {
  releaseCreated: (environment: string) => `Successfully Create a ${environment} Release`,
  created: 'Create successful!',
  saved: 'Save successful!',
  submitted: 'Successfully Submit',
  cancelled: 'Successfully Cancel',
  closed: 'Successfully Close',
  deployStarted: 'Successfully Deploy',
  verified: 'Successfully Verify',
  ready: 'The change is ready to deploy',
  notReady: 'The change is not ready',
  approvalRequested: 'Successfully Request the Approval',
  approvalCancelled: 'Successfully Cancel the Approval',
  ticketUpdated: 'Successfully Update the Ticket',
  environmentRequired: 'environment is required',
  descriptionRequired: 'description is required',
  titleRequired: 'title is required',
  componentRequired: 'component is required',
  canaryNotTarget: 'canary clusters must be among the target clusters',
  resultRequired: 'the result is required',
  notesRequired: 'notes are required when the verification failed',
  ticketNameFormat: 'a ticket name looks like OPS-1234',
  ticketTitleRequired: 'ticket title is required',
  ticketStatusRequired: 'the status is required',
  changeRequired: 'the change is required',
  linkFormat: 'the link must be an http(s) URL',
} as const;

/** Why a change is not ready (check for ready, deploy): one line each, recorded with the result. */
export const READY_REASONS = {
  ticket: (name: string, status: string) => `ticket ${name} is ${status}`,
  pullNotMerged: (n: number, state: string) => `pull request #${n} is ${state}, not merged`,
  pullMissing: (n: number, repository: string) => `pull request #${n} does not exist in ${repository}`,
  otherRepository: (repository: string, served: string) =>
    `repository ${repository} is not the code host's repository (${served}); its pull requests cannot be checked`,
} as const;

// ---- shared shapes -------------------------------------------------------------------------------------------------
/** An id in a path: non-empty, at most 64 characters (digits in practice; anything else is a 404). */
export const releaseIdParam = z.string().trim().min(1).max(64);
const clusterId = z.string().trim().min(1).max(64);
const environment = z.enum(CONFIG_ENVIRONMENTS, { error: RELEASE_MESSAGES.environmentRequired });
const uniq = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;

export const releaseChangeCountsSchema = z.object({
  total: z.number().int(),
  /** Only the statuses that occur. */
  by_status: z.partialRecord(z.enum(RELEASE_CHANGE_STATUSES), z.number().int()),
});

export const devopsReleaseSchema = z.object({
  id: z.string(),
  description: z.string(),
  environment: z.enum(CONFIG_ENVIRONMENTS),
  phase: z.enum(DEVOPS_RELEASE_PHASES),
  /** `YYYY.WW.N`: the ISO week it was created in and its sequence in that week, unique per environment. */
  release_number: z.string(),
  released_at: z.string().nullable(),
  /** prod: the latest approval requested for it (see `approval_status`); null before any. */
  approval_id: z.string().nullable(),
  approval_status: z.enum(APPROVAL_STATUSES).nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  changes: releaseChangeCountsSchema,
});
export type DevopsRelease = z.infer<typeof devopsReleaseSchema>;
export const devopsReleaseResponse = z.object({ release: devopsReleaseSchema });

export const devopsReleaseListQuery = listQuery(
  {
    environment: repeated(z.enum(CONFIG_ENVIRONMENTS)),
    phase: repeated(z.enum(DEVOPS_RELEASE_PHASES)),
    /** Part of the release number or the description (any case). */
    search: z.string().trim().max(200).optional(),
  },
  ['created_at', 'released_at'],
  '-created_at',
);
export type DevopsReleaseListQuery = z.input<typeof devopsReleaseListQuery>;

export const createDevopsReleaseBody = z.object({
  environment,
  description: z
    .string({ error: RELEASE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, RELEASE_MESSAGES.descriptionRequired)
    .max(1000),
});
export type CreateDevopsReleaseBody = z.input<typeof createDevopsReleaseBody>;
export const updateDevopsReleaseBody = createDevopsReleaseBody.pick({ description: true });
export const releaseNoteBody = z.object({ note: z.string().trim().max(1000).optional() }).default({});

// ---- release change ------------------------------------------------------------------------------------------------
export const readyCheckSchema = z.object({
  ready: z.boolean(),
  /** Why not, one line each (READY_REASONS); empty when ready. */
  reasons: z.array(z.string()),
  checked_at: z.string(),
  checked_by: z.string(),
});
export type ReadyCheck = z.infer<typeof readyCheckSchema>;
export const VERIFY_RESULTS = ['passed', 'failed'] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];
export const verificationSchema = z.object({
  result: z.enum(VERIFY_RESULTS),
  notes: z.string(),
  verified_at: z.string(),
  verified_by: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const ticketRefSchema = z.object({
  name: z.string(),
  title: z.string(),
  status: z.enum(RELEASE_TICKET_STATUSES),
  link: z.string().nullable(),
});

export const releaseChangeSchema = z.object({
  id: z.string(),
  release_id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The component or service it changes, e.g. `tidb-operator`, `billing-service`. */
  component: z.string(),
  /** `owner/name` on the code host. */
  repository: z.string(),
  pull_requests: z.array(z.number().int()),
  labels: z.array(z.string()),
  /** Tenant clusters the deploy rolls out to (none: a platform service only). */
  target_cluster_ids: z.array(z.string()),
  /** The canary set, a subset of the targets: rolled out first. */
  canary_cluster_ids: z.array(z.string()),
  status: z.enum(RELEASE_CHANGE_STATUSES),
  /** The latest deploy's operation (spec §8: a link to /operations/{id}). */
  deploy_operation_id: z.string().nullable(),
  deployed_at: z.string().nullable(),
  ready_check: readyCheckSchema.nullable(),
  verification: verificationSchema.nullable(),
  tickets: z.array(ticketRefSchema),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleaseChange = z.infer<typeof releaseChangeSchema>;
export const releaseChangeResponse = z.object({ change: releaseChangeSchema });

export const releaseChangeListQuery = listQuery(
  { status: repeated(z.enum(RELEASE_CHANGE_STATUSES)) },
  ['created_at', 'title'],
  'created_at',
);
export type ReleaseChangeListQuery = z.input<typeof releaseChangeListQuery>;

const changeFields = {
  title: z.string({ error: RELEASE_MESSAGES.titleRequired }).trim().min(1, RELEASE_MESSAGES.titleRequired).max(200),
  description: z.string().trim().max(5000),
  component: z
    .string({ error: RELEASE_MESSAGES.componentRequired })
    .trim()
    .min(1, RELEASE_MESSAGES.componentRequired)
    .max(100),
  /** Empty or absent: the code host's repository. */
  repository: z
    .string()
    .trim()
    .max(200)
    .regex(/^([\w.-]+\/[\w.-]+)?$/, 'a repository looks like owner/name'),
  pull_requests: z
    .array(z.number().int().min(1).max(1_000_000_000))
    .max(20)
    .refine(uniq, 'a pull request is listed twice'),
  labels: z.array(z.string().trim().min(1).max(50)).max(20).refine(uniq, 'a label is listed twice'),
  target_cluster_ids: z.array(clusterId).max(50).refine(uniq, 'a cluster is listed twice'),
  canary_cluster_ids: z.array(clusterId).max(50).refine(uniq, 'a cluster is listed twice'),
};
const canaryWithinTargets = (b: { target_cluster_ids?: string[]; canary_cluster_ids?: string[] }) =>
  !b.canary_cluster_ids ||
  !b.target_cluster_ids ||
  b.canary_cluster_ids.every((c) => b.target_cluster_ids!.includes(c));

export const createReleaseChangeBody = z
  .object({
    title: changeFields.title,
    description: changeFields.description.default(''),
    component: changeFields.component,
    repository: changeFields.repository.default(''),
    pull_requests: changeFields.pull_requests.default([]),
    labels: changeFields.labels.default([]),
    target_cluster_ids: changeFields.target_cluster_ids.default([]),
    canary_cluster_ids: changeFields.canary_cluster_ids.default([]),
  })
  .refine(canaryWithinTargets, { message: RELEASE_MESSAGES.canaryNotTarget, path: ['canary_cluster_ids'] });
export type CreateReleaseChangeBody = z.input<typeof createReleaseChangeBody>;
/** The update page (`/release/{release_id}/{change_id}/update`): the fields sent replace the change's. */
export const updateReleaseChangeBody = z
  .object({
    title: changeFields.title.optional(),
    description: changeFields.description.optional(),
    component: changeFields.component.optional(),
    repository: changeFields.repository.optional(),
    pull_requests: changeFields.pull_requests.optional(),
    labels: changeFields.labels.optional(),
    target_cluster_ids: changeFields.target_cluster_ids.optional(),
    canary_cluster_ids: changeFields.canary_cluster_ids.optional(),
  })
  .refine(canaryWithinTargets, { message: RELEASE_MESSAGES.canaryNotTarget, path: ['canary_cluster_ids'] });
export type UpdateReleaseChangeBody = z.input<typeof updateReleaseChangeBody>;

export const verifyChangeBody = z
  .object({
    result: z.enum(VERIFY_RESULTS, { error: RELEASE_MESSAGES.resultRequired }),
    notes: z.string().trim().max(2000).default(''),
  })
  .refine((b) => b.result !== 'failed' || b.notes.length > 0, {
    message: RELEASE_MESSAGES.notesRequired,
    path: ['notes'],
  });
export type VerifyChangeBody = z.input<typeof verifyChangeBody>;
export const deployStarted = z.object({ change: releaseChangeSchema, instance_id: z.string() });

// ---- tickets -------------------------------------------------------------------------------------------------------
export const releaseTicketSchema = z.object({
  name: z.string(),
  release_id: z.string(),
  change_id: z.string(),
  change_title: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  status: z.enum(RELEASE_TICKET_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleaseTicket = z.infer<typeof releaseTicketSchema>;
export const ticketHistorySchema = z.object({
  at: z.string(),
  by: z.string(),
  /** Null on the row that created the ticket. */
  from_status: z.enum(RELEASE_TICKET_STATUSES).nullable(),
  to_status: z.enum(RELEASE_TICKET_STATUSES),
  note: z.string(),
});
export type TicketHistory = z.infer<typeof ticketHistorySchema>;
export const releaseTicketDetailSchema = releaseTicketSchema.extend({ history: z.array(ticketHistorySchema) });
export type ReleaseTicketDetail = z.infer<typeof releaseTicketDetailSchema>;
export const releaseTicketResponse = z.object({ ticket: releaseTicketDetailSchema });

export const releaseTicketListQuery = listQuery(
  {
    status: repeated(z.enum(RELEASE_TICKET_STATUSES)),
    change_id: releaseIdParam.optional(),
  },
  ['name', 'updated_at'],
  'name',
);
export type ReleaseTicketListQuery = z.input<typeof releaseTicketListQuery>;

const ticketName = z
  .string({ error: RELEASE_MESSAGES.ticketNameFormat })
  .trim()
  .regex(TICKET_NAME_PATTERN, RELEASE_MESSAGES.ticketNameFormat);
export const createReleaseTicketBody = z.object({
  name: ticketName,
  change_id: z
    .string({ error: RELEASE_MESSAGES.changeRequired })
    .trim()
    .min(1, RELEASE_MESSAGES.changeRequired)
    .max(64),
  title: z
    .string({ error: RELEASE_MESSAGES.ticketTitleRequired })
    .trim()
    .min(1, RELEASE_MESSAGES.ticketTitleRequired)
    .max(300),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, RELEASE_MESSAGES.linkFormat)
    .default(''),
  status: z.enum(RELEASE_TICKET_STATUSES).default('open'),
});
export type CreateReleaseTicketBody = z.input<typeof createReleaseTicketBody>;
export const updateTicketStatusBody = z.object({
  status: z.enum(RELEASE_TICKET_STATUSES, { error: RELEASE_MESSAGES.ticketStatusRequired }),
  note: z.string().trim().max(1000).default(''),
});
export type UpdateTicketStatusBody = z.input<typeof updateTicketStatusBody>;

// ---- code host (spec §7 "labels, pulls and releases from a code-hosting service") ----------------------------------
export const PULL_STATES = ['open', 'closed', 'merged'] as const;
export type PullState = (typeof PULL_STATES)[number];
export const PULL_STATE_COLORS: Record<PullState, string> = { open: 'success', closed: 'error', merged: 'purple' };

export const codehostLabelSchema = z.object({
  name: z.string(),
  /** Six hex digits, no `#`. */
  color: z.string(),
  description: z.string(),
});
export type CodehostLabel = z.infer<typeof codehostLabelSchema>;

export const pullSummarySchema = z.object({
  number: z.number().int(),
  title: z.string(),
  state: z.enum(PULL_STATES),
  author: z.string(),
  labels: z.array(z.string()),
  head_ref: z.string(),
  base_ref: z.string(),
  /** The pull request's page on the code host (null for the embedded one). */
  url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  merged_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type PullSummary = z.infer<typeof pullSummarySchema>;
export const PULL_FILE_STATUSES = ['added', 'modified', 'removed', 'renamed'] as const;
export const pullFileSchema = z.object({
  filename: z.string(),
  status: z.enum(PULL_FILE_STATUSES),
  additions: z.number().int(),
  deletions: z.number().int(),
});
export type PullFile = z.infer<typeof pullFileSchema>;
/** The most of a pull request's unified diff an answer carries; beyond it `diff_truncated` is true. */
export const MAX_DIFF_BYTES = 1_000_000;
export const pullDetailSchema = pullSummarySchema.extend({
  body: z.string(),
  head_sha: z.string(),
  /** The merge base the diff is taken from. */
  base_sha: z.string(),
  files: z.array(pullFileSchema),
  /** Unified diff (git format), base → head. */
  diff: z.string(),
  diff_truncated: z.boolean(),
});
export type PullDetail = z.infer<typeof pullDetailSchema>;
export const codehostReleaseSchema = z.object({
  tag_name: z.string(),
  name: z.string(),
  body: z.string(),
  /** The commit the tag points at. */
  sha: z.string().nullable(),
  draft: z.boolean(),
  prerelease: z.boolean(),
  published_at: z.string().nullable(),
  url: z.string().nullable(),
});
export type CodehostRelease = z.infer<typeof codehostReleaseSchema>;

export const codehostPullsQuery = listQuery(
  {
    state: z.enum([...PULL_STATES, 'all']).default('all'),
    label: z.string().trim().min(1).max(50).optional(),
  },
  ['number'],
  '-number',
);
export type CodehostPullsQuery = z.input<typeof codehostPullsQuery>;
export const codehostInfoSchema = z.object({
  /** `embedded` (a git repository under the data directory) or `github` (CODEHOST_API_URL). */
  kind: z.enum(['embedded', 'github']),
  repository: z.string(),
});
export const changePullsResponse = z.object({
  items: z.array(pullSummarySchema),
  /** Numbers the change lists that the code host does not have. */
  missing: z.array(z.number().int()),
});
