import type { ClusterType } from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { extensionPoint } from '../../platform/extensions.js';

/**
 * What the configuration flow needs to know of the thing being configured (a cluster, a TiCDC cluster, a changefeed).
 */
export interface ConfigTargetState {
  id: string;
  clusterType: ClusterType;
  tenantId: string | null;
  /** Display status; the target is changeable only when `blocked` is null. */
  status: string;
  /** Why the configuration can't be changed right now (e.g. "the cluster is USER_CLUSTER_STATUS_PAUSED"), else null. */
  blocked: string | null;
  version: string;
  /** Config types this target has files for, e.g. tidb, tikv, pd for a dedicated cluster; ticdc for a TiCDC cluster. */
  configTypes: string[];
  components: { name: string; baseImage: string; imageTag: string }[];
}

/**
 * Each kind of target plugs into the configuration flow with one adapter: read its state, and (inside the applying
 * transaction) write its new version and image tags. Custom parameters are stored by the configchange feature itself.
 */
export interface ConfigTargetAdapter {
  clusterType: ClusterType;
  load(db: Db, id: string, opts?: { forUpdate?: boolean }): Promise<ConfigTargetState | undefined>;
  setVersion(tx: Db, id: string, version: string): Promise<void>;
  setImageTag(tx: Db, id: string, component: string, tag: string): Promise<void>;
}

/** The kinds of target the configuration flow can change: each feature provides adapters for its own kinds. */
export const configTargets = extensionPoint<ConfigTargetAdapter>('configchange.targets', (a) => a.clusterType);

/** What the configuration flow needs of the app: its registry (the target adapters contributed to it). */
export type ConfigChangeContext = Pick<AppContext, 'registry'>;

/** The adapter of a kind of target in this app, if some feature provides it. */
export function configTarget(ctx: ConfigChangeContext, clusterType: ClusterType): ConfigTargetAdapter | undefined {
  return ctx.registry.get(configTargets, clusterType);
}
