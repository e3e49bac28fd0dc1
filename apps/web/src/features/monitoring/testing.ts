import type {
  Certificate,
  CertificateRegion,
  ComponentDiffReport,
  ComponentDiffRow,
  O11yCluster,
  O11yClusterDetail,
} from '@portal/contract';

/** Contract-typed answers of the monitoring routes, for the area's tests. */

export const P = '/api/v1/devops/monitoring';
export const REGIONS = `${P}/certificate/regions`;
export const REPORTS = `${P}/component-diff/reports`;
export const O11Y = `${P}/o11y/clusters`;

export function certificateRegion(overrides: Partial<CertificateRegion> = {}): CertificateRegion {
  return {
    region_id: 'aws.us-east-1',
    provider: 'AWS',
    region: 'us-east-1',
    display_name: 'N. Virginia (us-east-1)',
    enabled: true,
    total: 8,
    valid: 6,
    expiring: 2,
    expired: 0,
    next_expiry: '2026-11-30T12:00:00.000Z',
    o11y_cluster: 'o11y-aws-us-east-1',
    ...overrides,
  };
}

export function certificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: '1',
    region_id: 'aws.us-east-1',
    provider: 'AWS',
    region: 'us-east-1',
    component: 'SQL_GATEWAY',
    name: 'sql-gateway-tls',
    subject: 'CN=*.us-east-1.aws.dbaas.example.com, O=Example DBaaS Inc., C=US',
    issuer: 'CN=Amazon RSA 2048 M02, O=Amazon, C=US',
    serial_number: '0A:1B',
    dns_names: ['*.us-east-1.aws.dbaas.example.com', 'us-east-1.aws.dbaas.example.com'],
    key_algorithm: 'RSA 2048',
    fingerprint_sha256: 'AB:CD',
    not_before: '2026-01-01T12:00:00.000Z',
    not_after: '2027-01-31T12:00:00.000Z',
    days_left: 67,
    status: 'valid',
    ...overrides,
  };
}

export function report(overrides: Partial<ComponentDiffReport> = {}): ComponentDiffReport {
  return {
    id: '3',
    status: 'completed',
    scope: { provider: null, tenant_id: null, tenant_name: null },
    note: 'Weekly fleet drift check',
    requested_by: 'operator@example.com',
    clusters_scanned: 412,
    components_scanned: 1390,
    clusters_with_diff: 120,
    diff_rows: 150,
    version_diffs: 90,
    image_diffs: 110,
    reason: null,
    cancelled_by: null,
    created_at: '2026-10-30T09:00:00.000Z',
    started_at: '2026-10-30T09:00:02.000Z',
    finished_at: '2026-10-30T09:00:30.000Z',
    ...overrides,
  };
}

export function diffRow(overrides: Partial<ComponentDiffRow> = {}): ComponentDiffRow {
  return {
    id: '71',
    cluster_id: '1034298374651830001',
    cluster_name: 'production-orders',
    cluster_type: 'DEDICATED_TIDB',
    cluster_version: 'v8.1.1',
    tenant_id: '1372813090000000001',
    tenant_name: 'Northwind Traders',
    provider: 'AWS',
    region: 'us-west-2',
    component: 'TIKV',
    difference: 'version_and_image',
    expected_version: 'v8.1.2',
    expected_version_source: 'rule',
    actual_version: 'v8.1.1',
    base_image: 'pingcap/tikv',
    expected_image_tag: 'v8.1.2',
    expected_image_source: 'released',
    actual_image_tag: 'v8.1.1-20240301-a1b2c3d',
    ...overrides,
  };
}

export function o11yCluster(overrides: Partial<O11yCluster> = {}): O11yCluster {
  return {
    name: 'o11y-aws-us-east-1',
    provider: 'AWS',
    region_id: 'aws.us-east-1',
    region: 'us-east-1',
    endpoint: 'https://o11y.us-east-1.aws.dbaas.example.com',
    version: 'v1.106.1',
    health: 'healthy',
    health_message: null,
    ingestion_rate: 185_400,
    active_series: 2_781_000,
    retention_days: 30,
    storage_used_gib: 561,
    storage_capacity_gib: 4096,
    covered_clusters: 67,
    covered_tenants: 21,
    checked_at: '2026-11-24T10:00:00.000Z',
    created_at: '2024-06-01T00:00:00.000Z',
    ...overrides,
  };
}

export function o11yDetail(overrides: Partial<O11yClusterDetail> = {}): O11yClusterDetail {
  return {
    ...o11yCluster(),
    components: [
      { name: 'vmagent', version: 'v1.106.1', replicas: 2, ready: 2 },
      { name: 'vmstorage', version: 'v1.106.1', replicas: 3, ready: 2 },
    ],
    ...overrides,
  };
}
