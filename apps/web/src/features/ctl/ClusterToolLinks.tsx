import { Button } from 'antd';
import { BranchesOutlined, CodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/** Links from a cluster's page to its control command page and its gitops page. */
export function ClusterToolLinks({ tenantId, clusterId }: { tenantId: string; clusterId: string }) {
  const org = encodeURIComponent(tenantId);
  const id = encodeURIComponent(clusterId);
  return (
    <>
      <Link to={`/orgs/${org}/clusters/${id}/ctl`}>
        <Button icon={<CodeOutlined />}>Ctl</Button>
      </Link>
      <Link to={`/orgs/${org}/${id}/gitops`}>
        <Button icon={<BranchesOutlined />}>Gitops</Button>
      </Link>
    </>
  );
}
