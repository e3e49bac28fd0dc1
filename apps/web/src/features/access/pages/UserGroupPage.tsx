import { Alert, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamGroupMember } from '@portal/contract';
import { isApiError } from '../../../shared/lib/ApiError';
import { api } from '../../../shared/lib/api';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';

const enc = encodeURIComponent;

const MEMBER_COLUMNS: DataColumns<IamGroupMember> = [
  { title: 'Email', dataIndex: 'email', key: 'email' },
  { title: 'Name', dataIndex: 'name', key: 'name' },
  {
    title: 'Own Roles',
    dataIndex: 'roles',
    key: 'roles',
    render: (roles: string[]) => roles.map((r) => <Tag key={r}>{r}</Tag>),
  },
  {
    title: 'Status',
    dataIndex: 'disabled',
    key: 'disabled',
    render: (d: boolean) => (d ? <Tag>Disabled</Tag> : <Tag color="success">Enabled</Tag>),
  },
  { title: 'Added At', dataIndex: 'added_at', key: 'added_at', render: (v: string) => <DateText value={v} /> },
];

const names = (list: string[], path: (n: string) => string, color: string) =>
  list.length ? (
    list.map((n) => (
      <Tag key={n} color={color}>
        <Link to={path(n)}>{n}</Link>
      </Tag>
    ))
  ) : (
    <Text type="secondary">None</Text>
  );

/**
 * /access/usergroups/:userGroup (admin only): one IAM user group — its members and the roles and policies bound to it
 * (what its members get). Managed on its IAM page (/iam/entity/usergroups/:userGroup).
 */
export function UserGroupPage() {
  const group = useParams().userGroup ?? '';
  const query = useQuery({
    queryKey: ['iam', 'group', group],
    queryFn: ({ signal }) => api(iamApi.userGroup, { params: { name: group } }, { signal }),
    retry: false,
  });
  const missing = isApiError(query.error) && query.error.code === 'iam.groupNotFound';
  if (missing)
    return (
      <>
        <PageHeader title={`User group: ${group}`} />
        <Panel>
          <Alert
            type="warning"
            showIcon
            title={`No user group named "${group}".`}
            description={
              <>
                The user groups are listed on <Link to="/iam/entity?tab=usergroups">IAM › Entities › User groups</Link>.
              </>
            }
          />
        </Panel>
      </>
    );
  const g = query.data;
  return (
    <DetailLayout
      title={`User group: ${group}`}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      extra={<Link to={`/iam/entity/usergroups/${enc(group)}`}>Manage in IAM</Link>}
      descriptions={
        g && [
          { key: 'description', label: 'Description', span: 3, children: g.description || '-' },
          {
            key: 'roles',
            label: 'Roles bound',
            children: names(g.roles, (r) => `/iam/role/roles/${enc(r)}`, 'geekblue'),
          },
          {
            key: 'policies',
            label: 'Policies bound',
            children: names(g.policies, (p) => `/iam/role/policies/${enc(p)}`, 'purple'),
          },
          { key: 'members', label: 'Members', children: g.members },
        ]
      }
      tabs={
        g
          ? [
              {
                key: 'members',
                label: `Members (${g.members})`,
                children: (
                  <DataTable<IamGroupMember>
                    aria-label="Members"
                    columns={MEMBER_COLUMNS}
                    data={g.member_list}
                    rowKey="email"
                    emptyText="The group has no members"
                  />
                ),
              },
            ]
          : undefined
      }
    />
  );
}
