import { useState } from 'react';
import { Button } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { providersApi } from '@portal/contract';
import type { Provider } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useProviders } from '../api';
import { Panel } from '../../../shared/ui/Panel';

const CreateProviderModal = lazyDialog(() =>
  import('../components/CreateProviderModal').then((m) => m.CreateProviderModal),
);

const columns: DataColumns<Provider> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={`/providers/${encodeURIComponent(id)}`}>{id}</Link>,
  },
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Display Name', dataIndex: 'display_name', key: 'display_name' },
  {
    title: 'Status',
    dataIndex: 'enabled',
    key: 'enabled',
    render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
  },
  { title: 'Regions', dataIndex: 'region_count', key: 'region_count', align: 'right' },
  { title: 'Clusters', dataIndex: 'cluster_count', key: 'cluster_count', align: 'right' },
  { title: 'Created At', dataIndex: 'created_at', key: 'created_at', render: (v: string) => <DateText value={v} /> },
];

/** /providers: cloud providers; admins can add one. */
export function ProviderListPage() {
  const query = useProviders();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Cloud Providers"
        description="Providers clusters can run on, and their regions."
        extra={
          can(providersApi.create) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Create provider
            </Button>
          ) : null
        }
      />
      <Panel>
        <DataTable<Provider> aria-label="Providers" columns={columns} query={query} emptyText="No providers yet" />
      </Panel>
      <CreateProviderModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
