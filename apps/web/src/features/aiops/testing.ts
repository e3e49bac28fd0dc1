import type { AiopsEvidence, AiopsIssue, AiopsReport } from '@portal/contract';

/** Test fixtures of the AIOps area (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/aiops';

export function issue(overrides: Partial<AiopsIssue> = {}): AiopsIssue {
  return {
    key: 'AIOPS-1042',
    rule: 'tidb_cpu_saturation',
    rule_name: 'TiDB CPU saturation',
    metric: 'component_cpu_usage_ratio',
    severity: 'critical',
    status: 'open',
    cluster_id: '10086',
    cluster_name: 'orders-prod',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Corp',
    summary: 'mean 0.96 over 10 min, above the threshold 0.9',
    first_seen: '2024-06-01T09:58:00.000Z',
    last_seen: '2024-06-01T10:43:00.000Z',
    firing: true,
    peak_value: 0.9712,
    reference_value: 0.9,
    occurrences: 10,
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
    created_at: '2024-06-01T09:58:00.000Z',
    updated_at: '2024-06-01T10:43:00.000Z',
    ...overrides,
  };
}

const T0 = Date.parse('2024-06-01T08:00:00Z');

export function evidence(overrides: Partial<AiopsEvidence> = {}): AiopsEvidence {
  return {
    issue_key: 'AIOPS-1042',
    metric: 'component_cpu_usage_ratio',
    unit: 'ratio',
    query: 'max by (cluster_id) (component_cpu_usage_ratio{component="tidb", cluster_id="10086"})',
    playground_path: '/playground?query=max&range=4h&step=5m&end=2024-06-01T11%3A43%3A00.000Z',
    start: '2024-06-01T08:00:00.000Z',
    end: '2024-06-01T08:10:00.000Z',
    step_seconds: 300,
    x: [T0, T0 + 300_000, T0 + 600_000],
    series: [{ name: 'orders-prod', values: [0.5, 0.95, null] }],
    threshold: 0.9,
    ...overrides,
  };
}

export function report(overrides: Partial<AiopsReport> = {}): AiopsReport {
  return {
    id: 'daily-2024-06-01',
    kind: 'daily',
    day: '2024-06-01',
    period_start: '2024-06-01T00:00:00.000Z',
    period_end: '2024-06-02T00:00:00.000Z',
    generated_at: '2024-06-02T00:05:00.000Z',
    total: 4,
    new: 3,
    resolved: 1,
    critical: 2,
    by_severity: [
      { key: 'critical', label: 'Critical', count: 2 },
      { key: 'warning', label: 'Warning', count: 1 },
      { key: 'info', label: 'Info', count: 1 },
    ],
    by_rule: [{ key: 'tidb_cpu_saturation', label: 'TiDB CPU saturation', count: 4 }],
    by_status: [
      { key: 'open', label: 'Open', count: 2 },
      { key: 'acknowledged', label: 'Acknowledged', count: 1 },
      { key: 'resolved', label: 'Resolved', count: 1 },
    ],
    top_clusters: [
      {
        cluster_id: '10086',
        cluster_name: 'orders-prod',
        tenant_id: '1372813089189341184',
        tenant_name: 'Acme Corp',
        issues: 3,
        critical: 2,
      },
    ],
    trend: [
      { day: '2024-05-31', new: 1, resolved: 0 },
      { day: '2024-06-01', new: 3, resolved: 1 },
    ],
    new_issues: [
      {
        key: 'AIOPS-1042',
        rule: 'tidb_cpu_saturation',
        severity: 'critical',
        status: 'open',
        cluster_id: '10086',
        cluster_name: 'orders-prod',
        first_seen: '2024-06-01T09:58:00.000Z',
      },
    ],
    ...overrides,
  };
}
