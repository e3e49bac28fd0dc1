import type { Db } from './db.js';
import { extensionPoint, type Registry } from './extensions.js';

/**
 * Guards on automated work against tenant clusters. Work that changes a cluster (a configuration change's apply, a
 * release deploy, a Kubernetes upgrade batch) asks every guard before it starts, inside its own transaction; a guard
 * refuses by throwing an AppError (a 409 with its code), e.g. the maintenance area while a cluster is inside another
 * object's open maintenance window. The area doing the work does not know which guards exist, and a guarding area
 * does not know who asks: both depend only on this point.
 */
export interface ClusterWork {
  /** What is about to run, e.g. 'config_change.apply', 'release.deploy', 'k8s_upgrade.batch'. */
  kind: string;
  /** The object the work belongs to (a change id, a release change id…), for the refusal's message and details. */
  subjectType: string;
  subjectId: string;
  /** The tenant clusters it touches. */
  clusterIds: readonly string[];
}

export interface ClusterWorkGuard {
  name: string;
  /** Throws an AppError to refuse; runs in the caller's transaction (`tx`), so what it reads holds until commit. */
  check(tx: Db, work: ClusterWork): Promise<void>;
}

export const clusterWorkGuards = extensionPoint<ClusterWorkGuard>('platform.clusterWorkGuards', (g) => g.name);

/** Asks every contributed guard; the first refusal wins. */
export async function assertClusterWorkAllowed(ctx: { registry: Registry }, tx: Db, work: ClusterWork): Promise<void> {
  if (work.clusterIds.length === 0) return;
  for (const guard of ctx.registry.all(clusterWorkGuards)) await guard.check(tx, work);
}
