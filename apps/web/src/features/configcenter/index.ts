import type { FeatureManifest } from '../../shared/lib/feature';

export { configcenterKeys } from './keys';

/** The config center (spec §2 configcenter menu: version, dict, component, template; decision 0012). */
export const configcenterFeature: FeatureManifest = {
  key: 'configcenter',
  requires: 'configcenter.read',
  routes: [
    {
      path: '/template',
      title: 'Templates',
      page: () => import('./pages/TemplatesPage').then((m) => m.TemplatesPage),
    },
    {
      path: '/template/:templateId',
      page: () => import('./pages/TemplateDetailPage').then((m) => m.TemplateDetailPage),
    },
    {
      path: '/defaultconfig/change/:changeId',
      page: () => import('./pages/DefaultConfigChangePage').then((m) => m.DefaultConfigChangePage),
    },
    {
      path: '/defaultconfig/change/:changeId/release/:releaseId',
      page: () => import('./pages/ReleasePage').then((m) => m.ReleasePage),
    },
    {
      path: '/version',
      title: 'Cluster Version Release',
      page: () => import('./pages/VersionPage').then((m) => m.VersionPage),
    },
    {
      path: '/version/modify/:changeId',
      page: () => import('./pages/VersionModifyPage').then((m) => m.VersionModifyPage),
    },
    {
      path: '/component',
      title: 'Components',
      page: () => import('./pages/ComponentPage').then((m) => m.ComponentPage),
    },
    {
      path: '/dict',
      title: 'Configuration Dictionary',
      page: () => import('./pages/DictPage').then((m) => m.DictPage),
    },
  ],
  menu: [
    { section: 'configcenter', key: 'version', label: 'Version', path: '/version', order: 0 },
    { section: 'configcenter', key: 'dict', label: 'Dict', path: '/dict', order: 1 },
    {
      section: 'configcenter',
      key: 'component',
      label: 'Component',
      path: '/component',
      order: 2,
    },
    {
      section: 'configcenter',
      key: 'template',
      label: 'Template',
      path: '/template',
      order: 3,
    },
  ],
  // How operations started here link back: a release to its change; set-default and gitops sync to /version.
  objectLinks: [
    { kind: 'default_config_change', path: (id) => `/defaultconfig/change/${encodeURIComponent(id)}` },
    { kind: 'cluster_version', path: () => '/version' },
    { kind: 'gitops_branch', path: () => '/version' },
  ],
  auditLinks: [
    { type: 'cloud_config_default_config_change', path: (id) => `/defaultconfig/change/${encodeURIComponent(id)}` },
  ],
  statusColors: {
    IN_PROGRESS: 'processing',
    SUCCESS: 'success',
    RELEASING: 'processing',
    RELEASED: 'success',
    REJECTED: 'error',
  },
};
