import { useState } from 'react';
import { Button, Flex } from 'antd';
import { Link } from 'react-router';
import {
  billingApi,
  canDeletePartnerCustomer,
  PARTNER_CUSTOMER_STATUS_COLORS,
  PARTNER_CUSTOMER_STATUS_LABELS,
  partnersApi,
} from '@portal/contract';
import type { PartnerCustomer, PartnerCustomerStatus } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useDeletePartnerCustomer, usePartnerCustomers } from '../api';
import { tenantPath } from '../lib/types';
import type { PartnerConfig } from '../lib/types';

const AddDiscountDialog = lazyDialog(() => import('./AddDiscountDialog').then((m) => m.AddDiscountDialog));
const ChangeSupportPlanDialog = lazyDialog(() =>
  import('./ChangeSupportPlanDialog').then((m) => m.ChangeSupportPlanDialog),
);

/**
 * A partner's customers (spec §2 detail: ID, name, email, status, effective at, expiration at), all at once (§9: page
 * 1, per_page 1000); a link that is active or not yet effective can be ended, after asking.
 */
export function CustomersTable({ orgId, config }: { orgId: string; config: PartnerConfig }) {
  const query = usePartnerCustomers(orgId);
  const remove = useDeletePartnerCustomer();
  const can = useCan();
  const canDelete = can(partnersApi.deletePartnerCustomer);
  const canBill = can(billingApi.createDiscount);
  const [dialog, setDialog] = useState<{ kind: 'discount' | 'plan'; customer: PartnerCustomer } | null>(null);
  const columns: DataColumns<PartnerCustomer> = [
    {
      title: 'ID',
      dataIndex: 'customer_org_id',
      key: 'customer_org_id',
      render: (id: string) => <Link to={tenantPath(id)}>{id}</Link>,
    },
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: PartnerCustomerStatus) => (
        <StatusTag status={PARTNER_CUSTOMER_STATUS_LABELS[s]} color={PARTNER_CUSTOMER_STATUS_COLORS[s]} />
      ),
    },
    {
      title: 'Effective At (UTC)',
      dataIndex: 'effected_at',
      key: 'effected_at',
      render: (v: string) => <DateText value={v} />,
    },
    {
      title: 'Expiration At (UTC)',
      dataIndex: 'expired_at',
      key: 'expired_at',
      render: (v: string | null) => <DateText value={v} />,
    },
  ];
  if (canDelete || canBill)
    columns.push({
      title: 'Actions',
      key: 'actions',
      // Always in view: the table scrolls sideways under it on narrower screens.
      fixed: 'right',
      width: 300,
      render: (_: never, c) => (
        <Flex gap={8} wrap>
          {canBill && c.status !== 'expired' ? (
            <>
              <Button
                size="small"
                onPointerEnter={AddDiscountDialog.preload}
                onClick={() => setDialog({ kind: 'discount', customer: c })}
              >
                Add Discount
              </Button>
              <Button
                size="small"
                onPointerEnter={ChangeSupportPlanDialog.preload}
                onClick={() => setDialog({ kind: 'plan', customer: c })}
              >
                Change Support Plan
              </Button>
            </>
          ) : null}
          {canDelete && canDeletePartnerCustomer(c.status) ? (
            <ConfirmButton
              size="small"
              danger
              confirmTitle={`Remove customer ${c.name}?`}
              confirmContent={
                c.status === 'active'
                  ? 'The link ends now: the customer is no longer the partner’s.'
                  : 'The link, not yet effective, is removed.'
              }
              okText="Remove"
              onConfirm={async () => {
                await remove.mutateAsync(c.id);
                feedback().message.success(`${c.name} was removed`);
              }}
            >
              Remove
            </ConfirmButton>
          ) : null}
        </Flex>
      ),
    });
  return (
    <>
      <DataTable<PartnerCustomer>
        aria-label="Customers"
        size="small"
        columns={columns}
        query={query}
        pagination={false}
        emptyText="No customers"
      />
      {dialog?.kind === 'discount' ? (
        <AddDiscountDialog open onClose={() => setDialog(null)} config={config} customer={dialog.customer} />
      ) : null}
      {dialog?.kind === 'plan' ? (
        <ChangeSupportPlanDialog
          open
          onClose={() => setDialog(null)}
          tenantId={dialog.customer.customer_org_id}
          tenantName={dialog.customer.name}
        />
      ) : null}
    </>
  );
}
