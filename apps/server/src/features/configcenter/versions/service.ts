import type { z } from 'zod';
import {
  CLOUD_PROVIDERS,
  COMPONENTS,
  CONFIG_ENVIRONMENTS,
  GITOPS_DEFAULTS,
  sortConfigTypes,
  type CloudProvider,
  type ClusterType,
  type ClusterVersion,
  type Component,
  type ConfigEnvironment,
  type ConfigType,
  type ListResult,
  type OperationCreated,
  type VersionRule,
  type componentVersionsQuery,
  type setDefaultVersionBody,
  type syncFromGitopsBody,
  type versionRuleQuery,
} from '@portal/contract';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { writeAudit } from '../../../platform/audit.js';
import { iso } from '../../../platform/time.js';
import { catalogueVersionFor, compareVersions, loadCatalogue } from '../../configchange/index.js';
import { startOperation } from '../../operations/index.js';
import type { VersionCatalogue } from './catalogue.js';
import { SET_DEFAULT_OPERATION, SYNC_GITOPS_OPERATION, type SetDefaultParams, type SyncParams } from './operations.js';
import * as repo from './repo.js';

type VersionsContext = Pick<AppContext, 'registry'>;

/** The config types of each cluster type's default cases, in the spec's order (§9: tidb, tikv, pd, tiflash…). */
const CONFIG_TYPES_OF: Record<ClusterType, readonly ConfigType[]> = {
  DEDICATED_TIDB: ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'],
  SHARED_POOL: ['tidb', 'tikv', 'pd'],
  LOGICAL_CLUSTER: ['tidb'],
  TICDC: ['ticdc'],
  TICDC_NG: ['ticdc'],
  CHANGEFEED: ['changefeed'],
  CHANGEFEED_NG: ['changefeed'],
};
export const configTypesOf = (clusterType: ClusterType): ConfigType[] => sortConfigTypes(CONFIG_TYPES_OF[clusterType]);

const byEnvironment = (a: string, b: string) =>
  CONFIG_ENVIRONMENTS.indexOf(a as ConfigEnvironment) - CONFIG_ENVIRONMENTS.indexOf(b as ConfigEnvironment);

/** The versions of a cluster type, newest first, each with the environments it is released to. */
export async function listVersions(db: Db, clusterType: ClusterType): Promise<{ versions: ClusterVersion[] }> {
  const [rows, released] = await Promise.all([
    repo.selectVersions(db, clusterType),
    repo.selectReleasedVersions(db, clusterType),
  ]);
  const envs = new Map<string, string[]>();
  for (const r of released) {
    const version = r.key.slice(clusterType.length + 1);
    envs.set(version, [...(envs.get(version) ?? []), r.environment]);
  }
  return {
    versions: rows
      .sort((a, b) => compareVersions(b.version, a.version))
      .map((r) => ({
        cluster_type: clusterType,
        version: r.version,
        is_default: r.isDefault,
        source: r.source as ClusterVersion['source'],
        environments: (envs.get(r.version) ?? []).sort(byEnvironment) as ConfigEnvironment[],
        created_at: iso(r.createdAt),
      })),
  };
}

export async function listVersionRules(db: Db, q: z.output<typeof versionRuleQuery>): Promise<ListResult<VersionRule>> {
  const { rows, total } = await repo.listVersionRules(db, q);
  return {
    total,
    items: rows.map((r) => ({
      id: String(r.id),
      component: r.component as Component,
      cloud_provider: r.cloudProvider as CloudProvider | null,
      region: r.region,
      cluster_version: r.clusterVersion,
      version: r.version,
    })),
  };
}

/** The operation's target: one cluster version. */
const versionTarget = (clusterType: string, version: string) => `${clusterType}:${version}`;

/** Set Default Version (spec §7 "Update default version"): the version must exist; the operation makes it default. */
export async function requestSetDefault(
  ctx: VersionsContext,
  db: Db,
  body: z.output<typeof setDefaultVersionBody>,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await repo.findVersion(tx, body.cluster_type, body.version);
    if (!row)
      throw new AppError('version.notFound', `${body.cluster_type} has no version ${body.version}`, {
        cluster_type: body.cluster_type,
        version: body.version,
      });
    const params: SetDefaultParams = { cluster_type: body.cluster_type, version: body.version };
    const instanceId = await startOperation(ctx, tx, {
      type: SET_DEFAULT_OPERATION,
      title: `Set ${body.version} as the default ${body.cluster_type} version`,
      targetType: 'cluster_version',
      targetId: versionTarget(body.cluster_type, body.version),
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'operation',
      instanceId,
      operator: who,
      operation: 'set_default_version',
      details: { cluster_type: body.cluster_type, version: body.version, is_default: true },
    });
    return { instance_id: instanceId };
  });
}

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', `body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

