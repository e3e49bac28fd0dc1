import { useState } from 'react';
import { Button, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { tenantsApi } from '@portal/contract';
import type { VpcCidr } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';
import { useVpcCidrs } from '../tenantOps';

const VpcCidrDialog = lazyDialog(() => import('../components/VpcCidrDialog').then((m) => m.VpcCidrDialog));

type Editing = { region?: string } | null;

/** The tenant's VPC CIDRs, one per region (spec §7 tenants vpc cidr); admins set them. */
export function NetworkTab({ tenantId }: { tenantId: string }) {
  const can = useCan();
  const query = useVpcCidrs(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const canSet = can(tenantsApi.setVpcCidr);
  const home = query.data?.home_region;
  const columns: DataColumns<VpcCidr> = [
    {
      title: 'Region',
      dataIndex: 'region',
      key: 'region',
      render: (region: string) => (
        <span>
          {region} {region === home ? <Tag>home</Tag> : null}
        </span>
      ),
    },
    { title: 'VPC CIDR', dataIndex: 'cidr', key: 'cidr', render: (cidr: string) => <Text code>{cidr}</Text> },
    { title: 'Updated By', dataIndex: 'updated_by', key: 'updated_by' },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      key: 'updated_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
    ...(canSet
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: VpcCidr) => (
              <Button
                size="small"
                type="link"
                icon={<EditOutlined />}
                aria-label={`Edit the CIDR of ${row.region}`}
                onClick={() => setEditing({ region: row.region })}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <div className="toolbar" style={{ justifyContent: 'space-between' }}>
        <span>
          Private IPv4 ranges (/16 to /24) of the tenant&apos;s VPCs; they may not overlap.
          {home ? ` Home region: ${home}.` : null}
        </span>
        {canSet ? (
          <Button icon={<PlusOutlined />} onPointerEnter={VpcCidrDialog.preload} onClick={() => setEditing({})}>
            Set VPC CIDR
          </Button>
        ) : null}
      </div>
      <DataTable<VpcCidr>
        aria-label="VPC CIDRs"
        rowKey="region"
        columns={columns}
        data={query.data ? { items: query.data.items, total: query.data.items.length } : undefined}
        loading={query.isLoading}
        emptyText="No VPC CIDR set"
      />
      {query.data ? (
        <VpcCidrDialog
          open={editing !== null}
          tenantId={tenantId}
          homeRegion={query.data.home_region}
          region={editing?.region}
          current={query.data.items.find((i) => i.region === (editing?.region ?? query.data.home_region))?.cidr}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
