import { SettingOutlined } from '@ant-design/icons';
import type { FeatureManifest } from '../../shared/lib/feature';

export const configChangeFeature: FeatureManifest = {
  key: 'configchange',
  routes: [
    {
      path: '/configchange',
      title: 'Config Changes',
      page: () => import('./pages/ConfigChangeListPage').then((m) => m.ConfigChangeListPage),
    },
    {
      path: '/confighistories/:historyId',
      page: () => import('./pages/ConfigHistoryPage').then((m) => m.ConfigHistoryPage),
    },
  ],
  menu: {
    section: 'devops',
    key: 'configchange',
    label: 'Config Changes',
    icon: SettingOutlined,
    path: '/configchange',
    order: 3,
  },
};
