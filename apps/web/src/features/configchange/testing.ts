/** Contract-typed API answers for the configchange tests (not imported by app code). */
import type {
  ClusterConfiguration,
  ConfigChange,
  ConfigChangePhase,
  ConfigParameter,
  PreviewResponse,
} from '@portal/contract';
import type { ClusterConfigResult } from './api';

export function configChange(overrides: Partial<ConfigChange> = {}): ConfigChange {
  return {
    id: '9',
    target_type: 'cluster',
    target_id: '10086',
    cluster_type: 'DEDICATED_TIDB',
    tenant_id: '1372813089189341184',
    change_type: 'config',
    applicant: 'olivia@example.com',
    apply_policy: 'RollingRestart',
    phase: 'wait_for_apply' as ConfigChangePhase,
    phase_reason: null,
    approval_id: '41',
    operation_id: null,
    reason: 'Quieter logs',
    created_at: '2024-06-01T08:00:00.000Z',
    closed_at: null,
    scope: {
      version: null,
      components: [{ component: 'TIDB', modified_image_tag: { from: 'v8.5.1', to: 'v8.5.2' } }],
      files: [
        {
          filename: 'tidb.toml',
          config_type: 'tidb',
          all_parameters: [{ name: 'log.level', value: 'warn' }],
          modified_parameters: [
            {
              name: 'log.level',
              action: 'set',
              from: null,
              to: 'warn',
              type: 'string',
              apply_policy: 'HotReload',
              risk_level: 'low',
            },
          ],
        },
      ],
      clear_custom_params: [],
    },
    snapshot: [
      { filename: 'tidb.toml', name: 'log.level', value: 'info' },
      { filename: 'tikv.toml', name: 'raftstore.capacity', value: '0' },
    ],
    ...overrides,
  };
}

export function parameter(overrides: Partial<ConfigParameter> & Pick<ConfigParameter, 'name'>): ConfigParameter {
  return {
    filename: 'tidb.toml',
    config_type: 'tidb',
    source: 'default',
    value: '',
    attribute: { default_value: '', type: 'string', apply_policy: 'RollingRestart' },
    validation: {},
    description: '',
    risk_level: 'low',
    ...overrides,
  };
}

export const tidbParameters: ConfigParameter[] = [
  parameter({
    name: 'log.level',
    value: 'info',
    attribute: { default_value: 'info', type: 'string', apply_policy: 'HotReload' },
    validation: { enum: ['debug', 'info', 'warn', 'error'] },
    description: 'Log level of the TiDB server.',
  }),
  parameter({
    name: 'instance.max_connections',
    value: '0',
    attribute: { default_value: '0', type: 'int', apply_policy: 'HotReload' },
    validation: { minimum: 0, maximum: 100000 },
    risk_level: 'medium',
  }),
];

export function configuration(overrides: Partial<ClusterConfiguration> = {}): ClusterConfiguration {
  return {
    cluster_id: '10086',
    cluster_type: 'DEDICATED_TIDB',
    version: 'v8.5.1',
    // tikv first on purpose: the editor sorts tidb first (spec §9).
    files: [
      {
        filename: 'tikv.toml',
        config_type: 'tikv',
        parameters: [parameter({ name: 'raftstore.capacity', filename: 'tikv.toml', config_type: 'tikv', value: '0' })],
      },
      { filename: 'tidb.toml', config_type: 'tidb', parameters: tidbParameters },
    ],
    components: [
      { name: 'TIDB', base_image: 'pingcap/tidb', effective_image_tag: 'v8.5.1', overwrite_image_tag: null },
      { name: 'TIKV', base_image: 'pingcap/tikv', effective_image_tag: 'v8.5.1', overwrite_image_tag: null },
    ],
    fingerprint: 'fp-1',
    ...overrides,
  };
}

export function clusterConfig(overrides: Partial<ClusterConfigResult> = {}): ClusterConfigResult {
  return { configuration: configuration(), changeable: true, reason: null, ...overrides };
}

export function preview(overrides: Partial<PreviewResponse['change']> = {}): PreviewResponse {
  return {
    change: {
      scope: {
        version: null,
        components: [],
        files: [
          {
            filename: 'tidb.toml',
            config_type: 'tidb',
            all_parameters: [{ name: 'log.level', value: 'warn' }],
            modified_parameters: [
              {
                name: 'log.level',
                action: 'set',
                from: null,
                to: 'warn',
                type: 'string',
                apply_policy: 'HotReload',
                risk_level: 'low',
              },
            ],
          },
        ],
        clear_custom_params: [],
      },
      // Deliberately not in choice order: the dialog orders them (spec §9).
      apply_policies: [
        { policy: 'EnsureUpdateToTC', allowed: true, reason: null },
        { policy: 'HotReload', allowed: false, reason: 'image and version changes need a rolling restart' },
        { policy: 'RollingRestart', allowed: true, reason: null },
      ],
      default_policy: 'RollingRestart',
      ...overrides,
    },
  };
}
