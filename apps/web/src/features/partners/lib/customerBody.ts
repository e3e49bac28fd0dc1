import type { Dayjs } from 'dayjs';
import { createPartnerCustomerBody, PARTNER_BILLING_MESSAGES, tomorrowUtc } from '@portal/contract';
import type { CreatePartnerCustomerBody, PartnerLinkType } from '@portal/contract';
import { pickerDay, sendEnd, sendStart } from './dates';

/** A discount as the Add Customer form holds it. */
export interface DiscountRow {
  usage?: string;
  /** Percent off, 0–100, 2 decimals. */
  percent_off?: number | null;
  end?: Dayjs | null;
}

/** What the Add Customer form holds. */
export interface CustomerValues {
  customer_org_id?: string;
  effected?: Dayjs | null;
  skip_partner_active_check?: boolean;
  payment_code?: string;
  payment_sub_code?: string;
  support_plan_id?: string;
  support_end?: Dayjs | null;
  discounts?: DiscountRow[];
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/**
 * The `partner-customer/create` body of the form's values. A CPPO or MCPO customer's billing fields (payment codes,
 * discounts, support plan) go with it; the others' are left out (the contract refuses them).
 */
export function customerBody(
  values: CustomerValues,
  partner: { type: PartnerLinkType; orgId: string; billed: boolean },
): CreatePartnerCustomerBody {
  const body: CreatePartnerCustomerBody = {
    partner_type: partner.type,
    partner_org_id: partner.orgId,
    customer_org_id: values.customer_org_id ?? '',
    effected_at: values.effected ? sendStart(values.effected) : '',
  };
  if (!partner.billed) return body;
  body.skip_partner_active_check = Boolean(values.skip_partner_active_check);
  body.payment_code = blank(values.payment_code);
  if (partner.type === 'CPPO') body.payment_sub_code = blank(values.payment_sub_code);
  if (values.support_plan_id)
    body.support_plan = {
      support_plan_id: values.support_plan_id,
      ...(values.support_end ? { end_date: sendEnd(values.support_end) } : {}),
    };
  body.discounts = (values.discounts ?? []).map((d) => ({
    usage: d.usage as NonNullable<CreatePartnerCustomerBody['discounts']>[number]['usage'],
    percent_off: d.percent_off === null ? (undefined as unknown as number) : (d.percent_off as number),
    ...(d.end ? { end_date: sendEnd(d.end) } : {}),
  }));
  return body;
}

export interface Issue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * Every §5 customer-linking problem of the values: the contract's (what the server checks), and the dates that must
 * be at least tomorrow in UTC — the effective date unless the skip-partner-active-check flag is set (CPPO and MCPO
 * only), and the support plan's end date.
 */
export function customerIssues(
  values: CustomerValues,
  partner: { type: PartnerLinkType; orgId: string; billed: boolean },
  now = new Date(),
): Issue[] {
  const M = PARTNER_BILLING_MESSAGES;
  const parsed = createPartnerCustomerBody.safeParse(customerBody(values, partner));
  const issues: Issue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
  const tomorrow = tomorrowUtc(now);
  const skip = partner.billed && Boolean(values.skip_partner_active_check);
  if (values.effected && !skip && pickerDay(values.effected) < tomorrow)
    issues.push({ path: ['effected_at'], message: M.effectiveNotTomorrow });
  if (partner.billed && values.support_plan_id && values.support_end && pickerDay(values.support_end) < tomorrow)
    issues.push({ path: ['support_plan', 'end_date'], message: M.supportEndNotTomorrow });
  return issues;
}

/** The message of the first issue at `path` (compared element by element), if any. */
export function messageAt(issues: readonly Issue[], path: readonly (string | number)[]): string | undefined {
  return issues.find((i) => i.path.length === path.length && i.path.every((p, k) => p === path[k]))?.message;
}
