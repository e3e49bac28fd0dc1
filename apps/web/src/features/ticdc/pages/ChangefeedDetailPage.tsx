import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import type { MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { canChangefeed, ticdcApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { OperationSubmitted } from '../../../shared/ui/OperationSubmitted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { CurrentConfigTab, ModificationHistoriesTab } from '../../configchange/lazy';
import { configchangeKeys } from '../../configchange';
import { ticdcClusterPath, useChangefeed, useRestartChangefeed } from '../api';
import { Text } from '../../../shared/ui/Typography';
import { ActionsMenu } from '../../../shared/ui/ActionsMenu';

/** /orgs/:orgId/clusters/:clusterId/changefeeds/:changefeedId */
export function ChangefeedDetailPage() {
  const id = useParams().changefeedId ?? '';
  const { data: changefeed, isLoading, error, refetch } = useChangefeed(id);
  const restart = useRestartChangefeed(id);
  const [operationId, setOperationId] = useState<string | null>(null);
  const client = useQueryClient();
  const can = useCan();
  const statuses = changefeed ? `${changefeed.status}/${changefeed.ticdc_cluster.status}` : null;
  // Whether its configuration can change follows its (and its TiCDC cluster's) status.
  useEffect(() => {
    if (statuses) void client.invalidateQueries({ queryKey: configchangeKeys.clusterConfig('CHANGEFEED', id) });
  }, [client, id, statuses]);

  const items: MenuProps['items'] = changefeed
    ? [
        {
          key: 'restart',
          label: 'Restart Changefeed',
          disabled: !canChangefeed('restart', changefeed.status) || !can(ticdcApi.restartChangefeed),
        },
      ]
    : [];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'restart' || !changefeed) return;
    confirmAction({
      title: `Restart changefeed ${changefeed.display_name}?`,
      content: 'It resumes from its last checkpoint.',
      okText: 'Restart',
      danger: true,
      onOk: () =>
        restart
          .mutateAsync({})
          .then((out) => setOperationId(out.instance_id))
          .catch(() => undefined),
    });
  };

  return (
    <DetailLayout
      title={changefeed ? `Changefeed: ${changefeed.display_name}` : `Changefeed ${id}`}
      tags={changefeed ? <StatusTag status={changefeed.status} /> : null}
      loading={isLoading}
      error={changefeed ? undefined : error}
      onRetry={() => void refetch()}
      extra={changefeed ? <ActionsMenu items={items} onClick={onClick} /> : null}
      descriptions={
        changefeed && [
          { key: 'id', label: 'ID', children: <Text copyable>{changefeed.display_id}</Text> },
          { key: 'name', label: 'Name', children: changefeed.display_name },
          { key: 'status', label: 'Status', children: <StatusTag status={changefeed.status} /> },
          {
            key: 'destination',
            label: 'Destination',
            span: 2,
            children: (
              <span>
                <Text type="secondary">{changefeed.downstream_type}</Text>{' '}
                <Text code copyable>
                  {changefeed.destination}
                </Text>
              </span>
            ),
          },
          { key: 'created', label: 'Create Time', children: <DateText value={changefeed.created_at} withTime /> },
          {
            key: 'ticdc',
            label: 'TiCDC Cluster',
            children: (
              <span>
                <Link to={ticdcClusterPath(changefeed.tenant_id, changefeed.cluster_id, changefeed.ticdc_cluster.id)}>
                  {`${changefeed.ticdc_cluster.name} (${changefeed.ticdc_cluster.id})`}
                </Link>{' '}
                <StatusTag status={changefeed.ticdc_cluster.status} />
              </span>
            ),
          },
          {
            key: 'cluster',
            label: 'Upstream Cluster',
            children: <ClusterHoverCard clusterId={changefeed.cluster_id} tenantId={changefeed.tenant_id} />,
          },
          {
            key: 'internal',
            label: 'Internal ID',
            children: (
              <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {changefeed.id}
              </Text>
            ),
          },
        ]
      }
      tabs={
        changefeed
          ? [
              {
                key: 'config',
                label: 'Current Config',
                children: <CurrentConfigTab clusterType="CHANGEFEED" clusterId={changefeed.id} />,
              },
              {
                key: 'history',
                label: 'Modification Histories',
                children: <ModificationHistoriesTab targetId={changefeed.id} clusterType="CHANGEFEED" />,
              },
              { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="change" instanceId={changefeed.id} /> },
            ]
          : undefined
      }
    >
      {operationId ? <OperationSubmitted operationId={operationId} /> : null}
      {changefeed?.error ? (
        <Alert type="error" showIcon title="Changefeed error" description={changefeed.error} />
      ) : null}
      {changefeed && error ? (
        <Alert type="warning" showIcon title="Refreshing the changefeed failed; showing the last known state." />
      ) : null}
    </DetailLayout>
  );
}
