import { z } from 'zod';
import { BILLING_MESSAGES, MSP_SUPPORT_TYPES, SUPPORT_LEVELS } from './billing.js';
import {
  billingDaySchema,
  cppoBillingConfigBody,
  mcpoBillingConfigBody,
  PARTNER_BILLING_MESSAGES,
  PARTNER_DISCOUNT_USAGES,
} from './billingaccounts.js';

/*
 * Partners (issue 16; spec §2 /msp, /cppo, /mcpo, /reseller, §3 Reseller, MSP, Partner-customer link, §5 Partners,
 * §7 Admin → Partner): managed service providers (MSP), AWS CPPO and GCP MCPO resellers, plain resellers, and the
 * customers linked to them. A partner IS an org (tenant) whose `org_tag` is its type: the lists of /msp, /cppo, /mcpo
 * and /reseller are the org search (`GET /api/v1/admin/orgs?org_tag=msp&status=ACTIVE&search=…`, which matches the
 * id, the name and the contact email). Routes: partners-api.ts.
 */

// ---- partner types --------------------------------------------------------------------------------------------------
/** Spec §2 sidebar "partner: msp, cppo, mcpo, reseller": also the `org_tag` of the partner's org. */
export const PARTNER_TYPES = ['msp', 'cppo', 'mcpo', 'reseller'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
export const PARTNER_TYPE_LABELS: Record<PartnerType, string> = {
  msp: 'MSP',
  cppo: 'AWS CPPO Reseller',
  mcpo: 'GCP MCPO Reseller',
  reseller: 'Reseller',
};
/** The org search filter of each partner list (spec §7 "Search orgs: search, org_tag, status active"). */
export const PARTNER_ORG_TAG: Record<PartnerType, string> = {
  msp: 'msp',
  cppo: 'cppo',
  mcpo: 'mcpo',
  reseller: 'reseller',
};
/** The org status the partner lists show. */
export const PARTNER_LIST_STATUS = 'ACTIVE' as const;

/** Spec §3 Partner-customer link `partner_type` (CPPO, MCPO, MSP), and RESELLER for a plain reseller's customers. */
export const PARTNER_LINK_TYPES = ['CPPO', 'MCPO', 'MSP', 'RESELLER'] as const;
export type PartnerLinkType = (typeof PARTNER_LINK_TYPES)[number];
export const PARTNER_LINK_TYPE_OF: Record<PartnerType, PartnerLinkType> = {
  msp: 'MSP',
  cppo: 'CPPO',
  mcpo: 'MCPO',
  reseller: 'RESELLER',
};
export const PARTNER_TYPE_OF_LINK: Record<PartnerLinkType, PartnerType> = {
  MSP: 'msp',
  CPPO: 'cppo',
  MCPO: 'mcpo',
  RESELLER: 'reseller',
};
/** Link types whose customer gets a billing config through the reseller (billingaccounts' CPPO / MCPO configs). */
export const PARTNER_BILLED_LINK_TYPES = ['CPPO', 'MCPO'] as const satisfies readonly PartnerLinkType[];
/** Spec §5: the skip-partner-active-check flag applies to CPPO and MCPO only. */
export const canSkipPartnerActiveCheck = (t: PartnerLinkType): boolean =>
  (PARTNER_BILLED_LINK_TYPES as readonly string[]).includes(t);

// ---- limits and messages (spec §5 Partners, §9) ---------------------------------------------------------------------
export const PARTNER_NAME_MAX = 100;
export const PARTNER_EMAIL_MAX = 254;
export const ADVERTISING_MAX_ITEMS = 4;
export const ADVERTISING_HEADING_MAX = 40;
export const ADVERTISING_BODY_MAX = 200;
export const MSP_DISCLAIMERS_MAX = 2000;
export const MSP_WEBSITE_MAX = 2048;
export const LOGO_NAME_MAX = 128;
/** The largest SVG logo accepted (bytes). */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_CONTENT_TYPE = 'image/svg+xml';
/** The role of the API key every new MSP receives (spec §6). */
export const MSP_OWNER_ROLE = 'MSP owner';
/** Spec §9: the partner customer list fetch. */
export const PARTNER_CUSTOMERS_PER_PAGE = 1000;

/**
 * Spec §5 Partners, verbatim where the spec quotes them; the customer-linking ones (effective date, payment fields,
 * discounts, support plan end) are billingaccounts' PARTNER_BILLING_MESSAGES, used as they are.
 */
export const PARTNER_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid Email',
  advertisingTooMany: 'No more than 4 paragraph',
  headingRequired: 'Missing heading',
  headingTooLong: 'No more than 40 characters',
  bodyRequired: 'Missing body',
  bodyTooLong: 'No more than 200 characters',
  /** §2 resend API key success. */
  sent: 'Sent.',
  // ---- where the spec quotes no message (the portal's own wording) ----
  nameTooLong: `No more than ${PARTNER_NAME_MAX} characters`,
  logoSvgOnly: 'Only SVG files can be uploaded',
  logoInvalid: 'The file is not a usable SVG image',
  logoTooLarge: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`,
  logoUrlInvalid: 'Upload the logo first (logo_url as returned by the upload)',
  websiteInvalid: 'The website must be an http(s) URL',
  disclaimersTooLong: `No more than ${MSP_DISCLAIMERS_MAX} characters`,
  mspSupportType: 'An MSP allows only fixed and percentage support types',
  skipCheckCppoMcpoOnly: 'The partner active check can be skipped for CPPO and MCPO customers only',
  billingOnlyCppoMcpo: 'Only a CPPO or MCPO customer has a billing config',
  billingRequired: 'Payment fields are required for a CPPO or MCPO customer',
  ownCustomer: 'A partner cannot be its own customer',
  nothingToUpdate: 'Nothing to update',
} as const;

const M = PARTNER_MESSAGES;
const B = PARTNER_BILLING_MESSAGES;

/** A required name: "Required" when absent or blank. */
export const partnerNameField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(PARTNER_NAME_MAX, M.nameTooLong);
/** A required contact email: "Required" when absent or blank, "Invalid Email" when not an email. */
export const partnerEmailField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(PARTNER_EMAIL_MAX, M.invalidEmail)
  .pipe(z.email(M.invalidEmail))
  .transform((e) => e.toLowerCase());

// ---- entities -------------------------------------------------------------------------------------------------------
/** A partner: its org (spec §3 Reseller: name, email) and where a customer signs up through it. */
export const partnerSchema = z.object({
  org_id: z.string(),
  type: z.enum(PARTNER_TYPES),
  name: z.string(),
  /** The contact email. */
  email: z.string(),
  /** The org's status (ACTIVE…). */
  status: z.string(),
  /** Customers whose link is active now. */
  active_customers: z.number().int(),
  signup_url: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerResponse = z.object({ partner: partnerSchema });

/** Spec §3 MSP advertising_arr: one paragraph of the MSP's signup page. */
export const advertisingItemSchema = z.object({ heading: z.string(), body: z.string() });
export type AdvertisingItem = z.infer<typeof advertisingItemSchema>;

/** API key metadata (the key itself is shown once, when created, and stored only as a hash). */
export const API_KEY_STATUSES = ['active', 'revoked'] as const;
export const partnerApiKeySchema = z.object({
  id: z.string(),
  org_id: z.string(),
  /** The key's first characters (after `pk_`), to tell keys apart. */
  prefix: z.string(),
  role: z.string(),
  status: z.enum(API_KEY_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type PartnerApiKey = z.infer<typeof partnerApiKeySchema>;
/** The answer of create-apikey: the metadata and, this once, the key. */
export const createdApiKeySchema = partnerApiKeySchema.extend({ key: z.string() });
export const createdApiKeyResponse = z.object({ api_key: createdApiKeySchema });
export const apiKeyResponse = z.object({ api_key: partnerApiKeySchema });
/** Resend: a new key mailed to the contact, the previous ones revoked. */
export const resendApiKeyResponse = z.object({
  api_key: partnerApiKeySchema,
  /** Where the new key was sent. */
  sent_to: z.string(),
  revoked: z.array(z.string()),
  /** "Sent." */
  message: z.string(),
});

/** The MSP's support plan as bound by the billing area (spec §3 MSP support_plan). */
export const mspSupportPlanSchema = z.object({
  binded_support_plan_id: z.string(),
  support_plan_id: z.string().nullable(),
  level: z.string(),
  type: z.string(),
  /** Minimum monthly cost, cents. */
  fixed_charge_price: z.number().int(),
  /** A fraction (0.1 = 10 %). */
  support_price_percentage: z.number().nullable(),
  active_date: z.string(),
  expired_date: z.string().nullable(),
  status: z.string(),
});

/** Spec §3 MSP: org_id, email, name, website, logo_name, logo_url, support_plan, disclaimers, advertising_arr. */
export const mspSchema = partnerSchema.extend({
  type: z.literal('msp'),
  website: z.string().nullable(),
  logo_name: z.string().nullable(),
  logo_url: z.string().nullable(),
  disclaimers: z.string(),
  advertising_arr: z.array(advertisingItemSchema),
  support_plan: mspSupportPlanSchema.nullable(),
  api_keys: z.array(partnerApiKeySchema),
});
export type Msp = z.infer<typeof mspSchema>;
export const mspResponse = z.object({ msp: mspSchema });

/**
 * A partner-customer link's status, derived from its dates when read: `to_be_effective` before `effected_at`,
 * `active` until `expired_at` (open-ended when null), then `expired`.
 */
export const PARTNER_CUSTOMER_STATUSES = ['to_be_effective', 'active', 'expired'] as const;
export type PartnerCustomerStatus = (typeof PARTNER_CUSTOMER_STATUSES)[number];
export const PARTNER_CUSTOMER_STATUS_LABELS: Record<PartnerCustomerStatus, string> = {
  to_be_effective: 'To be effective',
  active: 'Active',
  expired: 'Expired',
};
export const PARTNER_CUSTOMER_STATUS_COLORS: Record<PartnerCustomerStatus, string> = {
  to_be_effective: 'orange',
  active: 'success',
  expired: 'default',
};
/** `partner-customer/delete` ends an active link now and removes one not yet effective; an expired one stays. */
export const PARTNER_CUSTOMER_STATUS_ACTIONS: Record<PartnerCustomerStatus, readonly 'delete'[]> = {
  to_be_effective: ['delete'],
  active: ['delete'],
  expired: [],
};
export const canDeletePartnerCustomer = (status: string): boolean =>
  PARTNER_CUSTOMER_STATUS_ACTIONS[status as PartnerCustomerStatus]?.includes('delete') ?? false;

export function partnerCustomerStatus(
  effectedAt: string | Date,
  expiredAt: string | Date | null,
  now: Date | number = Date.now(),
): PartnerCustomerStatus {
  const t = typeof now === 'number' ? now : now.getTime();
  if (new Date(effectedAt).getTime() > t) return 'to_be_effective';
  if (expiredAt !== null && new Date(expiredAt).getTime() <= t) return 'expired';
  return 'active';
}

/** Spec §3 Partner-customer link; the list shows customer_org_id, name, email, status, effected_at, expired_at. */
export const partnerCustomerSchema = z.object({
  id: z.string(),
  partner_type: z.enum(PARTNER_LINK_TYPES),
  partner_org_id: z.string(),
  partner_name: z.string(),
  customer_org_id: z.string(),
  /** The customer org's name and contact email. */
  name: z.string(),
  email: z.string(),
  status: z.enum(PARTNER_CUSTOMER_STATUSES),
  effected_at: z.string(),
  expired_at: z.string().nullable(),
  /** CPPO / MCPO: the billing config made with the link (billingaccounts' partner billing config id). */
  partner_billing_config_id: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  /** What its status allows now. */
  actions: z.array(z.literal('delete')),
});
export type PartnerCustomer = z.infer<typeof partnerCustomerSchema>;
export const partnerCustomerResponse = z.object({ customer: partnerCustomerSchema });

export const signupUrlResponse = z.object({ org_id: z.string(), signup_url: z.string() });
export const uploadLogoResponse = z.object({ logo_url: z.string(), logo_name: z.string() });

// ---- bodies ---------------------------------------------------------------------------------------------------------
/** `cppo/create`, `mcpo/create`, `resale/create`: a new reseller org (spec §3 Reseller: name, email). */
export const createResellerBody = z.object({ name: partnerNameField, email: partnerEmailField });
export type CreateResellerBody = z.input<typeof createResellerBody>;

export const advertisingItemField = z.object({
  heading: z
    .string({ error: M.headingRequired })
    .trim()
    .min(1, M.headingRequired)
    .max(ADVERTISING_HEADING_MAX, M.headingTooLong),
  body: z.string({ error: M.bodyRequired }).trim().min(1, M.bodyRequired).max(ADVERTISING_BODY_MAX, M.bodyTooLong),
});
export const advertisingArrField = z.array(advertisingItemField).max(ADVERTISING_MAX_ITEMS, M.advertisingTooMany);

const websiteField = z
  .string()
  .trim()
  .max(MSP_WEBSITE_MAX, M.websiteInvalid)
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), M.websiteInvalid)
  .transform((v) => (v === '' ? null : v));
/** `logo_url` as the upload answered it: `/api/v1/admin/partner/msp/logo/<id>`. */
export const LOGO_URL_PATTERN = /^\/api\/v1\/admin\/partner\/msp\/logo\/([0-9a-f]{32})$/;
const logoUrlField = z.string().trim().regex(LOGO_URL_PATTERN, M.logoUrlInvalid);
const logoNameField = z
  .string()
  .trim()
  .max(LOGO_NAME_MAX, M.nameTooLong)
  .refine((v) => v === '' || /\.svg$/i.test(v), M.logoSvgOnly);

const mspProfile = {
  website: websiteField.optional(),
  logo_name: logoNameField.optional(),
  logo_url: logoUrlField.nullable().optional(),
  disclaimers: z.string().trim().max(MSP_DISCLAIMERS_MAX, M.disclaimersTooLong).optional(),
  advertising_arr: advertisingArrField.optional(),
};

/**
 * The MSP's support plan (spec §7 "For a new MSP org … bind its support plan with active_date"; §9 an MSP allows only
 * fixed and percentage): a public plan by id, or these terms as a private plan.
 */
export const mspSupportPlanField = z
  .object({
    support_plan_id: z.string().trim().min(1).max(40).optional(),
    level: z.enum(SUPPORT_LEVELS, { error: BILLING_MESSAGES.levelRequired }).default('enterprise'),
    type: z.enum(MSP_SUPPORT_TYPES, { error: M.mspSupportType }),
    /** Minimum monthly cost in cents. */
    fixed_charge_price: z
      .number({ error: BILLING_MESSAGES.minimumCostRequired })
      .int()
      .min(0, BILLING_MESSAGES.minimumCostMin)
      .max(Number.MAX_SAFE_INTEGER),
    /** A fraction, 0–1 (percentage_price). */
    support_price_percentage: z
      .number({ error: BILLING_MESSAGES.percentageRequired })
      .min(0, BILLING_MESSAGES.percentageRange)
      .max(1, BILLING_MESSAGES.percentageRange)
      .nullable()
      .default(null),
    active_date: billingDaySchema('start', BILLING_MESSAGES.startDateRequired),
  })
  .superRefine((p, ctx) => {
    if (!p.support_plan_id && p.type === 'percentage_price' && p.support_price_percentage === null)
      ctx.addIssue({
        code: 'custom',
        path: ['support_price_percentage'],
        message: BILLING_MESSAGES.percentageRequired,
      });
  });

/** `msp/create`: a new MSP org (spec §5: email required and valid, name required). */
export const createMspBody = z.object({
  name: partnerNameField,
  email: partnerEmailField,
  ...mspProfile,
  support_plan: mspSupportPlanField.optional(),
});
export type CreateMspBody = z.input<typeof createMspBody>;

/** `msp/update` (spec §7: org_id, logo_name, website, disclaimers, advertising_arr; name and email too). */
export const updateMspBody = z
  .object({
    org_id: z.string({ error: M.required }).trim().min(1, M.required).max(64),
    name: partnerNameField.optional(),
    email: partnerEmailField.optional(),
    ...mspProfile,
  })
  .refine((b) => Object.entries(b).some(([k, v]) => k !== 'org_id' && v !== undefined), M.nothingToUpdate);
export type UpdateMspBody = z.input<typeof updateMspBody>;

/**
 * `partner-customer/create` (spec §7: partner_type, effected_at, partner_org_id, customer_org_id). A CPPO or MCPO
 * customer also gets its billing config through the reseller in the same transaction (billingaccounts'
 * `cppo_billing_config` / `mcpo_billing_config` rules: payment code, sub code for CPPO, discounts, support plan), so
 * the §5 customer-linking rules are those of that body, checked here with the link's field names.
 */
export const createPartnerCustomerBody = z
  .object({
    partner_type: z.enum(PARTNER_LINK_TYPES, { error: M.required }),
    partner_org_id: z.string({ error: M.required }).trim().min(1, M.required).max(64),
    customer_org_id: z.string({ error: B.tenantRequired }).trim().min(1, B.tenantRequired).max(64),
    effected_at: billingDaySchema('start', B.effectiveRequired),
    /** Spec §5: lets an effective date before tomorrow through (CPPO and MCPO only). */
    skip_partner_active_check: z.boolean().default(false),
    /** CPPO / MCPO: the billing config's fields (required for them, refused for the others). */
    payment_code: z.string().optional(),
    payment_sub_code: z.string().optional(),
    support_plan: z.object({ support_plan_id: z.string(), end_date: z.string().optional() }).optional(),
    discounts: z
      .array(
        z.object({
          usage: z.enum(PARTNER_DISCOUNT_USAGES, { error: B.discountTypeRequired }),
          percent_off: z.number({ error: B.discountRequired }),
          end_date: z.string().optional(),
        }),
      )
      .optional(),
  })
  .superRefine((b, ctx) => {
    const billed = canSkipPartnerActiveCheck(b.partner_type);
    if (b.skip_partner_active_check && !billed)
      ctx.addIssue({ code: 'custom', path: ['skip_partner_active_check'], message: M.skipCheckCppoMcpoOnly });
    if (b.partner_org_id === b.customer_org_id)
      ctx.addIssue({ code: 'custom', path: ['customer_org_id'], message: M.ownCustomer });
    if (!billed) {
      for (const k of ['payment_code', 'payment_sub_code', 'support_plan', 'discounts'] as const)
        if (b[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: M.billingOnlyCppoMcpo });
      return;
    }
    const schema = b.partner_type === 'CPPO' ? cppoBillingConfigBody : mcpoBillingConfigBody;
    const r = schema.safeParse(partnerBillingInput(b));
    if (r.success) return;
    const rename: Record<string, string> = {
      tenant_id: 'customer_org_id',
      reseller_id: 'partner_org_id',
      effective_date: 'effected_at',
    };
    for (const issue of r.error.issues) {
      const [head, ...rest] = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const field = rename[String(head)] ?? head;
      // The link's own fields report their issues already.
      if (field === 'customer_org_id' || field === 'partner_org_id' || field === 'effected_at') continue;
      ctx.addIssue({ code: 'custom', path: [field ?? 'payment_code', ...rest], message: issue.message });
    }
  });
export type CreatePartnerCustomerBody = z.input<typeof createPartnerCustomerBody>;

/** The CPPO / MCPO billing config body a customer link makes (billingaccounts' `cppo_billing_config` input). */
export function partnerBillingInput(b: {
  partner_type: PartnerLinkType;
  partner_org_id: string;
  customer_org_id: string;
  effected_at: string;
  skip_partner_active_check?: boolean | undefined;
  payment_code?: string | undefined;
  payment_sub_code?: string | undefined;
  support_plan?: { support_plan_id: string; end_date?: string | undefined } | undefined;
  discounts?: { usage: string; percent_off: number; end_date?: string | undefined }[] | undefined;
}) {
  return {
    tenant_id: b.customer_org_id,
    reseller_id: b.partner_org_id,
    payment_code: b.payment_code,
    ...(b.partner_type === 'CPPO' ? { payment_sub_code: b.payment_sub_code } : {}),
    effective_date: b.effected_at,
    skip_partner_active_check: b.skip_partner_active_check ?? false,
    ...(b.support_plan ? { support_plan: b.support_plan } : {}),
    discounts: b.discounts ?? [],
  };
}

/** `DELETE partner-customer/delete?id=…`. */
export const deletePartnerCustomerQuery = z.object({
  id: z.string({ error: M.required }).trim().min(1, M.required).max(40),
});

/** Audit rows of partners, their customer links and API keys (instance: the partner's org id). */
export const PARTNER_AUDIT_TYPE = 'partner' as const;
