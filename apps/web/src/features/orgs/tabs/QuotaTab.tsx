import { useState } from 'react';
import { Button, Descriptions, Skeleton, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { tenantsApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';
import { useQuota } from '../tenantOps';

const QuotaDialog = lazyDialog(() => import('../components/QuotaDialog').then((m) => m.QuotaDialog));

/** "3 of 20 in use", in red with "over quota" when the tenant uses more than its limit. */
function Usage({ used, max, unit = '' }: { used: number; max: number; unit?: string }) {
  const text = `${used} of ${max}${unit} in use`;
  return used > max ? <Text type="danger">{`${text}: over quota`}</Text> : <span>{text}</span>;
}

/** The tenant's quota (spec §7 tenants quota): limits, what it uses now, who set them; admins edit them. */
export function QuotaTab({ tenantId }: { tenantId: string }) {
  const can = useCan();
  const query = useQuota(tenantId);
  const [editing, setEditing] = useState(false);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (query.error || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const q = query.data;
  return (
    <>
      <div className="toolbar" style={{ justifyContent: 'space-between' }}>
        <span>
          {q.is_default ? <Tag>Platform default</Tag> : <Tag color="blue">Set for this tenant</Tag>}
          {q.updated_by ? (
            <span>
              by {q.updated_by} on <DateText value={q.updated_at} withTime />
            </span>
          ) : null}
        </span>
        {can(tenantsApi.setQuota) ? (
          <Button icon={<EditOutlined />} onPointerEnter={QuotaDialog.preload} onClick={() => setEditing(true)}>
            Edit quota
          </Button>
        ) : null}
      </div>
      <section aria-label="Quota limits">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'clusters',
              label: 'Max clusters',
              children: (
                <span>
                  {q.max_clusters} (<Usage used={q.used_clusters} max={q.max_clusters} />)
                </span>
              ),
            },
            { key: 'nodes', label: 'Max nodes per cluster', children: q.max_nodes_per_cluster },
            {
              key: 'storage',
              label: 'Max storage (TB)',
              children: (
                <span>
                  {q.max_storage_tb} (<Usage used={q.used_storage_tb} max={q.max_storage_tb} unit=" TB" />)
                </span>
              ),
            },
          ]}
        />
      </section>
      <QuotaDialog open={editing} tenantId={tenantId} quota={q} onClose={() => setEditing(false)} />
    </>
  );
}
