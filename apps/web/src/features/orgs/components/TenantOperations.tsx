import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { tenantsApi } from '@portal/contract';
import type { Tenant } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ActionsMenu } from '../../../shared/ui/ActionsMenu';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useEndSupportSession, useSupportSessions } from '../tenantOps';

const SupportSessionDialog = lazyDialog(() => import('./SupportSessionDialog').then((m) => m.SupportSessionDialog));
const DeleteTenantDialog = lazyDialog(() => import('./DeleteTenantDialog').then((m) => m.DeleteTenantDialog));
const SupportSessionBanner = lazy(() =>
  import('./SupportSessionBanner').then((m) => ({ default: m.SupportSessionBanner })),
);

export const SESSION_ENDED = 'Support session ended';

type Dialog = 'session' | 'delete' | null;

/**
 * What the tenant page offers beyond viewing (spec §7 Devops tenants), each shown only to those who may: the header's
 * Actions menu (start or end a support session, delete the tenant), the banner of the caller's active support session,
 * and the dialogs, each loaded when first opened.
 */
export function useTenantOperations(
  tenantId: string,
  tenant: Tenant | undefined,
): {
  actions: ReactNode;
  banner: ReactNode;
  dialogs: ReactNode;
} {
  const can = useCan();
  const sessions = useSupportSessions(tenantId);
  const end = useEndSupportSession(tenantId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const active = sessions.data?.active ?? null;
  const canStart = can(tenantsApi.startSupportSession);
  const canEnd = can(tenantsApi.endSupportSession);
  const canDelete = can(tenantsApi.delete);

  const endSession = () =>
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

  const sessionItems = active
    ? canEnd
      ? [{ key: 'end-session', label: 'End support session' }]
      : []
    : canStart && sessions.data
      ? [{ key: 'start-session', label: 'Start support session' }]
      : [];
  const deleteItems = canDelete ? [{ key: 'delete', label: 'Delete tenant', danger: true }] : [];
  const items = [
    ...sessionItems,
    ...(sessionItems.length && deleteItems.length ? [{ type: 'divider' as const }] : []),
    ...deleteItems,
  ];

  const actions =
    tenant && items.length ? (
      <ActionsMenu
        items={items}
        onClick={({ key }) => {
          if (key === 'start-session') setDialog('session');
          else if (key === 'end-session') endSession();
          else if (key === 'delete') setDialog('delete');
        }}
      />
    ) : null;

  const banner = active ? (
    <Suspense fallback={null}>
      <SupportSessionBanner session={active} onEnd={canEnd ? endSession : undefined} />
    </Suspense>
  ) : null;

  const dialogs = tenant ? (
    <>
      <SupportSessionDialog
        open={dialog === 'session'}
        tenantId={tenantId}
        tenantName={tenant.name}
        maxMinutes={sessions.data?.max_minutes}
        onClose={() => setDialog(null)}
      />
      <DeleteTenantDialog open={dialog === 'delete'} tenant={tenant} onClose={() => setDialog(null)} />
    </>
  ) : null;

  return { actions, banner, dialogs };
}
