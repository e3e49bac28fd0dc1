import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';
import {
  apiKeyResponse,
  createdApiKeyResponse,
  createMspBody,
  createPartnerCustomerBody,
  createResellerBody,
  deletePartnerCustomerQuery,
  LOGO_NAME_MAX,
  mspResponse,
  PARTNER_CUSTOMER_STATUSES,
  partnerCustomerResponse,
  partnerCustomerSchema,
  partnerResponse,
  resendApiKeyResponse,
  signupUrlResponse,
  updateMspBody,
  uploadLogoResponse,
} from './partners.js';

/** Spec §7 Admin "Partner (under /partner)". */
const P = '/api/v1/admin/partner';

const orgParams = z.object({ id: z.string().trim().min(1).max(64) });
const mspParams = z.object({ orgId: z.string().trim().min(1).max(64) });

/** A partner's customers (spec §9: the page fetches page 1, per_page 1000). */
export const partnerCustomerListQuery = listQuery(
  {
    status: repeated(z.enum(PARTNER_CUSTOMER_STATUSES)),
    /** Matches the customer org id exactly, or its name as a case-insensitive substring. */
    search: z.string().trim().max(200).optional(),
  },
  ['effected_at', 'created_at'],
  '-effected_at',
);
export type PartnerCustomerListQuery = z.input<typeof partnerCustomerListQuery>;

export const uploadLogoQuery = z.object({
  /** The file's name as chosen (must end in .svg). */
  logo_name: z.string().trim().min(1).max(LOGO_NAME_MAX).default('logo.svg'),
});

/**
 * Partners (spec §7 Admin → Partner). The lists of /msp, /cppo, /mcpo and /reseller are the org search
 * (`orgsApi.tenants` with `org_tag` and `status=ACTIVE`). Reads need `portal.read`, changes `portal.operate`; the
 * two routes that reveal or revoke an API key need `admin.manage` (a key is a credential to the platform API: the
 * same privilege as managing portal access). Resending a key mails a new one to the MSP's contact and shows it to
 * nobody, so an operator may do it.
 */
export const partnersApi = {
  createCppo: route({
    method: 'POST',
    path: `${P}/cppo/create`,
    access: 'partners.write',
    status: 201,
    body: createResellerBody,
    response: partnerResponse,
  }),
  createMcpo: route({
    method: 'POST',
    path: `${P}/mcpo/create`,
    access: 'partners.write',
    status: 201,
    body: createResellerBody,
    response: partnerResponse,
  }),
  /** A plain reseller (/reseller). */
  createReseller: route({
    method: 'POST',
    path: `${P}/resale/create`,
    access: 'partners.write',
    status: 201,
    body: createResellerBody,
    response: partnerResponse,
  }),
  /**
   * A new MSP org: wire transfer as its payment method, its support plan bound from active_date, and an initial API
   * key with the role "MSP owner" mailed to its contact (never in the answer).
   */
  createMsp: route({
    method: 'POST',
    path: `${P}/msp/create`,
    access: 'partners.write',
    status: 201,
    body: createMspBody,
    response: mspResponse,
  }),
  updateMsp: route({
    method: 'POST',
    path: `${P}/msp/update`,
    access: 'partners.write',
    body: updateMspBody,
    response: mspResponse,
  }),
  msp: route({
    method: 'GET',
    path: `${P}/msp/:id`,
    access: 'partners.read',
    params: orgParams,
    response: mspResponse,
  }),
  mspSignupUrl: route({
    method: 'GET',
    path: `${P}/msp/:id/signup-url`,
    access: 'partners.read',
    params: orgParams,
    response: signupUrlResponse,
  }),
  /** A CPPO, MCPO or plain reseller's signup URL. */
  resaleSignupUrl: route({
    method: 'GET',
    path: `${P}/resale/:id/signup-url`,
    access: 'partners.read',
    params: orgParams,
    response: signupUrlResponse,
  }),
  /** Any partner by its org id (name, ID, email of the /cppo, /mcpo and /reseller detail pages). */
  partner: route({
    method: 'GET',
    path: `${P}/:id`,
    access: 'partners.read',
    params: orgParams,
    response: partnerResponse,
  }),
  customers: route({
    method: 'GET',
    path: `${P}/:id/customers`,
    access: 'partners.read',
    params: orgParams,
    query: partnerCustomerListQuery,
    response: listResult(partnerCustomerSchema),
  }),
  createPartnerCustomer: route({
    method: 'POST',
    path: `${P}/partner-customer/create`,
    access: 'partners.write',
    status: 201,
    body: createPartnerCustomerBody,
    response: partnerCustomerResponse,
  }),
  /** One link by its id. */
  partnerCustomer: route({
    method: 'GET',
    path: `${P}/partner-customer/:id`,
    access: 'partners.read',
    params: orgParams,
    response: partnerCustomerResponse,
  }),
  /** Ends an active link now, removes one not yet effective (409 for an expired one). */
  deletePartnerCustomer: route({
    method: 'DELETE',
    path: `${P}/partner-customer/delete`,
    access: 'partners.write',
    query: deletePartnerCustomerQuery,
    response: partnerCustomerResponse,
  }),
  /** A new API key, shown this once (stored as a hash). */
  createApiKey: route({
    method: 'POST',
    path: `${P}/msp/:orgId/create-apikey`,
    access: 'partners.manage',
    status: 201,
    params: mspParams,
    response: createdApiKeyResponse,
  }),
  /** §2 "resend API key": a new key mailed to the MSP's contact; the previous keys are revoked. */
  resendApiKey: route({
    method: 'POST',
    path: `${P}/msp/:orgId/resend-apikey`,
    access: 'partners.write',
    params: mspParams,
    response: resendApiKeyResponse,
  }),
  revokeApiKey: route({
    method: 'DELETE',
    path: `${P}/msp/:orgId/apikeys/:keyId`,
    access: 'partners.manage',
    params: z.object({ orgId: z.string().trim().min(1).max(64), keyId: z.string().trim().min(1).max(40) }),
    response: apiKeyResponse,
  }),
  /**
   * The MSP logo: the SVG itself as the request body (`Content-Type: image/svg+xml`), sanitised before it is kept.
   * Returns where it is served and its name, for msp/create or msp/update.
   */
  uploadLogo: route({
    method: 'POST',
    path: `${P}/msp/upload-logo`,
    access: 'partners.write',
    status: 201,
    query: uploadLogoQuery,
    body: z.string(),
    response: uploadLogoResponse,
  }),
  /**
   * The sanitised SVG (`image/svg+xml`, a sandboxing CSP, nosniff). Public: a logo is shown on the MSP's signup
   * page to visitors who are not signed in, and an `<img>` sends no bearer token; its id is random (128 bits).
   */
  logo: route({
    method: 'GET',
    path: `${P}/msp/logo/:logoId`,
    access: 'public',
    params: z.object({ logoId: z.string().regex(/^[0-9a-f]{32}$/) }),
    response: z.string(),
  }),
};
