import type { FeatureManifest } from '../shared/lib/feature';

function Page({ text }: { text: string }) {
  return <p>{text}</p>;
}

const page = (text: string) => async () =>
  function TestPage() {
    return <Page text={text} />;
  };

/** Small stand-in features: one per section kind, including an admin-only one. */
export const testFeatures: FeatureManifest[] = [
  {
    key: 'overview',
    requires: 'overview.read',
    routes: [{ path: '/overview', title: 'Overview', page: page('Overview page') }],
    menu: { section: 'root', key: 'overview', label: 'Overview', path: '/overview', order: 0 },
  },
  {
    key: 'orgs',
    requires: 'orgs.read',
    routes: [
      { path: '/orgs', title: 'Orgs', page: page('Orgs page') },
      { path: '/orgs/:orgId', page: page('Org page') },
      { path: '/orgs/:orgId/clusters/:clusterId', page: page('Cluster page') },
    ],
    menu: { section: 'root', key: 'orgs', label: 'Orgs', path: '/orgs', order: 1 },
  },
  {
    key: 'providers',
    requires: 'providers.read',
    routes: [{ path: '/providers', title: 'Providers', page: page('Providers page') }],
    menu: { section: 'settings', key: 'providers', label: 'Providers', path: '/providers', order: 2 },
  },
  {
    key: 'audits',
    requires: 'admin.audits',
    routes: [{ path: '/audits', title: 'Audits', page: page('Audits page') }],
    menu: { section: 'admin', key: 'audits', label: 'Audits', path: '/audits', order: 0 },
  },
];
