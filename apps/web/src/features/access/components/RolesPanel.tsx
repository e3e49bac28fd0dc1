import { Flex, Tag, Tooltip } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { PORTAL_ROLES } from '@portal/contract';
import type { Privilege } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import { PRIVILEGE_DESCRIPTIONS, privilegesOf, userGroupPath } from './privileges';
import { Panel } from '../../../shared/ui/Panel';

interface RoleRow {
  role: string;
  privileges: readonly Privilege[];
}

const rows: RoleRow[] = PORTAL_ROLES.map((role) => ({ role, privileges: privilegesOf(role) }));

export function PrivilegeTags({ privileges }: { privileges: readonly Privilege[] }) {
  return (
    <Flex gap={4} wrap>
      {privileges.map((p) => (
        <Tooltip key={p} title={PRIVILEGE_DESCRIPTIONS[p]}>
          <Tag color={p.startsWith('admin.') || p.endsWith('.manage') ? 'gold' : 'blue'}>{p}</Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

const columns: DataColumns<RoleRow> = [
  {
    title: 'Role',
    dataIndex: 'role',
    key: 'role',
    render: (role: string) => <Link to={userGroupPath(role)}>{role}</Link>,
  },
  {
    title: 'Privileges',
    dataIndex: 'privileges',
    key: 'privileges',
    render: (privileges: readonly Privilege[]) => <PrivilegeTags privileges={privileges} />,
  },
  {
    title: 'Grants',
    key: 'grants',
    render: (_: unknown, row: RoleRow) => (
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {row.privileges.map((p) => (
          <li key={p}>{PRIVILEGE_DESCRIPTIONS[p]}</li>
        ))}
      </ul>
    ),
  },
];

/** The built-in roles and the privileges each grants (contract ROLE_PRIVILEGES). */
export function RolesPanel() {
  return (
    <Panel title="Roles and privileges">
      <DataTable<RoleRow>
        aria-label="Privileges by role"
        rowKey="role"
        columns={columns}
        data={{ items: rows, total: rows.length }}
        size="small"
      />
    </Panel>
  );
}
