import { useState } from 'react';
import { Button, Flex } from 'antd';
import { billingApi, UNLIMITED_QUOTA } from '@portal/contract';
import type { CreditRiskLevel, RouteQueryIn } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText, Money } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useDeleteRiskLevel, useRiskLevels } from '../api/risk';

const RiskLevelDialog = lazyDialog(() => import('../components/RiskLevelDialog').then((m) => m.RiskLevelDialog));
const CostQuotaDialog = lazyDialog(() => import('../components/CostQuotaDialog').then((m) => m.CostQuotaDialog));

/** -1 is unlimited (§3, §9). */
export function QuotaLimit({ cents }: { cents: number }) {
  return cents === UNLIMITED_QUOTA ? <Text type="secondary">Unlimited</Text> : <Money cents={cents} />;
}

/**
 * Risk Level (§2; §3 Risk level; §9: the list refreshes every 120 s): the credit risk levels with their cost quota
 * (a monthly limit, or unlimited) and how many tenants are at each; create, edit, delete and the quota (admin-only).
 */
export function RiskLevelTab() {
  const can = useCan();
  /** undefined: closed; null: a new level; else the level edited. */
  const [editing, setEditing] = useState<CreditRiskLevel | null | undefined>(undefined);
  const [quota, setQuota] = useState<CreditRiskLevel | null>(null);
  const list = useListParams({ search: '', sort: 'credit_risk_level_name' });
  const { search, ...rest } = list.request;
  const query = useRiskLevels({
    ...rest,
    sort: rest.sort as RouteQueryIn<typeof billingApi.riskLevels>['sort'],
    search: search || undefined,
  });
  const remove = useDeleteRiskLevel();
  const mayEdit = can(billingApi.updateRiskLevel);
  const mayQuota = can(billingApi.updateCostQuota);
  const mayDelete = can(billingApi.deleteRiskLevel);

  const columns: DataColumns<CreditRiskLevel> = [
    {
      title: 'Name',
      dataIndex: 'credit_risk_level_name',
      key: 'credit_risk_level_name',
      sorter: true,
      render: (name: string, row) => (
        <span>
          {name}
          <br />
          <Text type="secondary">ID {row.credit_risk_level_id}</Text>
        </span>
      ),
    },
    { title: 'Description', dataIndex: 'description', key: 'description', render: (d: string) => d || '-' },
    {
      title: 'Cost Quota Limit',
      key: 'cost_quota',
      align: 'right',
      render: (_: unknown, row) => <QuotaLimit cents={row.cost_quota.cost_quota_limit} />,
    },
    { title: 'Tenants', dataIndex: 'tenant_count', key: 'tenant_count', align: 'right' },
    {
      title: 'Created',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
    ...(mayEdit || mayQuota || mayDelete
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: CreditRiskLevel) => (
              <Flex gap={8}>
                {mayEdit ? (
                  <Button size="small" onPointerEnter={RiskLevelDialog.preload} onClick={() => setEditing(row)}>
                    Edit
                  </Button>
                ) : null}
                {mayQuota ? (
                  <Button size="small" onPointerEnter={CostQuotaDialog.preload} onClick={() => setQuota(row)}>
                    Quota
                  </Button>
                ) : null}
                {mayDelete ? (
                  <ConfirmButton
                    size="small"
                    danger
                    confirmTitle={`Delete the risk level ${row.credit_risk_level_name}?`}
                    confirmContent={
                      row.tenant_count
                        ? `${row.tenant_count} tenant(s) are at this level: move them to another level first.`
                        : undefined
                    }
                    okText="Delete"
                    onConfirm={() =>
                      remove
                        .mutateAsync(row.credit_risk_level_id)
                        .then(() => feedback().message.success(`Risk level ${row.credit_risk_level_name} deleted`))
                        .catch(() => undefined)
                    }
                  >
                    Delete
                  </ConfirmButton>
                ) : null}
              </Flex>
            ),
          },
        ]
      : []),
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
          placeholder="Name"
          aria-label="Risk level name"
          width={220}
        />
        <span style={{ flex: 1 }} />
        {can(billingApi.createRiskLevel) ? (
          <Button type="primary" onPointerEnter={RiskLevelDialog.preload} onClick={() => setEditing(null)}>
            Create Risk Level
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<CreditRiskLevel>
        aria-label="Risk levels"
        rowKey="credit_risk_level_id"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={list.filters.search ? 'No risk levels match this name' : 'No risk levels'}
      />
      <RiskLevelDialog open={editing !== undefined} level={editing ?? null} onClose={() => setEditing(undefined)} />
      <CostQuotaDialog open={quota !== null} level={quota} onClose={() => setQuota(null)} />
    </>
  );
}
