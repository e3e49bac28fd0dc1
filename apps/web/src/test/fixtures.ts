import { ROLE_PRIVILEGES } from '@portal/contract';
import type {
  AuthConfig,
  Cluster,
  DashboardStats,
  Profile,
  Provider,
  ProviderDetail,
  Region,
  Tenant,
} from '@portal/contract';

/** Contract-typed API answers for tests. */
export const authConfig: AuthConfig = {
  issuer: 'http://localhost:3000/oidc',
  clientId: 'portal-web',
  authorizationEndpoint: 'http://localhost:3000/oidc/auth',
  endSessionEndpoint: 'http://localhost:3000/oidc/session/end',
};

export const operatorProfile: Profile = {
  email: 'olivia@example.com',
  name: 'Olivia Operator',
  roles: ['operator'],
  privileges: [...ROLE_PRIVILEGES.operator!],
};
export const adminProfile: Profile = {
  email: 'ada@example.com',
  name: 'Ada Admin',
  roles: ['admin'],
  privileges: [...ROLE_PRIVILEGES.admin!],
};
/** Reads only: actions that change something are disabled or hidden for it. */
export const viewerProfile: Profile = {
  email: 'vic@example.com',
  name: 'Vic Viewer',
  roles: ['viewer'],
  privileges: [...ROLE_PRIVILEGES.viewer!],
};

export function tenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: '1372813089189341184',
    name: 'Acme Corp',
    region: 'us-east-1',
    status: 'ACTIVE',
    email: 'ops@acme.test',
    org_tag: null,
    created_at: '2024-03-01T10:00:00.000Z',
    project_count: 2,
    cluster_count: 3,
    ...overrides,
  };
}

export function cluster(overrides: Partial<Cluster> = {}): Cluster {
  return {
    id: '10086',
    name: 'orders-prod',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    cluster_type: 'DEDICATED_TIDB',
    project_id: 'p-1',
    project_name: 'Default Project',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Corp',
    provider: 'AWS',
    region: 'us-east-1',
    version: 'v8.5.1',
    is_byoc: false,
    errmsg: null,
    created_at: '2024-04-01T10:00:00.000Z',
    ...overrides,
  };
}

export function region(overrides: Partial<Region> = {}): Region {
  return {
    id: 'r-1',
    provider_id: 'aws',
    region_code: 'us-east-1',
    display_name: 'US East (N. Virginia)',
    enabled: true,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function provider(overrides: Partial<Provider> = {}): Provider {
  return {
    id: 'aws',
    name: 'AWS',
    display_name: 'Amazon Web Services',
    enabled: true,
    region_count: 1,
    cluster_count: 4,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function providerDetail(overrides: Partial<ProviderDetail> = {}): ProviderDetail {
  return { ...provider(), regions: [region()], ...overrides };
}

export const dashboardStats: DashboardStats = {
  tenants: {
    total: 12,
    by_status: [
      { key: 'ACTIVE', count: 10 },
      { key: 'SUSPENDED', count: 2 },
    ],
  },
  projects: { total: 30 },
  clusters: {
    total: 41,
    by_status: [
      { key: 'USER_CLUSTER_STATUS_AVAILABLE', count: 38 },
      { key: 'USER_CLUSTER_STATUS_PAUSED', count: 3 },
    ],
    by_provider: [
      { key: 'AWS', count: 30 },
      { key: 'GCP', count: 11 },
    ],
    by_cluster_type: [{ key: 'DEDICATED_TIDB', count: 41 }],
  },
  generated_at: '2024-06-01T08:30:00.000Z',
};

/** An unsigned JWT with the given payload (the SPA only reads id tokens; the server verifies them). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.sig`;
}
