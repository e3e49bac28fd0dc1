import type { BoundPlanStatus, CreditStatus, DiscountStatus, GlobalDiscountStatus } from '@portal/contract';

/*
 * Tag colours of the billing statuses, given to each tag (not the manifest's shared `statusColors`: words such as
 * "suspended" or "active" already have other areas' colours there). Invoices use the contract's INVOICE_STATUS_COLORS.
 */
export const BOUND_PLAN_STATUS_COLORS: Record<BoundPlanStatus, string> = {
  to_be_activated: 'processing',
  active: 'success',
  expired: 'default',
  cancelled: 'default',
  disabled: 'error',
};

export const DISCOUNT_STATUS_COLORS: Record<DiscountStatus, string> = {
  approving: 'orange',
  valid: 'success',
  expired: 'default',
  reclaimed: 'default',
  rejected: 'error',
};

export const GLOBAL_DISCOUNT_STATUS_COLORS: Record<GlobalDiscountStatus, string> = {
  valid: 'success',
  expired: 'default',
  deleted: 'default',
};

export const CREDIT_STATUS_COLORS: Record<CreditStatus, string> = {
  approving: 'orange',
  valid: 'success',
  used_up: 'default',
  expired: 'default',
  reclaimed: 'default',
  rejected: 'error',
};
