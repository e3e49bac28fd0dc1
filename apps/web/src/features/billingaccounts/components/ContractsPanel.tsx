import { useState } from 'react';
import { Button, Space } from 'antd';
import {
  billingAccountsApi,
  CONTRACT_ACTION_LABELS,
  CONTRACT_ACTIONS_NEEDING_REASON,
  CONTRACT_STATUS_COLORS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TYPE_LABELS,
  formatDate,
  formatMoney,
} from '@portal/contract';
import type { Contract, ContractAction } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Panel } from '../../../shared/ui/Panel';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useContractAction, useDownloadContract, useTenantContracts, TAB_PAGE_SIZE } from '../api';

const ContractActionDialog = lazyDialog(() => import('./ContractActionDialog').then((m) => m.ContractActionDialog));

/** What each action that needs no input asks before it runs. */
const CONFIRM_TEXT: Partial<Record<ContractAction, (c: Contract) => string>> = {
  submit: (c) => `The customer is sent ${c.contract_number} to sign; it can no longer be edited.`,
  withdraw: (c) => `${c.contract_number} goes back to draft: the customer can no longer sign it.`,
  resume: (c) => `${c.contract_number} is active again.`,
  expire: (c) => `${c.contract_number} ended on ${formatDate(c.end_date)}: it is marked expired.`,
};

/** Whether an action asks for input (a reason, who signed) rather than a plain confirmation. */
const needsInput = (action: ContractAction) =>
  action === 'activate' || CONTRACT_ACTIONS_NEEDING_REASON.includes(action);

/** The tenant's contracts with their named actions (from the contract's state table) and their PDF. */
export function ContractsPanel({ tenantId }: { tenantId: string }) {
  const [page, setPage] = useState(1);
  const query = useTenantContracts(tenantId, page);
  const act = useContractAction(tenantId);
  const download = useDownloadContract();
  const can = useCan();
  const canAct = can(billingAccountsApi.contractAction);
  const [asking, setAsking] = useState<{ contract: Contract; action: ContractAction } | null>(null);

  const columns: DataColumns<Contract> = [
    { title: 'Contract', dataIndex: 'contract_number', width: 110 },
    { title: 'Title', dataIndex: 'title' },
    { title: 'Type', dataIndex: 'type', render: (t: Contract['type']) => CONTRACT_TYPE_LABELS[t] },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: Contract['status'], c) => (
        <span title={c.status_reason ?? undefined}>
          <StatusTag status={CONTRACT_STATUS_LABELS[s]} color={CONTRACT_STATUS_COLORS[s]} />
        </span>
      ),
    },
    {
      title: 'Term',
      key: 'term',
      render: (_: never, c) => `${formatDate(c.start_date)} – ${formatDate(c.end_date)}`,
    },
    { title: 'Commitment', dataIndex: 'commitment_cents', align: 'right', render: (v: number) => formatMoney(v) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: never, c) => (
        <Space size={4} wrap>
          {canAct &&
            c.actions.map((action) =>
              needsInput(action) ? (
                <Button
                  key={action}
                  size="small"
                  danger={action === 'terminate' || action === 'cancel'}
                  onMouseEnter={ContractActionDialog.preload}
                  onClick={() => setAsking({ contract: c, action })}
                >
                  {CONTRACT_ACTION_LABELS[action]}
                </Button>
              ) : (
                <ConfirmButton
                  key={action}
                  size="small"
                  confirmTitle={`${CONTRACT_ACTION_LABELS[action]}: ${c.contract_number}?`}
                  confirmContent={CONFIRM_TEXT[action]?.(c)}
                  okText={CONTRACT_ACTION_LABELS[action]}
                  onConfirm={async () => {
                    await act.mutateAsync({ contract: c, action, body: {} });
                    feedback().message.success(`${c.contract_number}: ${CONTRACT_ACTION_LABELS[action]} done`);
                  }}
                >
                  {CONTRACT_ACTION_LABELS[action]}
                </ConfirmButton>
              ),
            )}
          <Button
            size="small"
            type="link"
            aria-label={`Download ${c.contract_number} as PDF`}
            onClick={() => download.mutate(c)}
          >
            PDF
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Panel title="Contracts">
      <DataTable
        aria-label="Contracts"
        size="small"
        columns={columns}
        query={query}
        list={{
          page,
          perPage: TAB_PAGE_SIZE,
          sort: undefined,
          setPage: (p) => setPage(p),
          setSort: () => undefined,
        }}
        emptyText="No contracts"
      />
      {asking ? (
        <ContractActionDialog
          tenantId={tenantId}
          contract={asking.contract}
          action={asking.action}
          open
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Panel>
  );
}
