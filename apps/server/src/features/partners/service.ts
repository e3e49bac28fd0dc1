import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  BILLING_MESSAGES,
  canDeletePartnerCustomer,
  canSkipPartnerActiveCheck,
  cppoBillingConfigBody,
  LOGO_MAX_BYTES,
  LOGO_URL_PATTERN,
  mcpoBillingConfigBody,
  MSP_OWNER_ROLE,
  PARTNER_AUDIT_TYPE,
  PARTNER_BILLING_MESSAGES,
  PARTNER_LINK_TYPE_OF,
  PARTNER_MESSAGES,
  PARTNER_TYPE_OF_LINK,
  PARTNER_TYPES,
  partnerBillingInput,
  partnerCustomerStatus,
  PORTAL_NAME,
  tomorrowUtc,
  type AdvertisingItem,
  type createMspBody,
  type createPartnerCustomerBody,
  type createResellerBody,
  type ListResult,
  type Msp,
  type Partner,
  type PartnerApiKey,
  type PartnerCustomer,
  type partnerCustomerListQuery,
  type PartnerLinkType,
  type PartnerType,
  type updateMspBody,
} from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { bindSupportPlan, getBoundPlan } from '../billing/index.js';
import { createPartnerConfig, setupPayment, type PaymentDeps } from '../billingaccounts/index.js';
import type { EmailSender } from '../notifications/index.js';
import { insertTenant, updateTenantProfile } from '../orgs/index.js';
import * as repo from './repo.js';
import { sanitizeSvg } from './svg.js';

export interface PartnerDeps {
  db: Db;
  /** Where signup links and logo URLs point (PUBLIC_URL). */
  publicUrl: string;
  /** How a new API key reaches the MSP's contact (notifications' sender: SMTP, or the embedded outbox). */
  email: EmailSender;
  /** The payment set-up of a new MSP (billing accounts). */
  payments: PaymentDeps;
}

/** The region a new partner org is created in (a partner org runs no clusters of its own). */
export const PARTNER_ORG_REGION: Record<PartnerType, string> = {
  msp: 'us-east-1',
  cppo: 'us-east-1',
  mcpo: 'us-central1',
  reseller: 'us-east-1',
};

const fieldError = (field: string, message: string) =>
  new AppError('request.invalid', message, [{ field: `body.${field}`, message }]);

const audit = (tx: Db, orgId: string, who: string, operation: string, details: Record<string, unknown>, at: Date) =>
  writeAudit(tx, { type: PARTNER_AUDIT_TYPE, instanceId: orgId, operator: who, operation, details, operateAt: at });

/** A new org id, numeric-looking like the others (19 digits). */
function newOrgId(): string {
  const n = BigInt(`0x${crypto.randomBytes(8).toString('hex')}`) % 8_000_000_000_000_000_000n;
  return (n + 1_000_000_000_000_000_000n).toString();
}

const isPartnerType = (t: string | null): t is PartnerType => !!t && (PARTNER_TYPES as readonly string[]).includes(t);

// ---- partners -------------------------------------------------------------------------------------------------------
export function signupUrl(publicUrl: string, type: PartnerType, org: { id: string; name: string }): string {
  // An MSP's custom signup link carries its name (spec §3); a reseller's carries its org id.
  return type === 'msp'
    ? `${publicUrl}/signup?msp=${encodeURIComponent(org.name)}`
    : `${publicUrl}/signup?reseller=${encodeURIComponent(org.id)}&partner_type=${type}`;
}

/** The org as a partner, or 404 when it is not one (of `type`, when given). */
async function partnerOrg(db: Db, id: string, type?: PartnerType, forUpdate = false) {
  const org = await repo.findOrg(db, id, forUpdate);
  if (!org || !isPartnerType(org.orgTag) || (type && org.orgTag !== type)) {
    const what = type ? `${type.toUpperCase()} partner` : 'partner';
    throw new AppError('partners.notFound', `Org ${id} is not a ${what}`);
  }
  return { org, type: org.orgTag };
}

