import { useState } from 'react';
import { Button, Flex } from 'antd';
import {
  billingApi,
  canDiscount,
  canGlobalDiscount,
  DISCOUNT_PROVIDERS,
  DISCOUNT_STATUSES,
  DISCOUNT_USAGES,
  percentOffOf,
} from '@portal/contract';
import type {
  Discount,
  DiscountListQuery,
  DiscountProvider,
  DiscountStatus,
  DiscountUsage,
  GlobalDiscount,
  GlobalDiscountStatus,
} from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText, Money } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text, Title } from '../../../shared/ui/Typography';
import { useDeleteGlobalDiscount, useDiscounts, useGlobalDiscounts, useReclaimDiscount } from '../api/discounts';
import { DISCOUNT_STATUS_COLORS, GLOBAL_DISCOUNT_STATUS_COLORS } from '../lib/status';

const AddDiscountDialog = lazyDialog(() => import('../components/AddDiscountDialog').then((m) => m.AddDiscountDialog));
const GlobalDiscountDialog = lazyDialog(() =>
  import('../components/GlobalDiscountDialog').then((m) => m.GlobalDiscountDialog),
);

/** The unit filters' names, the first few and a count of the rest. */
function Filters({ filters }: { filters: readonly { filter_id: string; name: string }[] }) {
  const names = filters.map((f) => f.name);
  const shown = names.slice(0, 3).join(', ');
  return (
    <span title={names.join(', ')}>
      {shown}
      {names.length > 3 ? <Text type="secondary"> +{names.length - 3}</Text> : null}
    </span>
  );
}

const Period = ({ from, to }: { from: string; to: string }) => (
  <span>
    <DateText value={from} /> – <DateText value={to} />
  </span>
);

/** What a discount and a global discount both show: the billing items it covers, how much off, and when. */
function termColumns<T extends Discount | GlobalDiscount>(): DataColumns<T> {
  return [
    { title: 'Unit Filters', key: 'unit_filters', render: (_: unknown, row) => <Filters filters={row.unit_filters} /> },
    {
      title: 'Percent Off',
      dataIndex: 'discount',
      key: 'discount',
      align: 'right',
      render: (d: number) => `${percentOffOf(d)}%`,
    },
    {
      title: 'Period',
      key: 'started_at',
      sorter: true,
      render: (_: unknown, row) => <Period from={row.started_at} to={row.expired_at} />,
    },
  ];
}

