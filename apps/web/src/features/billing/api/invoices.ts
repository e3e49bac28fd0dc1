import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi } from '@portal/contract';
import type { InvoiceListQuery } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';
import { useBillingChanged } from './common';

export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => api(billingApi.invoices, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice with its category and label unit costs. */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: billingKeys.invoice(id ?? ''),
    queryFn: ({ signal }) =>
      api(billingApi.invoice, { params: { invoice_id: id! } }, { signal }).then((r) => r.invoice),
    enabled: Boolean(id),
  });
}

/** Confirm or suspend (§4); a refusal opens the §8 dialog (title: the error code, content: the server message). */
export function useInvoiceAction(action: 'confirm' | 'suspend') {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (id: string) =>
      api(action === 'confirm' ? billingApi.confirmInvoice : billingApi.suspendInvoice, {
        params: { invoice_id: id },
      }).then((r) => r.invoice),
    onSuccess: changed,
  });
}
