import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamRoleDetail } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useIamRole } from '../api';
import { BindingsTable } from '../components/BindingsTable';
import { PrivilegeTags } from '../components/PrivilegeTags';
import { userPath } from '../lib/paths';

const AddBindingDialog = lazyDialog(() => import('../components/AddBindingDialog').then((m) => m.AddBindingDialog));

type Holder = IamRoleDetail['holders'][number];

/**
 * /iam/role/roles/{role_name} (spec §2): a role (one of RBAC's: its privileges are edited there), the users holding it
 * as their own role, and its bindings to users, groups and API keys — added and removed here.
 */
export function RoleDetailPage() {
  const name = useParams().roleName ?? '';
  const can = useCan();
  const query = useIamRole(name);
  const [binding, setBinding] = useState(false);
  const role = query.data;

  const tabs: DetailTab[] = role
    ? [
        {
          key: 'privileges',
          label: `Privileges (${role.privileges.length})`,
          children: <PrivilegeTags privileges={role.privileges} />,
        },
        {
          key: 'holders',
          label: `Users (${role.holders.length})`,
          children: (
            <DataTable<Holder>
              aria-label="Users holding the role"
              data={role.holders}
              rowKey="email"
              emptyText="Nobody holds this role as their own"
              columns={[
                {
                  title: 'Email',
                  dataIndex: 'email',
                  key: 'email',
                  render: (e: string) => <Link to={userPath(e)}>{e}</Link>,
                },
                { title: 'Name', dataIndex: 'name', key: 'name' },
                {
                  title: 'Status',
                  dataIndex: 'disabled',
                  key: 'disabled',
                  render: (d: boolean) => (d ? <Tag>Disabled</Tag> : <Tag color="success">Enabled</Tag>),
                },
              ]}
            />
          ),
        },
        {
          key: 'bindings',
          label: `Bindings (${role.binding_list.length})`,
          children: (
            <BindingsTable
              bindings={role.binding_list}
              hide="target"
              removable={can(iamApi.deleteRoleBinding)}
              emptyText="The role is bound to no user, group or API key"
            />
          ),
        },
        { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="iam_binding" instanceId={`role:${name}`} /> },
      ]
    : [];

  return (
    <>
      <DetailLayout
        title={`Role ${name}`}
        tags={role?.builtin ? <Tag>Built-in</Tag> : null}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        extra={
          role && can(iamApi.createRoleBinding) ? (
            <Button type="primary" onPointerEnter={AddBindingDialog.preload} onClick={() => setBinding(true)}>
              Add Binding
            </Button>
          ) : null
        }
        descriptions={
          role && [
            { key: 'description', label: 'Description', span: 3, children: role.description || '-' },
            { key: 'privileges', label: 'Privileges', children: role.privileges.length },
            { key: 'users', label: 'Users', children: role.users },
            { key: 'bindings', label: 'Bindings', children: role.bindings },
          ]
        }
        tabs={role ? tabs : undefined}
      />
      <AddBindingDialog open={binding} onClose={() => setBinding(false)} fixed={{ kind: 'role', target: name }} />
    </>
  );
}
