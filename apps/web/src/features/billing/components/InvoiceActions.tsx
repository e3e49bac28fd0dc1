import { Flex } from 'antd';
import { billingApi, canInvoice, formatMoney } from '@portal/contract';
import type { Invoice } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useInvoiceAction } from '../api/invoices';

/**
 * Confirm and Suspend (§4), each asked first and enabled from the contract's INVOICE_STATUS_ACTIONS; shown only to
 * those who may (confirm is admin-only: it makes the invoice final and counts it in the AR table).
 */
export function InvoiceActions({ invoice, size }: { invoice: Invoice; size?: 'small' | 'middle' }) {
  const can = useCan();
  const confirm = useInvoiceAction('confirm');
  const suspend = useInvoiceAction('suspend');
  const mayConfirm = can(billingApi.confirmInvoice);
  const maySuspend = can(billingApi.suspendInvoice);
  if (!mayConfirm && !maySuspend) return null;
  const what = `invoice ${invoice.invoice_number} of ${invoice.tenant_name} (${formatMoney(invoice.total_amount)})`;
  return (
    <Flex gap={8}>
      {mayConfirm ? (
        <ConfirmButton
          size={size}
          type="primary"
          disabled={!canInvoice(invoice.status, 'confirm')}
          loading={confirm.isPending}
          confirmTitle={`Confirm ${what}?`}
          confirmContent="A confirmed invoice is final: its credits are applied and it counts in the AR table."
          okText="Confirm"
          onConfirm={() =>
            confirm
              .mutateAsync(invoice.invoice_id)
              .then(() => feedback().message.success(`Invoice ${invoice.invoice_number} confirmed`))
              // The §8 dialog says why; this one closes.
              .catch(() => undefined)
          }
        >
          Confirm
        </ConfirmButton>
      ) : null}
      {maySuspend ? (
        <ConfirmButton
          size={size}
          danger
          disabled={!canInvoice(invoice.status, 'suspend')}
          loading={suspend.isPending}
          confirmTitle={`Suspend ${what}?`}
          confirmContent="A suspended invoice is held back from the customer until it is confirmed."
          okText="Suspend"
          onConfirm={() =>
            suspend
              .mutateAsync(invoice.invoice_id)
              .then(() => feedback().message.success(`Invoice ${invoice.invoice_number} suspended`))
              // The §8 dialog says why; this one closes.
              .catch(() => undefined)
          }
        >
          Suspend
        </ConfirmButton>
      ) : null}
    </Flex>
  );
}
