import crypto from 'node:crypto';
import {
  CONFIG_FILENAMES,
  sortConfigTypes,
  type ClusterConfiguration,
  type ClusterType,
  type ConfigParameter,
  type ConfigType,
  type ParamValidation,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';
import {
  configTarget,
  templateSources,
  type ConfigChangeContext,
  type ConfigTargetAdapter,
  type ConfigTargetState,
  type TargetType,
} from './targets.js';

/** The component serving each config type (TiFlash runs the learner proxy too). */
export const COMPONENT_OF: Record<ConfigType, string> = {
  pd: 'PD',
  tikv: 'TIKV',
  tiflash: 'TIFLASH',
  tiflash_learner: 'TIFLASH',
  tidb: 'TIDB',
  ticdc: 'TICDC',
  changefeed: 'CHANGEFEED',
};

/**
 * Where a target's own parameters and image overrides are stored: a cluster (TiCDC cluster, changefeed) under its
 * id, a tenant's init configuration under `tenant_init:{tenant id}`, so the two never share rows.
 */
export const storeId = (targetType: TargetType, id: string) => (targetType === 'cluster' ? id : `${targetType}:${id}`);

/** `v8.1.1` → [8, 1, 1]; undefined when it is not a version. */
export function parseVersion(version: string): number[] | undefined {
  const m = /^v(\d+)\.(\d+)(?:\.(\d+))?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}

export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a) ?? [0, 0, 0];
  const pb = parseVersion(b) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/**
 * The catalogue minor version a cluster version uses: its own minor (v8.1.1 → v8.1) when catalogued, else the
 * newest catalogued minor below it, else the oldest one (parameters barely move between minors).
 */
export async function catalogueVersionFor(db: Db, version: string): Promise<string | undefined> {
  const known = (await repo.selectCatalogueVersions(db)).sort(compareVersions);
  const below = known.filter((v) => compareVersions(v, version) <= 0);
  return below[below.length - 1] ?? known[0];
}

export type Catalogue = Map<string, Map<string, repo.ParameterRow>>;

export async function loadCatalogue(
  db: Db,
  minorVersion: string | undefined,
  configTypes: string[],
): Promise<Catalogue> {
  const out: Catalogue = new Map(configTypes.map((t) => [t, new Map()]));
  if (!minorVersion) return out;
  for (const p of await repo.selectParameters(db, minorVersion, configTypes)) out.get(p.configType)?.set(p.name, p);
  return out;
}

/** Everything the configuration flow knows about one target right now. */
export interface TargetConfig {
  targetType: TargetType;
  adapter: ConfigTargetAdapter;
  target: ConfigTargetState;
  catalogueVersion: string | undefined;
  catalogue: Catalogue;
  /** config type → name → value */
  custom: Map<string, Map<string, string>>;
  /** config type → name → value of the template bound to the target (source `template`). */
  templates: Map<string, Map<string, string>>;
  overrides: Map<string, string>;
  fingerprint: string;
}

export function adapterFor(
  ctx: ConfigChangeContext,
  clusterType: ClusterType,
  targetType: TargetType = 'cluster',
): ConfigTargetAdapter {
  const adapter = configTarget(ctx, clusterType, targetType);
  if (!adapter)
    throw new AppError(
      'configChange.unsupportedTarget',
      targetType === 'cluster'
        ? `Configuration changes are not supported for ${clusterType}`
        : `Configuration changes of ${targetType} targets are not supported for ${clusterType}`,
    );
  return adapter;
}

/**
 * The template parameters bound to a target (decision 0012: its default case's prod-released template), per config
 * type, from the template sources some feature provides; the first source with a config type wins. A template target
 * (a template being created) sits on no template.
 */
async function templateParameters(
  ctx: ConfigChangeContext,
  db: Db,
  targetType: TargetType,
  target: ConfigTargetState,
  configTypes: string[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (targetType === 'template' || !configTypes.length) return out;
  const nodeSpecs = new Map(target.components.map((c) => [c.name, c.nodeSpec ?? null]));
  const instanceTypes = Object.fromEntries(
    configTypes.map((t) => [t, nodeSpecs.get(COMPONENT_OF[t as ConfigType]) ?? null]),
  );
  for (const source of ctx.registry.all(templateSources)) {
    const found = await source.parameters(db, {
      clusterType: target.clusterType,
      version: target.version,
      provider: target.provider ?? null,
      instanceTypes,
      configTypes,
    });
    for (const [t, params] of found) if (!out.has(t)) out.set(t, params);
  }
  return out;
}

/** The version new clusters of a cluster type get (a template source's answer), else the newest catalogued one. */
export async function defaultVersionFor(
  ctx: ConfigChangeContext,
  db: Db,
  clusterType: ClusterType,
): Promise<string | undefined> {
  for (const source of ctx.registry.all(templateSources)) {
    const version = await source.defaultVersion?.(db, clusterType);
    if (version) return version;
  }
  const newest = (await repo.selectCatalogueVersions(db)).sort(compareVersions).pop();
  return newest && `${newest}.0`;
}

export function fingerprintOf(
  version: string,
  components: ConfigTargetState['components'],
  overrides: Map<string, string>,
  custom: Map<string, Map<string, string>>,
): string {
  const images = [...components]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => [c.name, c.imageTag, overrides.get(c.name) ?? null]);
  const params = [...custom.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([type, m]) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([n, v]) => [type, n, v]));
  return crypto.createHash('sha256').update(JSON.stringify({ version, images, params })).digest('hex').slice(0, 16);
}