function toPartner(
  publicUrl: string,
  org: repo.OrgRow,
  type: PartnerType,
  row: repo.PartnerRow | undefined,
  active: number,
): Partner {
  return {
    org_id: org.id,
    type,
    name: org.name,
    email: org.email,
    status: org.status,
    active_customers: active,
    signup_url: signupUrl(publicUrl, type, org),
    created_by: row?.createdBy ?? null,
    created_at: iso(row?.createdAt ?? org.createdAt),
    updated_at: isoOrNull(row?.updatedAt ?? null),
  };
}

export async function getPartner(deps: PartnerDeps, id: string, at = new Date()): Promise<Partner> {
  const { org, type } = await partnerOrg(deps.db, id);
  const [row, active] = await Promise.all([repo.findPartner(deps.db, id), repo.activeCustomerCount(deps.db, id, at)]);
  return toPartner(deps.publicUrl, org, type, row, active);
}

export async function partnerSignupUrl(deps: PartnerDeps, id: string, msp: boolean) {
  const { org, type } = await partnerOrg(deps.db, id);
  if (msp !== (type === 'msp'))
    throw new AppError('partners.notFound', msp ? `Org ${id} is not an MSP` : `Org ${id} is an MSP: use its MSP link`);
  return { org_id: org.id, signup_url: signupUrl(deps.publicUrl, type, org) };
}

/** `cppo/create`, `mcpo/create`, `resale/create`: a new org tagged with the partner type. */
export async function createReseller(
  deps: PartnerDeps,
  type: Exclude<PartnerType, 'msp'>,
  who: string,
  body: z.output<typeof createResellerBody>,
  at = new Date(),
): Promise<Partner> {
  const id = newOrgId();
  await deps.db.transaction(async (tx) => {
    await insertTenant(tx, {
      id,
      name: body.name,
      email: body.email,
      region: PARTNER_ORG_REGION[type],
      orgTag: type,
      createdAt: at,
    });
    await repo.insertPartner(tx, { orgId: id, type, createdBy: who, createdAt: at });
    await audit(tx, id, who, `${type === 'reseller' ? 'resale' : type}_create`, { after: { type, ...body } }, at);
  });
  return getPartner(deps, id, at);
}

// ---- MSPs -----------------------------------------------------------------------------------------------------------
function logoIdOf(url: string): string {
  return LOGO_URL_PATTERN.exec(url)![1]!;
}
export const logoUrl = (id: string) => `/api/v1/admin/partner/msp/logo/${id}`;

async function checkLogo(db: Db, url: string | null | undefined): Promise<string | null | undefined> {
  if (url === undefined || url === null) return url;
  const id = logoIdOf(url);
  if (!(await repo.findLogo(db, id))) throw fieldError('logo_url', PARTNER_MESSAGES.logoUrlInvalid);
  return id;
}

export async function getMsp(deps: PartnerDeps, id: string, at = new Date()): Promise<Msp> {
  const { org } = await partnerOrg(deps.db, id, 'msp');
  const [row, active, keys, plan] = await Promise.all([
    repo.findPartner(deps.db, id),
    repo.activeCustomerCount(deps.db, id, at),
    repo.apiKeysOf(deps.db, id),
    getBoundPlan(deps.db, id),
  ]);
  return {
    ...toPartner(deps.publicUrl, org, 'msp', row, active),
    type: 'msp',
    website: row?.website ?? null,
    logo_name: row?.logoName ?? null,
    logo_url: row?.logoId ? logoUrl(row.logoId) : null,
    disclaimers: row?.disclaimers ?? '',
    advertising_arr: (row?.advertising as AdvertisingItem[] | undefined) ?? [],
    support_plan: plan
      ? {
          binded_support_plan_id: plan.binded_support_plan_id,
          support_plan_id: plan.support_plan_id,
          level: plan.level,
          type: plan.type,
          fixed_charge_price: plan.fixed_charge_price,
          support_price_percentage: plan.support_price_percentage,
          active_date: plan.active_date,
          expired_date: plan.expired_date,
          status: plan.status,
        }
      : null,
    api_keys: keys.map(toApiKey),
  };
}

