import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamGroupMember } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useDeleteUserGroup, useRemoveGroupMember, useUserGroup } from '../api';
import { BindingsTable } from '../components/BindingsTable';
import { NameTags } from '../components/PrivilegeTags';
import { policyPath, rolePath, userPath } from '../lib/paths';

const GroupDialog = lazyDialog(() => import('../components/GroupDialog').then((m) => m.GroupDialog));
const AddMembersDialog = lazyDialog(() => import('../components/AddMembersDialog').then((m) => m.AddMembersDialog));
const AddBindingDialog = lazyDialog(() => import('../components/AddBindingDialog').then((m) => m.AddBindingDialog));

type Dialog = 'edit' | 'members' | 'binding' | null;

/**
 * /iam/entity/usergroups/{user_group} (spec §2): a group's members and the roles and policies bound to it (what its
 * members get); add and remove members and bindings, edit the description, delete the group (with its memberships and
 * bindings) after confirming.
 */
export function UserGroupDetailPage() {
  const name = useParams().userGroup ?? '';
  const can = useCan();
  const navigate = useNavigate();
  const query = useUserGroup(name);
  const remove = useRemoveGroupMember(name);
  const del = useDeleteUserGroup();
  const [dialog, setDialog] = useState<Dialog>(null);
  const group = query.data;
  const mayChange = can(iamApi.updateUserGroup);

  const memberColumns: DataColumns<IamGroupMember> = [
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      render: (email: string) => <Link to={userPath(email)}>{email}</Link>,
    },
    { title: 'Name', dataIndex: 'name', key: 'name' },
    {
      title: 'Own Roles',
      dataIndex: 'roles',
      key: 'roles',
      render: (roles: string[]) => <NameTags names={roles} color="geekblue" />,
    },
    {
      title: 'Status',
      dataIndex: 'disabled',
      key: 'disabled',
      render: (d: boolean) => (d ? <Tag>Disabled</Tag> : <Tag color="success">Enabled</Tag>),
    },
    { title: 'Added By', dataIndex: 'added_by', key: 'added_by' },
    {
      title: 'Added At',
      dataIndex: 'added_at',
      key: 'added_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
  ];
  if (mayChange)
    memberColumns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: never, m) => (
        <ConfirmButton
          size="small"
          danger
          confirmTitle={`Remove ${m.email} from ${name}?`}
          confirmContent="They lose what the group's roles grant at once (a Deny of its policies stops applying too)."
          okText="Remove"
          onConfirm={async () => {
            await remove.mutateAsync(m.email);
            feedback().message.success(`${m.email} has been removed from ${name}`);
          }}
        >
          Remove
        </ConfirmButton>
      ),
    });

  const tabs: DetailTab[] = group
    ? [
        {
          key: 'members',
          label: `Members (${group.members})`,
          children: (
            <DataTable<IamGroupMember>
              aria-label="Members"
              columns={memberColumns}
              data={group.member_list}
              rowKey="email"
              emptyText="No members yet"
            />
          ),
        },
        {
          key: 'bindings',
          label: `Bindings (${group.bindings.length})`,
          children: (
            <BindingsTable
              bindings={group.bindings}
              hide="subject"
              removable={mayChange}
              emptyText="No role or policy is bound to this group"
            />
          ),
        },
        { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="iam_user_group" instanceId={name} /> },
      ]
    : [];

  const extra =
    group && mayChange ? (
      <>
        <Button type="primary" onPointerEnter={AddMembersDialog.preload} onClick={() => setDialog('members')}>
          Add Members
        </Button>
        <Button onPointerEnter={AddBindingDialog.preload} onClick={() => setDialog('binding')}>
          Add Binding
        </Button>
        <Button onPointerEnter={GroupDialog.preload} onClick={() => setDialog('edit')}>
          Edit
        </Button>
        <ConfirmButton
          danger
          confirmTitle={`Delete the user group ${name}?`}
          confirmContent={`Its ${group.members} membership(s) and ${group.bindings.length} binding(s) are deleted with it; its members lose what it granted at once.`}
          okText="Delete"
          onConfirm={async () => {
            await del.mutateAsync(name);
            feedback().message.success(`The user group ${name} has been deleted`);
            void navigate('/iam/entity?tab=usergroups');
          }}
        >
          Delete
        </ConfirmButton>
      </>
    ) : null;

  return (
    <>
      <DetailLayout
        title={`User group ${name}`}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        extra={extra}
        descriptions={
          group && [
            { key: 'description', label: 'Description', span: 2, children: group.description || '-' },
            {
              key: 'access',
              label: 'Members on Access',
              children: <Link to={`/access/usergroups/${encodeURIComponent(name)}`}>Open the group on Access</Link>,
            },
            {
              key: 'roles',
              label: 'Roles',
              children: (
                <NameTags names={group.roles} color="geekblue" link={(r) => <Link to={rolePath(r)}>{r}</Link>} />
              ),
            },
            {
              key: 'policies',
              label: 'Policies',
              children: (
                <NameTags names={group.policies} color="purple" link={(p) => <Link to={policyPath(p)}>{p}</Link>} />
              ),
            },
            { key: 'members', label: 'Members', children: group.members },
            { key: 'created_by', label: 'Created By', children: group.created_by },
            { key: 'created', label: 'Created At', children: <DateText value={group.created_at} withTime /> },
            { key: 'updated', label: 'Updated At', children: <DateText value={group.updated_at} withTime /> },
          ]
        }
        tabs={group ? tabs : undefined}
      />
      {group ? (
        <>
          <GroupDialog open={dialog === 'edit'} onClose={() => setDialog(null)} group={group} />
          <AddMembersDialog
            open={dialog === 'members'}
            onClose={() => setDialog(null)}
            group={name}
            members={group.member_list.map((m) => m.email)}
          />
          <AddBindingDialog
            open={dialog === 'binding'}
            onClose={() => setDialog(null)}
            fixed={{ subject_type: 'group', subject: name }}
          />
        </>
      ) : null}
    </>
  );
}
