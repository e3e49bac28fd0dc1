import type { ReactNode } from 'react';
import { Descriptions, Drawer } from 'antd';
import { formatPercent, INVOICE_STATUS_COLORS, percentOffOf, SUPPORT_LEVEL_LABELS } from '@portal/contract';
import type { Invoice } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText, Money } from '../../../shared/ui/Formatted';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text, Title } from '../../../shared/ui/Typography';
import { useInvoice } from '../api/invoices';
import { shownEnd } from '../lib/months';
import { InvoiceActions } from './InvoiceActions';

/** A deduction shown as a negative amount (none as $0.00, not -$0.00). */
const negative = (cents: number) => (cents ? -cents : 0);

type CategoryCost = NonNullable<Invoice['category_unit_costs']>[number];
type ProjectCost = NonNullable<Invoice['label_unit_costs']>['project'][number];
type AppliedDiscount = Invoice['discounts'][number];

const categoryColumns: DataColumns<CategoryCost> = [
  {
    title: 'Category',
    key: 'category',
    render: (_: unknown, row) => (
      <span>
        {row.category}
        <br />
        <Text type="secondary">{row.unit}</Text>
      </span>
    ),
  },
  { title: 'Provider', dataIndex: 'provider', key: 'provider' },
  {
    title: 'Quantity',
    key: 'quantity',
    align: 'right',
    render: (_: unknown, row) => `${row.quantity.toLocaleString('en-US')} ${row.measure_unit}`,
  },
  {
    title: 'Unit Price',
    key: 'price',
    align: 'right',
    render: (_: unknown, row) => (
      <span>
        <Money cents={row.price_cents} /> / {row.price_per === 1 ? '' : `${row.price_per.toLocaleString('en-US')} `}
        {row.measure_unit}
      </span>
    ),
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (c: number) => <Money cents={c} /> },
  {
    title: 'Discount',
    dataIndex: 'discount_amount',
    key: 'discount_amount',
    align: 'right',
    render: (c: number) => <Money cents={negative(c)} />,
  },
  {
    title: 'Net',
    dataIndex: 'net_amount',
    key: 'net_amount',
    align: 'right',
    render: (c: number) => <Money cents={c} />,
  },
];

const projectColumns: DataColumns<ProjectCost> = [
  {
    title: 'Project',
    key: 'project',
    render: (_: unknown, row) => (
      <span>
        {row.project_name}
        <br />
        <Text type="secondary">{row.project_id}</Text>
      </span>
    ),
  },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (c: number) => <Money cents={c} /> },
];

const discountColumns: DataColumns<AppliedDiscount> = [
  {
    title: 'Discount',
    dataIndex: 'description',
    key: 'description',
    render: (d: string, row) => d || row.discount_sid,
  },
  { title: 'Kind', dataIndex: 'kind', key: 'kind' },
  {
    title: 'Percent Off',
    dataIndex: 'discount',
    key: 'discount',
    align: 'right',
    render: (d: number) => `${percentOffOf(d)}%`,
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (c: number) => <Money cents={negative(c)} />,
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginTop: 24 }}>
      <Title level={5}>{title}</Title>
      {children}
    </section>
  );
}

function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const items = [
    { key: 'id', label: 'Invoice ID', children: invoice.invoice_id },
    { key: 'number', label: 'Number', children: invoice.invoice_number },
    {
      key: 'tenant',
      label: 'Tenant',
      children: (
        <span>
          {invoice.tenant_name} (<ObjectLink kind="tenant" id={invoice.tenant_id} />)
        </span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      children: <StatusTag status={invoice.status} color={INVOICE_STATUS_COLORS[invoice.status]} />,
    },
    { key: 'kind', label: 'Kind', children: invoice.kind },
    {
      key: 'period',
      label: 'Period',
      children: (
        <span>
          <DateText value={invoice.start_date} withTime /> – <DateText value={shownEnd(invoice.end_date)} withTime />
        </span>
      ),
    },
    { key: 'config', label: 'Bound Billing Config', children: invoice.binded_billing_config_id },
    { key: 'cost', label: 'Cost Price', children: <Money cents={invoice.cost_price} /> },
    { key: 'usage', label: 'Usage', children: <Money cents={invoice.usage_amount} /> },
    { key: 'discount', label: 'Discounts', children: <Money cents={negative(invoice.discount_amount)} /> },
    {
      key: 'support',
      label: 'Support',
      children: (
        <span>
          <Money cents={invoice.support_amount} />
          {invoice.support_plan ? (
            <Text type="secondary">
              {' '}
              ({SUPPORT_LEVEL_LABELS[invoice.support_plan.level]}, {invoice.support_plan.type})
            </Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'tax_rate',
      label: 'Tax Rate',
      children: `${invoice.tax_rate.display_name} (${formatPercent(invoice.tax_rate.rate)})`,
    },
    { key: 'tax', label: 'Tax', children: <Money cents={invoice.tax_amount} /> },
    { key: 'total', label: 'Total', children: <Money cents={invoice.total_amount} /> },
    { key: 'credits', label: 'Credits Applied', children: <Money cents={negative(invoice.credits_applied)} /> },
    { key: 'due', label: 'Amount Due', children: <Money cents={invoice.amount_due} /> },
    { key: 'rated', label: 'Rated At', children: <DateText value={invoice.rated_at} withTime /> },
    {
      key: 'confirmed',
      label: 'Confirmed',
      children: invoice.confirmed_at ? (
        <span>
          <DateText value={invoice.confirmed_at} withTime /> by {invoice.confirmed_by}
        </span>
      ) : (
        '-'
      ),
    },
    ...(invoice.suspended_at
      ? [
          {
            key: 'suspended',
            label: 'Suspended',
            children: (
              <span>
                <DateText value={invoice.suspended_at} withTime /> by {invoice.suspended_by}
              </span>
            ),
          },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}

export interface InvoiceDrawerProps {
  open: boolean;
  invoiceId: string | null;
  onClose(): void;
}

/**
 * An invoice's detail (§3 Invoice): its facts, the category unit costs (usage per billing item with its discount),
 * the label unit costs per project and the discounts applied; Confirm and Suspend at the top.
 */
export function InvoiceDrawer({ open, invoiceId, onClose }: InvoiceDrawerProps) {
  const query = useInvoice(open ? invoiceId : null);
  const invoice = query.data;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1000}
      title={invoice ? `Invoice ${invoice.invoice_number}` : 'Invoice'}
      extra={invoice ? <InvoiceActions invoice={invoice} /> : null}
      destroyOnHidden
    >
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !invoice ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spinner />
        </div>
      ) : (
        <>
          <InvoiceFacts invoice={invoice} />
          <Section title="Category Unit Costs">
            <DataTable<CategoryCost>
              aria-label="Category unit costs"
              size="small"
              rowKey={(r) => `${r.filter_id}/${r.provider}/${r.unit}`}
              columns={categoryColumns}
              data={invoice.category_unit_costs ?? []}
              pagination={false}
            />
          </Section>
          <Section title="Label Unit Costs: Project">
            <DataTable<ProjectCost>
              aria-label="Project unit costs"
              size="small"
              rowKey="project_id"
              columns={projectColumns}
              data={invoice.label_unit_costs?.project ?? []}
              pagination={false}
            />
          </Section>
          <Section title="Discounts Applied">
            <DataTable<AppliedDiscount>
              aria-label="Discounts applied"
              size="small"
              rowKey="discount_sid"
              columns={discountColumns}
              data={invoice.discounts}
              pagination={false}
              emptyText="No discount applies"
            />
          </Section>
        </>
      )}
    </Drawer>
  );
}
