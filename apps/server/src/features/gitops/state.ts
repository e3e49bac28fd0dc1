import type { GitopsDiffItem, GitopsItemKind } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getPdConfig, PD_KEYS } from '../ctl/service.js';
import { listClusterComponents } from '../orgs/service.js';
import * as repo from './repo.js';

/**
 * The two sides of a gitops diff: the desired state from the branch, and the cluster's current state read through
 * the features that own it (component image tags from tenants, PD configuration from ctl), under the same paths.
 */

export const imagePath = (component: string) => `components.${component}.image_tag`;
export const pdPath = (key: string) => `pd.${PD_KEYS[key]?.section ?? 'schedule'}.${key}`;

export function kindOf(path: string): GitopsItemKind {
  return path.startsWith('components.') ? 'image_tag' : 'pd_config';
}
/** `components.TIDB.image_tag` → TIDB; `pd.schedule.leader-schedule-limit` → leader-schedule-limit. */
export const componentOf = (path: string) => path.split('.')[1]!;
export const pdKeyOf = (path: string) => path.split('.').slice(2).join('.');

/** Every path the cluster has a current value for. */
export async function currentState(db: Db, clusterId: string): Promise<Map<string, string>> {
  const [{ items }, pd] = await Promise.all([listClusterComponents(db, clusterId), getPdConfig(db, clusterId)]);
  const out = new Map<string, string>();
  for (const c of items) out.set(imagePath(c.component), c.image_tag);
  for (const [k, v] of Object.entries(pd)) out.set(pdPath(k), v);
  return out;
}

export interface Pending extends GitopsDiffItem {
  author: string;
  message: string;
  updatedAt: Date;
}

/** The desired state's paths whose value the cluster does not have; 404 when the branch tracks no such cluster. */
export async function pendingItems(db: Db, clusterId: string, branch: string): Promise<Pending[]> {
  const desired = await repo.selectDesired(db, clusterId, branch);
  if (desired.length === 0)
    throw new AppError('gitops.notTracked', `Cluster ${clusterId} has no desired state on branch ${branch}`);
  const current = await currentState(db, clusterId);
  return desired
    .filter((d) => current.get(d.path) !== d.value)
    .map((d) => ({
      path: d.path,
      kind: kindOf(d.path),
      current: current.get(d.path) ?? null,
      desired: d.value,
      revision: d.revision,
      author: d.author,
      message: d.message,
      updatedAt: d.updatedAt,
    }));
}
