import type { GitopsDiffItem, GitopsItemKind } from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listClusterComponents } from '../orgs/index.js';

/**
 * The two sides of a gitops diff: the desired state from the branch of the gitops repository, and the cluster's
 * current state under the same paths: component image tags as the portal records them (orgs), PD settings as the
 * control plane reads them.
 */

export type GitopsContext = Pick<AppContext, 'controlPlane' | 'registry'>;

export const imagePath = (component: string) => `components.${component}.image_tag`;
export const pdPath = (section: string, key: string) => `pd.${section}.${key}`;

export function kindOf(path: string): GitopsItemKind {
  return path.startsWith('components.') ? 'image_tag' : 'pd_config';
}
/** `components.TIDB.image_tag` → TIDB; `pd.schedule.leader-schedule-limit` → leader-schedule-limit. */
export const componentOf = (path: string) => path.split('.')[1]!;
export const pdKeyOf = (path: string) => path.split('.').slice(2).join('.');

/** Every path the cluster has a current value for. */
export async function currentState(ctx: GitopsContext, db: Db, clusterId: string): Promise<Map<string, string>> {
  const [{ items }, pd] = await Promise.all([
    listClusterComponents(db, clusterId),
    ctx.controlPlane.pd.read(db, clusterId),
  ]);
  const out = new Map<string, string>();
  for (const c of items) out.set(imagePath(c.component), c.image_tag);
  for (const s of pd) out.set(pdPath(s.section, s.key), s.value);
  return out;
}

export interface Pending extends GitopsDiffItem {
  author: string;
  message: string;
  updatedAt: Date;
}

/** The desired state's paths whose value the cluster does not have; 404 when the branch tracks no such cluster. */
export async function pendingItems(ctx: GitopsContext, db: Db, clusterId: string, branch: string): Promise<Pending[]> {
  const desired = await ctx.controlPlane.gitops.desiredState(db, clusterId, branch);
  if (desired.length === 0)
    throw new AppError('gitops.notTracked', `Cluster ${clusterId} has no desired state on branch ${branch}`);
  const current = await currentState(ctx, db, clusterId);
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
