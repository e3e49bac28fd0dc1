import type { FeatureManifest } from '../../shared/lib/feature';

export { settingsKeys } from './keys';
export { MaintenanceBannerSlot } from './banner';

/**
 * /settings/system: the portal's system settings (spec §7 Admin "GET and PUT /system-settings"; the spec names no
 * page for them, so it sits in DBaaS Settings after RBAC). Reading needs settings.read, saving admin.settings.
 */
export const settingsFeature: FeatureManifest = {
  key: 'settings',
  requires: 'settings.read',
  routes: [
    // The spec has no /settings page: its crumb leads to the one page there is.
    { path: '/settings', title: 'Settings', redirectTo: '/settings/system' },
    {
      path: '/settings/system',
      title: 'System settings',
      page: () => import('./pages/SystemSettingsPage').then((m) => m.SystemSettingsPage),
    },
  ],
  menu: { section: 'settings', key: 'system-settings', label: 'System settings', path: '/settings/system', order: 4 },
  auditLinks: [{ type: 'system_setting', path: () => '/settings/system' }],
};
