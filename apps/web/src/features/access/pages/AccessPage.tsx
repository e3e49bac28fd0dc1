import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UserListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useRoleOptions, useUsers } from '../api';
import { SyncUsersButton } from '../components/SyncUsersButton';
import { UserTable } from '../components/UserTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Panel } from '../../../shared/ui/Panel';
import { SelectFilter } from '../../../shared/ui/SelectFilter';

const AddUserModal = lazyDialog(() => import('../components/AddUserModal').then((m) => m.AddUserModal));

/**
 * /access (admin.users): portal users, their roles and state; Sync users adds the sign-in issuer's directory users the
 * portal lacks. What the roles grant is on /rbac.
 */
export function AccessPage() {
  const list = useListParams({ search: '', role: '' });
  const { search, role, ...paging } = list.params;
  const query = useUsers({
    ...paging,
    sort: paging.sort as UserListQuery['sort'],
    search: search || undefined,
    role: role || undefined,
  });
  const filtered = Boolean(search || role);
  const [adding, setAdding] = useState(false);
  const roles = useRoleOptions();

  return (
    <>
      <PageHeader
        title="Access"
        description="Who may use the portal and with which roles. Users sign in through the external issuer unless given a password."
        extra={
          <>
            {/* Hidden without usersApi.sync's privilege (admin.users). */}
            <SyncUsersButton />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add user
            </Button>
          </>
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset}>
          <SearchInput
            value={search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by email or name"
          />
          <SelectFilter
            id="access-role-filter"
            label="Role"
            width={160}
            value={role || undefined}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.name, label: r.name }))}
            onChange={(value) => list.setFilters({ role: value ?? '' })}
          />
        </ListToolbar>
        <UserTable
          data={query.data}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No users match these filters' : 'No users yet'}
        />
      </Panel>
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
