import { Button } from 'antd';
import { BranchesOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ClusterSlotProps } from '../../../shared/lib/feature';

/** The cluster page's link to the cluster's gitops page. */
export function GitopsLink({ cluster }: ClusterSlotProps) {
  return (
    <Link to={`/orgs/${encodeURIComponent(cluster.tenant_id)}/${encodeURIComponent(cluster.id)}/gitops`}>
      <Button icon={<BranchesOutlined />}>Gitops</Button>
    </Link>
  );
}
