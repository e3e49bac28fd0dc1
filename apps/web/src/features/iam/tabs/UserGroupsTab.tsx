import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamUserGroup, UserGroupListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useUserGroups } from '../api';
import { groupPath, policyPath, rolePath } from '../lib/paths';

const GroupDialog = lazyDialog(() => import('../components/GroupDialog').then((m) => m.GroupDialog));

const tags = (names: string[], path: (n: string) => string, color?: string) =>
  names.length ? (
    names.map((n) => (
      <Tag key={n} color={color}>
        <Link to={path(n)}>{n}</Link>
      </Tag>
    ))
  ) : (
    <Text type="secondary">-</Text>
  );

/** User groups: their members and the roles and policies bound to them; Create opens the new group. */
export function UserGroupsTab() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const list = useListParams({ search: '' });
  const { search, ...rest } = list.request;
  const query = useUserGroups({
    ...rest,
    sort: rest.sort as UserGroupListQuery['sort'],
    search: search || undefined,
  });
  const columns: DataColumns<IamUserGroup> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string) => <Link to={groupPath(name)}>{name}</Link>,
    },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 320, ellipsis: true },
    { title: 'Members', dataIndex: 'members', key: 'members', align: 'right' },
    { title: 'Roles', dataIndex: 'roles', key: 'roles', render: (r: string[]) => tags(r, rolePath, 'geekblue') },
    {
      title: 'Policies',
      dataIndex: 'policies',
      key: 'policies',
      render: (p: string[]) => tags(p, policyPath, 'purple'),
    },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
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
          placeholder="Search by name or description"
        />
        <span style={{ flex: 1 }} />
        {can(iamApi.createUserGroup) ? (
          <Button type="primary" onPointerEnter={GroupDialog.preload} onClick={() => setCreating(true)}>
            Create User Group
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<IamUserGroup>
        aria-label="User groups"
        columns={columns}
        query={query}
        list={list}
        rowKey="name"
        emptyText={list.filters.search ? 'No user group matches' : 'No user groups yet'}
      />
      <GroupDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
