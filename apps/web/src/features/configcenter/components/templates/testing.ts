/** Contract-typed API answers for the template tests (not imported by app code). */
import { defaultCaseRowKey } from '@portal/contract';
import type {
  ClusterVersion,
  DefaultCaseBinding,
  DefaultConfigChange,
  Template,
  TemplateDiff,
  TemplateSummary,
} from '@portal/contract';

export const P = '/api/v1/devops/cloudconfig';

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

export function change(overrides: Partial<DefaultConfigChange> = {}): DefaultConfigChange {
  return {
    id: '7',
    applicant: 'olivia@example.com',
    reason: 'Quieter logs',
    phase: 'in_progress',
    phase_reason: null,
    created_at: '2024-06-01T08:00:00.000Z',
    closed_at: null,
    item_types: ['template_default_case_binding'],
    environments: [],
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
