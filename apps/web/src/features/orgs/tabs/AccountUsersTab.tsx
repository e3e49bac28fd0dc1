import { Tag } from 'antd';
import type { AccountUser, AccountUserListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useAccountUsers } from '../tenantOps';

const ROLE_COLOURS: Record<AccountUser['role'], string> = { Owner: 'gold', Member: 'blue', Billing: 'purple' };

const columns: DataColumns<AccountUser> = [
  { title: 'Email', dataIndex: 'email', key: 'email', sorter: true },
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
  {
    title: 'Role',
    dataIndex: 'role',
    key: 'role',
    render: (role: AccountUser['role']) => <Tag color={ROLE_COLOURS[role]}>{role}</Tag>,
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} />,
  },
];

/** The tenant's own account users (spec §7 tenants accountusers): searchable by email or name, sortable, paged. */
export function AccountUsersTab({ tenantId }: { tenantId: string }) {
  const list = useListParams({ search: '', sort: 'email' }, { prefix: 'users_' });
  const { search, ...rest } = list.request;
  const query = useAccountUsers(tenantId, {
    ...rest,
    sort: rest.sort as AccountUserListQuery['sort'],
    search: search || undefined,
  });
  return (
    <>
      <div className="toolbar">
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search account users by email or name"
        />
      </div>
      <DataTable<AccountUser>
        aria-label="Account users"
        columns={columns}
        query={query}
        list={list}
        emptyText={list.filters.search ? 'No account users match this search' : 'No account users'}
      />
    </>
  );
}