function DiscountList() {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const list = useListParams({
    status: [] as DiscountStatus[],
    usage: [] as DiscountUsage[],
    provider: '',
    tenant_id: '',
    search: '',
    sort: '-created_at',
  });
  const { tenant_id, search, provider, ...rest } = list.request;
  const query = useDiscounts({
    ...rest,
    sort: rest.sort as DiscountListQuery['sort'],
    provider: (provider || undefined) as DiscountProvider | undefined,
    tenant_id: tenant_id || undefined,
    search: search || undefined,
  });
  const reclaim = useReclaimDiscount();
  const mayReclaim = can(billingApi.reclaimDiscount);
  const { filters } = list;
  const filtered = Boolean(
    filters.status.length || filters.usage.length || filters.provider || filters.tenant_id || filters.search,
  );

  const columns: DataColumns<Discount> = [
    {
      title: 'Discount',
      key: 'discount_code',
      render: (_: unknown, row) => (
        <span>
          {row.discount_code}
          <br />
          <Text type="secondary">{row.description || `SID ${row.discount_sid}`}</Text>
        </span>
      ),
    },
    {
      title: 'Customers',
      key: 'customers',
      render: (_: unknown, row) => (
        <span>
          {row.customers.slice(0, 2).map((c, i) => (
            <span key={c.tenant_id}>
              {i > 0 ? <br /> : null}
              {c.tenant_name}{' '}
              <span style={{ whiteSpace: 'nowrap' }}>
                (<ObjectLink kind="tenant" id={c.tenant_id} />)
              </span>
            </span>
          ))}
          {row.customers.length > 2 ? <Text type="secondary"> +{row.customers.length - 2}</Text> : null}
        </span>
      ),
    },
    { title: 'Usage', dataIndex: 'usage', key: 'usage' },
    { title: 'Provider', dataIndex: 'provider', key: 'provider' },
    ...termColumns<Discount>(),
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: DiscountStatus) => <StatusTag status={status} color={DISCOUNT_STATUS_COLORS[status]} />,
    },
    {
      title: 'Monthly Value',
      dataIndex: 'estimated_monthly_value',
      key: 'estimated_monthly_value',
      align: 'right',
      render: (cents: number) => <Money cents={cents} />,
    },
    ...(mayReclaim
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: Discount) => (
              <ConfirmButton
                size="small"
                danger
                disabled={!canDiscount(row.status, 'reclaim')}
                confirmTitle={`Reclaim the discount ${row.discount_code}?`}
                confirmContent="It stops applying: the customers' open invoices are re-rated without it."
                okText="Reclaim"
                onConfirm={() =>
                  reclaim
                    .mutateAsync(row.discount_sid)
                    .then(() => feedback().message.success(`Discount ${row.discount_code} reclaimed`))
                    .catch(() => undefined)
                }
              >
                Reclaim
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label="Discounts">
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Code, description or note"
          aria-label="Search discounts"
          width={240}
        />
        <SearchInput
          value={filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Discounts tenant ID"
          width={200}
        />
        <MultiSelectFilter
          label="Status"
          width={220}
          value={filters.status}
          options={DISCOUNT_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Usage"
          width={220}
          value={filters.usage}
          options={DISCOUNT_USAGES.map((value) => ({ value, label: value }))}
          onChange={(usage) => list.setFilters({ usage })}
        />
        <SelectFilter
          label="Provider"
          width={140}
          value={filters.provider || undefined}
          options={DISCOUNT_PROVIDERS.map((value) => ({ value, label: value }))}
          onChange={(value) => list.setFilters({ provider: value ?? '' })}
        />
        <span style={{ flex: 1 }} />
        {can(billingApi.createDiscount) ? (
          <Button type="primary" onPointerEnter={AddDiscountDialog.preload} onClick={() => setAdding(true)}>
            Add Discount
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<Discount>
        aria-label="Discounts"
        scroll={{ x: '100%' }}
        rowKey="discount_sid"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No discounts match these filters' : 'No discounts'}
      />
      <AddDiscountDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

function GlobalDiscountList() {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const list = useListParams({ status: [] as GlobalDiscountStatus[], sort: '-created_at' }, { prefix: 'global_' });
  const query = useGlobalDiscounts({
    ...list.request,
    sort: list.request.sort as 'created_at' | '-created_at' | 'started_at' | '-started_at',
  });
  const remove = useDeleteGlobalDiscount();
  const mayDelete = can(billingApi.deleteGlobalDiscount);
  const columns: DataColumns<GlobalDiscount> = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Provider', dataIndex: 'provider', key: 'provider' },
    ...termColumns<GlobalDiscount>(),
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: GlobalDiscountStatus) => (
        <StatusTag status={status} color={GLOBAL_DISCOUNT_STATUS_COLORS[status]} />
      ),
    },
    { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
    ...(mayDelete
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: GlobalDiscount) => (
              <ConfirmButton
                size="small"
                danger
                disabled={!canGlobalDiscount(row.status, 'delete')}
                confirmTitle={`Delete the global discount ${row.name}?`}
                confirmContent="It no longer applies to any invoice still open."
                okText="Delete"
                onConfirm={() =>
                  remove
                    .mutateAsync(row.id)
                    .then(() => feedback().message.success(`Global discount ${row.name} deleted`))
                    .catch(() => undefined)
                }
              >
                Delete
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-label="Global discounts" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center">
        <Title level={5}>Global Discounts</Title>
        {can(billingApi.createGlobalDiscount) ? (
          <Button onPointerEnter={GlobalDiscountDialog.preload} onClick={() => setAdding(true)}>
            Add Global Discount
          </Button>
        ) : null}
      </Flex>
      <DataTable<GlobalDiscount>
        aria-label="Global discounts"
        scroll={{ x: '100%' }}
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText="No global discounts"
      />
      <GlobalDiscountDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

/**
 * Discounts (§2, §3 Discount, §4: only a valid discount can be reclaimed): the tenants' discounts with Add Discount
 * and Reclaim, and the global discounts (admin-only writes).
 */
export function DiscountsTab() {
  return (
    <>
      <DiscountList />
      <GlobalDiscountList />
    </>
  );
}
