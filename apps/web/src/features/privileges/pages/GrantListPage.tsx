import { useState } from 'react';
import { Button, Radio, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { GRANT_STATUSES, grantsApi } from '@portal/contract';
import type { Grant, GrantListQuery, GrantStatus } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useGrants } from '../api';
import { GrantActions } from '../components/GrantActions';
import { GrantStatusTag, TimeWithRelative } from '../components/display';
import { grantPath } from '../paths';

const GrantDialog = lazyDialog(() => import('../components/GrantDialog').then((m) => m.GrantDialog));

const STATUS_LABELS: Record<GrantStatus | '', string> = {
  '': 'All',
  pending: 'Pending',
  active: 'Active',
  expired: 'Expired',
  rejected: 'Rejected',
  revoked: 'Revoked',
};

const columns: DataColumns<Grant> = [
  {
    title: 'User',
    dataIndex: 'user_email',
    key: 'user',
    render: (email: string, row) => (
      <Link to={grantPath(row.id)}>
        {row.user_name ?? email}
        {row.user_name ? (
          <>
            <br />
            <Text type="secondary" style={{ fontSize: 12 }}>
              {email}
            </Text>
          </>
        ) : null}
      </Link>
    ),
  },
  {
    title: 'Privilege',
    dataIndex: 'privilege',
    key: 'privilege',
    render: (p: string, row) => (
      <Tooltip title={row.privilege_description}>
        <Text code>{p}</Text>
      </Tooltip>
    ),
  },
  {
    title: 'Reason',
    dataIndex: 'reason',
    key: 'reason',
    render: (r: string) => (
      <Text style={{ maxWidth: 180 }} ellipsis={{ tooltip: r }}>
        {r}
      </Text>
    ),
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (s: GrantStatus) => <GrantStatusTag status={s} /> },
  {
    title: 'Requested / Decided By',
    key: 'people',
    render: (_: unknown, row) => (
      <>
        {row.requested_by}
        <br />
        <Text type="secondary" style={{ fontSize: 12 }}>
          {row.decided_by ? `${row.status === 'rejected' ? 'rejected' : 'approved'} by ${row.decided_by}` : 'undecided'}
        </Text>
      </>
    ),
  },
  {
    title: 'Expires At',
    dataIndex: 'expires_at',
    key: 'expires_at',
    sorter: true,
    render: (v: string, row) => (
      <TimeWithRelative value={v} dim={row.status !== 'active' && row.status !== 'pending'} stacked />
    ),
  },
  { title: 'Actions', key: 'actions', render: (_: unknown, row) => <GrantActions grant={row} size="small" /> },
];

/**
 * /privilege: the time-bound privilege grants, by status (tabs) and searched by user, privilege or reason (all in the
 * URL), newest first; Grant privilege requests a new one, which another administrator approves.
 */
export function GrantListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useListParams({ search: '', status: '', sort: '-created_at' });
  const { search, status, ...rest } = list.request;
  const query = useGrants({
    ...rest,
    sort: rest.sort as GrantListQuery['sort'],
    search: search || undefined,
    status: (status || undefined) as GrantStatus | undefined,
  });
  const filtered = Boolean(list.filters.search || list.filters.status);

  return (
    <>
      <PageHeader
        title="Privilege"
        description="Time-bound privileges given to one user, with a reason; another administrator approves each, and it ends by itself."
        extra={
          can(grantsApi.create) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={GrantDialog.preload}
              onClick={() => setAdding(true)}
            >
              Grant privilege
            </Button>
          ) : null
        }
      />
      <Panel>
        <Radio.Group
          aria-label="Grant status"
          optionType="button"
          value={list.filters.status}
          onChange={(e) => list.setFilters({ status: e.target.value as string })}
          options={(['', ...GRANT_STATUSES] as const).map((value) => ({ value, label: STATUS_LABELS[value] }))}
          style={{ marginBottom: 16 }}
        />
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={list.filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by user, privilege or reason"
            width={320}
          />
        </ListToolbar>
        <DataTable<Grant>
          aria-label="Privilege grants"
          columns={columns}
          query={query}
          list={list}
          emptyText={filtered ? 'No grants match these filters' : 'No privilege grants yet'}
        />
      </Panel>
      <GrantDialog open={adding} onClose={() => setAdding(false)} onDone={(g) => void navigate(grantPath(g.id))} />
    </>
  );
}
