import { Tag } from 'antd';
import { Link } from 'react-router';
import type { IamUser, IamUserListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useIamUsers } from '../api';
import { groupPath, rolePath, userPath } from '../lib/paths';

/** Portal users as IAM sees them: own and bound roles, groups, and how many privileges they end up with. */
export function UsersTab() {
  const list = useListParams({ search: '', group: '' });
  const { search, group, ...rest } = list.request;
  const query = useIamUsers({
    ...rest,
    sort: rest.sort as IamUserListQuery['sort'],
    search: search || undefined,
    group: group || undefined,
  });
  const columns: DataColumns<IamUser> = [
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      render: (email: string) => <Link to={userPath(email)}>{email}</Link>,
    },
    { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
    {
      title: 'Roles',
      key: 'roles',
      render: (_: never, u) => (
        <span>
          {u.roles.map((r) => (
            <Tag key={r} color="geekblue">
              <Link to={rolePath(r)}>{r}</Link>
            </Tag>
          ))}
          {u.bound_roles
            .filter((r) => !u.roles.includes(r))
            .map((r) => (
              <Tag key={`b-${r}`} title="Bound to the user or one of their groups">
                <Link to={rolePath(r)}>{r}</Link> (bound)
              </Tag>
            ))}
          {!u.roles.length && !u.bound_roles.length ? <Text type="secondary">-</Text> : null}
        </span>
      ),
    },
    {
      title: 'Groups',
      dataIndex: 'groups',
      key: 'groups',
      render: (groups: string[]) =>
        groups.length ? (
          groups.map((g) => (
            <Tag key={g}>
              <Link to={groupPath(g)}>{g}</Link>
            </Tag>
          ))
        ) : (
          <Text type="secondary">-</Text>
        ),
    },
    {
      title: 'Privileges',
      dataIndex: 'privileges',
      key: 'privileges',
      align: 'right',
      render: (ps: string[]) => ps.length,
    },
    {
      title: 'Status',
      dataIndex: 'disabled',
      key: 'disabled',
      render: (disabled: boolean) => (disabled ? <Tag>Disabled</Tag> : <Tag color="success">Enabled</Tag>),
    },
  ];
  const filtered = Boolean(list.filters.search || list.filters.group);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by email or name"
        />
        {list.filters.group ? (
          <Tag closable onClose={() => list.setFilters({ group: '' })}>
            Group: {list.filters.group}
          </Tag>
        ) : null}
      </ListToolbar>
      <DataTable<IamUser>
        aria-label="Users"
        columns={columns}
        query={query}
        list={list}
        rowKey="email"
        emptyText={filtered ? 'No user matches' : 'No users yet'}
      />
    </>
  );
}
