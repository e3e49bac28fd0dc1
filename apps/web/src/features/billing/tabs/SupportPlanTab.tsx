import { useState } from 'react';
import { Button, Flex } from 'antd';
import {
  BILLING_MESSAGES,
  billingApi,
  BOUND_PLAN_STATUSES,
  canBoundPlan,
  formatMoney,
  formatPercent,
  SUPPORT_LEVEL_LABELS,
  SUPPORT_LEVELS,
} from '@portal/contract';
import type {
  BoundPlanListQuery,
  BoundPlanStatus,
  BoundSupportPlan,
  SupportLevel,
  SupportPlan,
  SupportPlanListQuery,
} from '@portal/contract';
import { isApiError } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text, Title } from '../../../shared/ui/Typography';
import {
  useBoundPlans,
  useCancelBoundPlan,
  useCurrentBoundPlan,
  useDisableBoundPlan,
  useSupportPlans,
} from '../api/plans';
import { BOUND_PLAN_STATUS_COLORS } from '../lib/status';

const SupportPlanDialog = lazyDialog(() => import('../components/SupportPlanDialog').then((m) => m.SupportPlanDialog));
const AddBoundPlanDialog = lazyDialog(() =>
  import('../components/AddBoundPlanDialog').then((m) => m.AddBoundPlanDialog),
);

type Terms = Pick<SupportPlan, 'type' | 'fixed_charge_price' | 'support_price_percentage' | 'tiered_price_rules'>;

/** A plan's price in a line: "$500.00 a month", "5% (min $100.00)", "3 tiers (min $0.00)". */
export function termsText(t: Terms): string {
  const min = formatMoney(t.fixed_charge_price);
  if (t.type === 'fixed_price') return `${min} a month`;
  if (t.type === 'percentage_price') return `${formatPercent(t.support_price_percentage)} of usage (min ${min})`;
  const tiers = t.tiered_price_rules
    .map((r) => `${formatPercent(r.support_price_percentage)} from ${formatMoney(r.lower_bound)}`)
    .join(', ');
  return `${t.tiered_price_rules.length} tiers: ${tiers} (min ${min})`;
}

const level = (value: SupportLevel) => SUPPORT_LEVEL_LABELS[value];

/** §8: a disable that failed says the server's message, else "Cancel Failed". */
function disableFailed(error: unknown) {
  if (isApiError(error) && error.notified) return;
  const text = isApiError(error) && error.serverMessage ? error.serverMessage : BILLING_MESSAGES.cancelFailed;
  feedback().message.error(text);
}

