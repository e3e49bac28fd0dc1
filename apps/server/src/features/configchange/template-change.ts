import type { z } from 'zod';
import {
  CONFIG_FILENAMES,
  CUSTOM_TEMPLATE_CONFIG_TYPES,
  notChangeableMessage,
  validateParamValue,
  type ChangeScope,
  type ChangeTemplate,
  type createTemplateBody,
  type ParamValidation,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { blockedReason, catalogueVersionFor, loadCatalogue, loadTarget, parseVersion } from './configuration.js';
import { refusingConcurrent, submitChange } from './service.js';
import type { ConfigChangeContext } from './targets.js';

export type CreateTemplateInput = z.output<typeof createTemplateBody>;
type Modified = ChangeScope['files'][number]['modified_parameters'][number];

/** The file of INIT_SQL paragraphs in a template change's snapshot. */
export const INIT_SQL_FILE = 'INIT_SQL';

const invalid = (message: string, details: Record<string, unknown>) =>
  new AppError('configChange.invalidParameter', message, details);

/** `v8.1.2` → `v8.1`: the minor version whose parameter catalogue a template is written against. */
export const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

/**
 * Validates an Add Template request against the parameter catalogue of its version's minor (every name known,
 * every value valid as the editor checks it) and works out the change's scope: a file per config type with the
 * template's parameters as set operations, the version, and the template itself (spec §7 Create template).
 */
export async function prepareTemplateChange(db: Db, input: CreateTemplateInput) {
  const version = input.version.to_version;
  if (!parseVersion(version) || !/^v\d+\.\d+\.\d+$/.test(version))
    throw new AppError('configChange.invalidVersion', `the template version ${version} should look like v8.5.1`, {
      to_version: version,
    });
  const catalogueVersion = await catalogueVersionFor(db, version);
  const catalogue = await loadCatalogue(db, catalogueVersion, [...CUSTOM_TEMPLATE_CONFIG_TYPES]);

  const files: ChangeScope['files'] = [];
  for (const t of CUSTOM_TEMPLATE_CONFIG_TYPES) {
    const params = input.files[t];
    const seen = new Set<string>();
    const modified: Modified[] = [];
    for (const p of params) {
      const name = p.name.trim();
      if (!name) throw invalid(`a ${t} parameter has no name`, { config_type: t });
      if (seen.has(name)) throw invalid(`parameter ${name} of ${t} is set more than once`, { config_type: t, name });
      seen.add(name);
      const attr = catalogue.get(t)?.get(name);
      if (!attr)
        throw invalid(`unknown parameter ${name} of ${t} in ${catalogueVersion ?? version}`, { config_type: t, name });
      const message = validateParamValue(attr.type, p.value, attr.validation as ParamValidation);
      if (message) throw invalid(message, { config_type: t, name, value: p.value });
      modified.push({
        name,
        action: 'set',
        from: null,
        to: p.value,
        type: attr.type as Modified['type'],
        apply_policy: attr.applyPolicy as Modified['apply_policy'],
        risk_level: attr.riskLevel as Modified['risk_level'],
      });
    }
    if (!modified.length) continue;
    files.push({
      filename: CONFIG_FILENAMES[t],
      config_type: t,
      all_parameters: modified
        .map((m) => ({ name: m.name, value: m.to! }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      modified_parameters: modified,
    });
  }
  const indexes = new Set<number>();
  for (const p of input.files.init_sql) {
    if (indexes.has(p.index))
      throw invalid(`INIT_SQL paragraph ${p.index} is given more than once`, {
        config_type: 'init_sql',
        index: p.index,
      });
    indexes.add(p.index);
  }
  const initSql = [...input.files.init_sql].sort((a, b) => a.index - b.index);

  const template: ChangeTemplate = {
    name: input.name,
    version,
    effective_minor_version: minorOf(version),
    files: {
      tidb: input.files.tidb.map((p) => ({ ...p, name: p.name.trim() })),
      tikv: input.files.tikv.map((p) => ({ ...p, name: p.name.trim() })),
      tiflash: input.files.tiflash.map((p) => ({ ...p, name: p.name.trim() })),
      init_sql: initSql,
    },
    template_id: null,
  };
  const scope: ChangeScope = {
    // A template is written for a version: shown in the change's Version tab (from nothing to it).
    version: { from: '', to: version },
    components: [],
    files,
    clear_custom_params: [],
    template,
  };
  // The snapshot tab shows the template as requested: its parameters per file and its INIT_SQL paragraphs.
  const snapshot = [
    ...files.flatMap((f) => f.all_parameters.map((p) => ({ filename: f.filename, name: p.name, value: p.value }))),
    ...initSql.map((p) => ({ filename: INIT_SQL_FILE, name: String(p.index), value: p.sql })),
  ];
  const modifiedNames = [...new Set(files.flatMap((f) => f.modified_parameters.map((m) => m.name)))];
  return { scope, snapshot, modifiedNames };
}

/**
 * Add Template (spec §2 /template, §7 Create template): a configuration change with target type `template` (target
 * id: the template's name) that goes through approval and, when applied, creates the custom template through the
 * template target some feature provides for the cluster type. Returns the change id.
 */
export async function createTemplateChange(
  ctx: ConfigChangeContext,
  db: Db,
  applicant: string,
  input: CreateTemplateInput,
): Promise<string> {
  const prepared = await prepareTemplateChange(db, input);
  return refusingConcurrent(() =>
    db.transaction(async (tx) => {
      const tc = await loadTarget(ctx, tx, input.cluster_type, input.name, { forUpdate: true, targetType: 'template' });
      const reason = await blockedReason(tx, tc);
      if (reason) throw new AppError('configChange.notChangeable', notChangeableMessage(reason), { reason });
      return submitChange(tx, {
        targetType: 'template',
        targetId: input.name,
        clusterType: input.cluster_type,
        tenantId: null,
        changeType: 'config',
        applicant,
        applyPolicy: input.apply_policy,
        reason: input.reason,
        scope: prepared.scope,
        snapshot: prepared.snapshot,
        baseFingerprint: tc.fingerprint,
        modifiedParams: prepared.modifiedNames.join(','),
      });
    }),
  );
}
