import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { canTicdc } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { OperationSubmitted } from '../../../shared/ui/OperationSubmitted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { CurrentConfigTab, ImageModification, ModificationHistoriesTab } from '../../configchange/lazy';
import { configchangeKeys } from '../../configchange';
import { useTicdcAction, useTicdcCluster } from '../api';
import { TicdcActions } from '../components/TicdcActions';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';

// The Changefeeds and Audit Logs tabs are not the first one shown: their code loads when one is opened.
const ChangefeedTable = lazy(() =>
  import('../components/ClusterTicdcTab').then((m) => ({ default: m.ChangefeedTable })),
);
const AuditLogTab = lazy(() => import('../../../shared/ui/AuditLogTab').then((m) => ({ default: m.AuditLogTab })));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>{tab}</Suspense>;

/** Spec §8, verbatim. */
export const IMAGE_CHANGE_SUCCESS = 'Successfully Change the images';

/** /orgs/:orgId/clusters/:clusterId/ticdc_clusters/:ticdcClusterId */
export function TicdcClusterDetailPage() {
  const params = useParams();
  const id = params.ticdcClusterId ?? '';
  const { data: ticdc, isLoading, error, refetch } = useTicdcCluster(id);
  const imageAction = useTicdcAction(id);
  const [operationId, setOperationId] = useState<string | null>(null);
  const [imageFormOpen, setImageFormOpen] = useState(false);
  const client = useQueryClient();
  const status = ticdc?.status;
  // Whether its configuration can change follows its status: re-read it when the status moves.
  useEffect(() => {
    if (status) void client.invalidateQueries({ queryKey: configchangeKeys.clusterConfig('TICDC', id) });
  }, [client, id, status]);

  return (
    <DetailLayout
      title={ticdc ? `TiCDC Cluster: ${ticdc.name}` : `TiCDC Cluster ${id}`}
      tags={ticdc ? <StatusTag status={ticdc.status} /> : null}
      loading={isLoading}
      error={ticdc ? undefined : error}
      onRetry={() => void refetch()}
      extra={
        ticdc ? (
          <TicdcActions ticdc={ticdc} onStarted={setOperationId} onModifyImage={() => setImageFormOpen(true)} />
        ) : null
      }
      descriptions={
        ticdc && [
          { key: 'id', label: 'ID', children: <Text copyable>{ticdc.id}</Text> },
          { key: 'name', label: 'Name', children: ticdc.name },
          { key: 'status', label: 'Status', children: <StatusTag status={ticdc.status} /> },
          { key: 'version', label: 'Version', children: ticdc.version },
          { key: 'created', label: 'Create Time', children: <DateText value={ticdc.created_at} withTime /> },
          { key: 'deploy', label: 'Deploy Type', children: ticdc.deploy_type },
          { key: 'spec', label: 'Specification', children: ticdc.specification },
          { key: 'region', label: 'Region', children: ticdc.region },
          { key: 'provider', label: 'Provider', children: ticdc.provider },
          { key: 'arch', label: 'Control Plane Arch', children: ticdc.control_plane_arch },
          { key: 'operator', label: 'Operator Version', children: ticdc.operator_version },
          {
            key: 'upstream',
            label: 'Upstream Cluster',
            children: (
              <span>
                <ClusterHoverCard clusterId={ticdc.upstream_cluster.id} tenantId={ticdc.tenant_id}>
                  {`${ticdc.upstream_cluster.name} (${ticdc.upstream_cluster.id})`}
                </ClusterHoverCard>{' '}
                <Text type="secondary">{ticdc.upstream_cluster.version}</Text>
              </span>
            ),
          },
          { key: 'changefeeds', label: 'Changefeeds', children: ticdc.changefeed_count },
        ]
      }
      tabs={
        ticdc
          ? [
              // Its changefeeds first: what a TiCDC cluster is for; the configuration editor loads when its tab opens.
              {
                key: 'changefeeds',
                label: 'Changefeeds',
                children: later(<ChangefeedTable ticdcClusterId={ticdc.id} prefix="cf_" />),
              },
              {
                key: 'config',
                label: 'Current Config',
                // Its image changes through the "Modify the Image" action above, not as part of a config change.
                children: <CurrentConfigTab clusterType="TICDC" clusterId={ticdc.id} imageEditor={false} />,
              },
              {
                key: 'history',
                label: 'Modification Histories',
                children: <ModificationHistoriesTab targetId={ticdc.id} clusterType="TICDC" />,
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: later(<AuditLogTab type="change" instanceId={ticdc.id} />),
              },
            ]
          : undefined
      }
    >
      {operationId ? <OperationSubmitted operationId={operationId} /> : null}
      {ticdc && error ? (
        <Alert type="warning" showIcon title="Refreshing the TiCDC cluster failed; showing the last known state." />
      ) : null}
      {ticdc ? (
        <Panel>
          <ImageModification
            title="Image"
            components={ticdc.components}
            disabled={!canTicdc('modify_image', ticdc.status)}
            disabledReason={`The image cannot be modified while the TiCDC cluster is ${ticdc.status}`}
            open={imageFormOpen}
            onOpenChange={setImageFormOpen}
            onSubmit={async (changes) => {
              const out = await imageAction.mutateAsync({ action: 'modify_image', body: { components: changes } });
              feedback().message.success(IMAGE_CHANGE_SUCCESS);
              setOperationId(out.instance_id);
            }}
          />
        </Panel>
      ) : null}
    </DetailLayout>
  );
}