function PlansList() {
  const can = useCan();
  const [editing, setEditing] = useState<SupportPlan | null>(null);
  const list = useListParams({ level: [] as SupportLevel[], sort: 'level' }, { prefix: 'plans_' });
  const query = useSupportPlans({ ...list.request, sort: list.request.sort as SupportPlanListQuery['sort'] });
  const mayUpdate = can(billingApi.updateSupportPlan);
  const columns: DataColumns<SupportPlan> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => (
        <span>
          {name}
          <br />
          <Text type="secondary">ID {row.support_plan_id}</Text>
        </span>
      ),
    },
    { title: 'Level', dataIndex: 'level', key: 'level', sorter: true, render: level },
    { title: 'Type', dataIndex: 'type', key: 'type' },
    { title: 'Price', key: 'price', render: (_: unknown, row) => termsText(row) },
    {
      title: 'Scope',
      key: 'scope',
      render: (_: unknown, row) =>
        row.is_public || !row.tenant_id ? 'Public' : <ObjectLink kind="tenant" id={row.tenant_id} />,
    },
    { title: 'Bound', dataIndex: 'binding_count', key: 'binding_count', align: 'right' },
    {
      title: 'Updated',
      dataIndex: 'updated_at',
      key: 'updated_at',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
    ...(mayUpdate
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: SupportPlan) => (
              <Button size="small" onPointerEnter={SupportPlanDialog.preload} onClick={() => setEditing(row)}>
                Update
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-label="Support plans">
      <Title level={5}>Support Plans</Title>
      <ListToolbar filtered={list.filters.level.length > 0} onReset={list.reset}>
        <MultiSelectFilter
          label="Level"
          width={220}
          value={list.filters.level}
          options={SUPPORT_LEVELS.map((value) => ({ value, label: level(value) }))}
          onChange={(value) => list.setFilters({ level: value })}
        />
      </ListToolbar>
      <DataTable<SupportPlan>
        aria-label="Support plans"
        scroll={{ x: '100%' }}
        rowKey="support_plan_id"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText="No support plans"
      />
      <SupportPlanDialog open={editing !== null} plan={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** A tenant's current plan with Cancel Current Plan (§4: an active or to_be_activated plan). */
function CurrentPlan({ tenantId }: { tenantId: string }) {
  const can = useCan();
  const current = useCurrentBoundPlan(tenantId);
  const cancel = useCancelBoundPlan();
  const plan = current.data;
  if (current.isLoading) return null;
  return (
    <Flex gap={12} align="center" wrap style={{ margin: '8px 0 16px' }} role="group" aria-label="Current plan">
      <Text strong>Current plan of {tenantId}:</Text>
      {plan ? (
        <>
          <span>
            {level(plan.level)} · {termsText(plan)} · from <DateText value={plan.active_date} />
            {plan.expired_date ? (
              <>
                {' '}
                to <DateText value={plan.expired_date} />
              </>
            ) : null}
          </span>
          <StatusTag status={plan.status} color={BOUND_PLAN_STATUS_COLORS[plan.status]} />
          {can(billingApi.cancelBoundPlan) ? (
            <ConfirmButton
              size="small"
              danger
              disabled={!canBoundPlan(plan.status, 'cancel')}
              loading={cancel.isPending}
              confirmTitle={`Cancel the current support plan of ${plan.tenant_name}?`}
              confirmContent={
                plan.status === 'active'
                  ? 'It ends now; what it covered until now stays charged.'
                  : 'It will not start.'
              }
              okText="Cancel Plan"
              onConfirm={() =>
                cancel
                  .mutateAsync(tenantId)
                  .then(() => feedback().message.success('The support plan was cancelled'))
                  .catch(() => undefined)
              }
            >
              Cancel Current Plan
            </ConfirmButton>
          ) : null}
        </>
      ) : (
        <Text type="secondary">none</Text>
      )}
    </Flex>
  );
}

function BoundPlansList() {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const list = useListParams(
    { tenant_id: '', status: [] as BoundPlanStatus[], sort: '-active_date' },
    { prefix: 'bound_' },
  );
  const { tenant_id, ...rest } = list.request;
  const query = useBoundPlans({
    ...rest,
    sort: rest.sort as BoundPlanListQuery['sort'],
    tenant_id: tenant_id || undefined,
  });
  const disable = useDisableBoundPlan();
  const mayDisable = can(billingApi.disableBoundPlan);
  const columns: DataColumns<BoundSupportPlan> = [
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
    {
      title: 'Plan',
      key: 'plan',
      render: (_: unknown, row) => (
        <span>
          {row.name} ({level(row.level)})
          <br />
          <Text type="secondary">{termsText(row)}</Text>
        </span>
      ),
    },
    {
      title: 'Active Date',
      dataIndex: 'active_date',
      key: 'active_date',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
    {
      title: 'Expired Date',
      dataIndex: 'expired_date',
      key: 'expired_date',
      render: (v: string | null) => <DateText value={v} />,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: BoundPlanStatus) => <StatusTag status={status} color={BOUND_PLAN_STATUS_COLORS[status]} />,
    },
    ...(mayDisable
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: BoundSupportPlan) => (
              <ConfirmButton
                size="small"
                danger
                disabled={!canBoundPlan(row.status, 'disable')}
                confirmTitle={`Disable the ${level(row.level)} plan of ${row.tenant_name}?`}
                confirmContent="A disabled plan is charged on no invoice still open."
                okText="Disable"
                onConfirm={() =>
                  disable
                    .mutateAsync(row.binded_support_plan_id)
                    .then(() => feedback().message.success('The support plan was disabled'))
                    .catch(disableFailed)
                }
              >
                Disable
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];
  const filtered = Boolean(list.filters.tenant_id || list.filters.status.length);
  return (
    <section aria-label="Bound plans" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center">
        <Title level={5}>Bound Plans</Title>
        {can(billingApi.addBoundPlan) ? (
          <Button type="primary" onPointerEnter={AddBoundPlanDialog.preload} onClick={() => setAdding(true)}>
            Add Plan
          </Button>
        ) : null}
      </Flex>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={list.filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Bound plans tenant ID"
          width={220}
        />
        <MultiSelectFilter
          label="Status"
          width={240}
          value={list.filters.status}
          options={BOUND_PLAN_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
      </ListToolbar>
      {list.filters.tenant_id ? <CurrentPlan tenantId={list.filters.tenant_id} /> : null}
      <DataTable<BoundSupportPlan>
        aria-label="Bound plans"
        scroll={{ x: '100%' }}
        rowKey="binded_support_plan_id"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No bound plans match these filters' : 'No bound plans'}
      />
      <AddBoundPlanDialog open={adding} onClose={() => setAdding(false)} tenantId={list.filters.tenant_id} />
    </section>
  );
}

/**
 * Support Plan (§2, §3, §4): the plans (catalogue and tenants' private terms) with Update, and the tenants' bound
 * plans with Add Plan, Cancel Current Plan (for the tenant filtered on) and Disable (failures: the server message,
 * else "Cancel Failed").
 */
export function SupportPlanTab() {
  return (
    <>
      <PlansList />
      <BoundPlansList />
    </>
  );
}
