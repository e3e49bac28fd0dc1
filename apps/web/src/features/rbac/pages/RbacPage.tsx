import { useState } from 'react';
import { Button, Flex, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { rbacApi } from '@portal/contract';
import type { RbacPrivilege, RbacRole, RoleListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { TabSet } from '../../../shared/ui/TabSet';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { feedback } from '../../../shared/lib/feedback';
import { useDeleteRole, usePrivileges, useRoles } from '../api';

const RoleDialog = lazyDialog(() => import('../components/RoleDialog').then((m) => m.RoleDialog));

const TAG_LIMIT = 6;

function PrivilegeList({ privileges }: { privileges: readonly string[] }) {
  const shown = privileges.slice(0, TAG_LIMIT);
  const rest = privileges.slice(TAG_LIMIT);
  return (
    <Flex gap={4} wrap>
      {shown.map((p) => (
        <Tag key={p} color={p.startsWith('admin.') || p.endsWith('.manage') ? 'gold' : 'blue'}>
          {p}
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.join(', ')}>
          <Tag>{`+${rest.length} more`}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

const usersLink = (role: string) => `/access?role=${encodeURIComponent(role)}`;

function RolesTab({ onOpen }: { onOpen(role: RbacRole): void }) {
  const list = useListParams({ search: '' }, { prefix: 'roles' });
  const { search, ...paging } = list.request;
  const query = useRoles({
    ...paging,
    sort: paging.sort as RoleListQuery['sort'],
    search: search || undefined,
  });
  const can = useCan();
  const remove = useDeleteRole();

  const columns: DataColumns<RbacRole> = [
    {
      title: 'Role',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_: string, role) => (
        <Space size={4}>
          <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(role)}>
            {role.name}
          </Button>
          {role.builtin ? <Tag>built-in</Tag> : null}
        </Space>
      ),
    },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    {
      title: 'Privileges',
      dataIndex: 'privileges',
      key: 'privileges',
      render: (ps: string[]) => <PrivilegeList privileges={ps} />,
    },
    {
      title: 'Users',
      dataIndex: 'users',
      key: 'users',
      align: 'right',
      render: (n: number, role) => <Link to={usersLink(role.name)}>{n}</Link>,
    },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, role) => (
        <Space size={0}>
          <Button type="link" onClick={() => onOpen(role)}>
            {role.name === 'admin' || !can(rbacApi.updateRole) ? 'View' : 'Edit'}
          </Button>
          {!role.builtin && can(rbacApi.deleteRole) ? (
            <Tooltip title={role.users ? 'Users still hold this role' : undefined}>
              <Button
                type="link"
                danger
                disabled={role.users > 0}
                onClick={() =>
                  confirmAction({
                    title: `Delete the role ${role.name}?`,
                    content: 'Nobody holds it. Its privileges are not granted through it any more.',
                    okText: 'Delete',
                    danger: true,
                    onOk: async () => {
                      await remove.mutateAsync(role.id);
                      feedback().message.success(`Role ${role.name} deleted`);
                    },
                  })
                }
              >
                Delete
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <SearchInput
          value={search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by role name"
        />
      </div>
      <DataTable<RbacRole>
        aria-label="RBAC roles"
        columns={columns}
        query={query}
        list={list}
        scroll={{ x: '100%' }}
        emptyText={search ? 'No roles match this search' : 'No roles yet'}
      />
    </>
  );
}

interface PrivilegeRow extends RbacPrivilege {
  roles: string[];
}

function PrivilegesTab() {
  const privileges = usePrivileges();
  const roles = useRoles({ per_page: 1000 });
  const rows: PrivilegeRow[] | undefined = privileges.data?.items.map((p) => ({
    ...p,
    roles: (roles.data?.items ?? []).filter((r) => r.privileges.includes(p.name)).map((r) => r.name),
  }));
  const columns: DataColumns<PrivilegeRow> = [
    { title: 'Area', dataIndex: 'area_label', key: 'area_label' },
    { title: 'Privilege', dataIndex: 'name', key: 'name', render: (n: string) => <code>{n}</code> },
    { title: 'Allows', dataIndex: 'description', key: 'description' },
    {
      title: 'Granted by',
      dataIndex: 'roles',
      key: 'roles',
      render: (rs: string[]) => (
        <Flex gap={4} wrap>
          {rs.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <DataTable<PrivilegeRow>
      aria-label="Privilege catalogue"
      rowKey="name"
      columns={columns}
      data={rows}
      loading={privileges.isFetching || roles.isFetching}
      error={privileges.error ?? roles.error}
      onRetry={() => void Promise.all([privileges.refetch(), roles.refetch()])}
      pagination={false}
      size="small"
      emptyText="No privileges"
    />
  );
}

/** /rbac: the roles and the privileges they grant (spec §7 Admin RBAC). */
export function RbacPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'privileges' ? 'privileges' : 'roles';
  const can = useCan();
  const [dialog, setDialog] = useState<{ role?: RbacRole } | null>(null);
  // An audit row links here with ?role=<name>: open that role once the list has it.
  const linked = searchParams.get('role');
  const linkedRoles = useRoles({ search: linked ?? undefined, per_page: 100 }, Boolean(linked));
  const linkedRole = linked ? linkedRoles.data?.items.find((r) => r.name === linked) : undefined;
  const open = dialog ?? (linkedRole ? { role: linkedRole } : null);
  const close = () => {
    setDialog(null);
    if (linked)
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('role');
          return next;
        },
        { replace: true },
      );
  };

  return (
    <>
      <PageHeader
        title="RBAC"
        description="Roles and the privileges they grant. Users hold roles (Access); every API call needs one privilege, checked by the server on each request."
        extra={
          can(rbacApi.createRole) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              Create role
            </Button>
          ) : null
        }
      />
      <Panel>
        <TabSet
          aria-label="RBAC"
          activeKey={tab}
          onChange={(key) => setSearchParams(key === 'roles' ? {} : { tab: key })}
          items={[
            { key: 'roles', label: 'Roles', children: <RolesTab onOpen={(role) => setDialog({ role })} /> },
            { key: 'privileges', label: 'Privileges', children: <PrivilegesTab /> },
          ]}
        />
      </Panel>
      <RoleDialog key={open?.role?.id ?? 'new'} open={open !== null} role={open?.role} onClose={close} />
    </>
  );
}
