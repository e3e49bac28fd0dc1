import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { iamApi } from '@portal/contract';
import type { IamPolicy, PolicyListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { usePolicies } from '../api';
import { policyPath } from '../lib/paths';

const PolicyDialog = lazyDialog(() => import('../components/PolicyDialog').then((m) => m.PolicyDialog));

/** One line per statement: `Deny ctl.write on *`. */
function summary(p: IamPolicy) {
  return p.statements.map((s, i) => (
    <div key={i}>
      <Tag color={s.effect === 'Deny' ? 'red' : 'green'}>{s.effect}</Tag>
      {s.actions.join(', ')} <span className="tx tx-secondary">on</span> {s.resources.join(', ')}
    </div>
  ));
}

/** Policies: statements that allow or deny privileges; Create opens the new policy. */
export function PoliciesTab() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const list = useListParams({ search: '' });
  const { search, ...rest } = list.request;
  const query = usePolicies({ ...rest, sort: rest.sort as PolicyListQuery['sort'], search: search || undefined });
  const columns: DataColumns<IamPolicy> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string) => <Link to={policyPath(name)}>{name}</Link>,
    },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 300, ellipsis: true },
    { title: 'Statements', key: 'statements', render: (_: never, p) => summary(p) },
    { title: 'Bindings', dataIndex: 'bindings', key: 'bindings', align: 'right' },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      key: 'updated_at',
      sorter: true,
      render: (v: string) => <DateText value={v} withTime />,
    },
  ];
  return (
    <>
      <ListToolbar
        filtered={Boolean(list.filters.search)}
        onReset={list.reset}
        onReload={query.refetch}
        reloading={query.isFetching}
      >
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search by name or description"
        />
        <span style={{ flex: 1 }} />
        {can(iamApi.createPolicy) ? (
          <Button type="primary" onPointerEnter={PolicyDialog.preload} onClick={() => setCreating(true)}>
            Create Policy
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<IamPolicy>
        aria-label="Policies"
        columns={columns}
        query={query}
        list={list}
        rowKey="name"
        emptyText={list.filters.search ? 'No policy matches' : 'No policies yet'}
      />
      <PolicyDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
