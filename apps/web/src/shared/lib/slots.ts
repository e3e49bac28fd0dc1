import { createContext, lazy, useContext } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type {
  AuditLinkSlot,
  ClusterActionSlot,
  ClusterSlotProps,
  FeatureManifest,
  ObjectLinkProps,
  ObjectLinkSlot,
  OverviewPanelSlot,
  PageTabSlot,
  StatusColor,
  TenantSlotProps,
} from './feature';

/** A contributed tab with its content ready to render (React.lazy: the code loads on first render). */
export interface CollectedTab<P> extends PageTabSlot<P> {
  feature: string;
  Content: LazyExoticComponent<ComponentType<P>>;
}

/** A contributed object link with its lazy component, when it has one. */
export interface CollectedObjectLink extends ObjectLinkSlot {
  feature: string;
  Link?: LazyExoticComponent<ComponentType<ObjectLinkProps>>;
}

/** A contributed overview panel with its content ready to render (React.lazy). */
export interface CollectedPanel extends OverviewPanelSlot {
  feature: string;
  Content: LazyExoticComponent<ComponentType>;
}

/** Every feature's contributions, collected once by the shell and read by pages and shared widgets. */
export interface FeatureSlots {
  /** Sorted by order. */
  clusterTabs: readonly CollectedTab<ClusterSlotProps>[];
  /** Sorted by order. */
  clusterActions: readonly ClusterActionSlot[];
  /** Sorted by order. */
  tenantTabs: readonly CollectedTab<TenantSlotProps>[];
  /** Sorted by order. */
  overviewPanels: readonly CollectedPanel[];
  objectLinks: ReadonlyMap<string, CollectedObjectLink>;
  auditLinks: ReadonlyMap<string, AuditLinkSlot>;
  /** Upper-case status → colour. */
  statusColors: Readonly<Record<string, StatusColor>>;
  /** Two features claiming the same slot key; the first one listed keeps it (a test keeps this empty). */
  conflicts: readonly string[];
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** Gathers the slots of the registered features (app/features.ts) into what the shell provides. */
export function collectSlots(features: readonly FeatureManifest[]): FeatureSlots {
  const conflicts: string[] = [];
  const clusterTabs: CollectedTab<ClusterSlotProps>[] = [];
  const clusterActions: ClusterActionSlot[] = [];
  const tenantTabs: CollectedTab<TenantSlotProps>[] = [];
  const overviewPanels: CollectedPanel[] = [];
  const objectLinks = new Map<string, CollectedObjectLink>();
  const auditLinks = new Map<string, AuditLinkSlot & { feature: string }>();
  const statusColors: Record<string, StatusColor> = {};
  const colourOwner: Record<string, string> = {};

  const claim = (what: string, taken: { feature: string } | undefined, feature: string) => {
    if (taken) conflicts.push(`${what}: ${taken.feature} and ${feature}`);
    return !taken;
  };
  for (const f of features) {
    for (const tab of f.clusterTabs ?? []) {
      const taken = clusterTabs.find((t) => t.key === tab.key);
      if (claim(`cluster tab ${tab.key}`, taken, f.key))
        clusterTabs.push({ ...tab, feature: f.key, Content: lazy(() => tab.load().then((c) => ({ default: c }))) });
    }
    for (const tab of f.tenantTabs ?? []) {
      const taken = tenantTabs.find((t) => t.key === tab.key);
      if (claim(`tenant tab ${tab.key}`, taken, f.key))
        tenantTabs.push({ ...tab, feature: f.key, Content: lazy(() => tab.load().then((c) => ({ default: c }))) });
    }
    clusterActions.push(...(f.clusterActions ?? []));
    for (const panel of f.overviewPanels ?? []) {
      const taken = overviewPanels.find((p) => p.key === panel.key);
      if (claim(`overview panel ${panel.key}`, taken, f.key))
        overviewPanels.push({
          ...panel,
          feature: f.key,
          Content: lazy(() => panel.load().then((c) => ({ default: c }))),
        });
    }
    for (const link of f.objectLinks ?? []) {
      if (!claim(`object link ${link.kind}`, objectLinks.get(link.kind), f.key)) continue;
      const load = link.load;
      objectLinks.set(link.kind, {
        ...link,
        feature: f.key,
        Link: load ? lazy(() => load().then((c) => ({ default: c }))) : undefined,
      });
    }
    for (const link of f.auditLinks ?? []) {
      if (claim(`audit link ${link.type}`, auditLinks.get(link.type), f.key))
        auditLinks.set(link.type, { ...link, feature: f.key });
    }
    for (const [status, colour] of Object.entries(f.statusColors ?? {})) {
      const key = status.toUpperCase();
      if (key in statusColors) {
        if (statusColors[key] !== colour)
          conflicts.push(`status colour ${key}: ${colourOwner[key]} (${statusColors[key]}) and ${f.key} (${colour})`);
        continue;
      }
      statusColors[key] = colour;
      colourOwner[key] = f.key;
    }
  }
  return {
    clusterTabs: clusterTabs.sort(byOrder),
    clusterActions: clusterActions.sort(byOrder),
    tenantTabs: tenantTabs.sort(byOrder),
    overviewPanels: overviewPanels.sort(byOrder),
    objectLinks,
    auditLinks,
    statusColors,
    conflicts,
  };
}

const NO_SLOTS: FeatureSlots = collectSlots([]);

const SlotsContext = createContext<FeatureSlots>(NO_SLOTS);

/** Provided by the shell (app/RootFrame) from the registered features. */
export const SlotsProvider = SlotsContext.Provider;

/** The features' contributions; empty outside the shell. */
export function useSlots(): FeatureSlots {
  return useContext(SlotsContext);
}
