import { useState } from 'react';
import { Descriptions } from 'antd';
import {
  billingAccountsApi,
  billingApi,
  BUDGET_STATE_COLORS,
  canCancelSubscription,
  canCredit,
  CLOSING_MESSAGES,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  PARTNER_BILLING_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_TYPES,
  SUBSCRIPTION_STATUS_COLORS,
  UNLIMITED_QUOTA,
} from '@portal/contract';
import type { Budget, Credit, MarketplaceSubscription, Payment, ProviderPaymentMethod } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Panel } from '../../../shared/ui/Panel';
import { StatusTag } from '../../../shared/ui/StatusTag';
import {
  TAB_PAGE_SIZE,
  useBillingInfo,
  useCancelSubscription,
  useDeleteBudget,
  useProviderCards,
  useReclaimCredit,
  useTenantBudgets,
  useTenantCredits,
  useTenantPayments,
  useTenantSubscriptions,
} from '../api';

const typeName = (type: string | null) => PAYMENT_TYPES.find((t) => t.type === type)?.name ?? 'None';

/** The tenant's billing at a glance: who invoices it, how it pays, what it owes and has committed. */
export function BillingSummary({ tenantId }: { tenantId: string }) {
  const query = useBillingInfo(tenantId);
  const info = query.data;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!info) return null;
  const p = info.payment;
  const level = info.billing.credit_risk_level;
  const quota = level?.cost_quota.cost_quota_limit;
  return (
    <Panel title="Billing account">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'company', label: 'Billing company', children: info.billing_company.billing_company.name },
          {
            key: 'method',
            label: 'Payment method',
            children: `${typeName(p.type)}${p.card ? ` (${p.card.brand} ****${p.card.last4})` : ''}${
              p.invoiceable ? ', invoiceable' : ''
            }`,
          },
          { key: 'code', label: 'Payment code', children: p.payment_code ?? '-' },
          {
            key: 'partner',
            label: 'Partner',
            children: info.partner_billing
              ? `${PARTNER_BILLING_LABELS[info.partner_billing.partner_type]} via ${info.partner_billing.reseller_id}`
              : 'Direct',
          },
          {
            key: 'contracts',
            label: 'Contracts in force',
            children: `${info.contracts_in_force} (${formatMoney(info.committed_cents)} committed)`,
          },
          {
            key: 'risk',
            label: 'Credit risk level',
            children: level
              ? `${level.credit_risk_level_name} (${quota === UNLIMITED_QUOTA ? 'unlimited' : formatMoney(quota)})`
              : '-',
          },
          { key: 'mtd', label: 'Month to date', children: formatMoney(info.billing.month_to_date_cost_cents) },
          { key: 'due', label: 'Confirmed, due', children: formatMoney(info.billing.confirmed_due_cents) },
          { key: 'credit', label: 'Credit balance', children: formatMoney(info.billing.credit_balance_cents) },
          { key: 'paid', label: 'Paid, last 12 months', children: formatMoney(info.paid_last_12_months_cents) },
        ]}
      />
    </Panel>
  );
}

const paymentColumns: DataColumns<Payment> = [
  { title: 'Date', dataIndex: 'created_at', render: (v: string) => formatDate(v) },
  { title: 'Method', dataIndex: 'type', render: (v: string) => typeName(v) },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (s: Payment['status'], p) => (
      <span title={p.failure_reason ?? undefined}>
        <StatusTag status={s} color={PAYMENT_STATUS_COLORS[s]} />
      </span>
    ),
  },
  { title: 'Amount', dataIndex: 'amount_cents', align: 'right', render: (v: number) => formatMoney(v) },
  { title: 'For', dataIndex: 'description' },
  { title: 'Invoice', dataIndex: 'invoice_id', render: (v: string | null) => v ?? '-' },
  { title: 'Reference', dataIndex: 'reference' },
];

const cardColumns: DataColumns<ProviderPaymentMethod> = [
  { title: 'Card', key: 'card', render: (_: never, c) => `${c.brand} ****${c.last4}` },
  { title: 'Expires', key: 'exp', render: (_: never, c) => `${String(c.exp_month).padStart(2, '0')}/${c.exp_year}` },
  { title: 'Default', dataIndex: 'is_default', render: (v: boolean) => (v ? 'Yes' : '') },
  { title: 'Added', dataIndex: 'created_at', render: (v: string) => formatDate(v) },
];

/** Payments received, newest first, and the cards the payment provider holds for the tenant. */
export function PaymentsPanel({ tenantId }: { tenantId: string }) {
  const [page, setPage] = useState(1);
  const payments = useTenantPayments(tenantId, page);
  const cards = useProviderCards(tenantId);
  return (
    <Panel title="Payments">
      <DataTable
        aria-label="Payments"
        size="small"
        columns={paymentColumns}
        query={payments}
        list={{ page, perPage: TAB_PAGE_SIZE, sort: undefined, setPage: (p) => setPage(p), setSort: () => undefined }}
        emptyText="No payments"
      />
      {cards.data?.total ? (
        <DataTable
          aria-label="Cards at the payment provider"
          size="small"
          columns={cardColumns}
          query={cards}
          pagination={false}
        />
      ) : null}
    </Panel>
  );
}

