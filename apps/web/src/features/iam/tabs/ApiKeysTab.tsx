import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { iamApi, IAM_API_KEY_STATUSES } from '@portal/contract';
import type { ApiKeyListQuery, CreatedIamApiKey, IamApiKey, IamApiKeyStatus } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useApiKeys } from '../api';
import { KeyStatusTag } from '../components/KeyStatusTag';
import { keyPath, rolePath } from '../lib/paths';

const CreateApiKeyDialog = lazyDialog(() =>
  import('../components/CreateApiKeyDialog').then((m) => m.CreateApiKeyDialog),
);
const ApiKeySecretDialog = lazyDialog(() =>
  import('../components/ApiKeySecretDialog').then((m) => m.ApiKeySecretDialog),
);

const STATUS_OPTIONS = IAM_API_KEY_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** API keys: bearer credentials scoped by a role. Create shows the secret once; a key's page revokes it. */
export function ApiKeysTab() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedIamApiKey | null>(null);
  const list = useListParams({ search: '', status: '' });
  const { search, status, ...rest } = list.request;
  const query = useApiKeys({
    ...rest,
    sort: rest.sort as ApiKeyListQuery['sort'],
    search: search || undefined,
    status: (status || undefined) as IamApiKeyStatus | undefined,
  });
  const columns: DataColumns<IamApiKey> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string) => <Link to={keyPath(name)}>{name}</Link>,
    },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 280, ellipsis: true },
    {
      title: 'Role',
      dataIndex: 'role',
      key: 'role',
      render: (role: string) => <Link to={rolePath(role)}>{role}</Link>,
    },
    { title: 'Prefix', dataIndex: 'prefix', key: 'prefix', render: (p: string) => <Text code>{p}…</Text> },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: IamApiKeyStatus) => <KeyStatusTag status={s} />,
    },
    {
      title: 'Expires At',
      dataIndex: 'expires_at',
      key: 'expires_at',
      render: (v: string | null) => (v ? <DateText value={v} withTime /> : 'Never'),
    },
    {
      title: 'Last Used At',
      dataIndex: 'last_used_at',
      key: 'last_used_at',
      render: (v: string | null) => (v ? <DateText value={v} withTime /> : 'Never'),
    },
    { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
  ];
  const filtered = Boolean(list.filters.search || list.filters.status);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by name or description"
        />
        <SelectFilter<IamApiKeyStatus>
          label="Status"
          value={(list.filters.status || undefined) as IamApiKeyStatus | undefined}
          options={STATUS_OPTIONS}
          onChange={(v) => list.setFilters({ status: v ?? '' })}
          width={140}
        />
        <span style={{ flex: 1 }} />
        {can(iamApi.createApiKey) ? (
          <Button type="primary" onPointerEnter={CreateApiKeyDialog.preload} onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<IamApiKey>
        aria-label="API keys"
        columns={columns}
        query={query}
        list={list}
        rowKey="name"
        emptyText={filtered ? 'No API key matches' : 'No API keys yet'}
      />
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          ApiKeySecretDialog.preload();
          setCreated(key);
        }}
      />
      <ApiKeySecretDialog apiKey={created} onClose={() => setCreated(null)} />
    </>
  );
}
