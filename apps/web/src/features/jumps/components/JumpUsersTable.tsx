import type { JumpserverUser, JumpUserListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useJumpUsers } from '../api';

const columns: DataColumns<JumpserverUser> = [
  {
    title: 'Username',
    dataIndex: 'username',
    key: 'username',
    sorter: true,
    render: (username: string) => <Text code>{username}</Text>,
  },
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Email', dataIndex: 'email', key: 'email' },
  {
    title: 'State',
    dataIndex: 'is_active',
    key: 'is_active',
    render: (active: boolean) => <EnabledTag enabled={active} />,
  },
];

const STATES = [
  { value: 'true' as const, label: 'Enabled' },
  { value: 'false' as const, label: 'Disabled' },
];

/** The jump server's user accounts (spec §7 "jumpserver users"): whom access is granted to. */
export function JumpUsersTable() {
  const list = useListParams({ search: '', is_active: '', sort: 'username' }, { prefix: 'users_' });
  const { search, is_active, ...paging } = list.request;
  const query = useJumpUsers({
    ...paging,
    sort: paging.sort as JumpUserListQuery['sort'],
    search: search || undefined,
    is_active: is_active === 'true' || is_active === 'false' ? is_active : undefined,
  });
  const filtered = Boolean(list.filters.search || list.filters.is_active);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by username, name or email"
        />
        <SelectFilter
          label="State"
          width={140}
          value={
            list.filters.is_active === 'true' || list.filters.is_active === 'false' ? list.filters.is_active : undefined
          }
          options={STATES}
          onChange={(value) => list.setFilters({ is_active: value ?? '' })}
        />
      </ListToolbar>
      <DataTable<JumpserverUser>
        aria-label="Jumpserver users"
        rowKey="username"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No jumpserver users match these filters' : 'No jumpserver users'}
      />
    </>
  );
}
