import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import type { Project, ProjectListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useProjects } from '../api';

/** A tenant's projects, searchable and sortable. */
export function ProjectTable({ tenantId }: { tenantId: string }) {
  const list = useListParams({ search: '' }, { prefix: 'projects_' });
  const { search, ...rest } = list.request;
  const query = useProjects(tenantId, {
    ...rest,
    sort: rest.sort as ProjectListQuery['sort'],
    search: search || undefined,
  });
  const columns: DataColumns<Project> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => (
        <Link to={`/orgs/${encodeURIComponent(tenantId)}/projects/${encodeURIComponent(row.id)}`}>{name}</Link>
      ),
    },
    { title: 'Region', dataIndex: 'region', key: 'region' },
    { title: 'Clusters', dataIndex: 'cluster_count', key: 'cluster_count', align: 'right' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (value: string) => <DateText value={value} />,
    },
  ];
  return (
    <>
      <div className="toolbar">
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search projects by name"
        />
      </div>
      <DataTable<Project>
        aria-label="Projects"
        columns={columns}
        query={query}
        list={list}
        emptyText={list.filters.search ? 'No projects match this search' : 'No projects'}
      />
    </>
  );
}