const nameTaken = (name: string, other?: string) =>
  new AppError('partners.nameTaken', `An MSP named ${name} exists already${other ? ` (org ${other})` : ''}`, [
    { field: 'body.name', message: 'An MSP with this name already exists' },
  ]);

async function assertMspNameFree(db: Db, name: string, exceptId?: string) {
  const other = await repo.findMspByName(db, name, exceptId);
  if (other) throw nameTaken(name, other);
}

/** A unique index refused the row (PostgreSQL 23505): here, two MSPs named alike at once. */
function uniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/**
 * `msp/create` (spec §7): a new MSP org; then, as the spec's flow says, its payment method is wire transfer and its
 * support plan (fixed or percentage, §9) is bound from active_date; it receives an initial API key with the role
 * "MSP owner", mailed to its contact (§6). One transaction with the audit row.
 */
export async function createMsp(
  deps: PartnerDeps,
  who: string,
  body: z.output<typeof createMspBody>,
  at = new Date(),
): Promise<Msp> {
  if (body.support_plan && body.support_plan.active_date.slice(0, 10) < at.toISOString().slice(0, 10))
    throw fieldError('support_plan.active_date', BILLING_MESSAGES.startDateInPast);
  await assertMspNameFree(deps.db, body.name);
  const id = newOrgId();
  await createMspRows(deps, id, who, body, at).catch((err: unknown) => {
    throw uniqueViolation(err) ? nameTaken(body.name) : err;
  });
  return getMsp(deps, id, at);
}

function createMspRows(deps: PartnerDeps, id: string, who: string, body: z.output<typeof createMspBody>, at: Date) {
  return deps.db.transaction(async (tx) => {
    const logoId = await checkLogo(tx, body.logo_url);
    await insertTenant(tx, {
      id,
      name: body.name,
      email: body.email,
      region: PARTNER_ORG_REGION.msp,
      orgTag: 'msp',
      createdAt: at,
    });
    await repo.insertPartner(tx, {
      orgId: id,
      type: 'msp',
      nameKey: body.name.toLowerCase(),
      website: body.website ?? null,
      logoId: logoId ?? null,
      logoName: logoId ? body.logo_name || 'logo.svg' : null,
      disclaimers: body.disclaimers ?? '',
      advertising: body.advertising_arr ?? [],
      createdBy: who,
      createdAt: at,
    });
    // Spec §7: a new MSP org pays by wire transfer, then its support plan is bound.
    await setupPayment({ ...deps.payments, db: tx }, 'wire_transfer', who, { tenant_id: id });
    let boundPlanId: string | null = null;
    if (body.support_plan) {
      const p = body.support_plan;
      const bound = await bindSupportPlan(
        tx,
        {
          tenant_id: id,
          support_plan_id: p.support_plan_id,
          level: p.level,
          type: p.type,
          fixed_charge_price: p.fixed_charge_price,
          support_price_percentage: p.type === 'percentage_price' ? p.support_price_percentage : null,
          tiered_price_rules: [],
          active_date: p.active_date,
          expired_date: null,
          created_by: who,
        },
        at,
      ).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'billing.supportPlanNotFound')
          throw fieldError('support_plan.support_plan_id', err.message);
        throw err;
      });
      boundPlanId = String(bound.id);
      await repo.updatePartner(tx, id, { boundPlanId });
    }
    const key = await issueKey(tx, id, who, at);
    await mailKey(deps.email, tx, body.email, body.name, key.key, 'Your MSP API key');
    await audit(
      tx,
      id,
      who,
      'msp_create',
      {
        after: { ...body, payment_method: 'wire_transfer', binded_support_plan_id: boundPlanId },
        api_key: { id: String(key.row.id), prefix: key.row.prefix, role: MSP_OWNER_ROLE, sent_to: body.email },
      },
      at,
    );
  });
}

