import { Button } from 'antd';
import { AIOPS_ISSUE_ACTION_LABELS, AIOPS_ISSUE_ACTIONS, AIOPS_MESSAGES, canAiopsIssue } from '@portal/contract';
import type { AiopsIssue, AiopsIssueAction } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useAiopsIssueAction } from '../api';

const DONE: Record<AiopsIssueAction, string> = {
  acknowledge: AIOPS_MESSAGES.acknowledged,
  resolve: AIOPS_MESSAGES.resolved,
};

/**
 * Acknowledge and Resolve, each enabled from the contract's state table (AIOPS_ISSUE_STATUS_ACTIONS, the one the
 * server enforces); Resolve asks first (it is final). A refusal opens the spec §8 operation-failure dialog.
 */
export function IssueActions({ issue }: { issue: AiopsIssue }) {
  const mutation = useAiopsIssueAction(issue.key);
  // The toast is not returned: antd's is a thenable that would keep the confirmation spinning while it shows.
  const run = (action: AiopsIssueAction) =>
    mutation
      .mutateAsync({ action })
      .then(() => {
        feedback().message.success(DONE[action]);
      })
      .catch(() => undefined);
  return (
    <>
      {AIOPS_ISSUE_ACTIONS.map((action) => {
        const label = AIOPS_ISSUE_ACTION_LABELS[action];
        const common = {
          disabled: !canAiopsIssue(issue.status, action) || mutation.isPending,
          loading: mutation.isPending && mutation.variables?.action === action,
        };
        if (action === 'acknowledge')
          return (
            <Button key={action} {...common} onClick={() => void run(action)}>
              {label}
            </Button>
          );
        return (
          <ConfirmButton
            key={action}
            type="primary"
            {...common}
            confirmTitle={`${label} ${issue.key}?`}
            confirmContent="A resolved issue is final: if the rule fires again for the cluster, a new issue opens."
            okText={label}
            onConfirm={() => run(action)}
          >
            {label}
          </ConfirmButton>
        );
      })}
    </>
  );
}
