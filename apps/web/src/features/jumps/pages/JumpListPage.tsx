import { useState } from 'react';
import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { formatJumpDuration, JUMP_STATUSES, jumpsApi } from '@portal/contract';
import type { JumpAuthorization, JumpListQuery, JumpStatus } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { TabSet } from '../../../shared/ui/TabSet';
import { Text } from '../../../shared/ui/Typography';
import { useJumpAuthorizations } from '../api';
import { JumpUsersTable } from '../components/JumpUsersTable';
import { TimeLeft } from '../components/TimeLeft';
import { jumpPath } from '../paths';

const RequestAccessDialog = lazyDialog(() =>
  import('../components/RequestAccessDialog').then((m) => m.RequestAccessDialog),
);

const columns: DataColumns<JumpAuthorization> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={jumpPath(id)}>{id}</Link>,
  },
  {
    title: 'Cluster',
    key: 'cluster',
    render: (_: unknown, row) => (
      <span>
        <ObjectLink kind="cluster" id={row.cluster_id} tenantId={row.tenant_id} />
        <br />
        <Text type="secondary" style={{ maxWidth: 220 }} ellipsis={{ tooltip: row.cluster_name }}>
          {row.cluster_name}
        </Text>
      </span>
    ),
  },
  {
    title: 'Jumpserver User',
    dataIndex: 'jumpserver_user',
    key: 'jumpserver_user',
    render: (user: string) => <Text code>{user}</Text>,
  },
  { title: 'Applicant', dataIndex: 'applicant', key: 'applicant' },
  {
    title: 'Duration',
    dataIndex: 'duration_minutes',
    key: 'duration_minutes',
    render: (minutes: number) => formatJumpDuration(minutes),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <StatusTag status={status} />,
  },
  {
    title: 'Expires At',
    dataIndex: 'expires_at',
    key: 'expires_at',
    sorter: true,
    render: (value: string | null, row) => (
      <span>
        <DateText value={value} withTime />
        {row.status === 'active' && value ? (
          <>
            <br />
            <TimeLeft expiresAt={value} />
          </>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
];

function AuthorizationList() {
  const list = useListParams({ status: [] as JumpStatus[], cluster_id: '', applicant: '', sort: '-created_at' });
  const { cluster_id, applicant, ...rest } = list.request;
  const query = useJumpAuthorizations({
    ...rest,
    sort: rest.sort as JumpListQuery['sort'],
    cluster_id: cluster_id || undefined,
    applicant: applicant || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.cluster_id || filters.applicant);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <MultiSelectFilter
          label="Status"
          width={220}
          value={filters.status}
          options={JUMP_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
        <SearchInput
          value={filters.cluster_id}
          onSearch={(value) => list.setFilters({ cluster_id: value }, { replace: true })}
          placeholder="Cluster ID"
          aria-label="Cluster ID"
          width={220}
        />
        <SearchInput
          value={filters.applicant}
          onSearch={(value) => list.setFilters({ applicant: value }, { replace: true })}
          placeholder="Applicant email"
          aria-label="Applicant"
          width={240}
        />
      </ListToolbar>
      <DataTable<JumpAuthorization>
        aria-label="Jump authorizations"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No jump authorizations match these filters' : 'No jump authorizations'}
      />
    </>
  );
}

/**
 * /jumps: jump authorizations (filters, sort and page in the URL) and the jump server's users, each in its tab;
 * Request Access opens the request dialog and leads to the new authorization's page.
 */
export function JumpListPage() {
  const [search, updateSearch] = useSearchUpdate();
  const tab = search.get('tab') ?? 'authorizations';
  const setTab = (next: string) =>
    updateSearch((sp) => {
      if (next === 'authorizations') sp.delete('tab');
      else sp.set('tab', next);
    }, true);
  const [requesting, setRequesting] = useState(false);
  const can = useCan();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Jump Authorizations"
        description="Just-in-time access to a cluster's hosts through the jump server: requested with a reason, approved by another person, revoked at its expiry."
        extra={
          can(jumpsApi.create) ? (
            <Button
              type="primary"
              icon={<KeyOutlined />}
              onPointerEnter={RequestAccessDialog.preload}
              onClick={() => setRequesting(true)}
            >
              Request Access
            </Button>
          ) : null
        }
      />
      <Panel>
        <TabSet
          aria-label="Jumps"
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'authorizations', label: 'Authorizations', children: <AuthorizationList /> },
            { key: 'users', label: 'Jumpserver Users', children: <JumpUsersTable /> },
          ]}
        />
      </Panel>
      <RequestAccessDialog
        open={requesting}
        onClose={() => setRequesting(false)}
        onCreated={(a) => void navigate(jumpPath(a.id))}
      />
    </>
  );
}