/** `msp/update` (spec §7: org_id, logo_name, website, disclaimers, advertising_arr; and name, email). */
export async function updateMsp(
  deps: PartnerDeps,
  who: string,
  body: z.output<typeof updateMspBody>,
  at = new Date(),
): Promise<Msp> {
  const id = body.org_id;
  if (body.name) await assertMspNameFree(deps.db, body.name, id);
  await updateMspRows(deps, who, body, at).catch((err: unknown) => {
    throw uniqueViolation(err) && body.name ? nameTaken(body.name) : err;
  });
  return getMsp(deps, id, at);
}

function updateMspRows(deps: PartnerDeps, who: string, body: z.output<typeof updateMspBody>, at: Date) {
  const id = body.org_id;
  return deps.db.transaction(async (tx) => {
    const { org } = await partnerOrg(tx, id, 'msp', true);
    const row = await repo.findPartner(tx, id, true);
    const logoId = await checkLogo(tx, body.logo_url);
    const before = {
      name: org.name,
      email: org.email,
      website: row?.website ?? null,
      logo_name: row?.logoName ?? null,
      logo_url: row?.logoId ? logoUrl(row.logoId) : null,
      disclaimers: row?.disclaimers ?? '',
      advertising_arr: row?.advertising ?? [],
    };
    await updateTenantProfile(tx, id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.email ? { email: body.email } : {}),
    });
    const patch = {
      ...(body.name ? { nameKey: body.name.toLowerCase() } : {}),
      ...(body.website !== undefined ? { website: body.website } : {}),
      ...(logoId !== undefined ? { logoId } : {}),
      ...(logoId === null ? { logoName: null } : {}),
      ...(body.logo_name !== undefined && logoId !== null ? { logoName: body.logo_name || null } : {}),
      ...(body.disclaimers !== undefined ? { disclaimers: body.disclaimers } : {}),
      ...(body.advertising_arr !== undefined ? { advertising: body.advertising_arr } : {}),
      updatedBy: who,
      updatedAt: at,
    };
    if (row) await repo.updatePartner(tx, id, patch);
    else
      await repo.insertPartner(tx, {
        orgId: id,
        type: 'msp',
        nameKey: (body.name ?? org.name).toLowerCase(),
        ...patch,
        createdAt: org.createdAt,
      });
    const { org_id: _orgId, ...after } = body;
    await audit(tx, id, who, 'msp_update', { before, after }, at);
  });
}

// ---- API keys -------------------------------------------------------------------------------------------------------
const KEY_PREFIX = 'pk_';
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function toApiKey(r: repo.ApiKeyRow): PartnerApiKey {
  return {
    id: String(r.id),
    org_id: r.orgId,
    prefix: r.prefix,
    role: r.role,
    status: r.revokedAt ? 'revoked' : 'active',
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    revoked_by: r.revokedBy,
    revoked_at: isoOrNull(r.revokedAt),
  };
}

/** A new key (256 random bits); only its SHA-256 is stored. */
async function issueKey(tx: Db, orgId: string, who: string, at: Date) {
  const secret = crypto.randomBytes(32).toString('base64url');
  const key = `${KEY_PREFIX}${secret}`;
  const row = await repo.insertApiKey(tx, {
    orgId,
    prefix: `${KEY_PREFIX}${secret.slice(0, 8)}`,
    keyHash: hashKey(key),
    role: MSP_OWNER_ROLE,
    createdBy: who,
    createdAt: at,
  });
  return { key, row };
}

/**
 * Mails a key to the MSP's contact. Through SMTP the key is in the message; the embedded outbox (a table anyone with
 * partners.read can list) keeps the message with the key withheld, so that no key is ever stored in the clear.
 */
async function mailKey(sender: EmailSender, tx: Db, to: string, name: string, key: string, subject: string) {
  const shown =
    sender.name === 'smtp' ? key : `${key.slice(0, 11)}… (withheld by the embedded outbox: set SMTP_URL to deliver it)`;
  await sender.send(tx, {
    to,
    subject: `${PORTAL_NAME}: ${subject}`,
    text: [
      `Hello ${name},`,
      '',
      `Your API key (role "${MSP_OWNER_ROLE}") is:`,
      '',
      shown,
      '',
      'Keep it secret: it is shown only in this message. Any key sent to you before is revoked.',
    ].join('\n'),
  });
}

