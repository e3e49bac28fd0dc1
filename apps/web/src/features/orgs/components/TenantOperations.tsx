import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { tenantsApi } from '@portal/contract';
import type { Tenant } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useSupportSessions } from '../tenantOps';

const TenantActions = lazy(() => import('./TenantActions').then((m) => ({ default: m.TenantActions })));
const SupportSessionBanner = lazy(() =>
  import('./SupportSessionBanner').then((m) => ({ default: m.SupportSessionBanner })),
);

/**
 * What the tenant page offers beyond viewing (spec §7 Devops tenants): the header's Actions menu (start or end a
 * support session, delete the tenant) for those who may, and the banner of the caller's active support session. Both
 * load their code only when shown, so a reader's page carries neither.
 */
export function useTenantOperations(
  tenantId: string,
  tenant: Tenant | undefined,
): { actions: ReactNode; banner: ReactNode } {
  const can = useCan();
  const sessions = useSupportSessions(tenantId);
  const canStart = can(tenantsApi.startSupportSession);
  const canEnd = can(tenantsApi.endSupportSession);
  const canDelete = can(tenantsApi.delete);
  const active = sessions.data?.active ?? null;

  const actions =
    tenant && (canStart || canEnd || canDelete) ? (
      <Suspense fallback={null}>
        <TenantActions
          tenant={tenant}
          sessions={sessions.data}
          canStart={canStart}
          canEnd={canEnd}
          canDelete={canDelete}
        />
      </Suspense>
    ) : null;

  const banner = active ? (
    <Suspense fallback={null}>
      <SupportSessionBanner session={active} canEnd={canEnd} />
    </Suspense>
  ) : null;

  return { actions, banner };
}
