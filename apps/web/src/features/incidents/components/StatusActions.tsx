import { Button } from 'antd';
import { INCIDENT_MESSAGES, INCIDENT_STATUS_LABELS } from '@portal/contract';
import type { Incident, IncidentStatus } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useIncidentTransition } from '../api';
import { actionEnabled, actionLabel, STATUS_ACTIONS } from '../lib/actions';

/**
 * Acknowledge, Mitigate, Resolve and Reopen, each enabled from the contract's state table (INCIDENT_TRANSITIONS, the
 * table the server enforces); Resolve and Reopen ask first. A refusal opens the spec §8 operation-failure dialog.
 */
export function StatusActions({ incident }: { incident: Incident }) {
  const transition = useIncidentTransition(incident.id);
  const busy = (to: IncidentStatus) => transition.isPending && transition.variables?.status === to;
  // The message is not returned: antd's is a thenable that settles when it fades out, which would keep the
  // confirmation open (its OK spinning) for the message's 3 s after the move succeeded.
  const move = (to: IncidentStatus) =>
    transition
      .mutateAsync({ status: to })
      .then(() => {
        feedback().message.success(INCIDENT_MESSAGES.saved);
      })
      .catch(() => undefined);
  return (
    <>
      {STATUS_ACTIONS.map((action) => {
        const enabled = actionEnabled(incident.status, action.to);
        const label = actionLabel(incident.status, action);
        const common = {
          disabled: !enabled || transition.isPending,
          loading: busy(action.to),
          type: action.to === 'resolved' ? ('primary' as const) : undefined,
        };
        if (!action.confirm)
          return (
            <Button key={action.to} {...common} onClick={() => void move(action.to)}>
              {label}
            </Button>
          );
        return (
          <ConfirmButton
            key={action.to}
            {...common}
            confirmTitle={`${label} ${incident.id}?`}
            confirmContent={
              action.to === 'resolved'
                ? `It is marked ${INCIDENT_STATUS_LABELS.resolved}: the impact is over. Post-mortem todo actions stay open until done.`
                : `It is ${INCIDENT_STATUS_LABELS.open} again: the impact is back.`
            }
            okText={label}
            onConfirm={() => move(action.to)}
          >
            {label}
          </ConfirmButton>
        );
      })}
    </>
  );
}