/** `msp/{orgId}/create-apikey`: a new key, answered this once. */
export async function createApiKey(deps: PartnerDeps, orgId: string, who: string, at = new Date()) {
  const out = await deps.db.transaction(async (tx) => {
    await partnerOrg(tx, orgId, 'msp', true);
    const issued = await issueKey(tx, orgId, who, at);
    await audit(
      tx,
      orgId,
      who,
      'apikey_create',
      { after: { api_key_id: String(issued.row.id), prefix: issued.row.prefix, role: issued.row.role } },
      at,
    );
    return issued;
  });
  return { api_key: { ...toApiKey(out.row), key: out.key } };
}

/** §2 "resend API key": a new key mailed to the contact; the keys active before are revoked. */
export async function resendApiKey(deps: PartnerDeps, orgId: string, who: string, at = new Date()) {
  return deps.db.transaction(async (tx) => {
    const { org } = await partnerOrg(tx, orgId, 'msp', true);
    const revoked = await repo.revokeActiveKeys(tx, orgId, who, at);
    const issued = await issueKey(tx, orgId, who, at);
    await mailKey(deps.email, tx, org.email, org.name, issued.key, 'Your new MSP API key');
    await audit(
      tx,
      orgId,
      who,
      'apikey_resend',
      {
        revoked: revoked.map(String),
        after: { api_key_id: String(issued.row.id), prefix: issued.row.prefix, sent_to: org.email },
      },
      at,
    );
    return {
      api_key: toApiKey(issued.row),
      sent_to: org.email,
      revoked: revoked.map(String),
      message: PARTNER_MESSAGES.sent,
    };
  });
}

export async function revokeApiKey(deps: PartnerDeps, orgId: string, keyId: string, who: string, at = new Date()) {
  const n = /^\d{1,15}$/.test(keyId) ? Number(keyId) : NaN;
  return deps.db.transaction(async (tx) => {
    await partnerOrg(tx, orgId, 'msp');
    const row = Number.isNaN(n) ? undefined : await repo.findApiKey(tx, orgId, n, true);
    if (!row) throw new AppError('partners.apiKeyNotFound', `API key ${keyId} of MSP ${orgId} not found`);
    if (row.revokedAt) throw new AppError('partners.apiKeyRevoked');
    await repo.revokeActiveKeys(tx, orgId, who, at, [n]);
    await audit(tx, orgId, who, 'apikey_revoke', { before: { status: 'active' }, after: { status: 'revoked' } }, at);
    return { api_key: toApiKey((await repo.findApiKey(tx, orgId, n))!) };
  });
}

/** Whether a key is an active key (what an MSP API client would be authenticated by): its org and role. */
export async function verifyApiKey(db: Db, key: string) {
  // Only what this module issues: seeded hashes are of strings that are not keys, so they never match.
  if (!/^pk_[A-Za-z0-9_-]{43}$/.test(key)) return undefined;
  const row = await repo.findActiveKeyByHash(db, hashKey(key));
  return row ? { org_id: row.orgId, role: row.role } : undefined;
}

// ---- logos ----------------------------------------------------------------------------------------------------------
export async function uploadLogo(db: Db, who: string, name: string, body: string, at = new Date()) {
  if (!/\.svg$/i.test(name))
    throw new AppError('request.invalid', PARTNER_MESSAGES.logoSvgOnly, [
      { field: 'querystring.logo_name', message: PARTNER_MESSAGES.logoSvgOnly },
    ]);
  if (Buffer.byteLength(body) > LOGO_MAX_BYTES)
    throw new AppError('partners.logoInvalid', PARTNER_MESSAGES.logoTooLarge);
  if (!/<svg[\s>]/i.test(body)) throw new AppError('partners.logoInvalid', PARTNER_MESSAGES.logoSvgOnly);
  const svg = await sanitizeSvg(body);
  if (!svg) throw new AppError('partners.logoInvalid', PARTNER_MESSAGES.logoInvalid);
  const id = crypto.randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    await repo.insertLogo(tx, {
      id,
      name,
      svg,
      sha256: crypto.createHash('sha256').update(svg).digest('hex'),
      bytes: Buffer.byteLength(svg),
      createdBy: who,
      createdAt: at,
    });
    // Uploaded before the MSP it is for exists (the create dialog): audited under the logo's id.
    await audit(tx, id, who, 'logo_upload', { after: { logo_name: name, bytes: Buffer.byteLength(svg) } }, at);
  });
  return { logo_url: logoUrl(id), logo_name: name };
}

