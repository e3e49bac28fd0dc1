import type { TenantSlotProps } from '../../../shared/lib/feature';
import { BillingSummary, BudgetsPanel, CreditsPanel, PaymentsPanel, SubscriptionsPanel } from './AccountPanels';
import { ClosingPanel } from './ClosingPanel';
import { ContractsPanel } from './ContractsPanel';

/**
 * The tenant page's Billing tab (issue 15): the tenant's billing account at a glance, its closing, contracts (named
 * actions, PDF), payments and cards, marketplace subscriptions, credits and budgets, each with the actions its state
 * and the user's privileges allow.
 */
export function TenantBillingTab({ tenant }: TenantSlotProps) {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <BillingSummary tenantId={tenant.id} />
      <ClosingPanel tenant={tenant} />
      <ContractsPanel tenantId={tenant.id} />
      <PaymentsPanel tenantId={tenant.id} />
      <SubscriptionsPanel tenantId={tenant.id} />
      <CreditsPanel tenantId={tenant.id} />
      <BudgetsPanel tenantId={tenant.id} />
    </div>
  );
}
