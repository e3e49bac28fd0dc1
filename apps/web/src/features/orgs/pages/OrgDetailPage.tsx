import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { useSlots } from '../../../shared/lib/slots';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { withContributedTabs } from '../../../shared/ui/SlotContent';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useTenant, useTenantDataResource } from '../api';
import { ClusterTable } from '../components/ClusterTable';
import { DataResourceView } from '../components/DataResourceView';
import { ProjectTable } from '../components/ProjectTable';
import { Text } from '../../../shared/ui/Typography';
import { useTenantOperations } from '../components/TenantOperations';

type TabProps = { tenantId: string };
/** A tab whose code loads when it is first shown. */
function lazyTab(load: () => Promise<ComponentType<TabProps>>) {
  const Tab = lazy(() => load().then((c) => ({ default: c })));
  return function LazyTab(props: TabProps) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Tab {...props} />
      </Suspense>
    );
  };
}
const AccountUsersTab = lazyTab(() => import('../tabs/AccountUsersTab').then((m) => m.AccountUsersTab));
const QuotaTab = lazyTab(() => import('../tabs/QuotaTab').then((m) => m.QuotaTab));
const NetworkTab = lazyTab(() => import('../tabs/NetworkTab').then((m) => m.NetworkTab));

function TenantDataResources({ tenantId }: { tenantId: string }) {
  const query = useTenantDataResource(tenantId);
  return (
    <DataResourceView
      data={query.data}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}

/**
 * /orgs/:orgId: the tenant's facts; tabs Projects, Clusters, Data Resources, Account Users, Quota, Network, Audit Logs
 * and any contributed; the Actions menu (support session, delete) and the banner of the caller's support session.
 */
export function OrgDetailPage() {
  const orgId = useParams().orgId ?? '';
  const { data: tenant, isLoading, error, refetch } = useTenant(orgId);
  const slots = useSlots();
  const ops = useTenantOperations(orgId, tenant);
  return (
    <DetailLayout
      title={tenant?.name ?? orgId}
      tags={tenant ? <StatusTag status={tenant.status} /> : null}
      extra={ops.actions}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      descriptions={
        tenant && [
          { key: 'id', label: 'ID', children: <Text copyable>{tenant.id}</Text> },
          { key: 'name', label: 'Name', children: tenant.name },
          { key: 'status', label: 'Status', children: <StatusTag status={tenant.status} /> },
          { key: 'region', label: 'Region', children: tenant.region },
          { key: 'email', label: 'Email', children: tenant.email },
          { key: 'tag', label: 'Org Tag', children: tenant.org_tag ?? '-' },
          { key: 'projects', label: 'Projects', children: tenant.project_count },
          { key: 'clusters', label: 'Clusters', children: tenant.cluster_count },
          { key: 'created', label: 'Created At', children: <DateText value={tenant.created_at} withTime /> },
        ]
      }
      // Other areas add theirs from their manifests (`tenantTabs`), placed by order among these.
      tabs={withContributedTabs(
        [
          { key: 'projects', label: 'Projects', order: 10, children: <ProjectTable tenantId={orgId} /> },
          { key: 'clusters', label: 'Clusters', order: 20, children: <ClusterTable tenantId={orgId} /> },
          { key: 'data', label: 'Data Resources', order: 30, children: <TenantDataResources tenantId={orgId} /> },
          { key: 'users', label: 'Account Users', order: 35, children: <AccountUsersTab tenantId={orgId} /> },
          { key: 'quota', label: 'Quota', order: 36, children: <QuotaTab tenantId={orgId} /> },
          { key: 'network', label: 'Network', order: 37, children: <NetworkTab tenantId={orgId} /> },
          {
            key: 'audit',
            label: 'Audit Logs',
            order: 90,
            children: <AuditLogTab type="tenant" instanceId={orgId} />,
          },
        ],
        slots.tenantTabs,
        tenant && { tenant },
      )}
    >
      {ops.banner}
    </DetailLayout>
  );
}