export async function getLogo(db: Db, id: string): Promise<string> {
  const row = await repo.findLogo(db, id);
  if (!row) throw new AppError('partners.logoNotFound');
  return row.svg;
}

// ---- customer links -------------------------------------------------------------------------------------------------
function toCustomer(r: repo.LinkWithOrgs, at: Date): PartnerCustomer {
  const status = partnerCustomerStatus(r.effectedAt, r.expiredAt, at);
  return {
    id: String(r.id),
    partner_type: r.partnerType as PartnerLinkType,
    partner_org_id: r.partnerOrgId,
    partner_name: r.partnerName,
    customer_org_id: r.customerOrgId,
    name: r.name,
    email: r.email,
    status,
    effected_at: iso(r.effectedAt),
    expired_at: isoOrNull(r.expiredAt),
    partner_billing_config_id: r.partnerBillingConfigId,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    actions: canDeletePartnerCustomer(status) ? ['delete'] : [],
  };
}

const linkId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : undefined);

export async function getCustomer(db: Db, id: string, at = new Date()): Promise<PartnerCustomer> {
  const n = linkId(id);
  const row = n === undefined ? undefined : await repo.findLink(db, n);
  if (!row) throw new AppError('partners.customerNotFound', `Partner customer link ${id} not found`);
  return toCustomer(row, at);
}

export async function listCustomers(
  db: Db,
  orgId: string,
  q: z.output<typeof partnerCustomerListQuery>,
  at = new Date(),
): Promise<ListResult<PartnerCustomer>> {
  await partnerOrg(db, orgId);
  const page = await repo.listLinks(db, orgId, q, at);
  return { total: page.total, items: page.items.map((r) => toCustomer(r, at)) };
}

const BILLING_FIELD_OF: Record<string, string> = {
  'body.tenant_id': 'body.customer_org_id',
  'body.reseller_id': 'body.partner_org_id',
  'body.effective_date': 'body.effected_at',
};

/** billingaccounts' field errors, named as the link's fields. */
function renamed(err: unknown): unknown {
  if (!(err instanceof AppError) || !Array.isArray(err.details)) return err;
  const details = (err.details as { field: string; message: string }[]).map((d) => ({
    ...d,
    field: BILLING_FIELD_OF[d.field] ?? d.field,
  }));
  return new AppError(err.code, err.message, details);
}

/**
 * `partner-customer/create` (spec §3, §5 "Customer linking"): the partner is an org of the link's type, the customer
 * an org that is no partner; the effective date is at least tomorrow (UTC) unless skip-partner-active-check (CPPO and
 * MCPO only); a customer has one link at a time (the one before must end before the new one starts). A CPPO or MCPO
 * customer's billing config (payment codes, support plan, discounts) is made by billing accounts in the same
 * transaction.
 */
