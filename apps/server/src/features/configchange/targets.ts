import type { ChangeScope, ClusterType, TARGET_TYPES } from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { extensionPoint } from '../../platform/extensions.js';

/** The spec's configuration change target types (§3 Config change `target_type`). */
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * What the configuration flow needs to know of the thing being configured (a cluster, a TiCDC cluster, a changefeed,
 * a tenant's init configuration, a template being created).
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
  /** `nodeSpec` (e.g. `8C32G`): the instance type a default case may be written for. */
  components: { name: string; baseImage: string; imageTag: string; nodeSpec?: string }[];
  /** The cloud provider it runs on (AWS, GCP…), when it has one: default cases may be written per provider. */
  provider?: string | null;
  /** False when the target has no version of its own to change (a tenant's init configuration). */
  versioned?: boolean;
}

/** What a custom `persist` of an adapter gets: the change being applied (inside the applying transaction). */
export interface PersistedChange {
  id: number;
  targetId: string;
  clusterType: string;
  applicant: string;
  scope: ChangeScope;
}

/**
 * Each kind of target plugs into the configuration flow with one adapter, keyed by (target type, cluster type): read
 * its state, and (inside the applying transaction) write its new version and image tags. Custom parameters are stored
 * by the configchange feature itself, unless the adapter persists the change its own way (`persist`).
 */
export interface ConfigTargetAdapter {
  /** The spec's target type; `cluster` (a cluster, TiCDC cluster or changefeed) when absent. */
  targetType?: TargetType;
  clusterType: ClusterType;
  load(db: Db, id: string, opts?: { forUpdate?: boolean }): Promise<ConfigTargetState | undefined>;
  setVersion(tx: Db, id: string, version: string): Promise<void>;
  setImageTag(tx: Db, id: string, component: string, tag: string): Promise<void>;
  /**
   * Persists an applied change instead of storing its parameters as the target's custom parameters (a template target
   * creates its template). Returns the step's summary and, optionally, the change's scope to store (e.g. with the
   * created object's id).
   */
  persist?(tx: Db, change: PersistedChange): Promise<{ summary: string; scope?: ChangeScope }>;
}

export const targetKey = (targetType: TargetType, clusterType: string) => `${targetType}:${clusterType}`;

/** The kinds of target the configuration flow can change: each feature provides adapters for its own kinds. */
export const configTargets = extensionPoint<ConfigTargetAdapter>('configchange.targets', (a) =>
  targetKey(a.targetType ?? 'cluster', a.clusterType),
);

/** Where a target's parameters may come from besides its own: the template bound to it (decision 0012). */
export interface TemplateQuery {
  clusterType: ClusterType;
  version: string;
  /** Null: only "Any provider" default cases apply. */
  provider: string | null;
  /** Per config type, the node spec of the component serving it (an instance type), or null: "Any". */
  instanceTypes: Record<string, string | null>;
  configTypes: string[];
}

/**
 * A source of template parameters for the configuration flow (the config center provides one): per config type, the
 * parameters of the template bound to a target of this kind, and the version new clusters of a type get.
 */
export interface TemplateSource {
  name: string;
  /** config type → parameter name → value; a config type without a bound template is absent. */
  parameters(db: Db, q: TemplateQuery): Promise<Map<string, Map<string, string>>>;
  /** The version new clusters of a cluster type get, when the source knows it. */
  defaultVersion?(db: Db, clusterType: ClusterType): Promise<string | undefined>;
}

export const templateSources = extensionPoint<TemplateSource>('configchange.templateSources', (s) => s.name);

/** What the configuration flow needs of the app: its registry (the target adapters contributed to it). */
export type ConfigChangeContext = Pick<AppContext, 'registry'>;

/** The adapter of a kind of target in this app, if some feature provides it. */
export function configTarget(
  ctx: ConfigChangeContext,
  clusterType: ClusterType,
  targetType: TargetType = 'cluster',
): ConfigTargetAdapter | undefined {
  return ctx.registry.get(configTargets, targetKey(targetType, clusterType));
}
