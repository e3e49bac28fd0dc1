import { MAINTENANCE_CONFIRMATIONS, MAINTENANCE_MESSAGES } from '@portal/contract';
import type { MaintenanceExecution } from '@portal/contract';
import { errorMessage, isApiError } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import type { MaintenanceActionInput } from '../api';

/**
 * Asks in the browser first (spec §8 "browser confirmations": `window.confirm`; a cancel asks with `window.prompt`
 * for its optional reason), then runs the action and says how it went with the spec's messages: the success as a
 * toast, a failure as a dialog titled with the failure message and holding the server's message.
 * Resolves false when the user declined or it failed.
 */
export async function confirmAndRun(
  input: { action: MaintenanceActionInput['action']; maintenanceId: string; execution?: MaintenanceExecution },
  run: (input: MaintenanceActionInput) => Promise<unknown>,
): Promise<boolean> {
  const { action, maintenanceId, execution } = input;
  let reason: string | undefined;
  if (action === 'close') {
    if (!window.confirm(MAINTENANCE_CONFIRMATIONS.close(maintenanceId))) return false;
  } else if (execution) {
    const question = MAINTENANCE_CONFIRMATIONS[action](execution.id, execution.cluster_id);
    if (action === 'cancel') {
      const answer = window.prompt(question, '');
      if (answer === null) return false;
      reason = answer.trim() || undefined;
    } else if (!window.confirm(question)) return false;
  } else return false;
  try {
    await run({ action, executionId: execution?.id, reason });
    feedback().message.success(MAINTENANCE_MESSAGES[action].success);
    return true;
  } catch (error) {
    // 401/403 already have their notice.
    if (!(isApiError(error) && error.notified))
      feedback().modal.error({ title: MAINTENANCE_MESSAGES[action].failure, content: errorMessage(error) });
    return false;
  }
}
