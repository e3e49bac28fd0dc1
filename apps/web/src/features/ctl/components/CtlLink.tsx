import { Button } from 'antd';
import { CodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ClusterSlotProps } from '../../../shared/lib/feature';

/** The cluster page's link to the cluster's control command page. */
export function CtlLink({ cluster }: ClusterSlotProps) {
  return (
    <Link to={`/orgs/${encodeURIComponent(cluster.tenant_id)}/clusters/${encodeURIComponent(cluster.id)}/ctl`}>
      <Button icon={<CodeOutlined />}>Ctl</Button>
    </Link>
  );
}
