import { z } from 'zod';
import { route } from './api.js';
import { confirmField } from './confirmation.js';
import { operationCreated } from './operations.js';

/**
 * Gitops secondary confirmation (spec §2 `/orgs/{org_id}/{cluster_id}/gitops`, §7 `secondaryconfirm: apply, diff,
 * list`). A branch of the gitops repository holds each cluster's desired state; where it differs from the cluster's
 * current state, the item waits for an operator's secondary confirmation before it is applied.
 */

export const DEFAULT_GITOPS_BRANCH = '3layer-prod';

export const GITOPS_ITEM_KINDS = ['image_tag', 'pd_config'] as const;
export type GitopsItemKind = (typeof GITOPS_ITEM_KINDS)[number];

/** One pending item: a path of the desired state whose value the cluster does not have yet. */
export const gitopsItemSchema = z.object({
  /** e.g. `components.TIDB.image_tag`, `pd.schedule.leader-schedule-limit`. */
  path: z.string(),
  kind: z.enum(GITOPS_ITEM_KINDS),
  /** The git commit that set the desired value, its author and message. */
  revision: z.string(),
  author: z.string(),
  message: z.string(),
  updated_at: z.string(),
});
export type GitopsItem = z.infer<typeof gitopsItemSchema>;

export const gitopsDiffItemSchema = z.object({
  path: z.string(),
  kind: z.enum(GITOPS_ITEM_KINDS),
  /** Null when the cluster has no value at this path. */
  current: z.string().nullable(),
  desired: z.string(),
  revision: z.string(),
});
export type GitopsDiffItem = z.infer<typeof gitopsDiffItemSchema>;

const branch = z
  .string()
  .trim()
  .min(1, 'branch is required')
  .max(100)
  .regex(/^[\w./-]+$/, 'branch is not a valid branch name')
  .default(DEFAULT_GITOPS_BRANCH);
const clusterId = z.string({ error: 'cluster id is required' }).trim().min(1, 'cluster id is required').max(64);

export const gitopsQueryBody = z.object({ cluster_id: clusterId, branch });
export type GitopsQueryBody = z.input<typeof gitopsQueryBody>;

/** Set while an apply of this cluster is running: its operation. */
const applying = z.object({ instance_id: z.string() }).nullable();

export const gitopsListResponse = z.object({
  cluster_id: z.string(),
  branch: z.string(),
  items: z.array(gitopsItemSchema),
  total: z.number().int(),
  applying,
});
export const gitopsDiffResponse = z.object({
  cluster_id: z.string(),
  branch: z.string(),
  items: z.array(gitopsDiffItemSchema),
  total: z.number().int(),
  applying,
});
export type GitopsListResponse = z.infer<typeof gitopsListResponse>;
export type GitopsDiffResponse = z.infer<typeof gitopsDiffResponse>;

export const gitopsApplyBody = gitopsQueryBody.extend({
  /** The secondary confirmation (confirmation.ts): without it the answer is 409 `confirmation.required`. */
  confirm: confirmField,
  /** Apply only these pending paths (default: all pending items). */
  paths: z.array(z.string().min(1).max(200)).max(200).optional(),
});
export type GitopsApplyBody = z.input<typeof gitopsApplyBody>;

/** Gitops secondary confirmation. List and Diff are POSTs that only read (the calls the spec names); Apply changes. */
export const gitopsApi = {
  list: route({
    method: 'POST',
    path: '/api/v1/devops/secondaryconfirm/list',
    access: 'gitops.read',
    body: gitopsQueryBody,
    response: gitopsListResponse,
  }),
  diff: route({
    method: 'POST',
    path: '/api/v1/devops/secondaryconfirm/diff',
    access: 'gitops.read',
    body: gitopsQueryBody,
    response: gitopsDiffResponse,
  }),
  apply: route({
    method: 'POST',
    path: '/api/v1/devops/secondaryconfirm/apply',
    access: 'gitops.write',
    body: gitopsApplyBody,
    response: operationCreated,
  }),
};
