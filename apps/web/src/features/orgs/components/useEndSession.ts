import { feedback } from '../../../shared/lib/feedback';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { useEndSupportSession } from '../tenantOps';

export const SESSION_ENDED = 'Support session ended';

/** Ends the caller's support session in the tenant after confirming (the header menu's and the banner's action). */
export function useEndSession(tenantId: string): () => void {
  const end = useEndSupportSession(tenantId);
  return () =>
    confirmAction({
      title: 'End the support session?',
      content: 'You stop acting in this tenant; the end is recorded in its audit log.',
      okText: 'End session',
      danger: true,
      onOk: async () => {
        await end.mutateAsync();
        feedback().message.success(SESSION_ENDED);
      },
    });
}
