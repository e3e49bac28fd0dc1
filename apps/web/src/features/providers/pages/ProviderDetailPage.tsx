import { useState } from 'react';
import { Button } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { providersApi } from '@portal/contract';
import type { Region } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { useProvider } from '../api';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';

const RegionFormModal = lazyDialog(() => import('../components/RegionFormModal').then((m) => m.RegionFormModal));

type Dialog = { mode: 'create' } | { mode: 'edit'; region: Region } | null;

/** /providers/:provider: the provider's facts and its regions; admins create and edit regions. */
export function ProviderDetailPage() {
  const providerId = useParams().provider ?? '';
  const { data: provider, isLoading, isFetching, error, refetch } = useProvider(providerId);
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns: DataColumns<Region> = [
    { title: 'Region Code', dataIndex: 'region_code', key: 'region_code' },
    { title: 'Display Name', dataIndex: 'display_name', key: 'display_name' },
    {
      title: 'Status',
      dataIndex: 'enabled',
      key: 'enabled',
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
    { title: 'Created At', dataIndex: 'created_at', key: 'created_at', render: (v: string) => <DateText value={v} /> },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      key: 'updated_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
    ...(can(providersApi.updateRegion)
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, region: Region) => (
              <Button
                size="small"
                type="link"
                icon={<EditOutlined />}
                aria-label={`Edit region ${region.region_code}`}
                onClick={() => setDialog({ mode: 'edit', region })}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DetailLayout
        title={provider?.display_name ?? providerId}
        tags={provider ? <EnabledTag enabled={provider.enabled} /> : null}
        extra={
          can(providersApi.createRegion) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
              Create region
            </Button>
          ) : null
        }
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        descriptions={
          provider && [
            { key: 'id', label: 'ID', children: <Text copyable>{provider.id}</Text> },
            { key: 'name', label: 'Name', children: provider.name },
            { key: 'display_name', label: 'Display Name', children: provider.display_name },
            { key: 'enabled', label: 'Status', children: <EnabledTag enabled={provider.enabled} /> },
            { key: 'regions', label: 'Regions', children: provider.region_count },
            { key: 'clusters', label: 'Clusters', children: provider.cluster_count },
            { key: 'created', label: 'Created At', children: <DateText value={provider.created_at} withTime /> },
          ]
        }
        tabs={[
          {
            key: 'regions',
            label: 'Regions',
            children: (
              <DataTable<Region>
                aria-label="Regions"
                columns={columns}
                data={provider ? { items: provider.regions, total: provider.regions.length } : undefined}
                loading={isFetching}
                emptyText="No regions yet"
              />
            ),
          },
          { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="provider" instanceId={providerId} /> },
        ]}
      />
      {dialog ? (
        <RegionFormModal
          open
          providerId={providerId}
          region={dialog.mode === 'edit' ? dialog.region : undefined}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
