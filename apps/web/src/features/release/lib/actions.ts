import { canDoChangeAction, needsApproval } from '@portal/contract';
import type { DevopsRelease, ReleaseChange, ReleaseChangeAction } from '@portal/contract';

/** Why a change of this release cannot be deployed whatever its status (a prod release not approved), or null. */
export function deployGate(release: Pick<DevopsRelease, 'environment' | 'approval_status'> | undefined): string | null {
  if (!release || !needsApproval(release.environment) || release.approval_status === 'APPROVED') return null;
  return release.approval_status === 'PENDING'
    ? 'This prod release is waiting for its approval: its changes are deployed once it is granted.'
    : 'A prod release is deployed only after its approval is granted: request it on the release page.';
}

/** Whether the change page enables an action: the contract's state table, and for deploy the release's approval. */
export function changeActionEnabled(
  change: Pick<ReleaseChange, 'status'>,
  release: Pick<DevopsRelease, 'environment' | 'approval_status'> | undefined,
  action: ReleaseChangeAction,
): boolean {
  if (!canDoChangeAction(change.status, action)) return false;
  return action !== 'deploy' || (release !== undefined && deployGate(release) === null);
}
