import { Col, Row, Skeleton, Statistic } from 'antd';
import { displayClusterStatus } from '@portal/contract';
import type { DataResource } from '@portal/contract';
import { BarChart } from '../../../shared/ui/BarChart';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Panel } from '../../../shared/ui/Panel';

export interface DataResourceViewProps {
  data: DataResource | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  /** Hide the project count (a project's own resources). */
  hideProjects?: boolean;
}

/** What a tenant or project holds: counts, storage, clusters by status and provider. */
export function DataResourceView({ data, loading, error, onRetry, hideProjects }: DataResourceViewProps) {
  if (error && !data) return <ErrorState compact error={error} onRetry={onRetry} />;
  if (loading || !data) return <Skeleton active />;
  const stats = [
    ...(hideProjects ? [] : [{ title: 'Projects', value: data.project_count }]),
    { title: 'Clusters', value: data.cluster_count },
    { title: 'Nodes', value: data.node_count },
    { title: 'Storage (GiB)', value: data.storage_gib },
  ];
  return (
    <Row gutter={[12, 12]}>
      {stats.map((s) => (
        <Col key={s.title} xs={12} md={24 / stats.length}>
          <Panel>
            <Statistic title={s.title} value={s.value} />
          </Panel>
        </Col>
      ))}
      <Col xs={24} lg={12}>
        <Panel title="Clusters by status">
          <BarChart
            title="Clusters by status"
            data={data.clusters_by_status.map((r) => ({ label: displayClusterStatus(r.status), value: r.count }))}
            emptyText="No clusters"
          />
        </Panel>
      </Col>
      <Col xs={24} lg={12}>
        <Panel title="Clusters by provider">
          <BarChart
            title="Clusters by provider"
            color="#13a8a8"
            data={data.clusters_by_provider.map((r) => ({ label: r.provider, value: r.count }))}
            emptyText="No clusters"
          />
        </Panel>
      </Col>
    </Row>
  );
}
