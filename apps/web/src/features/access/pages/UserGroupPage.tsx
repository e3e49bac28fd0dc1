import { Alert } from 'antd';
import { useParams } from 'react-router';
import { PORTAL_ROLES } from '@portal/contract';
import type { UserListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useUsers } from '../api';
import { isKnownRole, privilegesOf } from '../components/privileges';
import { PrivilegeTags } from '../components/RolesPanel';
import { UserTable } from '../components/UserTable';
import { Panel } from '../../../shared/ui/Panel';

/**
 * /access/usergroups/:userGroup (admin only): one group of portal users, i.e. the holders of one role, and the
 * privileges it grants. The portal's groups are its roles (contract ROLE_PRIVILEGES).
 */
export function UserGroupPage() {
  const group = useParams().userGroup ?? '';
  const list = useListParams({ search: '' });
  const { search, ...paging } = list.params;
  const query = useUsers({
    ...paging,
    sort: paging.sort as UserListQuery['sort'],
    role: group,
    search: search || undefined,
  });
  const known = isKnownRole(group);

  return (
    <>
      <PageHeader
        title={`User group: ${group}`}
        tags={known ? <PrivilegeTags privileges={privilegesOf(group)} /> : null}
        description="The portal users holding this role."
      />
      {known ? null : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`No role named "${group}". The roles are ${PORTAL_ROLES.join(', ')}.`}
        />
      )}
      <Panel>
        <div className="toolbar">
          <SearchInput
            value={search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by email or name"
          />
        </div>
        <UserTable
          data={query.data}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={search ? 'No users match this search' : 'Nobody holds this role'}
        />
      </Panel>
    </>
  );
}
