import { SafetyCertificateOutlined, UndoOutlined } from '@ant-design/icons';
import { canDoReleaseAction, needsApproval, RELEASE_MESSAGES, releaseApi } from '@portal/contract';
import type { DevopsRelease } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useReleaseApproval } from '../api';

/** A prod release's Request Approval and Withdraw, enabled from the contract's release table. */
export function ReleaseApprovalButtons({ release }: { release: DevopsRelease }) {
  const can = useCan();
  const approval = useReleaseApproval(release.id);
  if (!needsApproval(release.environment)) return null;
  const name = `${release.environment} release ${release.release_number}`;
  return (
    <>
      {can(releaseApi.requestApproval) ? (
        <ConfirmButton
          type="primary"
          icon={<SafetyCertificateOutlined />}
          disabled={!canDoReleaseAction(release.environment, release.phase, 'request_approval')}
          loading={approval.isPending && approval.variables === 'requestApproval'}
          confirmTitle={`Request the approval of ${name}?`}
          confirmContent="Its changes are frozen while it is approving; they are deployed only after it is approved."
          okText="Request"
          onConfirm={() =>
            approval
              .mutateAsync('requestApproval')
              // Not returned: the message's thenable settles when it fades out, holding the confirmation open.
              .then(() => {
                feedback().message.success(RELEASE_MESSAGES.approvalRequested);
              })
              .catch(() => undefined)
          }
        >
          Request Approval
        </ConfirmButton>
      ) : null}
      {can(releaseApi.cancelApproval) ? (
        <ConfirmButton
          danger
          icon={<UndoOutlined />}
          disabled={!canDoReleaseAction(release.environment, release.phase, 'cancel_approval')}
          loading={approval.isPending && approval.variables === 'cancelApproval'}
          confirmTitle={`Withdraw the approval request of ${name}?`}
          confirmContent="The pending approval is cancelled; the release goes back to planning."
          okText="Withdraw"
          onConfirm={() =>
            approval
              .mutateAsync('cancelApproval')
              // Not returned: the message's thenable settles when it fades out, holding the confirmation open.
              .then(() => {
                feedback().message.success(RELEASE_MESSAGES.approvalCancelled);
              })
              .catch(() => undefined)
          }
        >
          Withdraw Approval
        </ConfirmButton>
      ) : null}
    </>
  );
}
