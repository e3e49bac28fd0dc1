import { describe, expect, it } from 'vitest';
import {
  createMspBody,
  createPartnerCustomerBody,
  createResellerBody,
  PARTNER_BILLING_MESSAGES,
  PARTNER_MESSAGES,
  partnerCustomerStatus,
  canDeletePartnerCustomer,
} from './index.js';

const issues = (
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  v: unknown,
) => Object.fromEntries((schema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('partners contract', () => {
  it('pins the §5 Partners messages verbatim', () => {
    expect(PARTNER_MESSAGES).toMatchObject({
      required: 'Required',
      invalidEmail: 'Invalid Email',
      advertisingTooMany: 'No more than 4 paragraph',
      headingRequired: 'Missing heading',
      headingTooLong: 'No more than 40 characters',
      bodyRequired: 'Missing body',
      bodyTooLong: 'No more than 200 characters',
      sent: 'Sent.',
    });
    // The customer-linking ones are billing accounts', reused as they are.
    expect(PARTNER_BILLING_MESSAGES.discountEndAfterEffective).toBe(
      'Discount End Date should be greater than Effective Date.',
    );
    expect(PARTNER_BILLING_MESSAGES.supportEndAfterEffective).toBe('End Date should be greater than Effective Date.');
  });

  it('validates resellers and MSPs', () => {
    expect(issues(createResellerBody, { name: '', email: 'nope' })).toEqual({
      name: PARTNER_MESSAGES.required,
      email: PARTNER_MESSAGES.invalidEmail,
    });
    expect(issues(createResellerBody, {})).toEqual({ name: 'Required', email: 'Required' });
    const ad = { heading: 'h', body: 'b' };
    expect(issues(createMspBody, { name: 'n', email: 'a@b.co', advertising_arr: [ad, ad, ad, ad, ad] })).toEqual({
      advertising_arr: PARTNER_MESSAGES.advertisingTooMany,
    });
    expect(
      issues(createMspBody, {
        name: 'n',
        email: 'a@b.co',
        advertising_arr: [{ heading: 'x'.repeat(41), body: '' }],
      }),
    ).toEqual({ 'advertising_arr.0.heading': 'No more than 40 characters', 'advertising_arr.0.body': 'Missing body' });
    expect(issues(createMspBody, { name: 'n', email: 'a@b.co', logo_name: 'logo.png' })).toEqual({
      logo_name: PARTNER_MESSAGES.logoSvgOnly,
    });
  });

  it('checks customer links with the billing config rules, under the link field names', () => {
    const base = { partner_type: 'CPPO', partner_org_id: 'p', customer_org_id: 'c', effected_at: '2030-01-10' };
    expect(issues(createPartnerCustomerBody, base)).toEqual({
      payment_code: PARTNER_BILLING_MESSAGES.paymentCodeRequired,
      payment_sub_code: PARTNER_BILLING_MESSAGES.paymentSubCodeRequired,
    });
    expect(
      issues(createPartnerCustomerBody, {
        ...base,
        partner_type: 'MCPO',
        payment_code: 'X1',
        discounts: [{ usage: 'mcpo', percent_off: 5, end_date: '2030-01-09' }],
      }),
    ).toEqual({ 'discounts.0.end_date': PARTNER_BILLING_MESSAGES.discountEndAfterEffective });
    expect(
      issues(createPartnerCustomerBody, { ...base, partner_type: 'MSP', skip_partner_active_check: true }),
    ).toEqual({ skip_partner_active_check: PARTNER_MESSAGES.skipCheckCppoMcpoOnly });
    expect(issues(createPartnerCustomerBody, { ...base, partner_type: 'MSP', customer_org_id: 'p' })).toEqual({
      customer_org_id: PARTNER_MESSAGES.ownCustomer,
    });
  });

  it('derives a link status from its dates', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(partnerCustomerStatus('2026-11-26T00:00:00Z', null, now)).toBe('to_be_effective');
    expect(partnerCustomerStatus('2026-11-01T00:00:00Z', null, now)).toBe('active');
    expect(partnerCustomerStatus('2026-01-01T00:00:00Z', '2026-06-30T23:59:59Z', now)).toBe('expired');
    expect(canDeletePartnerCustomer('expired')).toBe(false);
    expect(canDeletePartnerCustomer('active')).toBe(true);
  });
});
