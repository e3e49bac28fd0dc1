import type { FeatureManifest } from '../../shared/lib/feature';

/**
 * The metrics playground (spec §2 /playground; issue 14): a read-only query (a PromQL subset) over the platform's
 * metrics, as a chart and a table. Not in the menu (spec §2 lists none for it): AIOps issues link to it ("Open in
 * Playground"). Loads with the shell: data and lazy imports only.
 */
export const metricsFeature: FeatureManifest = {
  key: 'metrics',
  requires: 'monitoring.read',
  routes: [
    {
      path: '/playground',
      title: 'Playground',
      page: () => import('./pages/PlaygroundPage').then((m) => m.PlaygroundPage),
    },
  ],
};
