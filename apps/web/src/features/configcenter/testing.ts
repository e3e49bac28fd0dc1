import { defaultCaseRowKey } from '@portal/contract';
import type {
  Approval,
  ChangeItem,
  ClusterVersion,
  DefaultCaseBinding,
  DefaultConfigChange,
  ParameterAttribute,
  Release,
  ReleaseDetail,
  Template,
  TemplateDiff,
  TemplateSummary,
} from '@portal/contract';
import type { ComponentImageRow } from './api/changes';

/** Contract-typed API answers for the config center's tests (not imported by app code). */

export const P = '/api/v1/devops/cloudconfig';

// ---------------------------------------------------------------- templates, default cases, versions

export function binding(
  overrides: Partial<Omit<DefaultCaseBinding, 'default_case'>> & {
    default_case?: Partial<DefaultCaseBinding['default_case']>;
  } = {},
): DefaultCaseBinding {
  const { default_case, ...rest } = overrides;
  const current = rest.current_template ?? { id: '101', name: 'tidb-v8.1-default' };
  const row: Omit<DefaultCaseBinding, 'key'> = {
    id: '1',
    cluster_type: 'DEDICATED_TIDB',
    source_template: { id: '100', name: 'tidb-v8.1-base' },
    change_id: null,
    ...rest,
    current_template: current,
    default_case: {
      version: 'v8.1.1',
      cloud_provider: 'AWS',
      instance_type: 'm5.2xlarge',
      config_type: 'tidb',
      region: null,
      ...default_case,
    },
  };
  return {
    ...row,
    key:
      rest.key ??
      defaultCaseRowKey({
        template_id: row.current_template.id,
        cluster_type: row.cluster_type,
        default_case: row.default_case,
        modified_template_id: '',
      }),
  };
}

export function summary(overrides: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    id: '101',
    name: 'tidb-v8.1-default',
    cluster_type: 'DEDICATED_TIDB',
    config_type: 'tidb',
    tags: { template_type: 'default', effective_minor_version: 'v8.1', creator_email: 'olivia@example.com' },
    change_id: null,
    created_at: '2024-06-01T08:00:00.000Z',
    ...overrides,
  };
}

export function template(overrides: Partial<Template> = {}): Template {
  return {
    ...summary(),
    parameters: [
      { name: 'log.level', value: 'info', comment: 'quieter logs' },
      { name: 'performance.max-procs', value: '8', comment: '' },
    ],
    default_cases: [],
    custom_template_info: null,
    ...overrides,
  };
}

export function diff(overrides: Partial<TemplateDiff> = {}): TemplateDiff {
  return {
    config_type: 'tidb',
    changed_parameters: [
      { name: 'log.level', from: 'info', to: 'warn', from_source: 'template', to_source: 'template' },
      { name: 'oom-action', from: null, to: 'cancel', from_source: 'default', to_source: 'template' },
    ],
    ...overrides,
  };
}

export function version(v: string, overrides: Partial<ClusterVersion> = {}): ClusterVersion {
  return {
    cluster_type: 'DEDICATED_TIDB',
    version: v,
    is_default: false,
    source: 'seed',
    environments: ['dev', 'staging', 'prod'],
    created_at: '2024-06-01T08:00:00.000Z',
    ...overrides,
  };
}

// ---------------------------------------------------------------- default-config changes and releases

export const CHANGE_ID = '31';
export const CHANGE_PATH = `${P}/default_config/changes/${CHANGE_ID}`;

export function defaultConfigChange(overrides: Partial<DefaultConfigChange> = {}): DefaultConfigChange {
  return {
    id: CHANGE_ID,
    applicant: 'olivia@example.com',
    reason: 'Raise the tikv block cache',
    phase: 'in_progress',
    phase_reason: null,
    created_at: '2024-06-01T08:00:00.000Z',
    closed_at: null,
    item_types: ['template_default_case_binding'],
    environments: [],
    ...overrides,
  };
}