/** Marketplace subscriptions, each cancellable while pending or active. */
export function SubscriptionsPanel({ tenantId }: { tenantId: string }) {
  const query = useTenantSubscriptions(tenantId);
  const cancel = useCancelSubscription(tenantId);
  const canCancel = useCan()(billingAccountsApi.cancelSubscription);
  const columns: DataColumns<MarketplaceSubscription> = [
    { title: 'Subscription', dataIndex: 'id' },
    { title: 'Marketplace', dataIndex: 'marketplace' },
    { title: 'Account', dataIndex: 'marketplace_account_id' },
    { title: 'Offer', dataIndex: 'offer' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: MarketplaceSubscription['status'], sub) => (
        <span title={sub.cancel_reason ?? undefined}>
          <StatusTag status={s} color={SUBSCRIPTION_STATUS_COLORS[s]} />
        </span>
      ),
    },
    { title: 'Subscribed', dataIndex: 'subscribed_at', render: (v: string) => formatDate(v) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: never, sub) =>
        canCancel && canCancelSubscription(sub.status) ? (
          <ConfirmButton
            size="small"
            danger
            confirmTitle={`Cancel subscription ${sub.id}?`}
            confirmContent={`The tenant's ${sub.marketplace} Marketplace subscription ends; it is no longer billed through it.`}
            okText="Cancel the subscription"
            onConfirm={async () => {
              await cancel.mutateAsync(sub.id);
              feedback().message.success(CLOSING_MESSAGES.cancelled);
            }}
          >
            Cancel
          </ConfirmButton>
        ) : null,
    },
  ];
  return (
    <Panel title="Marketplace subscriptions">
      <DataTable
        aria-label="Marketplace subscriptions"
        size="small"
        columns={columns}
        query={query}
        pagination={false}
        emptyText="No marketplace subscriptions"
      />
    </Panel>
  );
}

/** The tenant's credits (the billing area's), a valid one reclaimable. */
export function CreditsPanel({ tenantId }: { tenantId: string }) {
  const query = useTenantCredits(tenantId);
  const reclaim = useReclaimCredit(tenantId);
  const canReclaim = useCan()(billingApi.reclaimCredit);
  const columns: DataColumns<Credit> = [
    { title: 'Credit', dataIndex: 'credit_id' },
    { title: 'Type', dataIndex: 'credit_type' },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => formatMoney(v) },
    { title: 'Balance', dataIndex: 'balance', align: 'right', render: (v: number) => formatMoney(v) },
    { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: 'Valid',
      key: 'valid',
      render: (_: never, c) => `${formatDate(c.effective_at)} – ${formatDate(c.expired_at)}`,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: never, c) =>
        canReclaim && canCredit(c.status, 'reclaim') ? (
          <ConfirmButton
            size="small"
            danger
            confirmTitle={`Reclaim credit ${c.credit_id}?`}
            confirmContent={`Its balance of ${formatMoney(c.balance)} is taken back.`}
            okText="Reclaim"
            onConfirm={async () => {
              await reclaim.mutateAsync(c.credit_id);
              feedback().message.success('Reclaimed');
            }}
          >
            Reclaim
          </ConfirmButton>
        ) : null,
    },
  ];
  return (
    <Panel title="Credits">
      <DataTable
        aria-label="Credits"
        size="small"
        rowKey="credit_id"
        columns={columns}
        query={query}
        pagination={false}
        emptyText="No credits"
      />
    </Panel>
  );
}

/** The tenant's budgets and where their spend stands; staff may delete one. */
export function BudgetsPanel({ tenantId }: { tenantId: string }) {
  const query = useTenantBudgets(tenantId);
  const remove = useDeleteBudget(tenantId);
  const canDelete = useCan()(billingAccountsApi.deleteBudget);
  const columns: DataColumns<Budget> = [
    { title: 'Budget', dataIndex: 'name' },
    {
      title: 'Period',
      key: 'period',
      render: (_: never, b) => `${formatDate(b.period_start)} – ${formatDate(b.period_end)}`,
    },
    { title: 'Amount', dataIndex: 'amount_cents', align: 'right', render: (v: number) => formatMoney(v) },
    {
      title: 'Spent',
      key: 'spent',
      align: 'right',
      render: (_: never, b) =>
        `${formatMoney(b.spent_cents)} (${formatPercent(b.amount_cents ? b.spent_cents / b.amount_cents : null, 0)})`,
    },
    {
      title: 'Alerts at',
      dataIndex: 'thresholds',
      render: (v: number[]) => v.map((t) => formatPercent(t, 0)).join(', '),
    },
    {
      title: 'State',
      dataIndex: 'state',
      render: (s: Budget['state']) => <StatusTag status={s} color={BUDGET_STATE_COLORS[s]} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: never, b) =>
        canDelete ? (
          <ConfirmButton
            size="small"
            danger
            confirmTitle={`Delete budget ${b.name}?`}
            confirmContent={`Created by ${b.created_by} on ${formatDateTime(b.created_at)}; its alerts stop.`}
            okText="Delete"
            onConfirm={async () => {
              await remove.mutateAsync(b.id);
              feedback().message.success('Deleted');
            }}
          >
            Delete
          </ConfirmButton>
        ) : null,
    },
  ];
  return (
    <Panel title="Budgets">
      <DataTable
        aria-label="Budgets"
        size="small"
        columns={columns}
        query={query}
        pagination={false}
        emptyText="No budgets"
      />
    </Panel>
  );
}
