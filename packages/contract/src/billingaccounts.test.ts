import { describe, expect, it } from 'vitest';
import {
  billingDaySchema,
  budgetState,
  canCancelSubscription,
  canClosing,
  canContract,
  canEditContract,
  CLOSING_MESSAGES,
  CLOSING_REASON_INFO,
  CLOSING_REASONS,
  closingPolicies,
  CONTRACT_ACTION_RESULT,
  CONTRACT_ACTIONS,
  CONTRACT_STATUS_ACTIONS,
  CONTRACT_STATUSES,
  contractNumber,
  contractTermProblem,
  createContractBody,
  discountFromPercentOff,
  PARTNER_BILLING_MESSAGES,
  tomorrowUtc,
} from './billingaccounts.js';
import { billingAccountsApi } from './billingaccounts-api.js';
import { errorCatalogue } from './errors.js';

describe('contract state machine (data, spec §4 "Contracts: named actions")', () => {
  it('allows each named action only from its statuses, and every action leads where the table says', () => {
    const from = (a: (typeof CONTRACT_ACTIONS)[number]) => CONTRACT_STATUSES.filter((s) => canContract(s, a));
    expect(Object.fromEntries(CONTRACT_ACTIONS.map((a) => [a, from(a)]))).toEqual({
      submit: ['draft'],
      withdraw: ['pending_signature'],
      activate: ['pending_signature'],
      suspend: ['active'],
      resume: ['suspended'],
      terminate: ['active', 'suspended'],
      expire: ['active', 'suspended'],
      cancel: ['draft', 'pending_signature'],
    });
    expect(CONTRACT_ACTION_RESULT).toEqual({
      submit: 'pending_signature',
      withdraw: 'draft',
      activate: 'active',
      suspend: 'suspended',
      resume: 'active',
      terminate: 'terminated',
      expire: 'expired',
      cancel: 'cancelled',
    });
    for (const end of ['expired', 'terminated', 'cancelled'] as const) expect(CONTRACT_STATUS_ACTIONS[end]).toEqual([]);
    expect(CONTRACT_STATUSES.filter(canEditContract)).toEqual(['draft']);
    expect(canContract('nonsense', 'submit')).toBe(false);
    expect(contractNumber(42)).toBe('CTR-000042');
  });

  it('checks the term and the commitment', () => {
    const term = (start: string, end: string, extra = {}) =>
      contractTermProblem({ type: 'committed_spend', start_date: start, end_date: end, commitment_cents: 1, ...extra });
    expect(term('2027-01-01T00:00:00Z', '2027-12-31T23:59:59Z')).toBeUndefined();
    expect(term('2027-01-01T00:00:00Z', '2026-12-31T23:59:59Z')?.message).toBe(
      'End Date should be greater than Start Date.',
    );
    expect(term('2027-01-01T00:00:00Z', '2037-01-02T23:59:59Z')?.field).toBe('end_date');
    expect(term('2027-01-01T00:00:00Z', '2027-12-31T23:59:59Z', { commitment_cents: 0 })?.field).toBe(
      'commitment_cents',
    );
    expect(
      term('2027-01-01T00:00:00Z', '2027-12-31T23:59:59Z', { type: 'enterprise', commitment_cents: 0 }),
    ).toBeUndefined();
  });

  it('takes days as spec §9 sends them: starts at T00:00:00Z, ends at T23:59:59Z', () => {
    const start = billingDaySchema('start', 'bad start');
    const end = billingDaySchema('end', 'bad end');
    expect(start.parse('2026-12-01')).toBe('2026-12-01T00:00:00.000Z');
    expect(start.parse('2026-12-01T00:00:00Z')).toBe('2026-12-01T00:00:00.000Z');
    expect(end.parse('2026-12-31T23:59:59Z')).toBe('2026-12-31T23:59:59.000Z');
    expect(start.safeParse('2026-12-01T10:00:00Z').error?.issues[0]?.message).toBe('bad start');
    expect(end.safeParse('2026-12-31T00:00:00Z').success).toBe(false);
    expect(start.safeParse('2026-02-30').success).toBe(false);
    const parsed = createContractBody.parse({
      tenant_id: 't1',
      title: ' T ',
      type: 'prepaid',
      start_date: '2027-01-01',
      end_date: '2027-06-30',
      commitment_cents: 100,
    });
    expect(parsed).toMatchObject({ title: 'T', billing_frequency: 'monthly', payment_terms_days: 30, notes: '' });
  });
});

