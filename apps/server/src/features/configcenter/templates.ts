import type { z } from 'zod';
import {
  CONFIG_CENTER_MESSAGES,
  defaultCaseRowKey,
  type ClusterType,
  type Component,
  type ConfigType,
  type DefaultCaseBinding,
  type defaultCaseQuery,
  type ListResult,
  type resolveDefaultsQuery,
  type resolvedDefaultsSchema,
  type Template,
  type TemplateDiff,
  type templateDetailQuery,
  type templateListQuery,
  type TemplateSummary,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { catalogueVersionFor, tenantInitParameters } from '../configchange/index.js';
import { defaultCaseOf, parametersOf, toTemplateSummary } from './model.js';
import * as repo from './repo.js';

/** Templates, the default-case table, template diffs and what an environment gives a new cluster (decision 0012). */

/** `v8.1.1` or `v8.1` → `v8.1`; anything else as it is. */
export function minorOf(version: string): string {
  const m = /^(v\d+\.\d+)(\.\d+)?$/.exec(version.trim());
  return m ? m[1]! : version.trim();
}

export type Catalogue = Map<string, repo.ParameterRow>;

/**
 * The parameter catalogue a template is written against: its effective minor version's, or (for a minor the
 * catalogue lacks) the nearest catalogued one, as the cluster configuration flow picks it.
 */
export async function catalogueOf(db: Db, minorVersion: string, configType: string): Promise<Catalogue> {
  const minor = await catalogueVersionFor(db, minorVersion);
  const rows = minor ? await repo.selectCatalogue(db, minor, [configType]) : [];
  return new Map(rows.map((p) => [p.name, p]));
}

export async function loadTemplate(db: Db, id: string, forUpdate = false): Promise<repo.TemplateRow> {
  const n = repo.parseId(id);
  const row = n === undefined ? undefined : await repo.findTemplate(db, n, forUpdate);
  if (!row) throw new AppError('template.notFound', `Template ${id} not found`);
  return row;
}

export async function listTemplates(
  db: Db,
  q: z.output<typeof templateListQuery>,
): Promise<ListResult<TemplateSummary>> {
  const filter: repo.TemplateFilter = {
    ids: q.id_in?.length ? q.id_in.map(repo.parseId).filter((n): n is number => n !== undefined) : undefined,
    names: q.name_in,
    clusterType: q.cluster_type,
    templateType: q.template_type,
    minorVersion: q.version ? minorOf(q.version) : undefined,
    configType: q.config_type,
  };
  const page = await listPage(
    repo.selectTemplatePage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countTemplates(db, filter),
  );
  return { total: page.total, items: page.items.map(toTemplateSummary) };
}

export async function getTemplate(db: Db, id: string, q: z.output<typeof templateDetailQuery>): Promise<Template> {
  const row = await loadTemplate(db, id);
  const cases = q.with_default_cases === 'true' ? await repo.selectCasesOfTemplate(db, row.id, q.cluster_type) : [];
  const custom = row.customData as NonNullable<Template['custom_template_info']>['data'] | null;
  return {
    ...toTemplateSummary(row),
    parameters: parametersOf(row),
    default_cases: cases.map((c) => ({ ...defaultCaseOf(c), cluster_type: c.clusterType as ClusterType })),
    custom_template_info: custom
      ? {
          data: {
            tidb: custom.tidb ?? [],
            tikv: custom.tikv ?? [],
            tiflash: custom.tiflash ?? [],
            init_sql: custom.init_sql ?? [],
          },
        }
      : null,
  };
}

/**
 * The template diff (spec §3 template diff response): every parameter whose effective value differs between the two
 * templates — the template's own value, else its catalogue default — sorted by name.
 */
export async function diffTemplates(db: Db, fromId: string, toId: string): Promise<TemplateDiff> {
  const from = await loadTemplate(db, fromId);
  const to = await loadTemplate(db, toId);
  if (!from.configType || !to.configType || from.configType !== to.configType)
    throw new AppError(
      'defaultConfig.configTypeMismatch',
      `Template ${toId} (${to.configType ?? 'custom'}) cannot be compared with template ${fromId} (${from.configType ?? 'custom'})`,
    );
  const [fromCat, toCat] = await Promise.all([
    catalogueOf(db, from.effectiveMinorVersion, from.configType),
    catalogueOf(db, to.effectiveMinorVersion, to.configType),
  ]);
  const fromParams = new Map(parametersOf(from).map((p) => [p.name, p.value]));
  const toParams = new Map(parametersOf(to).map((p) => [p.name, p.value]));
  const names = [...new Set([...fromParams.keys(), ...toParams.keys()])].sort();
  const side = (params: Map<string, string>, cat: Catalogue, name: string) => {
    const own = params.get(name);
    if (own !== undefined) return { value: own, source: 'template' as const };
    return { value: cat.get(name)?.defaultValue ?? null, source: 'default' as const };
  };
  const changed: TemplateDiff['changed_parameters'] = [];
  for (const name of names) {
    const a = side(fromParams, fromCat, name);
    const b = side(toParams, toCat, name);
    if (a.value === b.value) continue;
    changed.push({ name, from: a.value, to: b.value, from_source: a.source, to_source: b.source });
  }
  return { config_type: to.configType as ConfigType, changed_parameters: changed };
}

export function toBinding(r: repo.CaseWithTemplates): DefaultCaseBinding {
  const c = r.c;
  const sourceId = r.sourceId;
  return {
    key: defaultCaseRowKey({
      template_id: sourceId ?? String(c.templateId),
      cluster_type: c.clusterType,
      default_case: defaultCaseOf(c),
      modified_template_id: String(c.templateId),
    }),
    id: String(c.id),
    cluster_type: c.clusterType as ClusterType,
    default_case: defaultCaseOf(c),
    source_template: sourceId ? { id: sourceId, name: r.sourceName ?? '' } : null,
    current_template: { id: String(c.templateId), name: r.currentName },
    change_id: c.changeId === null ? null : String(c.changeId),
  };
}

/** The default-case table (spec §2): the staged template beside the one released to prod. */
export async function listDefaultCases(
  db: Db,
  q: z.output<typeof defaultCaseQuery>,
): Promise<ListResult<DefaultCaseBinding>> {
  const instance = q.default_for_instance_type;
  const filter: repo.CaseFilter = {
    clusterType: q.cluster_type,
    provider: q.default_for_cloud_provider,
    version: q.default_for_version,
    // "Any" (the table's label for a null instance type) filters the cases that apply to every instance type.
    instanceType: instance === CONFIG_CENTER_MESSAGES.any ? null : instance,
    configTypes: q.config_type_is,
  };
  const page = await listPage(
    repo.selectCasePage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countCases(db, filter),
  );
  return { total: page.total, items: page.items.map(toBinding) };
}

type Resolved = z.infer<typeof resolvedDefaultsSchema>;
const CONFIG_TYPE_ORDER = ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner', 'ticdc', 'changefeed'];

/**
 * What a new cluster created now in an environment gets: per config type the most specific default case released
 * there (provider and instance type, then provider, then instance type, then Any), and the released component images.
 * A version exists for new clusters once released there (one that no environment tracks, e.g. synced from gitops
 * without a release, exists everywhere). With a tenant, its applied init configuration comes on top (tenant-init
 * changes; an unknown tenant is 404).
 */
export async function resolveDefaults(db: Db, q: z.output<typeof resolveDefaultsQuery>): Promise<Resolved> {
  const env = q.environment;
  const versionKey = `${q.cluster_type}:${q.version}`;
  const tenantInit = q.tenant_id ? await tenantInitParameters(db, q.cluster_type, q.tenant_id) : new Map();
  if (!tenantInit) throw new AppError('tenant.notFound');
  const [version, released, cases, components] = await Promise.all([
    repo.findVersion(db, q.cluster_type, q.version),
    repo.releasedEnvironments(db, 'version', versionKey),
    repo.selectReleasedCases(db, env, {
      clusterType: q.cluster_type,
      version: q.version,
      provider: q.cloud_provider,
      instanceType: q.instance_type || undefined,
    }),
    repo.selectReleasedComponents(db, env, q.cluster_type, q.version),
  ]);
  const specificity = (c: { cloudProvider: string | null; instanceType: string | null }) =>
    (c.cloudProvider ? 2 : 0) + (c.instanceType ? 1 : 0) + (c.cloudProvider && c.instanceType ? 1 : 0);
  const best = new Map<string, (typeof cases)[number]>();
  for (const c of cases) {
    const seen = best.get(c.configType);
    if (!seen || specificity(c) > specificity(seen)) best.set(c.configType, c);
  }
  return {
    environment: env,
    // Released there; or a version no environment tracks (added by a sync without a release) exists everywhere.
    version_available: released.includes(env) || (!!version && version.source !== 'release' && !released.length),
    templates: [...best.values()]
      .sort((a, b) => CONFIG_TYPE_ORDER.indexOf(a.configType) - CONFIG_TYPE_ORDER.indexOf(b.configType))
      .map((c) => ({
        config_type: c.configType as ConfigType,
        template: { id: String(c.templateId), name: c.templateName },
        default_case_id: String(c.id),
      })),
    components: components
      .map((c) => {
        const v = c.value as { base_image: string; image_tag: string };
        return { component: c.component as Component, base_image: v.base_image, image_tag: v.image_tag };
      })
      .sort((a, b) => a.component.localeCompare(b.component)),
    tenant_init: [...tenantInit]
      .sort(([a], [b]) => CONFIG_TYPE_ORDER.indexOf(a) - CONFIG_TYPE_ORDER.indexOf(b))
      .map(([configType, parameters]) => ({ config_type: configType as ConfigType, parameters })),
  };
}
