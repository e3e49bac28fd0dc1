import { useParams } from 'react-router';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { useProject, useProjectDataResource } from '../api';
import { ClusterTable } from '../components/ClusterTable';
import { DataResourceView } from '../components/DataResourceView';
import { Text } from '../../../shared/ui/Typography';

/** /orgs/:orgId/projects/:projectId: the project's facts, its data resources and its clusters. */
export function ProjectDetailPage() {
  const params = useParams();
  const orgId = params.orgId ?? '';
  const projectId = params.projectId ?? '';
  const { data: project, isLoading, error, refetch } = useProject(orgId, projectId);
  const resources = useProjectDataResource(orgId, projectId);
  return (
    <DetailLayout
      title={project?.name ?? projectId}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      descriptions={
        project && [
          { key: 'id', label: 'ID', children: <Text copyable>{project.id}</Text> },
          { key: 'name', label: 'Name', children: project.name },
          { key: 'tenant', label: 'Tenant', children: <TenantHoverCard tenantId={project.tenant_id} /> },
          { key: 'region', label: 'Region', children: project.region },
          { key: 'clusters', label: 'Clusters', children: project.cluster_count },
          { key: 'created', label: 'Created At', children: <DateText value={project.created_at} withTime /> },
        ]
      }
      tabs={[
        { key: 'clusters', label: 'Clusters', children: <ClusterTable tenantId={orgId} projectId={projectId} /> },
        {
          key: 'data',
          label: 'Data Resources',
          children: (
            <DataResourceView
              hideProjects
              data={resources.data}
              loading={resources.isLoading}
              error={resources.error}
              onRetry={() => void resources.refetch()}
            />
          ),
        },
      ]}
    />
  );
}
