import { PARTNER_LINK_TYPE_OF, PARTNER_TYPE_LABELS } from '@portal/contract';
import type { PartnerLinkType, PartnerType } from '@portal/contract';

/** What differs between the four partner areas (spec §2 /msp, /cppo, /mcpo, /reseller). */
export interface PartnerConfig {
  type: PartnerType;
  /** The page title of the list. */
  title: string;
  /** The singular noun ("MSP", "AWS CPPO Reseller"). */
  noun: string;
  /** The list page's path, also the prefix of the detail pages. */
  path: string;
  linkType: PartnerLinkType;
  /** A CPPO or MCPO customer gets a billing config through the reseller (payment codes, discounts, support plan). */
  billed: boolean;
}

export const PARTNER_CONFIGS: Record<PartnerType, PartnerConfig> = {
  msp: { type: 'msp', title: 'MSP', noun: PARTNER_TYPE_LABELS.msp, path: '/msp', linkType: 'MSP', billed: false },
  cppo: {
    type: 'cppo',
    title: 'AWS CPPO Resellers',
    noun: PARTNER_TYPE_LABELS.cppo,
    path: '/cppo',
    linkType: PARTNER_LINK_TYPE_OF.cppo,
    billed: true,
  },
  mcpo: {
    type: 'mcpo',
    title: 'GCP MCPO Resellers',
    noun: PARTNER_TYPE_LABELS.mcpo,
    path: '/mcpo',
    linkType: PARTNER_LINK_TYPE_OF.mcpo,
    billed: true,
  },
  reseller: {
    type: 'reseller',
    title: 'Resellers',
    noun: PARTNER_TYPE_LABELS.reseller,
    path: '/reseller',
    linkType: PARTNER_LINK_TYPE_OF.reseller,
    billed: false,
  },
};

export const partnerPath = (type: PartnerType, orgId: string) =>
  `${PARTNER_CONFIGS[type].path}/${encodeURIComponent(orgId)}`;

export const tenantPath = (orgId: string) => `/orgs/${encodeURIComponent(orgId)}`;