describe('tenant closing (spec §4 "Tenant closing: cancel, or run with a chosen reason")', () => {
  it('runs from none or cancelled, cancels only a closing under way, and a closed tenant takes neither', () => {
    expect(
      (['none', 'closing', 'closed', 'cancelled'] as const).map((s) => [
        s,
        canClosing(s, 'run'),
        canClosing(s, 'cancel'),
      ]),
    ).toEqual([
      ['none', true, false],
      ['closing', false, true],
      ['closed', false, false],
      ['cancelled', true, false],
    ]);
    expect(CLOSING_MESSAGES.cancelled).toBe('Successfully Cancel');
  });

  it('gives every reason a grace period and its policies; only fraud applies some at once', () => {
    for (const reason of CLOSING_REASONS) {
      const info = CLOSING_REASON_INFO[reason];
      expect(info.reason).toBe(reason);
      expect(
        closingPolicies(reason)
          .map((p) => p.key)
          .sort(),
      ).toEqual(['cancel_subscriptions', 'delete_budgets', 'detach_payment_method', 'end_contracts']);
      const atRun = closingPolicies(reason).filter((p) => p.when === 'run');
      expect(atRun.length > 0).toBe(reason === 'fraud');
      expect(info.grace_days === 0).toBe(reason === 'fraud');
    }
  });
});

describe('money, discounts and budgets', () => {
  it('sends a discount as 1 − percent off with 4 significant digits (spec §9)', () => {
    expect(discountFromPercentOff(15)).toBe(0.85);
    expect(discountFromPercentOff(12.5)).toBe(0.875);
    expect(discountFromPercentOff(33.33)).toBe(0.6667);
    expect(discountFromPercentOff(0)).toBe(1);
    expect(discountFromPercentOff(100)).toBe(0);
    // Half up in decimal: 1 − 0.12345 is 0.87654999… in binary floating point.
    expect(discountFromPercentOff(12.345)).toBe(0.8766);
  });

  it("places a budget's spend against its thresholds in integer cents", () => {
    expect(budgetState(0, 10_000, [0.5, 0.8, 1])).toBe('ok');
    expect(budgetState(4_999, 10_000, [0.5, 0.8, 1])).toBe('ok');
    expect(budgetState(5_000, 10_000, [0.5, 0.8, 1])).toBe('warning');
    expect(budgetState(9_999, 10_000, [0.5, 0.8, 1])).toBe('warning');
    expect(budgetState(10_000, 10_000, [0.5, 0.8, 1])).toBe('exceeded');
    expect(budgetState(7_999, 10_000, [0.8, 1])).toBe('ok');
  });

  it('pins the partner messages the spec quotes and tomorrow in UTC', () => {
    expect(PARTNER_BILLING_MESSAGES.discountEndAfterEffective).toBe(
      'Discount End Date should be greater than Effective Date.',
    );
    expect(PARTNER_BILLING_MESSAGES.supportEndAfterEffective).toBe('End Date should be greater than Effective Date.');
    expect(tomorrowUtc(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(canCancelSubscription('active')).toBe(true);
    expect(canCancelSubscription('cancelled')).toBe(false);
  });
});

describe('routes', () => {
  it('puts every route under the billing prefix; reads need billing.read, running a closing billing.manage', () => {
    for (const [name, d] of Object.entries(billingAccountsApi)) {
      expect(d.path, name).toMatch(/^\/api\/v1\/devops\/billing-proxy\/api\/v1\/billing\//);
      if (d.method === 'GET') expect(d.access, name).toBe('billing.read');
      else expect(d.access, name).toBe(name === 'runClosing' ? 'billing.manage' : 'billing.write');
    }
  });

  it('declares every error code the area answers in the catalogue', () => {
    const codes = Object.keys(errorCatalogue).filter((c) => c.startsWith('billingaccounts.'));
    expect(codes.length).toBeGreaterThanOrEqual(20);
    for (const c of codes)
      expect([400, 404, 409, 502]).toContain(errorCatalogue[c as keyof typeof errorCatalogue].status);
  });
});
