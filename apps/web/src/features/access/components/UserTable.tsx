import { useState } from 'react';
import { Button, Flex, Tag, Tooltip } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import type { ListResult, PortalUser } from '@portal/contract';
import { useProfile } from '../../../shared/api/profile';
import { DataTable } from '../../../shared/ui/DataTable';
import type { TableListState } from '../../../shared/ui/DataTable';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { feedback } from '../../../shared/lib/feedback';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useSetUserDisabled } from '../api';
import { rolePath } from './privileges';
import { lazyDialog } from '../../../shared/ui/lazyDialog';

const EditRolesModal = lazyDialog(() => import('./EditRolesModal').then((m) => m.EditRolesModal));

export const CANNOT_DISABLE_SELF = 'You cannot disable yourself';

export interface UserTableProps {
  data: ListResult<PortalUser> | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  list: TableListState;
  emptyText: string;
}

/** Portal users with their roles and state; admins edit roles and disable or enable users from here. */
export function UserTable({ data, loading, error, onRetry, list, emptyText }: UserTableProps) {
  const me = useProfile().profile?.email;
  const [editing, setEditing] = useState<PortalUser | null>(null);
  const setDisabled = useSetUserDisabled();

  const toggle = (user: PortalUser) => {
    const disable = !user.disabled;
    confirmAction({
      title: disable ? `Disable ${user.email}?` : `Enable ${user.email}?`,
      content: disable
        ? 'They will no longer be able to sign in or use the portal until enabled again.'
        : 'They will be able to sign in and use the portal again with their roles.',
      okText: disable ? 'Disable' : 'Enable',
      danger: disable,
      onOk: () =>
        setDisabled
          .mutateAsync({ email: user.email, body: { disabled: disable } })
          .then(() => {
            feedback().message.success(disable ? `Disabled ${user.email}` : `Enabled ${user.email}`);
          })
          // The failure dialog (spec §8) opens from the mutation; close the confirmation behind it.
          .catch(() => undefined),
    });
  };

  const columns: DataColumns<PortalUser> = [
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      render: (email: string) => (
        <span>
          {email} {email === me ? <Tag color="blue">you</Tag> : null}
        </span>
      ),
    },
    { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
    {
      title: 'Roles',
      dataIndex: 'roles',
      key: 'roles',
      render: (roles: string[]) =>
        roles.length ? (
          <Flex gap={4} wrap>
            {roles.map((role) => (
              <Tag key={role} color={role === 'admin' ? 'gold' : undefined}>
                <Link to={rolePath(role)}>{role}</Link>
              </Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      title: 'Status',
      dataIndex: 'disabled',
      key: 'disabled',
      render: (disabled: boolean) => <StatusTag status={disabled ? 'Disabled' : 'Enabled'} />,
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
      render: (_: unknown, user: PortalUser) => {
        const self = user.email === me;
        const toggleButton = (
          <Button
            size="small"
            type="link"
            danger={!user.disabled}
            disabled={self && !user.disabled}
            aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
            onClick={() => toggle(user)}
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        );
        return (
          <Flex gap={4}>
            <Button
              size="small"
              type="link"
              aria-label={`Edit roles of ${user.email}`}
              onClick={() => setEditing(user)}
            >
              Edit roles
            </Button>
            {self && !user.disabled ? (
              <Tooltip title={CANNOT_DISABLE_SELF}>
                <span>{toggleButton}</span>
              </Tooltip>
            ) : (
              toggleButton
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <>
      <DataTable<PortalUser>
        aria-label="Portal users"
        rowKey="email"
        columns={columns}
        data={data}
        loading={loading}
        error={error}
        onRetry={onRetry}
        list={list}
        emptyText={emptyText}
      />
      {editing ? (
        <EditRolesModal user={editing} isSelf={editing.email === me} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
