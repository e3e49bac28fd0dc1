import { Tag } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_CONFIG_PHASE_COLORS } from '@portal/contract';
import type { DefaultConfigChange } from '@portal/contract';
import { useListParams } from '../../../../shared/lib/useListParams';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { DateText } from '../../../../shared/ui/Formatted';
import { useVersionChanges } from '../../api/versions';

export const versionModifyPath = (changeId: string) => `/version/modify/${encodeURIComponent(changeId)}`;

const columns: DataColumns<DefaultConfigChange> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={versionModifyPath(id)}>{id}</Link>,
  },
  { title: 'Applicant', dataIndex: 'applicant', key: 'applicant' },
  { title: 'Reason', dataIndex: 'reason', key: 'reason', ellipsis: true, width: 320 },
  {
    title: 'Phase',
    dataIndex: 'phase',
    key: 'phase',
    render: (phase: DefaultConfigChange['phase']) => <Tag color={DEFAULT_CONFIG_PHASE_COLORS[phase]}>{phase}</Tag>,
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/** The version changes New TiDB Version created, newest first (10 per page, in the URL), each linking to its page. */
export function VersionChangesTable() {
  const list = useListParams({ sort: '-created_at' }, { prefix: 'changes_' });
  const { page, per_page, sort } = list.request;
  const query = useVersionChanges({ page, per_page, sort: sort === 'created_at' ? 'created_at' : '-created_at' });
  return (
    <DataTable<DefaultConfigChange>
      aria-label="Version changes"
      columns={columns}
      query={query}
      list={list}
      emptyText="No version changes yet"
    />
  );
}
