import { useState } from 'react';
import { Button, Descriptions } from 'antd';
import {
  billingAccountsApi,
  CLOSING_MESSAGES,
  CLOSING_REASON_INFO,
  CLOSING_STATUS_COLORS,
  formatDateTime,
} from '@portal/contract';
import type { Tenant } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Panel } from '../../../shared/ui/Panel';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useCancelClosing, useClosing } from '../api';

const RunClosingDialog = lazyDialog(() => import('./RunClosingDialog').then((m) => m.RunClosingDialog));

/** The tenant's closing (spec §4): its state, and cancel it or run one with a reason, as its status allows. */
export function ClosingPanel({ tenant }: { tenant: Pick<Tenant, 'id' | 'name'> }) {
  const query = useClosing(tenant.id);
  const cancel = useCancelClosing(tenant.id);
  const can = useCan();
  const [running, setRunning] = useState(false);
  const closing = query.data;
  const actions = closing?.actions ?? [];
  const extra = (
    <>
      {actions.includes('cancel') && can(billingAccountsApi.cancelClosing) ? (
        <ConfirmButton
          size="small"
          confirmTitle={`Cancel the closing of ${tenant.name}?`}
          confirmContent="The tenant goes back to its status before the closing; nothing is closed."
          okText="Cancel the closing"
          onConfirm={async () => {
            await cancel.mutateAsync();
            feedback().message.success(CLOSING_MESSAGES.cancelled);
          }}
        >
          Cancel closing
        </ConfirmButton>
      ) : null}
      {actions.includes('run') && can(billingAccountsApi.runClosing) ? (
        <Button size="small" danger onMouseEnter={RunClosingDialog.preload} onClick={() => setRunning(true)}>
          Close tenant…
        </Button>
      ) : null}
    </>
  );
  return (
    <Panel title="Closing" extra={extra}>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : closing ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'status',
              label: 'Status',
              children: <StatusTag status={closing.status} color={CLOSING_STATUS_COLORS[closing.status]} />,
            },
            {
              key: 'reason',
              label: 'Reason',
              children: closing.reason ? CLOSING_REASON_INFO[closing.reason].label : '-',
            },
            { key: 'close_at', label: 'Closes at', children: formatDateTime(closing.close_at) },
            { key: 'requested', label: 'Requested by', children: closing.requested_by ?? '-' },
            { key: 'closed', label: 'Closed at', children: formatDateTime(closing.closed_at) },
            {
              key: 'cancelled',
              label: 'Cancelled by',
              children: closing.cancelled_by ? `${closing.cancelled_by}, ${formatDateTime(closing.cancelled_at)}` : '-',
            },
            ...(closing.note ? [{ key: 'note', label: 'Note', children: closing.note, span: 3 }] : []),
            ...(closing.outcome.length
              ? [{ key: 'outcome', label: 'Outcome', children: closing.outcome.join('; '), span: 3 }]
              : []),
          ]}
        />
      ) : null}
      <RunClosingDialog tenant={tenant} open={running} onClose={() => setRunning(false)} />
    </Panel>
  );
}
