import { Tag } from 'antd';
import { Link } from 'react-router';
import type { IamRole, IamRoleListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useIamRoles } from '../api';
import { rolePath } from '../lib/paths';

/** The roles (those of RBAC): what each grants, who holds it and how often it is bound. */
export function RolesTab() {
  const list = useListParams({ search: '' });
  const { search, ...rest } = list.request;
  const query = useIamRoles({ ...rest, sort: rest.sort as IamRoleListQuery['sort'], search: search || undefined });
  const columns: DataColumns<IamRole> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, r) => (
        <>
          <Link to={rolePath(name)}>{name}</Link>
          {r.builtin ? <Tag style={{ marginLeft: 8 }}>Built-in</Tag> : null}
        </>
      ),
    },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 360, ellipsis: true },
    {
      title: 'Privileges',
      dataIndex: 'privileges',
      key: 'privileges',
      align: 'right',
      render: (ps: string[]) => ps.length,
    },
    { title: 'Users', dataIndex: 'users', key: 'users', align: 'right' },
    { title: 'Bindings', dataIndex: 'bindings', key: 'bindings', align: 'right' },
  ];
  return (
    <>
      <ListToolbar
        filtered={Boolean(list.filters.search)}
        onReset={list.reset}
        onReload={query.refetch}
        reloading={query.isFetching}
      >
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by name"
        />
      </ListToolbar>
      <DataTable<IamRole>
        aria-label="Roles"
        columns={columns}
        query={query}
        list={list}
        rowKey="name"
        emptyText={list.filters.search ? 'No role matches' : 'No roles'}
      />
    </>
  );
}
