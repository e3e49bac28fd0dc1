import { ruleRegionLabel } from '@portal/contract';
import type { VersionRule } from '@portal/contract';
import { useListParams } from '../../../../shared/lib/useListParams';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { Text } from '../../../../shared/ui/Typography';
import { useVersionRules } from '../../api/versions';
import { ruleClusterVersionLabel } from './labels';

const columns: DataColumns<VersionRule> = [
  { title: 'Component', dataIndex: 'component', key: 'component', sorter: true },
  {
    title: 'Cloud Region',
    key: 'region',
    render: (_: never, rule) => ruleRegionLabel(rule),
  },
  {
    title: 'Cluster Version',
    dataIndex: 'cluster_version',
    key: 'cluster_version',
    render: (v: string | null) => ruleClusterVersionLabel(v),
  },
  {
    title: 'Default Component Version',
    dataIndex: 'version',
    key: 'version',
    render: (v: string) => <Text code>{v}</Text>,
  },
];

/**
 * The Default Version Rules table (spec §2 /version): which version of a component a new cluster gets, per cloud
 * region and cluster version ("Any …" when the rule does not restrict it). Read-only; 10 per page, in the URL.
 */
export function VersionRulesTable() {
  const list = useListParams({ sort: 'component' }, { prefix: 'rules_' });
  const { page, per_page, sort } = list.request;
  const query = useVersionRules({ page, per_page, sort: sort === '-component' ? '-component' : 'component' });
  return (
    <DataTable<VersionRule>
      aria-label="Default Version Rules"
      columns={columns}
      query={query}
      list={list}
      emptyText="No default version rules"
    />
  );
}
