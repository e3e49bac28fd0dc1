import type { z } from 'zod';
import {
  APPLY_POLICY_CHOICES,
  CONFIG_FILENAMES,
  notChangeableMessage,
  validateImageTag,
  validateParamValue,
  type ChangeScope,
  type ConfigType,
  type ParamValidation,
  type previewBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import {
  blockedReason,
  catalogueVersionFor,
  compareVersions,
  loadCatalogue,
  loadTarget,
  parseVersion,
  filesOf,
  type Catalogue,
  type TargetConfig,
} from './configuration.js';
import type { ConfigChangeContext, TargetType } from './targets.js';

export type PreviewInput = z.output<typeof previewBody>;
type Modified = ChangeScope['files'][number]['modified_parameters'][number];
type PolicyOption = { policy: (typeof APPLY_POLICY_CHOICES)[number]; allowed: boolean; reason: string | null };

export interface PreparedChange {
  tc: TargetConfig;
  scope: ChangeScope;
  changeType: 'config' | 'image' | 'version' | 'mixed';
  policies: PolicyOption[];
  modifiedNames: string[];
  snapshot: { filename: string; name: string; value: string }[];
}

const invalid = (message: string, details: Record<string, unknown>) =>
  new AppError('configChange.invalidParameter', message, details);

/** The target version of a change, or null when the version stays. */
function targetVersion(tc: TargetConfig, input: PreviewInput): string | null {
  const to = input.version?.to_version.trim();
  if (!to || to === tc.target.version) return null;
  if (tc.target.versioned === false)
    throw new AppError('configChange.invalidVersion', 'this target has no version of its own to change', {
      to_version: to,
    });
  if (!parseVersion(to) || !/^v\d+\.\d+\.\d+$/.test(to))
    throw new AppError('configChange.invalidVersion', `the target version ${to} should look like v8.5.1`, {
      to_version: to,
    });
  if (compareVersions(to, tc.target.version) < 0) {
    throw new AppError(
      'configChange.invalidVersion',
      `the target version ${to} is older than the current version ${tc.target.version}; downgrades are not supported`,
      { to_version: to },
    );
  }
  return to;
}

function imageChanges(tc: TargetConfig, input: PreviewInput): ChangeScope['components'] {
  const out: ChangeScope['components'] = [];
  const seen = new Set<string>();
  for (const c of input.components) {
    const component = tc.target.components.find((k) => k.name.toLowerCase() === c.component.toLowerCase());
    if (!component) throw invalid(`the cluster has no component ${c.component}`, { component: c.component });
    if (seen.has(component.name))
      throw invalid(`the image of ${component.name} is set more than once`, { component: component.name });
    seen.add(component.name);
    const to = c.overwrite_image_tag.to_image_tag;
    const message = validateImageTag(to);
    if (message) throw invalid(message, { component: component.name, field: 'to_image_tag' });
    if (to !== component.imageTag)
      out.push({ component: component.name, modified_image_tag: { from: component.imageTag, to } });
  }
  return out;
}

/** Applies the parameter operations to the custom set; returns the resulting sets and what changed, per config type. */
function parameterChanges(tc: TargetConfig, input: PreviewInput, catalogue: Catalogue) {
  const result = new Map([...tc.custom].map(([t, m]) => [t, new Map(m)]));
  const modified = new Map<string, Modified[]>();
  const push = (t: string, m: Modified) => modified.set(t, [...(modified.get(t) ?? []), m]);
  for (const file of input.files) {
    const t = file.config_type;
    if (!tc.target.configTypes.includes(t)) throw invalid(`the cluster has no ${t} configuration`, { config_type: t });
    if (file.filename !== CONFIG_FILENAMES[t])
      throw invalid(`the ${t} configuration file is ${CONFIG_FILENAMES[t]}, not ${file.filename}`, {
        config_type: t,
        filename: file.filename,
      });
    const seen = new Set<string>();
    for (const op of file.custom_parameters) {
      if (op.configType !== t)
        throw invalid(`parameter ${op.name} belongs to ${op.configType}, not ${t}`, { config_type: t, name: op.name });
      if (seen.has(op.name))
        throw invalid(`parameter ${op.name} is changed more than once`, { config_type: t, name: op.name });
      seen.add(op.name);
      const current = result.get(t)!.get(op.name);
      const attr = catalogue.get(t)?.get(op.name);
      if (op.actionType === 'unset') {
        if (current === undefined) continue;
        result.get(t)!.delete(op.name);
        push(t, {
          name: op.name,
          action: 'unset',
          from: current,
          to: null,
          type: (attr?.type ?? op.type) as Modified['type'],
          apply_policy: (attr?.applyPolicy ?? 'RollingRestart') as Modified['apply_policy'],
          risk_level: (attr?.riskLevel ?? 'medium') as Modified['risk_level'],
        });
        continue;
      }
      if (!attr) throw invalid(`unknown parameter ${op.name} of ${t}`, { config_type: t, name: op.name });
      const message = validateParamValue(attr.type, op.value, attr.validation as ParamValidation);
      if (message) throw invalid(message, { config_type: t, name: op.name, value: op.value ?? null });
      if (current === op.value) continue;
      result.get(t)!.set(op.name, op.value!);
      push(t, {
        name: op.name,
        action: 'set',
        from: current ?? null,
        to: op.value!,
        type: attr.type as Modified['type'],
        apply_policy: attr.applyPolicy as Modified['apply_policy'],
        risk_level: attr.riskLevel as Modified['risk_level'],
      });
    }
  }
  return { result, modified };
}

function applyPolicies(scope: ChangeScope): PolicyOption[] {
  const mods = scope.files.flatMap((f) => f.modified_parameters);
  const restartOnly = mods.filter((m) => m.apply_policy !== 'HotReload').map((m) => m.name);
  let hotReload: string | null = null;
  if (scope.version || scope.components.length) hotReload = 'image and version changes need a rolling restart';
  else if (restartOnly.length) hotReload = `${[...new Set(restartOnly)].join(', ')} cannot be hot reloaded`;
  return APPLY_POLICY_CHOICES.map((policy) => {
    if (policy === 'HotReload') return { policy, allowed: hotReload === null, reason: hotReload };
    return { policy, allowed: true, reason: null };
  });
}

/**
 * Validates a change against the target as it is now and works out its scope and apply policies (spec §7 preview).
 * Throws 409 when the target can't be changed or moved since the editor loaded it, 400 for an invalid or empty change.
 */
export async function prepareChange(
  ctx: ConfigChangeContext,
  db: Db,
  clusterId: string,
  input: PreviewInput,
  opts: { forUpdate?: boolean; targetType?: TargetType } = {},
): Promise<PreparedChange> {
  if (input.cluster_id !== clusterId)
    throw new AppError('request.invalid', 'cluster_id of the body differs from the path', [
      { field: 'body.cluster_id', message: 'must match the path' },
    ]);
  const tc = await loadTarget(ctx, db, input.cluster_type, clusterId, opts);
  const reason = await blockedReason(db, tc);
  if (reason) throw new AppError('configChange.notChangeable', notChangeableMessage(reason), { reason });
  const bases = [input.base_fingerprint, ...input.files.map((f) => f.previous_text).filter((p): p is string => !!p)];
  if (bases.some((b) => b !== tc.fingerprint))
    throw new AppError('configChange.stale', undefined, { current_fingerprint: tc.fingerprint });

  const toVersion = targetVersion(tc, input);
  const targetCatalogueVersion = toVersion ? await catalogueVersionFor(db, toVersion) : tc.catalogueVersion;
  const catalogue =
    targetCatalogueVersion === tc.catalogueVersion
      ? tc.catalogue
      : await loadCatalogue(db, targetCatalogueVersion, [...tc.custom.keys()]);
  const components = imageChanges(tc, input);
  const { result, modified } = parameterChanges(tc, input, catalogue);

  // A version change drops custom parameters the new version's catalogue doesn't know (warned before submit).
  const clear: string[] = [];
  if (toVersion) {
    for (const [t, params] of result) {
      const gone = [...params.entries()].filter(([name]) => !catalogue.get(t)?.has(name));
      if (!gone.length) continue;
      clear.push(t);
      for (const [name, value] of gone) {
        params.delete(name);
        modified.set(t, [
          ...(modified.get(t) ?? []),
          {
            name,
            action: 'unset',
            from: value,
            to: null,
            type: 'string',
            apply_policy: 'RollingRestart',
            risk_level: 'medium',
          },
        ]);
      }
    }
  }
  const files: ChangeScope['files'] = [...modified.entries()].map(([t, mods]) => ({
    filename: CONFIG_FILENAMES[t as ConfigType],
    config_type: t as ConfigType,
    all_parameters: [...result.get(t)!.entries()]
      .map(([name, value]) => ({ name, value }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    modified_parameters: mods,
  }));
  const scope: ChangeScope = {
    version: toVersion ? { from: tc.target.version, to: toVersion } : null,
    components,
    files,
    clear_custom_params: clear,
  };
  if (!scope.version && !components.length && !files.length) throw new AppError('configChange.empty');

  const kinds = [files.length > 0 && 'config', components.length > 0 && 'image', !!scope.version && 'version'].filter(
    Boolean,
  ) as PreparedChange['changeType'][];
  const snapshot = filesOf(tc).flatMap((f) =>
    f.parameters.map((p) => ({ filename: f.filename, name: p.name, value: p.value })),
  );
  const modifiedNames = [...new Set(files.flatMap((f) => f.modified_parameters.map((m) => m.name)))];
  return {
    tc,
    scope,
    changeType: kinds.length === 1 ? kinds[0]! : 'mixed',
    policies: applyPolicies(scope),
    modifiedNames,
    snapshot,
  };
}
