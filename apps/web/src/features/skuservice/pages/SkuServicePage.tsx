import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { TabSet } from '../../../shared/ui/TabSet';
import { SKU_SERVICE_TABS } from '../lib/links';

type Tab = (typeof SKU_SERVICE_TABS)[number];
const tab = (load: () => Promise<ComponentType>) => lazy(() => load().then((component) => ({ default: component })));

/** Each tab's code loads when it first opens. */
const TABS: Record<Tab, { label: string; content: ComponentType }> = {
  spu: { label: 'SPU', content: tab(() => import('../tabs/SpuTab').then((m) => m.SpuTab)) },
  sku: { label: 'SKU', content: tab(() => import('../tabs/SkuTab').then((m) => m.SkuTab)) },
  whitelist: { label: 'Whitelist', content: tab(() => import('../tabs/WhitelistTab').then((m) => m.WhitelistTab)) },
  changelog: { label: 'Changelog', content: tab(() => import('../tabs/ChangelogTab').then((m) => m.ChangelogTab)) },
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
 * /sku_service/{sku_component} (spec §2): the tabs spu, sku, whitelist and changelog, each its own URL; a tab's
 * filters live in its search params (deep links: /sku_service/sku?spu_key=, /sku_service/whitelist?sku_key=&
 * component_type= or ?spu_key=).
 */
export function SkuServicePage() {
  const { component } = useParams();
  const navigate = useNavigate();
  const active = SKU_SERVICE_TABS.find((t) => t === component);
  if (!active) return <Navigate to="/sku_service/spu" replace />;
  return (
    <>
      <PageHeader
        title="SKU Service"
        description="The SPU and SKU catalogue, the compute and storage units per cloud provider, which tenants may use a SKU or an SPU, and the catalogue's change log."
      />
      <Panel>
        <TabSet
          aria-label="SKU Service"
          activeKey={active}
          // Another tab's filters do not carry over: each tab opens on its own URL.
          onChange={(next) => navigate(`/sku_service/${next}`)}
          destroyOnHidden
          items={SKU_SERVICE_TABS.map((key) => {
            const { label, content: Content } = TABS[key];
            return { key, label, children: later(<Content />) };
          })}
        />
      </Panel>
    </>
  );
}
