import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingApi,
  LOGO_CONTENT_TYPE,
  orgsApi,
  PARTNER_CUSTOMERS_PER_PAGE,
  PARTNER_LIST_STATUS,
  PARTNER_ORG_TAG,
  partnersApi,
} from '@portal/contract';
import type {
  AddBoundPlanBody,
  CreateDiscountBody,
  CreateMspBody,
  CreatePartnerCustomerBody,
  CreateResellerBody,
  PartnerType,
  TenantListQuery,
  UpdateMspBody,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { partnersKeys as keys } from './keys';

export { partnersKeys } from './keys';

/** Spec §9: the partner lists show 10 rows a page. */
export const PARTNER_PAGE_SIZE = 10;

/** A partner list (spec §7 "Search orgs: search, org_tag, status active"): the org search by the partner's tag. */
export function usePartners(type: PartnerType, list: { search: string; page: number; per_page: number }) {
  const query: TenantListQuery = {
    org_tag: PARTNER_ORG_TAG[type],
    status: [PARTNER_LIST_STATUS],
    search: list.search || undefined,
    page: list.page,
    per_page: list.per_page,
  };
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api(orgsApi.tenants, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Any partner by its org id (name, ID, email, signup URL). */
export function usePartner(id: string) {
  return useQuery({
    queryKey: keys.partner(id),
    queryFn: ({ signal }) => api(partnersApi.partner, { params: { id } }, { signal }).then((r) => r.partner),
  });
}

export function useMsp(id: string, enabled = true) {
  return useQuery({
    queryKey: keys.msp(id),
    queryFn: ({ signal }) => api(partnersApi.msp, { params: { id } }, { signal }).then((r) => r.msp),
    enabled,
  });
}

/** The partner's signup URL (an MSP's is its custom link, with its name). */
export function useSignupUrl(type: PartnerType, id: string) {
  return useQuery({
    queryKey: keys.signupUrl(id),
    queryFn: ({ signal }) =>
      api(type === 'msp' ? partnersApi.mspSignupUrl : partnersApi.resaleSignupUrl, { params: { id } }, { signal }),
  });
}

/** Spec §9: a partner's customers are fetched at once (page 1, per_page 1000). */
export function usePartnerCustomers(id: string) {
  const query = { page: 1, per_page: PARTNER_CUSTOMERS_PER_PAGE };
  return useQuery({
    queryKey: keys.customers(id, query),
    queryFn: ({ signal }) => api(partnersApi.customers, { params: { id }, query }, { signal }),
  });
}

/** The customer picker: active orgs by id or name (spec §7 "Search orgs: search, org_tag, status active"). */
export function useCustomerOptions(search: string) {
  const query: TenantListQuery = { search: search || undefined, status: [PARTNER_LIST_STATUS], per_page: 20 };
  return useQuery({
    queryKey: keys.customerOptions(search),
    queryFn: ({ signal }) => api(orgsApi.tenants, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The public support plans (the catalogue) a customer or an MSP may be bound to. */
export function usePublicSupportPlans() {
  return useQuery({
    queryKey: keys.supportPlans(),
    queryFn: ({ signal }) =>
      api(billingApi.supportPlans, { query: { is_public: 'true', per_page: 100 } }, { signal }).then((r) => r.items),
    staleTime: 60_000,
  });
}

function useChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

/** Create a reseller (CPPO, MCPO or plain): the dialog shows its own field errors. */
export function useCreateReseller(type: Exclude<PartnerType, 'msp'>) {
  const changed = useChanged();
  const route =
    type === 'cppo' ? partnersApi.createCppo : type === 'mcpo' ? partnersApi.createMcpo : partnersApi.createReseller;
  return useMutation({
    mutationFn: (body: CreateResellerBody) => api(route, { body }).then((r) => r.partner),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

export function useCreateMsp() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreateMspBody) => api(partnersApi.createMsp, { body }).then((r) => r.msp),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

export function useUpdateMsp() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: UpdateMspBody) => api(partnersApi.updateMsp, { body }).then((r) => r.msp),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

/** Uploads an SVG logo (its text as the body, `image/svg+xml`); answers where it is served and its name. */
export function uploadLogo(file: { name: string; text(): Promise<string> }) {
  return file
    .text()
    .then((svg) =>
      api(partnersApi.uploadLogo, { query: { logo_name: file.name }, body: svg }, { contentType: LOGO_CONTENT_TYPE }),
    );
}

export function useCreatePartnerCustomer() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreatePartnerCustomerBody) =>
      api(partnersApi.createPartnerCustomer, { body }).then((r) => r.customer),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

/** Ends (or removes) a customer link; a failure opens the §8 dialog. */
export function useDeletePartnerCustomer() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: string) => api(partnersApi.deletePartnerCustomer, { query: { id } }).then((r) => r.customer),
    onSuccess: changed,
  });
}

/** A new API key for the MSP, shown once. */
export function useCreateApiKey(orgId: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: () => api(partnersApi.createApiKey, { params: { orgId } }).then((r) => r.api_key),
    onSuccess: changed,
  });
}

/** Spec §2 resend API key: "Sent.", a failure as a notification (not the §8 dialog). */
export function useResendApiKey() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (orgId: string) => api(partnersApi.resendApiKey, { params: { orgId } }),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

export function useRevokeApiKey(orgId: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (keyId: string) => api(partnersApi.revokeApiKey, { params: { orgId, keyId } }),
    onSuccess: changed,
  });
}

/** Add discount (a partner customer's; the billing area's discount). */
export function useAddDiscount() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: CreateDiscountBody) => api(billingApi.createDiscount, { body }).then((r) => r.discount),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}

/** The billing area's "all billing items" selection, which a partner customer's discount covers. */
export function fetchAllUnitFilters() {
  return api(billingApi.quickSelection, { params: { name: 'all' } }).then((r) => r.filter_ids);
}

/** Change support plan (a customer's or the MSP's own: the billing area's bound plan). */
export function useChangeSupportPlan() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: AddBoundPlanBody) => api(billingApi.addBoundPlan, { body }),
    onSuccess: changed,
    meta: { errorModal: false },
  });
}
