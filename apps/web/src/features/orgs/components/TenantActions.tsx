import { useState } from 'react';
import type { SupportSessions, Tenant } from '@portal/contract';
import { ActionsMenu } from '../../../shared/ui/ActionsMenu';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useEndSession } from './useEndSession';

const SupportSessionDialog = lazyDialog(() => import('./SupportSessionDialog').then((m) => m.SupportSessionDialog));
const DeleteTenantDialog = lazyDialog(() => import('./DeleteTenantDialog').then((m) => m.DeleteTenantDialog));

type Dialog = 'session' | 'delete' | null;

/**
 * The tenant page's Actions menu (spec §7 Devops tenants): start or end the caller's support session, delete the
 * tenant; each item only for those who may. Loaded only for them.
 */
export function TenantActions({
  tenant,
  sessions,
  canStart,
  canEnd,
  canDelete,
}: {
  tenant: Tenant;
  sessions: SupportSessions | undefined;
  canStart: boolean;
  canEnd: boolean;
  canDelete: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const endSession = useEndSession(tenant.id);
  const active = sessions?.active ?? null;
  const sessionItems = active
    ? canEnd
      ? [{ key: 'end-session', label: 'End support session' }]
      : []
    : canStart && sessions
      ? [{ key: 'start-session', label: 'Start support session' }]
      : [];
  const deleteItems = canDelete ? [{ key: 'delete', label: 'Delete tenant', danger: true }] : [];
  const items = [
    ...sessionItems,
    ...(sessionItems.length && deleteItems.length ? [{ type: 'divider' as const }] : []),
    ...deleteItems,
  ];
  if (!items.length) return null;
  return (
    <>
      <ActionsMenu
        items={items}
        onClick={({ key }) => {
          if (key === 'start-session') setDialog('session');
          else if (key === 'end-session') endSession();
          else if (key === 'delete') setDialog('delete');
        }}
      />
      <SupportSessionDialog
        open={dialog === 'session'}
        tenantId={tenant.id}
        tenantName={tenant.name}
        maxMinutes={sessions?.max_minutes}
        onClose={() => setDialog(null)}
      />
      <DeleteTenantDialog open={dialog === 'delete'} tenant={tenant} onClose={() => setDialog(null)} />
    </>
  );
}
