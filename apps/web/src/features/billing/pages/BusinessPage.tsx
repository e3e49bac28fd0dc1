import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { TabSet } from '../../../shared/ui/TabSet';
import { BUSINESS_TABS, DEFAULT_BUSINESS_TAB } from '../lib/tabs';
import type { BusinessTab } from '../lib/tabs';

const tab = (load: () => Promise<ComponentType>) => lazy(() => load().then((component) => ({ default: component })));

/** Each tab's code loads when it first opens: /business opened directly carries only the Invoices tab. */
const TABS: Record<BusinessTab, ComponentType> = {
  invoices: tab(() => import('../tabs/InvoicesTab').then((m) => m.InvoicesTab)),
  support_plan: tab(() => import('../tabs/SupportPlanTab').then((m) => m.SupportPlanTab)),
  risk_level: tab(() => import('../tabs/RiskLevelTab').then((m) => m.RiskLevelTab)),
  discounts: tab(() => import('../tabs/DiscountsTab').then((m) => m.DiscountsTab)),
  ar_table: tab(() => import('../tabs/ArTableTab').then((m) => m.ArTableTab)),
  exchange_rate: tab(() => import('../tabs/ExchangeRateTab').then((m) => m.ExchangeRateTab)),
};

const later = (content: ReactNode) => (
  <Suspense
    fallback={
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spinner />
      </div>
    }
  >
    {content}
  </Suspense>
);

/**
 * /business (spec §2): the billing team's page — Invoices, Support Plan, Risk Level, Discounts, AR Table and
 * Exchange Rate, each a tab whose key is the `?tab=` search param (the Invoices tab has none).
 */
export function BusinessPage() {
  const [search, updateSearch] = useSearchUpdate();
  const requested = search.get('tab');
  const active = BUSINESS_TABS.find((t) => t.key === requested)?.key ?? DEFAULT_BUSINESS_TAB;
  const setTab = (next: string) =>
    updateSearch((sp) => {
      // A tab's own params (filters, page, an open invoice) do not carry over to another tab.
      for (const key of [...sp.keys()]) sp.delete(key);
      if (next !== DEFAULT_BUSINESS_TAB) sp.set('tab', next);
    });
  return (
    <>
      <PageHeader
        title="Business"
        description="Billing: invoices, support plans, credit risk levels, discounts, the accounts-receivable table and the USD → SGD exchange rate."
      />
      <Panel>
        <TabSet
          aria-label="Business"
          activeKey={active}
          onChange={setTab}
          destroyOnHidden
          items={BUSINESS_TABS.map(({ key, label }) => {
            const Content = TABS[key];
            return { key, label, children: later(<Content />) };
          })}
        />
      </Panel>
    </>
  );
}
