import { z } from 'zod';
import { route } from './api.js';
import { approvalDecisionBody, approvalSchema } from './approvals.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Remediation tickets (spec §2 /remediation_tickets, /remediation_tickets/{ticket_id}; §4 "Remediation tickets:
 * submit, approve, reject, cancel"; §7 devops remediationtickets). A ticket proposes one remediation action from a
 * catalogue (restart a component, scale out TiKV, move the PD leader, rebalance regions, fail over a TiDB instance)
 * for one cluster, optionally for an incident. It is drafted, submitted for approval (approving), approved or
 * rejected through the approvals engine, and once approved it runs as an operation with live progress (running)
 * whose outcome it follows (succeeded or failed). A draft, approving or approved ticket may be cancelled.
 */

// ---- state machine ------------------------------------------------------------------------------------------------
export const REMEDIATION_STATUSES = [
  'draft',
  'approving',
  'approved',
  'running',
  'succeeded',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type RemediationStatus = (typeof REMEDIATION_STATUSES)[number];

/** What people do to a ticket (not to be confused with the remediation `action` it proposes). */
export const REMEDIATION_TICKET_ACTIONS = ['update', 'submit', 'approve', 'reject', 'cancel', 'run'] as const;
export type RemediationTicketAction = (typeof REMEDIATION_TICKET_ACTIONS)[number];

/**
 * Which actions each status allows: the server enforces it (409 `remediation.statusForbids`), the web enables from it.
 * `run` starts the operation of an approved ticket: it starts by itself on approval, and is offered again when a
 * cluster-work guard refused it then (e.g. an open maintenance window: refused, not queued).
 */
export const REMEDIATION_STATUS_ACTIONS: Record<RemediationStatus, readonly RemediationTicketAction[]> = {
  draft: ['update', 'submit', 'cancel'],
  approving: ['approve', 'reject', 'cancel'],
  approved: ['run', 'cancel'],
  running: [],
  succeeded: [],
  failed: [],
  rejected: [],
  cancelled: [],
};
/** Where each status may go: submit, the approval's outcome, the operation's start and outcome, cancel. */
export const REMEDIATION_TRANSITIONS: Record<RemediationStatus, readonly RemediationStatus[]> = {
  draft: ['approving', 'cancelled'],
  approving: ['approved', 'rejected', 'cancelled'],
  approved: ['running', 'cancelled'],
  running: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
  rejected: [],
  cancelled: [],
};
export const canRemediation = (status: string, action: RemediationTicketAction): boolean =>
  REMEDIATION_STATUS_ACTIONS[status as RemediationStatus]?.includes(action) ?? false;
/** Statuses of a ticket still in play. */
export const OPEN_REMEDIATION_STATUSES = [
  'draft',
  'approving',
  'approved',
  'running',
] as const satisfies readonly RemediationStatus[];

export const REMEDIATION_STATUS_LABELS: Record<RemediationStatus, string> = {
  draft: 'Draft',
  approving: 'Approving',
  approved: 'Approved',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
export const REMEDIATION_STATUS_COLORS: Record<RemediationStatus, string> = {
  draft: 'default',
  approving: 'orange',
  approved: 'cyan',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: 'default',
};

// ---- risk ---------------------------------------------------------------------------------------------------------
/** How much the action may hurt the cluster. A high-risk ticket needs a second approval node (the SRE lead's). */
export const REMEDIATION_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RemediationRiskLevel = (typeof REMEDIATION_RISK_LEVELS)[number];
export const REMEDIATION_RISK_COLORS: Record<RemediationRiskLevel, string> = {
  low: 'green',
  medium: 'gold',
  high: 'red',
};

// ---- the action catalogue -----------------------------------------------------------------------------------------
export const REMEDIATION_ACTIONS = [
  'restart_component',
  'scale_out_tikv',
  'transfer_pd_leader',
  'rebalance_regions',
  'failover_tidb',
] as const;
export type RemediationAction = (typeof REMEDIATION_ACTIONS)[number];

/** The components a restart may name (the cluster must run it). */
export const RESTARTABLE_COMPONENTS = ['TIKV', 'TIDB', 'TIFLASH', 'PD', 'TIPROXY'] as const;
export const SCALE_OUT_MAX_NODES = 10;
/** A cluster's TiKV count a scale-out may reach at most. */
export const TIKV_MAX_REPLICAS = 100;
export const SCHEDULE_LIMIT_MAX = 64;

/** Instance names as the cluster's topology numbers them: `pd-0`, `tidb-2`. */
const instanceOf = (component: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^${component}-\\d{1,3}$`), message);

export const REMEDIATION_MESSAGES = {
  clusterRequired: 'cluster is required',
  actionRequired: 'action is required',
  reasonRequired: 'reason is required',
  reasonTooLong: 'reason must be at most 1000 characters',
  incidentInvalid: 'incident must look like INC-1001',
  componentRequired: 'component is required',
  addNodesRange: `add nodes must be a whole number from 1 to ${SCALE_OUT_MAX_NODES}`,
  pdMemberInvalid: 'target member must look like pd-1',
  tidbInstanceInvalid: 'instance must look like tidb-0',
  scheduleLimitRange: `schedule limit must be a whole number from 1 to ${SCHEDULE_LIMIT_MAX}`,
  /** Spec §8 success messages, verbatim. */
  created: 'Create successful!',
  saved: 'Save successful!',
  /** Not in spec §8 (which has none for a submit): in the style of its "Successfully Approve". */
  submitted: 'Successfully Submit',
  approved: 'Successfully Approve',
  rejected: 'Successfully Reject',
  cancelled: 'Successfully Cancel',
} as const;

const addNodes = z
  .number({ error: REMEDIATION_MESSAGES.addNodesRange })
  .int(REMEDIATION_MESSAGES.addNodesRange)
  .min(1, REMEDIATION_MESSAGES.addNodesRange)
  .max(SCALE_OUT_MAX_NODES, REMEDIATION_MESSAGES.addNodesRange);
const scheduleLimit = z
  .number({ error: REMEDIATION_MESSAGES.scheduleLimitRange })
  .int(REMEDIATION_MESSAGES.scheduleLimitRange)
  .min(1, REMEDIATION_MESSAGES.scheduleLimitRange)
  .max(SCHEDULE_LIMIT_MAX, REMEDIATION_MESSAGES.scheduleLimitRange);

/** Each action's parameters (the server also checks them against the cluster: `remediation.invalidParameter`). */
export const REMEDIATION_PARAMS = {
  /** A rolling restart of one component's instances (TiKV evicts each store's leaders first). */
  restart_component: z.object({
    component: z.enum(RESTARTABLE_COMPONENTS, { error: REMEDIATION_MESSAGES.componentRequired }),
  }),
  /** Adds TiKV stores of the cluster's node spec; PD then balances regions onto them. */
  scale_out_tikv: z.object({ add_nodes: addNodes }),
  /** Moves the PD leader to another member (the cluster must have one: at least 2 PD members). */
  transfer_pd_leader: z.object({ target_member: instanceOf('pd', REMEDIATION_MESSAGES.pdMemberInvalid) }),
  /** Raises PD's region and leader schedule limits until the stores' region scores even out, then restores them. */
  rebalance_regions: z.object({ region_schedule_limit: scheduleLimit.default(16) }),
  /** Drains one TiDB instance's connections and replaces it (the cluster must have at least 2 TiDB instances). */
  failover_tidb: z.object({ instance: instanceOf('tidb', REMEDIATION_MESSAGES.tidbInstanceInvalid) }),
} as const satisfies Record<RemediationAction, z.ZodType>;
export type RemediationParams<A extends RemediationAction = RemediationAction> = z.input<
  (typeof REMEDIATION_PARAMS)[A]
>;

/** The steps of an action's operation, in order (all run as one operation type, `remediation.run`). */
export interface RemediationStepInfo {
  name: string;
  title: string;
}
export interface RemediationActionInfo {
  label: string;
  description: string;
  /** The risk the form proposes (the applicant may choose another). */
  default_risk: RemediationRiskLevel;
  steps: readonly RemediationStepInfo[];
}
const PRECHECK = { name: 'precheck', title: 'Pre-check the cluster' } as const;
const VERIFY = { name: 'verify', title: 'Verify the cluster is healthy' } as const;
export const REMEDIATION_ACTION_INFO: Record<RemediationAction, RemediationActionInfo> = {
  restart_component: {
    label: 'Restart a component',
    description: 'A rolling restart of every instance of one component, one instance at a time.',
    default_risk: 'medium',
    steps: [
      PRECHECK,
      { name: 'evict-leaders', title: 'Evict leaders' },
      { name: 'rolling-restart', title: 'Rolling restart' },
      VERIFY,
    ],
  },
  scale_out_tikv: {
    label: 'Scale out TiKV',
    description: 'Add TiKV nodes of the cluster’s node spec; PD balances regions onto them.',
    default_risk: 'low',
    steps: [
      PRECHECK,
      { name: 'provision-stores', title: 'Provision the TiKV stores' },
      { name: 'balance-regions', title: 'Balance regions onto the new stores' },
      VERIFY,
    ],
  },
  transfer_pd_leader: {
    label: 'Transfer the PD leader',
    description: 'Move PD leadership to another PD member.',
    default_risk: 'low',
    steps: [PRECHECK, { name: 'transfer-leader', title: 'Transfer the PD leader' }, VERIFY],
  },
  rebalance_regions: {
    label: 'Rebalance regions',
    description: 'Raise PD’s schedule limits until the stores’ region scores even out, then restore them.',
    default_risk: 'medium',
    steps: [
      PRECHECK,
      { name: 'raise-limits', title: 'Raise the schedule limits' },
      { name: 'wait-balance', title: 'Wait for the region scores to even out' },
      { name: 'restore-limits', title: 'Restore the schedule limits' },
      VERIFY,
    ],
  },
  failover_tidb: {
    label: 'Fail over a TiDB instance',
    description: 'Drain one TiDB instance’s connections and replace it with a fresh one.',
    default_risk: 'high',
    steps: [
      PRECHECK,
      { name: 'drain-connections', title: 'Drain the instance’s connections' },
      { name: 'replace-instance', title: 'Replace the instance' },
      VERIFY,
    ],
  },
};

/**
 * A high-risk ticket's operation waits before its last step for a person to confirm the cluster is healthy (start
 * and finish the step on /operations/{id}), as an SRE watches the dashboards after a risky change.
 */
export const REMEDIATION_CONFIRM_STEP: RemediationStepInfo = {
  name: 'confirm',
  title: 'Confirm the cluster is healthy (manual)',
};
/** The steps an operation of this action and risk runs, in order. */
export function remediationSteps(action: RemediationAction, risk: RemediationRiskLevel): RemediationStepInfo[] {
  const steps = [...REMEDIATION_ACTION_INFO[action].steps];
  if (risk === 'high') steps.splice(steps.length - 1, 0, REMEDIATION_CONFIRM_STEP);
  return steps;
}

/** "Restart TIKV", "Scale out TiKV by 3 nodes": what a ticket does, in a list row or an approval's name. */
export function describeRemediation(action: RemediationAction, params: Record<string, unknown>): string {
  switch (action) {
    case 'restart_component':
      return `Restart ${String(params.component ?? '')}`;
    case 'scale_out_tikv':
      return `Scale out TiKV by ${Number(params.add_nodes)} node${Number(params.add_nodes) === 1 ? '' : 's'}`;
    case 'transfer_pd_leader':
      return `Transfer the PD leader to ${String(params.target_member ?? '')}`;
    case 'rebalance_regions':
      return `Rebalance regions (region schedule limit ${Number(params.region_schedule_limit ?? 16)})`;
    case 'failover_tidb':
      return `Fail over ${String(params.instance ?? '')}`;
  }
}

// ---- entities -----------------------------------------------------------------------------------------------------
/** A ticket id: `RT-1001`. */
export const REMEDIATION_ID_PATTERN = /^RT-\d{1,12}$/;
/** An incident id: `INC-1001`. */
export const INCIDENT_REF_PATTERN = /^INC-\d{1,12}$/;
export const REMEDIATION_REASON_MAX = 1000;

export const remediationTicketSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  /** The cluster's name and tenant when the ticket was created (kept: the cluster may be renamed or deleted). */
  cluster_name: z.string(),
  tenant_id: z.string(),
  incident_id: z.string().nullable(),
  action: z.enum(REMEDIATION_ACTIONS),
  params: z.record(z.string(), z.unknown()),
  /** describeRemediation(action, params). */
  summary: z.string(),
  reason: z.string(),
  risk_level: z.enum(REMEDIATION_RISK_LEVELS),
  status: z.enum(REMEDIATION_STATUSES),
  /** Why it is where it is: who rejected or cancelled it and why, a guard's refusal, the operation's error. */
  status_reason: z.string().nullable(),
  applicant: z.string(),
  approval_id: z.string().nullable(),
  operation_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  /** When the approval settled (approved or rejected), and by whom. */
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  started_at: z.string().nullable(),
  /** When it ended (succeeded, failed, rejected or cancelled). */
  finished_at: z.string().nullable(),
});
export type RemediationTicket = z.infer<typeof remediationTicketSchema>;
export const remediationTicketResponse = z.object({ ticket: remediationTicketSchema });

// ---- requests -----------------------------------------------------------------------------------------------------
const ticketFields = {
  cluster_id: z
    .string({ error: REMEDIATION_MESSAGES.clusterRequired })
    .trim()
    .min(1, REMEDIATION_MESSAGES.clusterRequired)
    .max(64),
  incident_id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(INCIDENT_REF_PATTERN, REMEDIATION_MESSAGES.incidentInvalid)
    .nullish()
    .transform((v) => v ?? null),
  reason: z
    .string({ error: REMEDIATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, REMEDIATION_MESSAGES.reasonRequired)
    .max(REMEDIATION_REASON_MAX, REMEDIATION_MESSAGES.reasonTooLong),
  risk_level: z.enum(REMEDIATION_RISK_LEVELS).optional(),
};
const actionVariant = <A extends RemediationAction>(action: A) =>
  z.object({ ...ticketFields, action: z.literal(action), params: REMEDIATION_PARAMS[action] });

/** A ticket's content: the cluster, the incident, the action and its parameters, the reason and the risk. */
export const remediationTicketBody = z.discriminatedUnion(
  'action',
  [
    actionVariant('restart_component'),
    actionVariant('scale_out_tikv'),
    actionVariant('transfer_pd_leader'),
    actionVariant('rebalance_regions'),
    actionVariant('failover_tidb'),
  ],
  { error: REMEDIATION_MESSAGES.actionRequired },
);
export type RemediationTicketBody = z.input<typeof remediationTicketBody>;
/** Create: a draft, or submitted at once with `submit: true`. */
export const createRemediationBody = z.intersection(
  remediationTicketBody,
  z.object({ submit: z.boolean().default(false) }),
);
export type CreateRemediationBody = z.input<typeof createRemediationBody>;

export const cancelRemediationBody = z
  .object({
    reason: z.string().trim().max(REMEDIATION_REASON_MAX, REMEDIATION_MESSAGES.reasonTooLong).optional(),
  })
  .default({});
export type CancelRemediationBody = z.input<typeof cancelRemediationBody>;

export const remediationListQuery = listQuery(
  {
    status: repeated(z.enum(REMEDIATION_STATUSES)),
    action: repeated(z.enum(REMEDIATION_ACTIONS)),
    risk_level: repeated(z.enum(REMEDIATION_RISK_LEVELS)),
    cluster_id: z.string().trim().max(64).optional(),
    tenant_id: z.string().trim().max(64).optional(),
    incident_id: z.string().trim().toUpperCase().max(32).optional(),
    /** The applicant's email, exactly (case-insensitive). */
    applicant: z.string().trim().max(254).optional(),
  },
  ['created_at', 'updated_at'],
  '-created_at',
);
export type RemediationListQuery = z.input<typeof remediationListQuery>;
export const remediationList = listResult(remediationTicketSchema);

/** A ticket id: `RT-1001`; anything else is a 404 (`remediation.notFound`), not a 400. */
const ticketParams = z.object({ id: z.string().trim().min(1).max(32) });
const P = '/api/v1/devops/remediationtickets';

/** Remediation tickets (spec §7 devops remediationtickets). */
export const remediationApi = {
  list: route({
    method: 'GET',
    path: P,
    access: 'remediation.read',
    query: remediationListQuery,
    response: remediationList,
  }),
  create: route({
    method: 'POST',
    path: P,
    access: 'remediation.write',
    status: 201,
    body: createRemediationBody,
    response: remediationTicketResponse,
  }),
  detail: route({
    method: 'GET',
    path: `${P}/:id`,
    access: 'remediation.read',
    params: ticketParams,
    response: remediationTicketResponse,
  }),
  /** Edits a draft (the whole content, as create takes it). */
  update: route({
    method: 'PUT',
    path: `${P}/:id`,
    access: 'remediation.write',
    params: ticketParams,
    body: remediationTicketBody,
    response: remediationTicketResponse,
  }),
  submit: route({
    method: 'POST',
    path: `${P}/:id/submit`,
    access: 'remediation.write',
    params: ticketParams,
    response: remediationTicketResponse,
  }),
  /**
   * Decides the ticket's approval (the approvals engine's rules: only an approver of the first pending node, never
   * the applicant). The ticket moves when the approval settles (a job, woken at once): reload it.
   */
  approve: route({
    method: 'POST',
    path: `${P}/:id/approve`,
    access: 'remediation.write',
    params: ticketParams,
    body: approvalDecisionBody,
    response: z.object({ ticket: remediationTicketSchema, approval: approvalSchema }),
  }),
  reject: route({
    method: 'POST',
    path: `${P}/:id/reject`,
    access: 'remediation.write',
    params: ticketParams,
    body: approvalDecisionBody,
    response: z.object({ ticket: remediationTicketSchema, approval: approvalSchema }),
  }),
  cancel: route({
    method: 'POST',
    path: `${P}/:id/cancel`,
    access: 'remediation.write',
    params: ticketParams,
    body: cancelRemediationBody,
    response: remediationTicketResponse,
  }),
  /** Starts the operation of an approved ticket whose start was refused (e.g. by an open maintenance window). */
  run: route({
    method: 'POST',
    path: `${P}/:id/run`,
    access: 'remediation.write',
    params: ticketParams,
    response: remediationTicketResponse,
  }),
};