export async function createCustomer(
  deps: PartnerDeps,
  who: string,
  body: z.output<typeof createPartnerCustomerBody>,
  at = new Date(),
): Promise<PartnerCustomer> {
  const effective = new Date(body.effected_at);
  const billed = canSkipPartnerActiveCheck(body.partner_type);
  if (!billed && effective.getTime() < Date.parse(`${tomorrowUtc(at)}T00:00:00Z`))
    throw fieldError('effected_at', PARTNER_BILLING_MESSAGES.effectiveNotTomorrow);
  const id = await deps.db.transaction(async (tx) => {
    const partnerType = PARTNER_TYPE_OF_LINK[body.partner_type];
    const partner = await repo.findOrg(tx, body.partner_org_id, true);
    if (!partner || partner.orgTag !== partnerType) {
      const message = `Org ${body.partner_org_id} is not a ${body.partner_type} partner`;
      throw new AppError('partners.wrongType', message, [{ field: 'body.partner_org_id', message }]);
    }
    const customer = await repo.findOrg(tx, body.customer_org_id, true);
    if (!customer) {
      const message = `Org ${body.customer_org_id} does not exist`;
      throw new AppError('partners.unknownCustomer', message, [{ field: 'body.customer_org_id', message }]);
    }
    if (isPartnerType(customer.orgTag)) {
      const message = `Org ${customer.id} is a partner (${customer.orgTag}): it cannot be a partner's customer`;
      throw new AppError('partners.customerIsPartner', message, [{ field: 'body.customer_org_id', message }]);
    }
    const open = await repo.openLinksOf(tx, customer.id, effective);
    if (open.length)
      throw new AppError(
        'partners.alreadyLinked',
        `Org ${customer.name} is linked to partner ${open[0]!.partnerOrgId} from ${iso(open[0]!.effectedAt).slice(0, 10)}: end that link first`,
        { partner_customer_id: String(open[0]!.id) },
      );
    let configId: string | null = null;
    if (billed) {
      const type = body.partner_type === 'CPPO' ? 'cppo' : 'mcpo';
      const schema = type === 'cppo' ? cppoBillingConfigBody : mcpoBillingConfigBody;
      const input = schema.parse(partnerBillingInput(body));
      const config = await createPartnerConfig(tx, type, who, input, at).catch((err: unknown) => {
        throw renamed(err);
      });
      configId = config.id;
    }
    const n = await repo.insertLink(tx, {
      partnerType: body.partner_type,
      partnerOrgId: partner.id,
      customerOrgId: customer.id,
      effectedAt: effective,
      partnerBillingConfigId: configId,
      createdBy: who,
      createdAt: at,
    });
    await audit(
      tx,
      partner.id,
      who,
      'partner_customer_create',
      {
        partner_customer_id: String(n),
        partner_billing_config_id: configId,
        after: {
          partner_type: body.partner_type,
          partner_org_id: partner.id,
          customer_org_id: customer.id,
          effected_at: body.effected_at,
          skip_partner_active_check: body.skip_partner_active_check,
        },
      },
      at,
    );
    return n;
  });
  return getCustomer(deps.db, String(id), at);
}

/**
 * `partner-customer/delete`: an active link ends now (kept, expired); one not yet effective is removed; an expired
 * one is refused (409 partners.linkEnded). Answers the link as it ends.
 */
export async function deleteCustomer(deps: PartnerDeps, id: string, who: string, at = new Date()) {
  const n = linkId(id);
  return deps.db.transaction(async (tx) => {
    const row = n === undefined ? undefined : await repo.lockLink(tx, n);
    if (!row) throw new AppError('partners.customerNotFound', `Partner customer link ${id} not found`);
    const status = partnerCustomerStatus(row.effectedAt, row.expiredAt, at);
    if (!canDeletePartnerCustomer(status))
      throw new AppError('partners.linkEnded', `The link ended on ${iso(row.expiredAt!).slice(0, 10)}`);
    const before = (await repo.findLink(tx, row.id))!;
    if (status === 'to_be_effective') await repo.deleteLink(tx, row.id);
    else await repo.updateLink(tx, row.id, { expiredAt: at, endedAt: at, endedBy: who });
    await audit(
      tx,
      row.partnerOrgId,
      who,
      'partner_customer_delete',
      {
        partner_customer_id: String(row.id),
        customer_org_id: row.customerOrgId,
        before: { status, expired_at: isoOrNull(row.expiredAt) },
        after: status === 'to_be_effective' ? { deleted: true } : { status: 'expired', expired_at: iso(at) },
      },
      at,
    );
    return toCustomer(status === 'to_be_effective' ? before : { ...before, expiredAt: at }, at);
  });
}

/** The link type of a partner type (for callers that hold the org tag). */
export const linkTypeOf = (t: PartnerType) => PARTNER_LINK_TYPE_OF[t];