/** Loads a target's state, catalogue and stored configuration; `forUpdate` locks the target for the transaction. */
export async function loadTarget(
  ctx: ConfigChangeContext,
  db: Db,
  clusterType: ClusterType,
  id: string,
  opts: { forUpdate?: boolean; targetType?: TargetType } = {},
): Promise<TargetConfig> {
  const targetType = opts.targetType ?? 'cluster';
  const adapter = adapterFor(ctx, clusterType, targetType);
  const target = await adapter.load(db, id, { forUpdate: opts.forUpdate ?? false });
  if (!target) throw new AppError(targetType === 'tenant_init' ? 'tenant.notFound' : 'cluster.notFound');
  const catalogueVersion = await catalogueVersionFor(db, target.version);
  const configTypes = sortConfigTypes(target.configTypes);
  // One after the other: `db` is often a transaction, i.e. one connection.
  const catalogue = await loadCatalogue(db, catalogueVersion, configTypes);
  const customRows = await repo.selectCustomParams(db, clusterType, storeId(targetType, id));
  const overrideRows = await repo.selectImageOverrides(db, clusterType, storeId(targetType, id));
  const templates = await templateParameters(ctx, db, targetType, target, configTypes);
  const custom = new Map<string, Map<string, string>>(configTypes.map((t) => [t, new Map()]));
  for (const r of customRows) {
    if (!custom.has(r.configType)) custom.set(r.configType, new Map());
    custom.get(r.configType)!.set(r.name, r.value);
  }
  const overrides = new Map(overrideRows.map((o) => [o.component, o.imageTag]));
  return {
    targetType,
    adapter,
    target,
    catalogueVersion,
    catalogue,
    custom,
    templates,
    overrides,
    // A target without a version of its own (a tenant's init configuration) follows the default version, which is
    // no change of its configuration.
    fingerprint: fingerprintOf(target.versioned === false ? '' : target.version, target.components, overrides, custom),
  };
}

const ORPHAN_ATTRIBUTE = {
  type: 'string',
  applyPolicy: 'RollingRestart',
  validation: {},
  riskLevel: 'medium',
} as const;

/** The files of a target: every catalogued parameter with its effective value, plus custom ones the catalogue lacks. */
export function filesOf(tc: TargetConfig): ClusterConfiguration['files'] {
  return [...tc.custom.keys()].map((configType) => {
    const type = configType as ConfigType;
    const filename = CONFIG_FILENAMES[type] ?? `${configType}.toml`;
    const cat = tc.catalogue.get(configType) ?? new Map<string, repo.ParameterRow>();
    const custom = tc.custom.get(configType)!;
    const template = tc.templates.get(configType) ?? new Map<string, string>();
    // custom beats template beats the engine default.
    const sourceOf = (name: string): ConfigParameter['source'] =>
      custom.has(name) ? 'custom' : template.has(name) ? 'template' : 'default';
    const parameters: ConfigParameter[] = [...cat.values()].map((p) => ({
      name: p.name,
      filename,
      config_type: type,
      source: sourceOf(p.name),
      value: custom.get(p.name) ?? template.get(p.name) ?? p.defaultValue,
      attribute: {
        default_value: p.defaultValue,
        type: p.type as ConfigParameter['attribute']['type'],
        apply_policy: p.applyPolicy as ConfigParameter['attribute']['apply_policy'],
      },
      validation: p.validation as ParamValidation,
      description: p.description,
      risk_level: p.riskLevel as ConfigParameter['risk_level'],
    }));
    const orphans = new Map([...template, ...custom]);
    for (const [name, value] of orphans) {
      if (cat.has(name)) continue;
      parameters.push({
        name,
        filename,
        config_type: type,
        source: sourceOf(name),
        value,
        attribute: { default_value: '', type: ORPHAN_ATTRIBUTE.type, apply_policy: ORPHAN_ATTRIBUTE.applyPolicy },
        validation: ORPHAN_ATTRIBUTE.validation,
        description: `Not in the parameter catalogue of ${tc.catalogueVersion ?? tc.target.version}`,
        risk_level: ORPHAN_ATTRIBUTE.riskLevel,
      });
    }
    parameters.sort((a, b) => a.name.localeCompare(b.name));
    return { filename, config_type: type, parameters };
  });
}

export function configurationOf(tc: TargetConfig): ClusterConfiguration {
  return {
    cluster_id: tc.target.id,
    cluster_type: tc.target.clusterType,
    version: tc.target.version,
    files: filesOf(tc),
    components: tc.target.components.map((c) => ({
      name: c.name,
      base_image: c.baseImage,
      effective_image_tag: c.imageTag,
      overwrite_image_tag: tc.overrides.get(c.name) ?? null,
    })),
    fingerprint: tc.fingerprint,
  };
}

/** Why the target's configuration can't be changed now (blocked, or another change in flight), else null. */
export async function blockedReason(db: Db, tc: TargetConfig, exceptChangeId?: number): Promise<string | null> {
  if (tc.target.blocked) return tc.target.blocked;
  const open = await repo.findUnfinishedChange(db, tc.targetType, tc.target.clusterType, tc.target.id);
  if (open !== undefined && open !== exceptChangeId) return `there is an unfinished configuration change ${open}`;
  return null;
}
