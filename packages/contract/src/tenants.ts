import { z } from 'zod';
import { listQuery, listResult } from './list.js';

/*
 * Tenant operations (spec §7 Devops "tenants"): create and delete a tenant, support sessions (impersonation), its
 * account users, quota and VPC CIDRs. The tenant itself, its list and its projects are the orgs area's (orgs.ts).
 * Routes: tenants-api.ts.
 */

/** Messages the console shows verbatim. */
export const TENANT_MESSAGES = {
  required: 'Required',
  nameLength: 'The name must be 2 to 100 characters',
  invalidEmail: 'Invalid Email',
  unknownRegion: 'Not an enabled region of the platform',
  reasonLength: 'The reason must be 10 to 500 characters',
  minutesRange: (max: number) => `The duration must be a whole number of minutes from 15 to ${max}`,
  cidrFormat: 'An IPv4 CIDR such as 10.0.0.0/16',
  cidrPrefix: 'The prefix length must be from /16 to /24',
  cidrPrivate: 'Only private ranges: 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16',
  cidrHostBits: (network: string) => `The address has host bits set: use ${network}`,
  cidrOverlap: (region: string, cidr: string) => `Overlaps the tenant's CIDR ${cidr} in ${region}`,
  maxClusters: 'A whole number from 0 to 1000',
  maxNodes: 'A whole number from 1 to 500',
  maxStorage: 'A whole number from 0 to 10000',
  liveClusters: (n: number) =>
    `The tenant has ${n} live cluster${n === 1 ? '' : 's'}: delete ${n === 1 ? 'it' : 'them'} before deleting the tenant`,
  partnerOrg: (type: string) => `The tenant is a partner org (${type}): partner orgs cannot be deleted here`,
  sessionActive: (expiresAt: string) =>
    `You already have a support session in this tenant until ${expiresAt}: end it before starting another`,
  noActiveSession: 'You have no active support session in this tenant',
} as const;

const M = TENANT_MESSAGES;

/** Org tags a tenant can be created with (the partner tags msp, cppo, mcpo, reseller come with a partner). */
export const TENANT_CREATE_ORG_TAGS = ['enterprise', 'startup', 'internal'] as const;

/** Support session length, minutes. The upper bound may be lowered by the system setting of the same name. */
export const SUPPORT_SESSION_MIN_MINUTES = 15;
export const SUPPORT_SESSION_MAX_MINUTES = 480;
export const SUPPORT_SESSION_DEFAULT_MINUTES = 60;
/** The system setting that caps a support session's length (minutes), when set. */
export const SUPPORT_SESSION_MAX_SETTING = 'support_session_max_minutes';

// ---- create ---------------------------------------------------------------------------------------------------------

export const createTenantBody = z.object({
  name: z.string({ error: M.required }).trim().min(2, M.nameLength).max(100, M.nameLength),
  email: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(254, M.invalidEmail)
    .pipe(z.email(M.invalidEmail))
    .transform((e) => e.toLowerCase()),
  /** A region code of an enabled region, e.g. us-east-1: the tenant's home region. */
  region: z.string({ error: M.required }).trim().min(1, M.required).max(64, M.unknownRegion),
  org_tag: z.enum(TENANT_CREATE_ORG_TAGS).nullable().default(null),
});
export type CreateTenantBody = z.input<typeof createTenantBody>;

export const deletedTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What went with it: its projects and its deleted clusters. */
  projects_deleted: z.number().int(),
  clusters_deleted: z.number().int(),
});
export type DeletedTenant = z.infer<typeof deletedTenantSchema>;

// ---- support sessions (impersonation) -------------------------------------------------------------------------------

export const SUPPORT_SESSION_STATUSES = ['active', 'ended', 'expired'] as const;
export type SupportSessionStatus = (typeof SUPPORT_SESSION_STATUSES)[number];