/**
 * Sync from Gitops (spec §7 "Sync versions from gitops"): reads the branch's versions from the catalogue now (an
 * unknown branch is a 404 here, not a failed operation), keeps those in [min, max] in the operation's params, and
 * starts the operation that adds the missing ones.
 */
export async function requestSync(
  ctx: VersionsContext,
  catalogue: VersionCatalogue,
  db: Db,
  body: z.output<typeof syncFromGitopsBody>,
  who: string,
): Promise<OperationCreated> {
  const min = body.min_version || null;
  const max = body.max_version || GITOPS_DEFAULTS.maxVersion;
  if (min && compareVersions(min, max) > 0) throw invalid('min_version', 'the min version is above the max version');
  const tier = body.tier_branch || undefined;
  const read = await catalogue.branchVersions(db, body.gitops_branch, tier);
  if (!read)
    throw new AppError('version.branchNotFound', `The gitops repository has no branch ${body.gitops_branch}`, {
      branch: body.gitops_branch,
    });
  const seen = new Set<string>();
  const listed = read.versions
    .filter((v) => (!min || compareVersions(v.version, min) >= 0) && compareVersions(v.version, max) <= 0)
    .map((v) => ({ cluster_type: v.clusterType, version: v.version }))
    .filter((v) => !seen.has(`${v.cluster_type}:${v.version}`) && seen.add(`${v.cluster_type}:${v.version}`))
    .sort((a, b) => a.cluster_type.localeCompare(b.cluster_type) || compareVersions(a.version, b.version));
  const params: SyncParams = {
    branch: body.gitops_branch,
    tier_branch: tier ?? null,
    min_version: min,
    max_version: max,
    reason: body.reason,
    catalogue: catalogue.name,
    revision: read.revision,
    listed,
  };
  return db.transaction(async (tx) => {
    const instanceId = await startOperation(ctx, tx, {
      type: SYNC_GITOPS_OPERATION,
      title: `Sync versions from gitops ${body.gitops_branch}`,
      targetType: 'gitops_branch',
      targetId: body.gitops_branch,
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'operation',
      instanceId,
      operator: who,
      operation: 'sync_gitops_versions',
      details: {
        branch: params.branch,
        tier_branch: params.tier_branch,
        min_version: min,
        max_version: max,
        reason: body.reason,
        revision: read.revision,
        listed: listed.length,
      },
    });
    return { instance_id: instanceId };
  });
}

/** The components with default images of a cluster type, in the spec's order (TIKV, TIDB, TIFLASH…). */
export async function listComponents(db: Db, clusterType: ClusterType): Promise<{ components: Component[] }> {
  const found = new Set(await repo.selectComponents(db, clusterType));
  return { components: COMPONENTS.filter((c) => found.has(c)) };
}

export async function listComponentVersions(
  db: Db,
  q: z.output<typeof componentVersionsQuery>,
): Promise<ListResult<{ version: string; base_image: string; image_tag: string }>> {
  const { rows, total } = await repo.listComponentVersions(db, q);
  return { total, items: rows.map((r) => ({ version: r.version, base_image: r.baseImage, image_tag: r.imageTag })) };
}

export async function listInstanceTypes(db: Db, clusterType: ClusterType) {
  const rows = await repo.selectInstanceTypes(db, clusterType);
  const order = (p: string) => CLOUD_PROVIDERS.indexOf(p as CloudProvider);
  return {
    instance_types: rows
      .sort((a, b) => order(a.cloudProvider) - order(b.cloudProvider) || a.instanceType.localeCompare(b.instanceType))
      .map((r) => ({
        cloud_provider: r.cloudProvider as CloudProvider,
        instance_type: r.instanceType,
        components: (r.components as string[]).filter((c): c is Component =>
          (COMPONENTS as readonly string[]).includes(c),
        ),
      })),
  };
}

/**
 * The config types of a cluster type; with a version, only those the parameter catalogue has for that version (the
 * catalogue minor the configuration flow uses for it: its own, else the newest below, else the oldest).
 */
export async function listConfigTypes(
  db: Db,
  clusterType: ClusterType,
  version: string | undefined,
): Promise<{ config_types: ConfigType[] }> {
  const types = configTypesOf(clusterType);
  if (!version) return { config_types: types };
  const minor = await catalogueVersionFor(db, version);
  const catalogue = await loadCatalogue(db, minor, types);
  return { config_types: types.filter((t) => (catalogue.get(t)?.size ?? 0) > 0) };
}
