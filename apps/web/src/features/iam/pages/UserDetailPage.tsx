import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamUserDetail } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useIamUser } from '../api';
import { BindingsTable } from '../components/BindingsTable';
import { NameTags, PrivilegeTags } from '../components/PrivilegeTags';
import { groupPath, policyPath, rolePath } from '../lib/paths';

const AddBindingDialog = lazyDialog(() => import('../components/AddBindingDialog').then((m) => m.AddBindingDialog));

type Grant = IamUserDetail['grants'][number];

/**
 * /iam/entity/users/{user_email} (spec §2): what a user may do and why — own roles (set on /access), roles and
 * policies bound to them or their groups, active privilege grants, and the privileges that result.
 */
export function UserDetailPage() {
  const email = useParams().userEmail ?? '';
  const can = useCan();
  const query = useIamUser(email);
  const [binding, setBinding] = useState(false);
  const user = query.data;

  const tabs: DetailTab[] = user
    ? [
        {
          key: 'privileges',
          label: `Privileges (${user.privileges.length})`,
          children: (
            <PrivilegeTags privileges={user.privileges} empty={user.disabled ? 'None: the user is disabled' : 'None'} />
          ),
        },
        {
          key: 'bindings',
          label: `Bindings (${user.bindings.length})`,
          children: (
            <BindingsTable
              bindings={user.bindings}
              via={{ type: 'user', name: user.email }}
              removable={can(iamApi.deleteRoleBinding)}
              emptyText="No role or policy is bound to the user or their groups"
            />
          ),
        },
        {
          key: 'grants',
          label: `Grants (${user.grants.length})`,
          children: (
            <DataTable<Grant>
              aria-label="Grants"
              data={user.grants}
              emptyText="No active privilege grant"
              columns={[
                { title: 'Privilege', dataIndex: 'privilege', key: 'privilege', render: (p: string) => <Tag>{p}</Tag> },
                { title: 'Reason', dataIndex: 'reason', key: 'reason' },
                {
                  title: 'Expires At',
                  dataIndex: 'expires_at',
                  key: 'expires_at',
                  render: (v: string) => <DateText value={v} withTime />,
                },
              ]}
            />
          ),
        },
      ]
    : [];

  return (
    <>
      <DetailLayout
        title={user ? `User ${user.name}` : `User ${email}`}
        tags={user ? user.disabled ? <Tag>Disabled</Tag> : <Tag color="success">Enabled</Tag> : null}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        extra={
          user && can(iamApi.createRoleBinding) ? (
            <Button onPointerEnter={AddBindingDialog.preload} onClick={() => setBinding(true)}>
              Add Binding
            </Button>
          ) : null
        }
        descriptions={
          user && [
            { key: 'email', label: 'Email', children: user.email },
            { key: 'name', label: 'Name', children: user.name },
            { key: 'created', label: 'Created At', children: <DateText value={user.created_at} withTime /> },
            {
              key: 'roles',
              label: 'Own Roles',
              children: (
                <NameTags names={user.roles} color="geekblue" link={(r) => <Link to={rolePath(r)}>{r}</Link>} />
              ),
            },
            {
              key: 'bound',
              label: 'Bound Roles',
              children: <NameTags names={user.bound_roles} link={(r) => <Link to={rolePath(r)}>{r}</Link>} />,
            },
            {
              key: 'groups',
              label: 'User Groups',
              children: <NameTags names={user.groups} link={(g) => <Link to={groupPath(g)}>{g}</Link>} />,
            },
            {
              key: 'policies',
              label: 'Policies',
              span: 3,
              children: (
                <NameTags names={user.policies} color="purple" link={(p) => <Link to={policyPath(p)}>{p}</Link>} />
              ),
            },
          ]
        }
        tabs={user ? tabs : undefined}
      />
      <AddBindingDialog
        open={binding}
        onClose={() => setBinding(false)}
        fixed={{ subject_type: 'user', subject: email }}
      />
    </>
  );
}
