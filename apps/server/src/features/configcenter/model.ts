import {
  CONFIG_ENVIRONMENTS,
  defaultCaseRowKey,
  ITEM_TYPES,
  type ChangeItem,
  type ClusterType,
  type CloudProvider,
  type Component,
  type ConfigEnvironment,
  type ConfigType,
  type DefaultCase,
  type DefaultConfigChange,
  type ItemType,
  type Release,
  type TemplateParameter,
  type TemplateSummary,
} from '@portal/contract';
import { iso, isoOrNull } from '../../platform/time.js';
import type * as repo from './repo.js';

/*
 * What the config center stores in its jsonb columns (decision 0012's item table), and the mappers from rows to the
 * contract's shapes.
 */

export const AUDIT_TYPE = 'cloud_config_default_config_change' as const;
export const RELEASE_APPROVAL_TEMPLATE = 'default_config_release';
export const RELEASE_OPERATION = 'default_config.release';
/** The operation's target kind (an object link to /defaultconfig/change/{id}). */
export const RELEASE_TARGET_TYPE = 'default_config_change';

export interface BindingData {
  origin: { template_id: string; cluster_type: ClusterType; default_case: DefaultCase };
  modified: { template_id: string };
  /** The change created the case (a version release): terminating removes it instead of restoring it. */
  created?: boolean;
}

export interface ComponentData {
  origin: {
    default_case: {
      component: Component;
      version: string;
      cloud_provider: CloudProvider | null;
      instance_type: string | null;
      config_type: string;
    };
    template_id: string | null;
    cluster_type: ClusterType;
    base_image: string;
    image_tag: string;
  };
  modified: { base_image: string; image_tag: string; template_id: string | null };
  created?: boolean;
}

export interface VersionData {
  cluster_type: ClusterType;
  source_version: string;
  target_version: string;
  covering_instance_types: string[];
}

/** One item as a release snapshotted it. */
export interface SnapshotItem {
  item_id: string;
  /** What the item stages: a default case id, a component default id, or `CLUSTER_TYPE:version`. */
  subject_key: string;
  revision: number;
  type: ItemType;
  data: BindingData | ComponentData | VersionData;
}

export type Released = Partial<Record<ConfigEnvironment, number>>;

export const releasedTo = (item: { released: unknown; revision: number }): ConfigEnvironment[] => {
  const r = item.released as Released;
  return CONFIG_ENVIRONMENTS.filter((e) => r[e] === item.revision);
};
/** Released to at least one environment at any revision: a release never reverts, so terminate keeps it. */
export const everReleased = (item: { released: unknown }): boolean => Object.keys(item.released as Released).length > 0;

export const defaultCaseOf = (c: repo.CaseRow): DefaultCase => ({
  version: c.version,
  cloud_provider: c.cloudProvider as CloudProvider | null,
  instance_type: c.instanceType,
  config_type: c.configType as ConfigType,
  region: c.region,
});

export function toTemplateSummary(r: repo.TemplateSummaryRow): TemplateSummary {
  return {
    id: String(r.id),
    name: r.name,
    cluster_type: r.clusterType as ClusterType,
    config_type: r.configType as ConfigType | null,
    tags: {
      template_type: r.templateType as TemplateSummary['tags']['template_type'],
      effective_minor_version: r.effectiveMinorVersion,
      creator_email: r.creatorEmail,
    },
    change_id: r.changeId === null ? null : String(r.changeId),
    created_at: iso(r.createdAt),
  };
}

export const parametersOf = (t: { parameters: unknown }): TemplateParameter[] =>
  (t.parameters as TemplateParameter[]) ?? [];

export function toChange(
  r: repo.ChangeRow,
  facets: { types: Map<number, string[]>; environments: Map<number, string[]> },
): DefaultConfigChange {
  const types = facets.types.get(r.id) ?? [];
  const envs = facets.environments.get(r.id) ?? [];
  return {
    id: String(r.id),
    applicant: r.applicant,
    reason: r.reason,
    phase: r.phase as DefaultConfigChange['phase'],
    phase_reason: r.phaseReason,
    created_at: iso(r.createdAt),
    closed_at: isoOrNull(r.closedAt),
    item_types: ITEM_TYPES.filter((t) => types.includes(t)),
    environments: CONFIG_ENVIRONMENTS.filter((e) => envs.includes(e)),
  };
}

export function toRelease(r: repo.ReleaseRow): Release {
  return {
    id: String(r.id),
    change_id: String(r.changeId),
    description: r.description,
    environment: r.environment as ConfigEnvironment,
    phase: r.phase as Release['phase'],
    release_number: r.releaseNumber,
    released_at: isoOrNull(r.releasedAt),
    approval_id: r.approvalId,
    operation_id: r.operationId,
    applicant: r.applicant,
    created_at: iso(r.createdAt),
  };
}

/** Template ids an item names (for one name lookup per page). */
export function templateIdsOf(items: { type: string; data: unknown }[]): number[] {
  const ids: number[] = [];
  for (const i of items) {
    if (i.type !== 'template_default_case_binding') continue;
    const d = i.data as BindingData;
    ids.push(Number(d.origin.template_id), Number(d.modified.template_id));
  }
  return ids;
}

export function toItem(r: repo.ItemRow, names: Map<number, string>): ChangeItem {
  const name = (id: string | null) => (id === null ? '' : (names.get(Number(id)) ?? ''));
  const base = {
    id: String(r.id),
    type: r.type as ItemType,
    revision: r.revision,
    released_to: releasedTo(r),
    template_binding: null,
    component_config: null,
    version_release: null,
    updated_at: iso(r.updatedAt),
  };
  if (r.type === 'template_default_case_binding') {
    const d = r.data as BindingData;
    return {
      ...base,
      template_binding: {
        key: defaultCaseRowKey({
          template_id: d.origin.template_id,
          cluster_type: d.origin.cluster_type,
          default_case: d.origin.default_case,
          modified_template_id: d.modified.template_id,
        }),
        origin: { ...d.origin, template_name: name(d.origin.template_id) },
        modified: { template_id: d.modified.template_id, template_name: name(d.modified.template_id) },
      },
    };
  }
  if (r.type === 'default_component_config') {
    const d = r.data as ComponentData;
    return { ...base, component_config: { origin: d.origin, modified: d.modified } };
  }
  const d = r.data as VersionData;
  return {
    ...base,
    version_release: {
      cluster_type: d.cluster_type,
      source_version: d.source_version,
      target_version: d.target_version,
      covering_instance_types: d.covering_instance_types,
    },
  };
}