const base: Pick<ChangeItem, 'revision' | 'released_to' | 'updated_at'> = {
  revision: 1,
  released_to: [],
  updated_at: '2024-06-01T08:00:00.000Z',
};

export function bindingItem(
  id: string,
  overrides: { config_type?: 'tidb' | 'tikv'; version?: string; released_to?: ChangeItem['released_to'] } = {},
): ChangeItem {
  const configType = overrides.config_type ?? 'tikv';
  const version = overrides.version ?? 'v8.1.1';
  return {
    ...base,
    id,
    type: 'template_default_case_binding',
    released_to: overrides.released_to ?? [],
    template_binding: {
      key: `t-${id},${version},AWS,,${configType},DEDICATED_TIDB,d-${id}`,
      origin: {
        template_id: `t-${id}`,
        template_name: `${configType}-default-${id}`,
        cluster_type: 'DEDICATED_TIDB',
        default_case: {
          version,
          cloud_provider: 'AWS',
          instance_type: null,
          config_type: configType,
          region: null,
        },
      },
      modified: { template_id: `d-${id}`, template_name: `${configType}-default-${id} (change ${CHANGE_ID})` },
    },
    component_config: null,
    version_release: null,
  };
}

export function versionItem(id: string, target = 'v8.5.2'): ChangeItem {
  return {
    ...base,
    id,
    type: 'version_release',
    template_binding: null,
    component_config: null,
    version_release: {
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: target,
      covering_instance_types: ['AWS:m5.2xlarge', 'GCP:n2-standard-8'],
    },
  };
}

export function release(overrides: Partial<Release> = {}): Release {
  return {
    id: '7',
    change_id: CHANGE_ID,
    description: 'First dev rollout',
    environment: 'dev',
    phase: 'approving',
    release_number: 1,
    released_at: null,
    approval_id: '55',
    operation_id: null,
    applicant: 'olivia@example.com',
    created_at: '2024-06-02T08:00:00.000Z',
    ...overrides,
  };
}

export function releaseDetail(overrides: Partial<ReleaseDetail> = {}): ReleaseDetail {
  return {
    ...release(),
    released_templates: [
      {
        item_id: '101',
        cluster_type: 'DEDICATED_TIDB',
        default_case: {
          version: 'v8.1.1',
          cloud_provider: null,
          instance_type: null,
          config_type: 'tikv',
          region: null,
        },
        from_template: { id: 't-101', name: 'tikv-default-v8.1' },
        to_template: { id: 'd-101', name: 'tikv-default-v8.1 (change 31)' },
      },
    ],
    released_components: [
      {
        item_id: '102',
        cluster_type: 'DEDICATED_TIDB',
        component: 'TIKV',
        version: 'v8.1.1',
        base_image: 'pingcap/tikv',
        image_tag_from: 'v8.1.1',
        image_tag_to: 'v8.1.1-hotfix.2',
      },
    ],
    released_versions: [],
    ...overrides,
  };
}

export function imageRow(overrides: Partial<ComponentImageRow> = {}): ComponentImageRow {
  return {
    component: 'TIDB',
    base_image: 'pingcap/tidb',
    source_tag: 'v8.1.1',
    current_tag: 'v8.1.1',
    change_id: null,
    ...overrides,
  };
}

export function parameter(overrides: Partial<ParameterAttribute> = {}): ParameterAttribute {
  return {
    name: 'storage.block-cache.capacity',
    filename: 'tikv.toml',
    config_type: 'tikv',
    default_value: '0',
    type: 'int',
    apply_policy: 'RollingRestart',
    validation: { minimum: 0, maximum: 1024 },
    description: 'The block cache size in GiB',
    risk_level: 'medium',
    ...overrides,
  };
}

export function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: '55',
    name: `Default config change ${CHANGE_ID} release to dev`,
    status: 'PENDING',
    applicant: 'olivia@example.com',
    start_at: '2024-06-02T08:00:00.000Z',
    end_at: null,
    from_template: 'default_config_release',
    subject_type: 'cloud_config_default_config_change',
    subject_id: '7',
    nodes: [],
    ...overrides,
  };
}