export const supportSessionSchema = z.object({
  id: z.number().int(),
  tenant_id: z.string(),
  operator: z.string(),
  reason: z.string(),
  started_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  /** `expired`: never ended by hand and past its time limit (checked when read or used). */
  status: z.enum(SUPPORT_SESSION_STATUSES),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

export const supportSessionsSchema = z.object({
  /** The caller's own active session in this tenant, if any. */
  active: supportSessionSchema.nullable(),
  /** The tenant's latest sessions (every operator's), newest first. */
  recent: z.array(supportSessionSchema),
  /** The longest session one may start now, minutes. */
  max_minutes: z.number().int(),
});
export type SupportSessions = z.infer<typeof supportSessionsSchema>;

export const startSupportSessionBody = z.object({
  reason: z.string({ error: M.required }).trim().min(10, M.reasonLength).max(500, M.reasonLength),
  minutes: z
    .number({ error: M.minutesRange(SUPPORT_SESSION_MAX_MINUTES) })
    .int(M.minutesRange(SUPPORT_SESSION_MAX_MINUTES))
    .min(SUPPORT_SESSION_MIN_MINUTES, M.minutesRange(SUPPORT_SESSION_MAX_MINUTES))
    .max(SUPPORT_SESSION_MAX_MINUTES, M.minutesRange(SUPPORT_SESSION_MAX_MINUTES))
    .default(SUPPORT_SESSION_DEFAULT_MINUTES),
});
export type StartSupportSessionBody = z.input<typeof startSupportSessionBody>;

// ---- account users --------------------------------------------------------------------------------------------------

export const ACCOUNT_USER_ROLES = ['Owner', 'Member', 'Billing'] as const;
export const ACCOUNT_USER_STATUSES = ['active', 'invited', 'disabled'] as const;

export const accountUserSchema = z.object({
  id: z.number().int(),
  tenant_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ACCOUNT_USER_ROLES),
  status: z.enum(ACCOUNT_USER_STATUSES),
  created_at: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const accountUserListQuery = listQuery(
  {
    /** The email or the name, as a case-insensitive substring. */
    search: z.string().trim().max(200).optional(),
  },
  ['email', 'name', 'created_at'],
  'email',
);
export type AccountUserListQuery = z.input<typeof accountUserListQuery>;
export const accountUserList = listResult(accountUserSchema);

// ---- quota ----------------------------------------------------------------------------------------------------------

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const quotaBody = z.object({
  max_clusters: whole(0, 1000, M.maxClusters),
  max_nodes_per_cluster: whole(1, 500, M.maxNodes),
  max_storage_tb: whole(0, 10000, M.maxStorage),
});
export type QuotaBody = z.input<typeof quotaBody>;

/** The platform's quota of a tenant nobody has set one for. */
export const DEFAULT_TENANT_QUOTA = { max_clusters: 20, max_nodes_per_cluster: 50, max_storage_tb: 100 } as const;

export const tenantQuotaSchema = z.object({
  tenant_id: z.string(),
  max_clusters: z.number().int(),
  max_nodes_per_cluster: z.number().int(),
  max_storage_tb: z.number().int(),
  /** True when nobody has set this tenant's quota: the platform's default applies. */
  is_default: z.boolean(),
  /** What the tenant uses now: live clusters (not deleted), and storage in TB (rounded up). */
  used_clusters: z.number().int(),
  used_storage_tb: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TenantQuota = z.infer<typeof tenantQuotaSchema>;

// ---- VPC CIDR -------------------------------------------------------------------------------------------------------

const CIDR_PATTERN = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

/** A parsed IPv4 CIDR: the address as an unsigned 32-bit number and the prefix length. */
export interface Cidr {
  address: number;
  prefix: number;
}

export function parseCidr(text: string): Cidr | undefined {
  const m = CIDR_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const address = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
  return { address, prefix };
}

const maskOf = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

export function formatCidr(c: Cidr): string {
  return `${dotted(c.address)}/${c.prefix}`;
}

/** Whether two CIDRs share any address. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  const mask = maskOf(Math.min(a.prefix, b.prefix));
  return (a.address & mask) >>> 0 === (b.address & mask) >>> 0;
}

const PRIVATE_RANGES: Cidr[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((r) => parseCidr(r)!);

/** Within one of the RFC 1918 private ranges. */
export function isPrivateCidr(c: Cidr): boolean {
  return PRIVATE_RANGES.some((r) => c.prefix >= r.prefix && cidrsOverlap(c, r));
}

/** The first rule a VPC CIDR breaks (format, prefix /16–/24, private range, host bits), or undefined. */
export function vpcCidrProblem(text: string): string | undefined {
  const c = parseCidr(text);
  if (!c) return M.cidrFormat;
  if (c.prefix < 16 || c.prefix > 24) return M.cidrPrefix;
  if (!isPrivateCidr(c)) return M.cidrPrivate;
  const network = (c.address & maskOf(c.prefix)) >>> 0;
  if (network !== c.address) return M.cidrHostBits(formatCidr({ address: network, prefix: c.prefix }));
  return undefined;
}

export const vpcCidrField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .superRefine((v, ctx) => {
    const problem = vpcCidrProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const vpcCidrBody = z.object({
  /** The region the CIDR is for; the tenant's home region when absent. */
  region: z.string().trim().min(1, M.required).max(64, M.unknownRegion).optional(),
  cidr: vpcCidrField,
});
export type VpcCidrBody = z.input<typeof vpcCidrBody>;

export const vpcCidrSchema = z.object({
  region: z.string(),
  cidr: z.string(),
  updated_by: z.string(),
  updated_at: z.string(),
});
export type VpcCidr = z.infer<typeof vpcCidrSchema>;

export const tenantVpcCidrsSchema = z.object({
  tenant_id: z.string(),
  /** The tenant's home region: where a CIDR goes when the request names none. */
  home_region: z.string(),
  items: z.array(vpcCidrSchema),
});
export type TenantVpcCidrs = z.infer<typeof tenantVpcCidrsSchema>;
