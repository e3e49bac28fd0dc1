import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingAccountsApi, billingApi, fillPath } from '@portal/contract';
import type { ClosingReason, Contract, ContractAction, ContractActionBody, RunClosingBody } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { ApiError } from '../../shared/lib/ApiError';
import { orgsKeys } from '../../shared/api/entities';
import { buildUrl } from '../../shared/lib/http';
import { sessionHooks } from '../../shared/lib/session-hooks';
import { billingAccountsKeys as keys } from './keys';

export { billingAccountsKeys } from './keys';

/** Rows per page of the tab's lists. */
export const TAB_PAGE_SIZE = 10;

export function useBillingInfo(tenantId: string) {
  return useQuery({
    queryKey: keys.info(tenantId),
    queryFn: ({ signal }) => api(billingAccountsApi.tenantBillingInfo, { params: { id: tenantId } }, { signal }),
  });
}

export function useClosing(tenantId: string) {
  return useQuery({
    queryKey: keys.closing(tenantId),
    queryFn: ({ signal }) =>
      api(billingAccountsApi.closing, { params: { id: tenantId } }, { signal }).then((r) => r.closing),
  });
}

export function useClosingReasons(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.reasons(tenantId),
    queryFn: ({ signal }) => api(billingAccountsApi.closingReasons, { params: { id: tenantId } }, { signal }),
    enabled,
  });
}

export function useReasonPolicies(tenantId: string, reason: ClosingReason | undefined) {
  return useQuery({
    queryKey: keys.policies(tenantId, reason ?? ''),
    queryFn: ({ signal }) =>
      api(billingAccountsApi.closingPolicies, { params: { id: tenantId, reason: reason! } }, { signal }),
    enabled: reason !== undefined,
  });
}

export function useTenantContracts(tenantId: string, page: number) {
  return useQuery({
    queryKey: keys.contracts(tenantId, page),
    queryFn: ({ signal }) =>
      api(
        billingAccountsApi.contracts,
        { query: { tenant_id: tenantId, page, per_page: TAB_PAGE_SIZE, sort: '-created_at' } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTenantPayments(tenantId: string, page: number) {
  return useQuery({
    queryKey: keys.payments(tenantId, page),
    queryFn: ({ signal }) =>
      api(
        billingAccountsApi.payments,
        { query: { tenant_id: tenantId, page, per_page: TAB_PAGE_SIZE, sort: '-created_at' } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useProviderCards(tenantId: string) {
  return useQuery({
    queryKey: keys.cards(tenantId),
    queryFn: ({ signal }) =>
      api(billingAccountsApi.providerPaymentMethods, { query: { tenant_id: tenantId } }, { signal }),
  });
}

export function useTenantSubscriptions(tenantId: string) {
  return useQuery({
    queryKey: keys.subscriptions(tenantId),
    queryFn: ({ signal }) =>
      api(billingAccountsApi.subscriptions, { query: { tenant_id: tenantId, per_page: 100 } }, { signal }),
  });
}

export function useTenantBudgets(tenantId: string) {
  return useQuery({
    queryKey: keys.budgets(tenantId),
    queryFn: ({ signal }) =>
      api(billingAccountsApi.budgets, { query: { tenant_id: tenantId, per_page: 100 } }, { signal }),
  });
}

/** The tenant's credits (the billing area's). */
export function useTenantCredits(tenantId: string) {
  return useQuery({
    queryKey: keys.credits(tenantId),
    queryFn: ({ signal }) =>
      api(billingApi.credits, { query: { tenant_id: tenantId, per_page: 100, sort: '-created_at' } }, { signal }),
  });
}

/** After any change on the tab: everything of the tenant's billing reloads (a closing touches most of it). */
function useTenantChanged(tenantId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.tenant(tenantId) });
}

export function useContractAction(tenantId: string) {
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (v: { contract: Contract; action: ContractAction; body: ContractActionBody }) =>
      api(billingAccountsApi.contractAction, {
        params: { cid: v.contract.id, action: v.action },
        body: v.body,
      }).then((r) => r.contract),
    onSuccess: changed,
  });
}

/** The contract action dialogs show a refusal themselves (a reason's field error, or the server's message). */
export function useContractActionInDialog(tenantId: string) {
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (v: { contract: Contract; action: ContractAction; body: ContractActionBody }) =>
      api(billingAccountsApi.contractAction, {
        params: { cid: v.contract.id, action: v.action },
        body: v.body,
      }).then((r) => r.contract),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useCancelSubscription(tenantId: string) {
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (id: string) => api(billingAccountsApi.cancelSubscription, { params: { id }, query: {} }),
    onSuccess: changed,
  });
}

export function useDeleteBudget(tenantId: string) {
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (id: string) => api(billingAccountsApi.deleteBudget, { params: { id } }),
    onSuccess: changed,
  });
}

export function useReclaimCredit(tenantId: string) {
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (id: string) => api(billingApi.reclaimCredit, { params: { id } }),
    onSuccess: changed,
  });
}

export function useCancelClosing(tenantId: string) {
  const client = useQueryClient();
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: () => api(billingAccountsApi.cancelClosing, { params: { id: tenantId } }),
    onSuccess: () => {
      void changed();
      // The tenant's status on its page changes back.
      void client.invalidateQueries({ queryKey: orgsKeys.tenant(tenantId) });
    },
  });
}

export function useRunClosing(tenantId: string) {
  const client = useQueryClient();
  const changed = useTenantChanged(tenantId);
  return useMutation({
    mutationFn: (v: { reason: ClosingReason; body: RunClosingBody }) =>
      api(billingAccountsApi.runClosing, { params: { id: tenantId, reason: v.reason }, body: v.body }),
    meta: { errorModal: false },
    onSuccess: () => {
      void changed();
      void client.invalidateQueries({ queryKey: orgsKeys.tenant(tenantId) });
    },
  });
}

/**
 * Downloads a contract's PDF (`GET contracts/{cid}/download`, bytes rather than JSON, so not through `api()`) and
 * hands it to the browser as a file named after the contract.
 */
export async function downloadContract(contract: Pick<Contract, 'id' | 'contract_number'>): Promise<void> {
  const d = billingAccountsApi.downloadContract;
  const url = buildUrl(fillPath(d.path, { cid: contract.id }));
  const token = sessionHooks().getIdToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError({
      status: res.status,
      code: body.code ?? 'download',
      message: body.message ?? `The download failed (${res.status})`,
      ...(body.message ? { serverMessage: body.message } : {}),
      method: 'GET',
      url,
    });
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `${contract.contract_number}.pdf`;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The PDF download as a mutation: a failure opens the spec §8 dialog like any other action's. */
export function useDownloadContract() {
  return useMutation({ mutationFn: downloadContract });
}
