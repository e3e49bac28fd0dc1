import { INVOICE_KINDS, INVOICE_STATUS_COLORS, INVOICE_STATUSES } from '@portal/contract';
import type { Invoice, InvoiceKind, InvoiceListQuery, InvoiceStatus } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
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
import { Text } from '../../../shared/ui/Typography';
import { useInvoices } from '../api/invoices';
import { InvoiceActions } from '../components/InvoiceActions';
import { monthFilter, recentMonths, shownEnd } from '../lib/months';

const InvoiceDrawer = lazyDialog(() => import('../components/InvoiceDrawer').then((m) => m.InvoiceDrawer));

/** The `?invoice=` search param: the invoice whose detail is open. */
const OPEN = 'invoice';

/** The current search params with one more set (a link's href; the click itself updates the URL in place). */
function withParam(search: URLSearchParams, key: string, value: string): string {
  const next = new URLSearchParams(search);
  next.set(key, value);
  return next.toString();
}

const MONTHS = recentMonths().map((m) => ({ value: m, label: m }));

/**
 * Invoices (§2; §7 "Invoices list (brief, from, to)"): a month filter sends the month's range (its start to the next
 * month's start, UTC); an invoice's detail opens beside the list (`?invoice=` in the URL) with Confirm and Suspend.
 */
export function InvoicesTab() {
  const list = useListParams({
    month: '',
    status: [] as InvoiceStatus[],
    kind: [] as InvoiceKind[],
    tenant_id: '',
    sort: '-start_date',
  });
  const { month, tenant_id, ...rest } = list.request;
  const query = useInvoices({
    ...rest,
    sort: rest.sort as InvoiceListQuery['sort'],
    brief: 'true',
    ...monthFilter(month),
    tenant_id: tenant_id || undefined,
  });
  const [search, updateSearch] = useSearchUpdate();
  const openId = search.get(OPEN);
  const open = (id: string | null) =>
    updateSearch((sp) => {
      if (id) sp.set(OPEN, id);
      else sp.delete(OPEN);
    });
  const { filters } = list;
  const filtered = Boolean(filters.month || filters.status.length || filters.kind.length || filters.tenant_id);

  const columns: DataColumns<Invoice> = [
    {
      title: 'Invoice',
      dataIndex: 'invoice_id',
      key: 'invoice_id',
      render: (id: string, row) => (
        <span>
          <a
            href={`?${withParam(search, OPEN, id)}`}
            onPointerEnter={InvoiceDrawer.preload}
            onClick={(event) => {
              event.preventDefault();
              open(id);
            }}
          >
            {row.invoice_number}
          </a>
          <br />
          <Text type="secondary">ID {id}</Text>
        </span>
      ),
    },
    {
      title: 'Tenant',
      key: 'tenant_name',
      sorter: true,
      render: (_: unknown, row) => (
        <span>
          {row.tenant_name}
          <br />
          <ObjectLink kind="tenant" id={row.tenant_id} />
        </span>
      ),
    },
    { title: 'Kind', dataIndex: 'kind', key: 'kind' },
    {
      title: 'Period',
      key: 'start_date',
      sorter: true,
      render: (_: unknown, row) => (
        <span>
          <DateText value={row.start_date} /> – <DateText value={shownEnd(row.end_date)} />
        </span>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: InvoiceStatus) => <StatusTag status={status} color={INVOICE_STATUS_COLORS[status]} />,
    },
    {
      title: 'Cost Price',
      dataIndex: 'cost_price',
      key: 'cost_price',
      align: 'right',
      render: (cents: number) => <Money cents={cents} />,
    },
    {
      title: 'Discounts',
      dataIndex: 'discount_amount',
      key: 'discount_amount',
      align: 'right',
      render: (cents: number) => <Money cents={cents ? -cents : 0} />,
    },
    {
      title: 'Total',
      dataIndex: 'total_amount',
      key: 'total_amount',
      align: 'right',
      sorter: true,
      render: (cents: number) => <Money cents={cents} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row) => <InvoiceActions invoice={row} size="small" />,
    },
  ];

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SelectFilter
          label="Month"
          width={140}
          value={filters.month || undefined}
          options={MONTHS}
          onChange={(value) => list.setFilters({ month: value ?? '' })}
        />
        <MultiSelectFilter
          label="Status"
          width={240}
          value={filters.status}
          options={INVOICE_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Kind"
          width={180}
          value={filters.kind}
          options={INVOICE_KINDS.map((value) => ({ value, label: value }))}
          onChange={(kind) => list.setFilters({ kind })}
        />
        <SearchInput
          value={filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Tenant ID"
          width={220}
        />
      </ListToolbar>
      <DataTable<Invoice>
        aria-label="Invoices"
        rowKey="invoice_id"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No invoices match these filters' : 'No invoices'}
      />
      <InvoiceDrawer open={Boolean(openId)} invoiceId={openId} onClose={() => open(null)} />
    </>
  );
}
